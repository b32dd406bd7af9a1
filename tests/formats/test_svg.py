"""Tests for the static SVG / text board pictures in ``checkers_widget.formats.svg``.

The renderer only needs a board-like object, so these tests use tiny stubs instead of the rules
core.  The SVG is parsed with ``xml.etree`` and checked through the ``data-*`` attributes that
outside tools rely on, plus the geometry of the drawn squares.
"""

from __future__ import annotations

import enum
import xml.etree.ElementTree as ET
from dataclasses import dataclass

import pytest

from checkers_widget import CheckersError
from checkers_widget.formats.svg import (
    DEFAULT_COLORS,
    Picture,
    board_svg,
    board_text,
    square_rowcol,
)

NS = "{http://www.w3.org/2000/svg}"


@dataclass(frozen=True)
class Piece:
    """Minimal piece: a colour string and a king flag."""

    color: str
    king: bool = False


class StubBoard:
    """Minimal board: a dict from square number to :class:`Piece`."""

    def __init__(self, pieces: dict[int, Piece]) -> None:
        self.pieces = pieces

    def piece_at(self, square: int) -> Piece | None:
        """Return the piece on ``square`` or ``None``."""
        assert 1 <= square <= 32, square
        return self.pieces.get(square)


@dataclass(frozen=True)
class Move:
    """Minimal move: start square, landing squares, captured squares."""

    path: tuple[int, ...]
    captures: tuple[int, ...] = ()


def start_board() -> StubBoard:
    """Black men on 1-12, White men on 21-32."""
    pieces = {s: Piece("black") for s in range(1, 13)}
    pieces.update({s: Piece("white") for s in range(21, 33)})
    return StubBoard(pieces)


MIXED = {
    1: Piece("black"),
    6: Piece("black", king=True),
    18: Piece("white", king=True),
    32: Piece("white"),
    29: Piece("black", king=True),
    4: Piece("white"),
}


def parse(svg: str) -> ET.Element:
    """Parse ``svg`` (must be well-formed XML) and return the root element."""
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    return root


def squares(root: ET.Element) -> dict[int, ET.Element]:
    """Elements marking playable squares: ``data-square`` but no ``data-piece``."""
    found: dict[int, ET.Element] = {}
    for el in root.iter():
        if "data-square" in el.attrib and "data-piece" not in el.attrib:
            n = int(el.attrib["data-square"])
            assert n not in found, f"square {n} drawn twice"
            found[n] = el
    return found


def pieces(root: ET.Element) -> dict[int, ET.Element]:
    """Piece elements keyed by their ``data-square``."""
    found: dict[int, ET.Element] = {}
    for el in root.iter():
        if "data-piece" in el.attrib:
            n = int(el.attrib["data-square"])
            assert n not in found, f"two pieces on square {n}"
            found[n] = el
    return found


def grid_positions(root: ET.Element) -> dict[int, tuple[int, int]]:
    """On-screen (row, column) of every square, derived from the drawn rectangles.

    The eight distinct x (and y) coordinates of the square rectangles are ranked, so this does
    not depend on the renderer's cell size or margin.
    """
    rects = squares(root)
    xs = sorted({float(el.attrib["x"]) for el in rects.values()})
    ys = sorted({float(el.attrib["y"]) for el in rects.values()})
    assert len(xs) == 8 and len(ys) == 8
    return {
        n: (ys.index(float(el.attrib["y"])), xs.index(float(el.attrib["x"])))
        for n, el in rects.items()
    }


def square_center(root: ET.Element, square: int) -> tuple[float, float]:
    """Centre of the rectangle drawn for ``square``."""
    el = squares(root)[square]
    x, y = float(el.attrib["x"]), float(el.attrib["y"])
    return x + float(el.attrib["width"]) / 2, y + float(el.attrib["height"]) / 2


def resolve_use(root: ET.Element, use: ET.Element) -> ET.Element:
    """Return the element a ``<use>`` points at (it must live in the same document)."""
    href = use.attrib.get("href") or use.attrib.get("{http://www.w3.org/1999/xlink}href")
    assert href and href.startswith("#")
    matches = [el for el in root.iter() if el.attrib.get("id") == href[1:]]
    assert len(matches) == 1, href
    return matches[0]


