"""Pictures of every variant's board (issue 15): the 10x10 board with squares 1-50, the
turned numbering of Italian and Spanish, orientation, numbers, arrows, fills and pieces
where the FEN puts them, all read from the rules core's geometry. American checkers'
pictures are unchanged (tests/formats/test_svg.py checks them feature by feature).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from checkers_widget import Board, CheckersError, Game, board_svg
from checkers_widget.core.drawings import Arrow, Drawing, Mark
from checkers_widget.core.variants import VARIANTS
from checkers_widget.formats.drawing_svg import drawing_options
from checkers_widget.formats.svg import square_rowcol

NS = "{http://www.w3.org/2000/svg}"
CELL, MARGIN = 50, 10


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    return root


def squares(root: ET.Element) -> dict[int, tuple[int, int]]:
    """Each playable square's (row, column) on screen, from its rectangle."""
    found: dict[int, tuple[int, int]] = {}
    for el in root.iter(f"{NS}rect"):
        if "data-square" in el.attrib:
            n = int(el.attrib["data-square"])
            assert n not in found
            x, y = float(el.attrib["x"]), float(el.attrib["y"])
            found[n] = (round((y - MARGIN) / CELL), round((x - MARGIN) / CELL))
    return found


def pieces(root: ET.Element) -> dict[int, tuple[str, tuple[int, int]]]:
    """Each piece's kind and the (row, column) of its centre."""
    found = {}
    for el in root.iter(f"{NS}use"):
        x, y = float(el.attrib["x"]), float(el.attrib["y"])
        cell = (round((y - MARGIN - CELL / 2) / CELL), round((x - MARGIN - CELL / 2) / CELL))
        found[int(el.attrib["data-square"])] = (el.attrib["data-piece"], cell)
    return found


def marks(root: ET.Element, kind: str) -> list[str]:
    return [
        el.attrib.get("data-mark-square") or el.attrib["data-arrow"]
        for el in root.iter()
        if el.attrib.get("data-mark") == kind
    ]


# ---------------------------------------------------------------------- 10x10
def test_international_board_has_50_dark_squares_numbered_as_the_core_does() -> None:
    board = Board(variant="international")
    root = parse(board_svg(board))
    assert root.attrib["viewBox"] == "0 0 520 520"
    assert root.attrib["aria-label"] == "International draughts position"
    grid = squares(root)
    assert sorted(grid) == list(range(1, 51))
    # White (first to move) at the bottom: square 1 in the top row, second from the left;
    # 46 the bottom-left corner; 50 in the bottom row, second from the right.
    assert (grid[1], grid[5], grid[6], grid[46], grid[50]) == (
        (0, 1),
        (0, 9),
        (1, 0),
        (9, 0),
        (9, 8),
    )
    geometry = board.variant.geometry
    assert all(grid[s] == geometry.row_column(s) for s in grid)
    assert all((r + c) % 2 == 1 for r, c in grid.values())  # dark squares only


def test_international_pieces_are_drawn_where_the_fen_puts_them() -> None:
    board = Board.from_fen("W:W31,K45,50:B1,K19,20", variant="international")
    root = parse(board_svg(board))
    drawn = pieces(root)
    grid = squares(root)
    assert {s: kind for s, (kind, _) in drawn.items()} == {
        31: "white-man",
        45: "white-king",
        50: "white-man",
        1: "black-man",
        19: "black-king",
        20: "black-man",
    }
    assert all(cell == grid[s] for s, (_, cell) in drawn.items())
    assert "Black: men 1, 20; kings 19." in root.find(f"{NS}desc").text  # type: ignore[union-attr]


def test_orientation_turns_the_10x10_board() -> None:
    board = Board(variant="international")
    black = squares(parse(board_svg(board, orientation="black")))
    white = squares(parse(board_svg(board, orientation="white")))
    assert white == squares(parse(board_svg(board)))  # White moves first: the default
    assert all(black[s] == (9 - r, 9 - c) for s, (r, c) in white.items())
    assert black[1] == (9, 8)
    assert square_rowcol(1, variant=board.variant) == (0, 1)
    assert square_rowcol(1, orientation="black", variant=board.variant) == (9, 8)


def test_numbers_arrows_fills_and_last_move_on_squares_up_to_50() -> None:
    board = Board(variant="international")
    board.push(board.parse_move("32-28"))
    root = parse(
        board_svg(
            board,
            show_numbers=True,
            arrows=[(46, 41), (50, 45, "#2b7de9")],
            fill={50: "#ffcc0080"},
            highlight=[49],
            last_move=board.peek(),
        )
    )
    numbers = {el.attrib["data-mark-square"]: el.text for el in root.iter(f"{NS}text")}
    assert sorted(map(int, numbers)) == list(range(1, 51))
    assert all(numbers[k] == k for k in numbers)
    assert marks(root, "arrow") == ["46-41", "50-45"]
    assert marks(root, "fill") == ["50"] and marks(root, "highlight") == ["49"]
    assert marks(root, "last-move-from") == ["32"] and marks(root, "last-move-to") == ["28"]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"highlight": [51]}, "highlight square must be an int in 1..50"),
        ({"arrows": [(46, 51)]}, "arrow end must be an int in 1..50"),
        ({"fill": {0: "red"}}, "fill square must be an int in 1..50"),
        ({"variant": 3}, "variant must be a Variant"),
        ({"variant": "checkerz"}, "unknown variant"),
    ],
)
def test_squares_off_the_board_are_refused(options: dict[str, object], message: str) -> None:
    with pytest.raises(CheckersError, match=message):
        board_svg(Board(variant="international"), **options)  # type: ignore[arg-type]


