"""Every variant animated on its own board: the 10x10 board of international draughts, the
turned boards of Italian and Spanish, flying kings' long hops, captions numbered from the
variant's first mover, in the SVG and the GIF.

Coordinates are checked against :func:`checkers_widget.formats.svg_layout.layout` (the
still pictures' layout), and a few against numbers worked out by hand.
"""

from __future__ import annotations

import io
import itertools
import random
import xml.etree.ElementTree as ET

import pytest
from export_helpers import SVG, frames, moves_of, parse, pieces
from PIL import Image

from checkers_widget import Board, Game, data, read_game
from checkers_widget.core.move import Move
from checkers_widget.core.variants import VARIANTS, Variant
from checkers_widget.export import animate
from checkers_widget.export.gif import frames as gif_frame_plan
from checkers_widget.export.timeline import plan
from checkers_widget.formats.svg import DEFAULT_COLORS
from checkers_widget.formats.svg_layout import CELL, MARGIN, Layout, layout

HOP, PAUSE, HOLD, PER_HOP, SIZE = 0.5, 0.8, 2.0, 5, 360
#: A white king on 36 takes four black men in one move, each hop along a whole diagonal:
#: 36-13 over 22, 13-35 over 24, 35-49 over 40, 49-16 over 21 (5, 4, 3 and 6 squares).
FLYING_FEN = "W:WK36:B21,22,24,40"
FLYING = "36x13x35x49x16"


def centre(board: Layout, square: int) -> tuple[int, int]:
    """The centre of ``square`` in SVG units, from the layout's row and column."""
    row, column = board.rowcol(square)
    return MARGIN + column * CELL + CELL // 2, MARGIN + row * CELL + CELL // 2


def at(board: Layout, square: int) -> str:
    return "{} {}".format(*centre(board, square))


def captions(root: ET.Element) -> list[str]:
    group = next(g for g in root.iter(f"{SVG}g") if g.attrib.get("data-mark") == "captions")
    return [t.text or "" for t in group.iter(f"{SVG}text")]


def expected_slides(
    start: Board, moves: list[Move], board: Layout
) -> dict[int, list[tuple[str, str]]]:
    """Each piece's slides (by its start square), from following it through ``moves``."""
    where = {square: square for square in start.pieces}  # start square -> square now
    slides: dict[int, list[tuple[str, str]]] = {square: [] for square in where}
    for move in moves:
        mover = next(s for s, now in where.items() if now == move.start)
        for origin, target, captured in move.hops:
            slides[mover].append((at(board, origin), at(board, target)))
            if captured is not None:
                del where[next(s for s, now in where.items() if now == captured)]
        where[mover] = move.end
    return slides


def assert_tracks_follow_the_layout(
    root: ET.Element, start: Board, moves: list[Move], board: Layout
) -> None:
    """Every piece starts on its square's centre and slides through each hop's centres."""
    by_square = pieces(root)
    assert sorted(by_square) == sorted(start.pieces)
    for square, piece in by_square.items():
        assert piece.attrib["transform"] == f"translate({at(board, square)})"
    wanted = expected_slides(start, moves, board)
    for square, piece in by_square.items():
        assert [(u, v) for _, _, u, v in moves_of(piece)] == wanted[square], square


def gif_images(gif: bytes) -> list[Image.Image]:
    image = Image.open(io.BytesIO(gif))
    out = []
    for index in range(image.n_frames):
        image.seek(index)
        out.append(image.convert("RGB"))
    return out


def pixel(image: Image.Image, board: Layout, square: int, dy: float = 0) -> tuple[int, ...]:
    x, y = centre(board, square)
    scale = SIZE / board.view
    found: tuple[int, ...] = image.getpixel((round(x * scale), round((y + dy) * scale)))  # type: ignore[assignment]
    return found


def rgb(color: str) -> tuple[int, int, int]:
    return int(color[1:3], 16), int(color[3:5], 16), int(color[5:7], 16)