def shape_count(root: ET.Element, piece: ET.Element) -> int:
    """Number of drawing primitives making up a piece (following ``<use>``)."""
    target = resolve_use(root, piece) if piece.tag == f"{NS}use" else piece
    shapes = {f"{NS}{t}" for t in ("circle", "ellipse", "path", "polygon", "rect")}
    return sum(1 for el in target.iter() if el.tag in shapes)


def marks(root: ET.Element, kind: str) -> list[ET.Element]:
    """Decoration elements with ``data-mark == kind`` in document order."""
    return [el for el in root.iter() if el.attrib.get("data-mark") == kind]


# --------------------------------------------------------------------------- squares


def test_exactly_32_playable_squares_each_once() -> None:
    root = parse(board_svg(start_board()))
    assert sorted(squares(root)) == list(range(1, 33))


@pytest.mark.parametrize(
    ("square", "row", "col"),
    [(1, 0, 1), (4, 0, 7), (5, 1, 0), (8, 1, 6), (9, 2, 1), (15, 3, 4), (29, 7, 0), (32, 7, 6)],
)
def test_square_positions_match_standard_numbering(square: int, row: int, col: int) -> None:
    # With White at the bottom the picture is the printed diagram: square 1 top left.
    root = parse(board_svg(StubBoard({}), orientation="white"))
    assert grid_positions(root)[square] == (row, col)
    assert square_rowcol(square, orientation="white") == (row, col)


def test_all_square_positions_follow_the_formula_and_are_dark() -> None:
    positions = grid_positions(parse(board_svg(StubBoard({}), orientation="white")))
    for s in range(1, 33):
        i = s - 1
        row = i // 4
        col = 2 * (i % 4) + (1 if row % 2 == 0 else 0)
        assert positions[s] == (row, col)
        assert (row + col) % 2 == 1  # playable squares are the dark ones
    assert len(set(positions.values())) == 32


def test_default_orientation_is_the_widgets_black_at_the_bottom() -> None:
    # The widget's default orientation is "black" (js/geometry.js turns the printed diagram
    # by 180 degrees): the static picture must show the board the same way round.
    white_up = grid_positions(parse(board_svg(StubBoard({}), orientation="white")))
    default = grid_positions(parse(board_svg(StubBoard({}))))
    assert default == grid_positions(parse(board_svg(StubBoard({}), orientation="black")))
    assert default[1] == (7, 6)  # bottom row, right-most dark square
    assert default[4] == (7, 0)  # bottom-left corner
    assert default[29] == (0, 7)  # top-right corner
    for s in range(1, 33):
        r, c = white_up[s]
        assert default[s] == (7 - r, 7 - c)
        assert square_rowcol(s) == (7 - r, 7 - c)


def test_unknown_orientation_is_rejected() -> None:
    for bad in ("red", True, None):
        if bad is not None:  # board_svg's None is the default: the side that moves first
            with pytest.raises(ValueError, match="orientation"):
                board_svg(start_board(), orientation=bad)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="orientation"):
            board_text(start_board(), orientation=bad)  # type: ignore[arg-type]
    assert board_svg(start_board(), orientation=None) == board_svg(start_board())
    assert board_svg(start_board()) == board_svg(start_board(), orientation="black")


def test_squares_are_equal_tiles_of_the_dark_colour() -> None:
    root = parse(board_svg(StubBoard({})))
    sizes = {(el.attrib["width"], el.attrib["height"]) for el in squares(root).values()}
    assert len(sizes) == 1
    width, height = sizes.pop()
    assert width == height
    dark = DEFAULT_COLORS["dark"]
    # The fill is set on the squares or inherited from their group.
    parents = {child: parent for parent in root.iter() for child in parent}
    for el in squares(root).values():
        fill = el.attrib.get("fill") or parents[el].attrib.get("fill")
        assert fill == dark


# --------------------------------------------------------------------------- pieces


def test_start_position_pieces() -> None:
    root = parse(board_svg(start_board()))
    found = pieces(root)
    assert sorted(found) == list(range(1, 13)) + list(range(21, 33))
    for s, el in found.items():
        assert el.attrib["data-piece"] == ("black-man" if s <= 12 else "white-man")


def test_mixed_pieces_have_correct_kind_and_location() -> None:
    root = parse(board_svg(StubBoard(MIXED)))
    found = pieces(root)
    expected = {
        1: "black-man",
        6: "black-king",
        18: "white-king",
        32: "white-man",
        29: "black-king",
        4: "white-man",
    }
    assert {s: el.attrib["data-piece"] for s, el in found.items()} == expected
    for s, el in found.items():
        assert (float(el.attrib["x"]), float(el.attrib["y"])) == square_center(root, s)