def test_squares_33_and_up_are_refused_on_8x8_boards() -> None:
    for name in ("italian", "russian", "american"):
        with pytest.raises(CheckersError, match=r"1\.\.32"):
            board_svg(Board(variant=name), highlight=[33])


# ---------------------------------------------------------------------- turned boards
def test_italian_board_is_turned_square_1_in_the_top_left_corner() -> None:
    board = Board(variant="italian")
    root = parse(board_svg(board, show_numbers=True))
    assert root.attrib["viewBox"] == "0 0 420 420"
    grid = squares(root)
    assert sorted(grid) == list(range(1, 33))
    # White (first) at the bottom; the bottom-left corner is light, the bottom-right dark.
    assert (grid[1], grid[4], grid[5], grid[29], grid[32]) == (
        (0, 0),
        (0, 6),
        (1, 1),
        (7, 1),
        (7, 7),
    )
    assert (7, 0) not in grid.values()
    drawn = pieces(root)
    assert {s for s, (k, _) in drawn.items() if k == "black-man"} == set(range(1, 13))
    assert {s for s, (k, _) in drawn.items() if k == "white-man"} == set(range(21, 33))
    assert all(cell == grid[s] for s, (_, cell) in drawn.items())


def test_spanish_board_has_square_1_in_whites_bottom_right_corner() -> None:
    grid = squares(parse(board_svg(Board(variant="spanish"))))
    assert (grid[1], grid[32]) == ((7, 7), (0, 0))
    assert (7, 0) not in grid.values()  # White's bottom-left corner is light
    drawn = pieces(parse(board_svg(Board(variant="spanish"))))
    assert {s for s, (k, _) in drawn.items() if k == "white-man"} == set(range(1, 13))
    black_up = squares(parse(board_svg(Board(variant="spanish"), orientation="black")))
    assert black_up[1] == (0, 0)


def test_eight_by_eight_variants_with_white_first_put_white_at_the_bottom() -> None:
    # Russian and Brazilian use American checkers' numbering, White moving first.
    american = squares(parse(board_svg(Board())))
    russian = squares(parse(board_svg(Board(variant="russian"))))
    assert russian == squares(parse(board_svg(Board(), orientation="white")))
    assert american == squares(parse(board_svg(Board(variant="russian"), orientation="black")))
    assert squares(parse(board_svg(Board(variant="pool")))) == american  # Black first


# ---------------------------------------------------------------------- entry points
@pytest.mark.parametrize("name", list(VARIANTS))
def test_board_and_game_pictures_of_every_variant(name: str) -> None:
    board = Board(variant=name)
    svg = board._repr_svg_()
    assert svg == board.picture().svg
    assert board._repr_html_().startswith('<img src="data:image/svg+xml;base64,')
    count = 2 * board.variant.max_pieces
    assert svg.count('data-piece="') == count
    assert len(squares(parse(svg))) == board.variant.squares
    game = Game(variant=name)
    assert game._repr_svg_() == svg
    turned = game.picture(orientation="black", show_numbers=True).svg
    assert turned.count('data-mark="number"') == board.variant.squares


def test_american_pictures_are_as_they_were() -> None:
    board = Board()
    svg = board_svg(board)
    assert svg == board_svg(board, variant="american") == board_svg(board, orientation="black")
    root = parse(svg)
    assert root.attrib["viewBox"] == "0 0 420 420"
    assert root.attrib["aria-label"] == "Checkers position"
    assert squares(root)[1] == (7, 6)  # Black at the bottom, as the widget draws it


def test_variant_argument_draws_a_plain_board_like_object() -> None:
    class Stub:
        def piece_at(self, square: int) -> None:
            assert 1 <= square <= 50
            return None

    root = parse(board_svg(Stub(), variant=VARIANTS["international"]))
    assert len(squares(root)) == 50


def test_a_drawing_is_drawn_on_a_variant_board() -> None:
    drawing = Drawing(arrows=(Arrow(31, 27, "green"),), marks=(Mark(22, "red"),))
    board = Board(variant="international")
    root = parse(board_svg(board, **drawing_options(drawing)))
    assert marks(root, "arrow") == ["31-27"] and marks(root, "fill") == ["22"]


def test_a_drawing_on_squares_above_32_is_drawn_on_the_10x10_board() -> None:
    drawing = Drawing(arrows=[(46, 41, "blue")], marks=[(50, "yellow")])
    root = parse(board_svg(Board(variant="international"), **drawing_options(drawing)))
    assert marks(root, "arrow") == ["46-41"] and marks(root, "fill") == ["50"]
    with pytest.raises(CheckersError, match=r"1\.\.32"):
        board_svg(Board(), **drawing_options(drawing))