#: The palette colours a GIF pixel on a square is told apart by.
_SEEN = ("light", "dark", "black", "white", "crown")


def shows(found: tuple[int, ...], name: str) -> bool:
    """Whether ``found`` is nearer the palette's ``name`` than its other colours.

    Not a fixed tolerance: the GIF's 64 shared colours may shift one that covers few pixels
    well away from the palette's (the crowns on 10x10 at 360 pixels: olive, not gold).
    """

    def distance(other: str) -> int:
        return sum((a - b) ** 2 for a, b in zip(found, rgb(DEFAULT_COLORS[other]), strict=False))

    return min(_SEEN, key=distance) == name


def playout(rules: Variant, seed: int, plies: int) -> Game:
    """A random game of ``rules`` that always takes the most pieces it can (so that
    multi-captures come)."""
    game = Game(variant=rules)
    rng = random.Random(seed)
    for _ in range(plies):
        legal = game.legal_moves()
        if not legal:
            break
        longest = max(len(m.captures) for m in legal)
        game.play(rng.choice([m for m in legal if len(m.captures) == longest]))
    return game


# ---------------------------------------------------------------- international draughts


def test_the_international_sample_is_drawn_on_the_10x10_board_in_the_svg() -> None:
    game = data.international_sample()
    svg = animate(game, title="")
    root = parse(svg)
    board = layout(game.variant)
    assert board.view == 520
    assert root.attrib["viewBox"] == "0 0 520 564"  # the board and the caption band
    assert (root.attrib["width"], root.attrib["height"]) == ("360", str(round(360 * 564 / 520)))
    squares = [r for r in root.iter(f"{SVG}rect") if "data-square" in r.attrib]
    assert sorted(int(r.attrib["data-square"]) for r in squares) == list(range(1, 51))
    for rect in squares:
        row, column = board.rowcol(int(rect.attrib["data-square"]))
        assert (rect.attrib["x"], rect.attrib["y"]) == (str(10 + 50 * column), str(10 + 50 * row))
    # White first and at the bottom: square 1 in the top row, second from the left, 46 the
    # bottom-left corner; White's men on 31-50 in the lower half.
    assert (at(board, 1), at(board, 46)) == ("85 35", "35 485")
    assert_tracks_follow_the_layout(
        root, Board(game.start_fen, variant=game.variant), game.moves, board
    )
    kinds = {s: p.attrib["data-piece"] for s, p in pieces(root).items()}
    assert {kinds[s] for s in range(31, 51)} == {"white-man"}
    assert {kinds[s] for s in range(1, 21)} == {"black-man"}
    # Numbered from White, the first mover: "1. 34-30", not "1... 34-30".
    texts = captions(root)
    assert texts[:4] == ["1. 34-30", "1... 17-21", "2. 32-27", "2... 21x32"]
    assert texts[7] == "4... 14x23x32"  # a multi-capture lists every landing square
    assert len(texts) == len(game.moves) + 1  # and the result during the hold
    assert texts[-1] == "0-1: White wins"
    # The caption window is the 10x10 board's width, under an id of its own.
    clip = next(root.iter(f"{SVG}clipPath"))
    assert clip.attrib["id"].endswith("caption-window-520")
    window = clip.find(f"{SVG}rect")
    assert window is not None and (window.attrib["y"], window.attrib["width"]) == ("520", "520")