def test_pieces_follow_their_squares_in_both_orientations() -> None:
    for orientation, black_rows in (("black", {5, 6, 7}), ("white", {0, 1, 2})):
        root = parse(board_svg(start_board(), orientation=orientation))
        positions = grid_positions(root)
        found = pieces(root)
        assert found[1].attrib["data-piece"] == "black-man"
        for s in (1, 12, 21, 32):
            assert (float(found[s].attrib["x"]), float(found[s].attrib["y"])) == square_center(
                root, s
            )
        assert {positions[s][0] for s in range(1, 13)} == black_rows


def test_kings_are_drawn_with_more_shapes_than_men() -> None:
    root = parse(board_svg(StubBoard(MIXED)))
    found = pieces(root)
    for man, king in ((1, 6), (32, 18)):
        assert shape_count(root, found[king]) > shape_count(root, found[man]) >= 2


def test_colours_of_the_two_sides_differ() -> None:
    root = parse(board_svg(StubBoard(MIXED)))
    found = pieces(root)

    def fills(el: ET.Element) -> set[str]:
        target = resolve_use(root, el)
        return {e.attrib["fill"] for e in target.iter() if "fill" in e.attrib}

    assert DEFAULT_COLORS["black"] in fills(found[1])
    assert DEFAULT_COLORS["white"] in fills(found[32])
    assert DEFAULT_COLORS["white"] not in fills(found[1])
    assert DEFAULT_COLORS["crown"] in fills(found[6])
    assert DEFAULT_COLORS["crown"] not in fills(found[1])


def test_enum_colours_are_accepted() -> None:
    class Color(enum.Enum):
        BLACK = "black"
        WHITE = "white"

    @dataclass(frozen=True)
    class EnumPiece:
        color: Color
        king: bool

    board = StubBoard({3: EnumPiece(Color.WHITE, True), 9: EnumPiece(Color.BLACK, False)})  # type: ignore[dict-item]
    found = pieces(parse(board_svg(board)))
    assert {s: el.attrib["data-piece"] for s, el in found.items()} == {
        3: "white-king",
        9: "black-man",
    }
    assert board_text(board, orientation="white").splitlines()[0] == ". - . - . W . -"


def test_unknown_piece_colour_is_rejected() -> None:
    with pytest.raises(ValueError, match="color"):
        board_svg(StubBoard({5: Piece("red")}))


def test_every_use_resolves_and_ids_are_unique() -> None:
    root = parse(board_svg(StubBoard(MIXED)))
    ids = [el.attrib["id"] for el in root.iter() if "id" in el.attrib]
    assert len(ids) == len(set(ids))
    for el in root.iter(f"{NS}use"):
        resolve_use(root, el)


def test_custom_palette_changes_ids_and_colours() -> None:
    default = board_svg(StubBoard(MIXED))
    custom = board_svg(StubBoard(MIXED), colors={"dark": "#8b5a2b", "black": "#a00000"})
    root = parse(custom)
    assert "#a00000" in custom and "#8b5a2b" in custom
    default_ids = {el.attrib["id"] for el in parse(default).iter() if "id" in el.attrib}
    custom_ids = {el.attrib["id"] for el in root.iter() if "id" in el.attrib}
    assert default_ids.isdisjoint(custom_ids)  # two palettes on one HTML page cannot clash


def test_unknown_colour_key_is_rejected() -> None:
    with pytest.raises(ValueError, match="drak"):
        board_svg(start_board(), colors={"drak": "#000"})


# --------------------------------------------------------------------------- decorations


def test_show_numbers_writes_1_to_32_inside_their_squares() -> None:
    assert parse(board_svg(start_board())).findall(f".//{NS}text") == []
    root = parse(board_svg(start_board(), show_numbers=True))
    texts = root.findall(f".//{NS}text")
    assert sorted(int(t.text or "") for t in texts) == list(range(1, 33))
    for t in texts:
        rect = squares(root)[int(t.text or "")]
        x0, y0 = float(rect.attrib["x"]), float(rect.attrib["y"])
        size = float(rect.attrib["width"])
        assert x0 < float(t.attrib["x"]) < x0 + size / 2  # left half: a corner label
        assert y0 < float(t.attrib["y"]) < y0 + size / 2  # top half


def test_last_move_highlights_from_and_to_squares() -> None:
    root = parse(board_svg(start_board()))
    assert marks(root, "last-move-from") == [] and marks(root, "last-move-to") == []
    root = parse(board_svg(start_board(), last_move=Move((22, 18))))
    (frm,) = marks(root, "last-move-from")
    (to,) = marks(root, "last-move-to")
    assert frm.attrib["data-mark-square"] == "22" and to.attrib["data-mark-square"] == "18"
    for el, s in ((frm, 22), (to, 18)):
        rect = squares(root)[s]
        assert (el.attrib["x"], el.attrib["y"]) == (rect.attrib["x"], rect.attrib["y"])
    assert marks(root, "capture") == []


def test_last_move_multi_jump_path_and_captures() -> None:
    move = Move((25, 18, 9), captures=(22, 14))
    root = parse(board_svg(StubBoard({9: Piece("white")}), last_move=move))
    assert marks(root, "last-move-from")[0].attrib["data-mark-square"] == "25"
    assert marks(root, "last-move-to")[0].attrib["data-mark-square"] == "9"
    (line,) = marks(root, "last-move-path")
    points = [tuple(map(float, p.split(","))) for p in line.attrib["points"].split()]
    assert points == [square_center(root, s) for s in (25, 18, 9)]
    assert sorted(int(el.attrib["data-mark-square"]) for el in marks(root, "capture")) == [
        14,
        22,
    ]


def test_last_move_is_validated() -> None:
    with pytest.raises(ValueError):
        board_svg(start_board(), last_move=Move((22,)))
    with pytest.raises(ValueError):
        board_svg(start_board(), last_move=Move((22, 40)))


def test_highlight_marks_the_given_squares() -> None:
    root = parse(board_svg(start_board(), highlight=[17, 13, 17]))
    assert sorted(int(el.attrib["data-mark-square"]) for el in marks(root, "highlight")) == [
        13,
        17,
    ]
    for bad in (0, 33, True):
        with pytest.raises(ValueError):
            board_svg(start_board(), highlight=[bad])


def test_arrows_point_from_start_to_target() -> None:
    root = parse(board_svg(start_board(), arrows=[(9, 14), (22, 17)]))
    arrows = marks(root, "arrow")
    assert [el.attrib["data-arrow"] for el in arrows] == ["9-14", "22-17"]
    for el, (a, b) in zip(arrows, [(9, 14), (22, 17)], strict=True):
        pts = [tuple(map(float, p.split(","))) for p in el.attrib["points"].split()]
        (ax, ay), (bx, by) = square_center(root, a), square_center(root, b)

        def dist(p: tuple[float, ...], cx: float, cy: float) -> float:
            return float(((p[0] - cx) ** 2 + (p[1] - cy) ** 2) ** 0.5)

        tip = min(pts, key=lambda p: dist(p, bx, by))
        assert dist(tip, bx, by) < 10  # the tip reaches the target square's centre
        assert min(dist(p, ax, ay) for p in pts) < 15  # the tail starts at the source
    with pytest.raises(ValueError):
        board_svg(start_board(), arrows=[(9, 9)])


def test_an_arrow_may_have_its_own_colour() -> None:
    root = parse(board_svg(start_board(), arrows=[(9, 14), (22, 17, "#2b7de9"), (23, 18, "gold")]))
    group = next(el for el in root.iter(f"{NS}g") if el.find(f"{NS}polygon") is not None)
    assert group.attrib["fill"] == DEFAULT_COLORS["arrow"]  # the palette's, for plain pairs
    by_name = {el.attrib["data-arrow"]: el.attrib for el in marks(root, "arrow")}
    assert "fill" not in by_name["9-14"]
    assert by_name["22-17"]["fill"] == "#2b7de9"
    assert by_name["23-18"]["fill"] == "gold"
    # An alpha pair becomes fill-opacity, which every renderer reads.
    (arrow,) = marks(parse(board_svg(start_board(), arrows=[[9, 14, "#2b7de940"]])), "arrow")
    assert (arrow.attrib["fill"], arrow.attrib["fill-opacity"]) == ("#2b7de9", "0.25")