def test_a_flying_kings_multi_capture_slides_hop_by_hop_through_each_square() -> None:
    start = Board(FLYING_FEN, variant="international")
    svg = animate(FLYING, start=start, seconds_per_hop=HOP, pause=PAUSE, hold=HOLD)
    root = parse(svg)
    board = layout(start.variant)
    king = pieces(root)[36]
    slides = moves_of(king)
    path = [36, 13, 35, 49, 16]
    assert [(u, v) for _, _, u, v in slides] == [
        (at(board, a), at(board, b)) for a, b in itertools.pairwise(path)
    ]
    # Worked out by hand: 36 is the left edge's square on row 7, 13 row 2 column 5, 35 the
    # right edge on row 6, 49 row 9 column 6, 16 the left edge on row 3.
    assert [v for _, _, _, v in slides] == ["285 135", "485 335", "335 485", "35 185"]
    assert slides[0][2] == "35 385"
    total = PAUSE * 2 + HOP * 4 + HOLD
    for index, (begun, ended, _, _) in enumerate(slides):
        assert begun == pytest.approx((PAUSE + HOP * index) / total, abs=1e-5)
        assert ended == pytest.approx((PAUSE + HOP * (index + 1)) / total, abs=1e-5)
    # Each taken man fades from when the king passes over it to the end of its hop:
    # 22 three fifths into the first hop, 24 halfway, 40 a third, 21 five sixths.
    for hop, (square, over) in enumerate(((22, 3 / 5), (24, 1 / 2), (40, 1 / 3), (21, 5 / 6))):
        fade = next(
            a
            for a in pieces(root)[square].findall(f"{SVG}animate")
            if a.attrib["attributeName"] == "opacity"
        )
        shown = frames(fade)
        begin = PAUSE + HOP * hop
        assert [value for _, value in shown] == ["1", "1", "0", "0"]
        assert shown[1][0] == pytest.approx((begin + over * HOP) / total, abs=1e-5)
        assert shown[2][0] == pytest.approx((begin + HOP) / total, abs=1e-5)
    assert captions(root) == ["1. 36x13x35x49x16"]


def test_a_flying_kings_multi_capture_in_the_gif() -> None:
    start = Board(FLYING_FEN, variant="international")
    gif = animate(
        FLYING,
        start=start,
        format="gif",
        seconds_per_hop=HOP,
        frames_per_hop=PER_HOP,
        size=SIZE,
        last_move=False,
    )
    images = gif_images(gif)
    board = layout(start.variant)
    assert images[0].size == (SIZE, round(SIZE * 564 / 520))
    assert len(images) == 1 + 4 * PER_HOP
    # The king's crown (just above its centre) on each hop's square as the hop ends.
    path = [36, 13, 35, 49, 16]
    for hop, square in enumerate(path):
        image = images[hop * PER_HOP]
        assert shows(pixel(image, board, square, dy=-4), "crown"), (hop, square)
        if hop:
            assert shows(pixel(image, board, path[hop - 1], dy=-4), "dark")
    # Within the first hop (five squares long) the king is on the straight line between the
    # centres of 36 and 13 in every frame.
    x0, y0 = centre(board, 36)
    x1, y1 = centre(board, 13)
    scale = SIZE / board.view
    for k in range(1, PER_HOP):
        x, y = x0 + (x1 - x0) * k / PER_HOP, y0 + (y1 - y0) * k / PER_HOP - 4
        found = images[k].getpixel((round(x * scale), round(y * scale)))
        assert shows(found, "crown"), k  # type: ignore[arg-type]
    # The man on 22, three squares along, stands until the king has passed it (the first
    # two fifths), fades, and is gone when the hop ends; the others wait for their hops.
    assert shows(pixel(images[2], board, 22), "black")
    assert shows(pixel(images[PER_HOP], board, 22), "dark")
    assert shows(pixel(images[PER_HOP], board, 24), "black")
    timeline = plan(start, [start.parse_move(FLYING)], seconds_per_hop=HOP, pause=PAUSE, hold=HOLD)
    opacity = [
        {(x, y): o for _, x, y, o in frame.pieces}.get(centre(board, 22))
        for frame in gif_frame_plan(timeline, board, PER_HOP)[1 : PER_HOP + 1]
    ]
    assert opacity == [1.0, 1.0, 1.0, pytest.approx(0.5), None]
    for square in (21, 22, 24, 40):
        assert shows(pixel(images[0], board, square), "black")
        assert shows(pixel(images[-1], board, square), "dark")