def test_fill_paints_the_given_squares_under_the_pieces() -> None:
    svg = board_svg(start_board(), fill={11: "#ffcc0080", 15: "rgb(0, 128, 255)", 18: "#0f08"})
    root = parse(svg)
    fills = {int(el.attrib["data-mark-square"]): el.attrib for el in marks(root, "fill")}
    assert sorted(fills) == [11, 15, 18]
    assert (fills[11]["fill"], fills[11]["fill-opacity"]) == ("#ffcc00", "0.5")
    assert fills[15]["fill"] == "rgb(0, 128, 255)" and "fill-opacity" not in fills[15]
    assert (fills[18]["fill"], fills[18]["fill-opacity"]) == ("#00ff00", "0.53")
    for square, attrib in fills.items():  # the whole square, where the board draws it
        drawn = squares(root)[square].attrib
        assert (attrib["x"], attrib["y"], attrib["width"]) == (drawn["x"], drawn["y"], "50")
    order = [el.attrib.get("data-mark") or el.attrib.get("data-piece") for el in root.iter()]
    assert max(i for i, k in enumerate(order) if k == "fill") < order.index("black-man")
    # In the other orientation the fill follows its square.
    turned = parse(board_svg(start_board(), fill={11: "gold"}, orientation="white"))
    (mark,) = marks(turned, "fill")
    assert (mark.attrib["x"], mark.attrib["y"]) == (
        squares(turned)[11].attrib["x"],
        squares(turned)[11].attrib["y"],
    )


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"fill": {33: "red"}}, "fill square must be an int in 1..32, got 33"),
        ({"fill": {0: "red"}}, "fill square must be an int in 1..32"),
        ({"fill": {"11": "red"}}, "fill square must be an int in 1..32, got '11'"),
        ({"fill": [11]}, "fill must be a mapping of squares to colours"),
        ({"fill": {11: "redd"}}, "the fill colour of square 11 must be a colour"),
        ({"fill": {11: "#ffcc0"}}, "must be a colour such as '#ffcc00'"),
        ({"fill": {11: '"/><script>'}}, "the fill colour of square 11 must be a colour"),
        ({"fill": {11: None}}, "the fill colour of square 11 must be a colour"),
        ({"arrows": [(9, 14, "nope")]}, "arrow color must be a colour"),
        ({"arrows": [(9, 14, "red", 2)]}, "an arrow is a pair of squares"),
        ({"arrows": [(9, 33, "red")]}, "arrow end must be an int in 1..32, got 33"),
        ({"colors": {"dark": 5}}, "colors['dark'] must be a colour"),
        ({"colors": {"arrow": "url(#x)"}}, "colors['arrow'] must be a colour"),
    ],
)
def test_bad_fills_arrows_and_colours_are_refused(
    arguments: dict[str, object], message: str
) -> None:
    with pytest.raises(CheckersError) as caught:
        board_svg(start_board(), **arguments)  # type: ignore[arg-type]
    assert message in str(caught.value)


@pytest.mark.parametrize(
    "color",
    [
        "#abc",
        "#abcd",
        "#A0B0C0",
        "#a0b0c0ff",
        "Gold",
        "transparent",
        "hsl(120deg 50% 50%)",
        "rgba(0, 0, 0, .5)",
        "rgb(10% 20% 30% / 0.5)",
    ],
)
def test_the_colours_svg_understands_are_accepted(color: str) -> None:
    root = parse(board_svg(start_board(), fill={1: color}, colors={"dark": color}))
    assert len(marks(root, "fill")) == 1


# --------------------------------------------------------------------------- document


def test_document_metadata_and_size() -> None:
    svg = board_svg(start_board())
    root = parse(svg)
    assert root.attrib["width"] == "360" and root.attrib["height"] == "360"
    assert len(root.attrib["viewBox"].split()) == 4
    assert root.attrib["role"] == "img"
    assert root.attrib["aria-label"] == "Checkers position"
    assert root.find(f"{NS}title") is not None
    assert root.find(f"{NS}title").text == "Checkers position"  # type: ignore[union-attr]
    desc = root.find(f"{NS}desc")
    assert desc is not None and "Black: men 1, 2" in (desc.text or "")
    assert len(svg.encode()) < 8000  # compact: a few KB for the start position


def test_responsive_size() -> None:
    root = parse(board_svg(start_board(), size=None))
    assert root.attrib["width"] == "100%"
    assert "height" not in root.attrib
    assert "max-width" in root.attrib["style"]
    assert "viewBox" in root.attrib
    assert parse(board_svg(start_board(), size=200)).attrib["width"] == "200"
    for bad in (0, -5, True):
        with pytest.raises(ValueError):
            board_svg(start_board(), size=bad)