def test_a_pdn_game_of_gametype_20_animates_with_white_first() -> None:
    text = '[White "Ann"]\n[Black "Bob"]\n[GameType "20"]\n\n1. 32-28 19-23 2. 28x19 14x23 *\n'
    game = read_game(text)
    assert game.variant.name == "international"
    root = parse(animate(game))
    assert root.attrib["viewBox"] == "0 0 520 564"
    assert root.attrib["aria-label"] == "Ann - Bob"  # White, the first mover, first
    assert captions(root) == ["Ann - Bob", "1. 32-28", "1... 19-23", "2. 28x19", "2... 14x23"]
    board = layout(game.variant)
    assert_tracks_follow_the_layout(root, Board(variant="international"), game.moves, board)
    # The GIF's frames carry the same captions.
    timeline = plan(
        Board(variant="international"),
        list(game.moves),
        seconds_per_hop=HOP,
        pause=PAUSE,
        hold=HOLD,
    )
    shown = [f.caption for f in gif_frame_plan(timeline, board, 2)]
    assert shown[1:3] == ["1. 32-28", "1. 32-28"] and shown[-1] == "2... 14x23"


def test_orientation_black_turns_the_10x10_board() -> None:
    game = data.international_sample()
    root = parse(animate(game, orientation="black"))
    board = layout(game.variant, "black")
    assert board.flipped and at(board, 1) == "435 485"  # square 1 at the bottom now
    assert_tracks_follow_the_layout(
        root, Board(game.start_fen, variant=game.variant), game.moves, board
    )


def test_the_international_gif_is_the_10x10_view_with_its_pieces() -> None:
    game = data.international_sample()
    gif = animate(game, format="gif", size=SIZE, frames_per_hop=1, last_move=False)
    images = gif_images(gif)
    board = layout(game.variant)
    assert images[0].size == (SIZE, round(SIZE * 564 / 520))
    first = images[0]
    for square in range(1, 51):
        want = "black" if square <= 20 else "white" if square > 30 else "dark"
        assert shows(pixel(first, board, square), want), square
    # A light square: the top-left corner.
    assert shows(first.getpixel((round(35 * SIZE / 520),) * 2), "light")  # type: ignore[arg-type]
    final = game.board
    last = images[-1]
    assert any(p.king for p in final.pieces.values())
    for square in range(1, 51):
        standing = final.piece_at(square)
        if standing is None:
            assert shows(pixel(last, board, square), "dark"), square
        elif standing.king:
            assert shows(pixel(last, board, square, dy=-4), "crown"), square
        else:
            assert shows(pixel(last, board, square), standing.color), square


# ---------------------------------------------------------------- Italian: the turned board


ITALIAN = ["21-18", "11-15", "18-14", "10x19", "23x14"]


def test_an_italian_game_uses_the_turned_numbering() -> None:
    game = Game(variant="italian")
    for move in ITALIAN:
        game.play(move)
    root = parse(animate(game))
    board = layout(game.variant)
    assert root.attrib["viewBox"] == "0 0 420 464"
    # White first and at the bottom; square 1 the top-left corner, 32 the bottom-right one
    # (American checkers' 1 is the second square of the top row, with White at the bottom).
    assert (at(board, 1), at(board, 4), at(board, 32)) == ("35 35", "335 35", "385 385")
    assert at(layout(VARIANTS["american"], "white"), 1) == "85 35"
    assert_tracks_follow_the_layout(root, Board(variant="italian"), game.moves, board)
    assert pieces(root)[1].attrib["data-piece"] == "black-man"
    assert pieces(root)[21].attrib["data-piece"] == "white-man"
    assert captions(root) == ["1. 21-18", "1... 11-15", "2. 18-14", "2... 10x19", "3. 23x14"]
    gif = animate(game, format="gif", size=SIZE, frames_per_hop=1, last_move=False)
    first, last = gif_images(gif)[0], gif_images(gif)[-1]
    assert first.size == (SIZE, round(SIZE * 464 / 420))
    assert shows(pixel(first, board, 1), "black")
    assert shows(pixel(first, board, 32), "white")
    assert shows(pixel(first, board, 18), "dark")
    assert shows(first.getpixel((round(35 * SIZE / 420), round(385 * SIZE / 420))), "light")  # type: ignore[arg-type]
    assert shows(pixel(last, board, 14), "white")  # 23x14, having taken the man on 19
    assert shows(pixel(last, board, 15), "black")
    for square in (10, 11, 18, 19, 21, 23):
        assert shows(pixel(last, board, square), "dark"), square