def test_title_is_escaped() -> None:
    title = 'Move 12: <b> & "quotes"'
    root = parse(board_svg(start_board(), title=title))
    assert root.find(f"{NS}title").text == title  # type: ignore[union-attr]
    assert root.attrib["aria-label"] == title


def test_output_is_deterministic() -> None:
    kwargs = {"show_numbers": True, "highlight": [17, 13], "arrows": [(9, 13)]}
    a = board_svg(StubBoard(MIXED), last_move=Move((1, 6)), **kwargs)  # type: ignore[arg-type]
    b = board_svg(
        StubBoard(dict(reversed(list(MIXED.items())))),
        last_move=Move((1, 6)),
        **kwargs,  # type: ignore[arg-type]
    )
    assert a == b


# --------------------------------------------------------------------------- text


def test_board_text_start_position() -> None:
    # Black at the bottom by default, as the widget and the SVG picture draw it.
    lines = board_text(start_board()).split("\n")
    assert lines == [
        ". w . w . w . w",
        "w . w . w . w .",
        ". w . w . w . w",
        "- . - . - . - .",
        ". - . - . - . -",
        "b . b . b . b .",
        ". b . b . b . b",
        "b . b . b . b .",
    ]
    lines = board_text(start_board(), orientation="white").split("\n")
    assert lines == [
        ". b . b . b . b",
        "b . b . b . b .",
        ". b . b . b . b",
        "- . - . - . - .",
        ". - . - . - . -",
        "w . w . w . w .",
        ". w . w . w . w",
        "w . w . w . w .",
    ]
    row0 = lines[0].split(" ")
    assert [c for c, ch in enumerate(row0) if ch == "b"] == [1, 3, 5, 7]


def test_board_text_kings_and_orientation() -> None:
    text = board_text(StubBoard(MIXED), orientation="white")
    cells = [line.split(" ") for line in text.splitlines()]
    for s, symbol in {1: "b", 6: "B", 18: "W", 32: "w", 29: "B", 4: "w"}.items():
        r, c = square_rowcol(s, orientation="white")
        assert cells[r][c] == symbol
    turned = [line.split(" ") for line in board_text(StubBoard(MIXED)).split("\n")]
    assert turned[7][6] == "b"  # square 1 at the bottom right
    assert turned[0][7] == "B"  # square 29 at the top right
    assert [row[::-1] for row in reversed(turned)] == cells


# --------------------------------------------------------------------------- Board.picture


def test_board_and_game_pictures() -> None:
    from checkers_widget import Board, Game

    game = Game()
    game.play("11-15")
    plain = parse(game._repr_svg_())
    # The notebook display: Black at the bottom, no numbers, the last move tinted.
    assert grid_positions(plain)[1] == (7, 6)
    assert plain.findall(f".//{NS}text") == []
    assert marks(plain, "last-move-to")[0].attrib["data-mark-square"] == "15"
    numbered = game.picture(show_numbers=True)
    assert isinstance(numbered, Picture) and numbered._repr_svg_() == str(numbered)
    root = parse(numbered.svg)
    assert sorted(int(t.text or "") for t in root.findall(f".//{NS}text")) == list(range(1, 33))
    assert grid_positions(root) == grid_positions(plain)
    assert numbered == game.board.picture(show_numbers=True)
    white_up = parse(Board().picture(orientation="white", size=None).svg)
    assert grid_positions(white_up)[1] == (0, 1) and white_up.attrib["width"] == "100%"


def test_notebook_pictures_are_html_images_that_shrink_to_the_cell() -> None:
    """JupyterLab draws image/svg+xml as an image that never shrinks (notebook 00's boards
    were cut off in a 700-pixel window): the HTML form is an <img> of the same SVG, which
    the notebook's own img rule shrinks to the cell, with the position as its alt text."""
    import base64

    from checkers_widget import Board, Game

    game = Game()
    game.play("11-15")
    for obj in (Board(), game, Board().picture(show_numbers=True)):
        html = obj._repr_html_()
        assert html.startswith('<img src="data:image/svg+xml;base64,')
        data = html.split("base64,", 1)[1].split('"', 1)[0]
        assert base64.b64decode(data).decode("utf-8") == obj._repr_svg_()
        alt = html.split('alt="', 1)[1].rsplit('"', 1)[0]
        assert "<" not in alt and "Black" in alt