def test_an_italian_line_seen_from_black() -> None:
    start = Board(variant="italian")
    root = parse(animate(ITALIAN, start=start, orientation="black"))
    board = layout(start.variant, "black")
    assert at(board, 1) == "385 385"
    played = []
    replay = start.copy()
    for text in ITALIAN:
        played.append(replay.push(text))
    assert_tracks_follow_the_layout(root, start, played, board)


# ---------------------------------------------------------------- every variant


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_each_variant_animates_on_its_board(name: str) -> None:
    rules = VARIANTS[name]
    game = playout(rules, seed=sorted(VARIANTS).index(name), plies=60)
    # With these seeds every variant's game has a multi-capture, and all but giveaway's a
    # man crowned (the final GIF frame then shows a crown where the layout puts it).
    assert len(game.moves) >= 40
    assert any(len(m.captures) > 1 for m in game.moves)
    assert any(m.crowns for m in game.moves) == (name != "giveaway")
    root = parse(animate(game, title=""))
    board = layout(rules)
    view = board.view
    assert view == (520 if rules.size == 10 else 420)
    assert root.attrib["viewBox"] == f"0 0 {view} {view + 44}"
    squares = {
        int(r.attrib["data-square"]) for r in root.iter(f"{SVG}rect") if "data-square" in r.attrib
    }
    assert squares == set(range(1, rules.squares + 1))
    start = Board(variant=rules)
    assert_tracks_follow_the_layout(root, start, game.moves, board)
    # The first mover is drawn at the bottom: its men stand in the lower half.
    for square, piece in pieces(root).items():
        lower = centre(board, square)[1] > view / 2
        assert lower == piece.attrib["data-piece"].startswith(rules.first), (square, piece.attrib)
    texts = captions(root)
    assert texts[0] == f"1. {game.moves[0]}" and texts[1] == f"1... {game.moves[1]}"
    assert texts[2].startswith("2. ")
    # The GIF: the same board size, the start and the final position where the layout says.
    gif = animate(game, format="gif", size=SIZE, frames_per_hop=1, last_move=False)
    images = gif_images(gif)
    assert images[0].size == (SIZE, round(SIZE * (view + 44) / view))
    for image, position in ((images[0], start), (images[-1], game.board)):
        for square in range(1, rules.squares + 1):
            standing = position.piece_at(square)
            if standing is None:
                assert shows(pixel(image, board, square), "dark"), square
            elif standing.king:
                assert shows(pixel(image, board, square, dy=-4), "crown"), square
            else:
                assert shows(pixel(image, board, square), standing.color), square


def test_a_long_hop_is_one_slide_in_every_flying_variant() -> None:
    # Russian, Brazilian and pool kings fly on 8x8: a king on 29 takes the man on 15 from
    # four squares away, landing anywhere beyond it (here on 4, the far corner), in one slide.
    for name in ("russian", "brazilian", "pool"):
        start = Board("W:WK29:B15", variant=name)
        root = parse(animate("29x4", start=start, seconds_per_hop=HOP))
        board = layout(start.variant)
        assert [(u, v) for _, _, u, v in moves_of(pieces(root)[29])] == [
            (at(board, 29), at(board, 4))
        ]
