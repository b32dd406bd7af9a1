"""The animated SVG: hops, times, captures, crowning and captions read back from its markup."""

from __future__ import annotations

import pytest
from export_helpers import (
    LINE,
    LINE_FEN,
    LINE_HOPS,
    SVG,
    disappears_at,
    frames,
    moves_of,
    parse,
    pieces,
    schedule,
)

from checkers_widget import Board, Game, Move
from checkers_widget.data import tinsley_games
from checkers_widget.export import AnimatedSvg, animate
from checkers_widget.formats.svg import _center

HOP, PAUSE, HOLD = 0.5, 0.8, 2.0


def line_svg(**options: object) -> str:
    return animate(LINE, start=LINE_FEN, seconds_per_hop=HOP, pause=PAUSE, hold=HOLD, **options)  # type: ignore[arg-type]


def at(square: int, orientation: str = "black") -> str:
    x, y = _center(square, orientation)
    return f"{x} {y}"


def test_the_svg_is_well_formed_and_every_animation_shares_one_duration() -> None:
    root = parse(line_svg())
    total = schedule(LINE_HOPS, HOP, PAUSE, HOLD)[-1]
    animations = [el for el in root.iter() if el.tag in (f"{SVG}animate", f"{SVG}animateTransform")]
    assert animations
    assert {el.attrib["dur"] for el in animations} == {f"{total:g}s"}
    assert {el.attrib.get("repeatCount") for el in animations} == {"indefinite"}
    # pause * (moves + 1) + hops * seconds_per_hop + hold, as documented.
    assert total == pytest.approx(PAUSE * 4 + HOP * 4 + HOLD)


def test_the_double_jump_slides_hop_by_hop_at_its_times() -> None:
    root = parse(line_svg())
    ends = schedule(LINE_HOPS, HOP, PAUSE, HOLD)
    total = ends[-1]
    jumper = pieces(root)[9]
    slides = moves_of(jumper)
    # Its own three hops: 9-18, 18-27 (the double jump), then 27-31 (the crowning move).
    assert [(u, v) for _, _, u, v in slides] == [
        (at(9), at(18)),
        (at(18), at(27)),
        (at(27), at(31)),
    ]
    own_ends = [ends[0], ends[1], ends[3]]
    for (begun, ended, _, _), end in zip(slides, own_ends, strict=True):
        assert ended == pytest.approx(end / total, abs=1e-5)
        assert ended - begun == pytest.approx(HOP / total, abs=1e-5)
    # Every hop of the line is one slide of one piece.
    assert sum(len(moves_of(g)) for g in pieces(root).values()) == sum(LINE_HOPS)


def test_taken_pieces_vanish_when_their_hop_ends() -> None:
    root = parse(line_svg())
    ends = schedule(LINE_HOPS, HOP, PAUSE, HOLD)
    total = ends[-1]
    by_square = pieces(root)
    assert disappears_at(by_square[14]) == pytest.approx(ends[0] / total, abs=1e-5)
    assert disappears_at(by_square[23]) == pytest.approx(ends[1] / total, abs=1e-5)
    assert disappears_at(by_square[26]) == pytest.approx(ends[2] / total, abs=1e-5)
    # The jumper and White's capturing man are never taken.
    assert disappears_at(by_square[9]) is None
    assert disappears_at(by_square[30]) is None


def test_the_crowned_man_becomes_a_king_when_its_move_ends() -> None:
    root = parse(line_svg())
    ends = schedule(LINE_HOPS, HOP, PAUSE, HOLD)
    uses = pieces(root)[9].findall(f"{SVG}use")
    assert [u.attrib["href"].rsplit("-", 2)[-2:] for u in uses] == [
        ["black", "man"],
        ["black", "king"],
    ]
    man, king = (frames(u.find(f"{SVG}animate")) for u in uses)  # type: ignore[arg-type]
    crowned = ends[3] / ends[-1]
    assert man[0][1] == "1" and man[1] == pytest.approx((crowned, "0"), abs=1e-5)  # type: ignore[comparison-overlap]
    assert king[0][1] == "0" and king[1][1] == "1"
    assert king[1][0] == pytest.approx(crowned, abs=1e-5)
    # A piece never crowned has one shape and no switch.
    assert len(pieces(root)[30].findall(f"{SVG}use")) == 1


def test_captions_come_in_order_each_from_its_move_start() -> None:
    root = parse(line_svg(title="A study"))
    group = next(g for g in root.iter(f"{SVG}g") if g.attrib.get("data-mark") == "captions")
    texts = [t.text for t in group.iter(f"{SVG}text")]
    assert texts == ["A study", "1. 9x18x27", "1... 30x23", "2. 27-31"]
    window = group.find(f"{SVG}g/{SVG}animateTransform")
    assert window is not None and window.attrib["calcMode"] == "discrete"
    ends = schedule(LINE_HOPS, HOP, PAUSE, HOLD)
    total = ends[-1]
    begins = [PAUSE, ends[1] + PAUSE, ends[2] + PAUSE]
    shown = frames(window)
    assert [value for _, value in shown] == ["0 0", "0 -44", "0 -88", "0 -132"]
    assert [time for time, _ in shown[1:]] == pytest.approx([b / total for b in begins], abs=1e-5)


def test_without_a_title_no_caption_shows_before_the_first_move() -> None:
    root = parse(line_svg())
    group = next(g for g in root.iter(f"{SVG}g") if g.attrib.get("data-mark") == "captions")
    assert [t.text for t in group.iter(f"{SVG}text")] == ["1. 9x18x27", "1... 30x23", "2. 27-31"]
    column = group.find(f"{SVG}g")
    assert column is not None and column.attrib["transform"] == "translate(0 44)"
    window = column.find(f"{SVG}animateTransform")
    assert [v for _, v in frames(window)] == ["0 44", "0 0", "0 -44", "0 -88"]  # type: ignore[arg-type]


def test_a_position_with_white_to_move_numbers_from_one_dots() -> None:
    svg = animate(["23-19", "9-14"], start="W:W23:B9")
    group = next(g for g in parse(svg).iter(f"{SVG}g") if g.attrib.get("data-mark") == "captions")
    assert [t.text for t in group.iter(f"{SVG}text")] == ["1... 23-19", "2. 9-14"]


def test_a_game_animates_from_its_own_start_with_its_players_as_title() -> None:
    game = Game(fen=LINE_FEN, tags={"Black": "Ann", "White": "Bob"})
    for move in LINE:
        game.play(move)
    svg = animate(game)
    root = parse(svg)
    assert root.attrib["aria-label"] == "Ann - Bob"
    # The defaults are the times used here: the same picture as the line's.
    assert svg == line_svg(title="Ann - Bob")


@pytest.mark.parametrize(
    ("result", "names", "text"),
    [
        ("1-0", "black-white", "1-0: Black wins"),
        ("0-1", "red-white", "0-1: White wins"),
        ("1-0", "red-white", "1-0: Red wins"),
        ("1/2-1/2", "black-white", "1/2-1/2: drawn"),
    ],
)
def test_a_finished_games_result_is_the_caption_during_the_hold(
    result: str, names: str, text: str
) -> None:
    game = Game(fen=LINE_FEN, side_names=names)
    for move in LINE:
        game.play(move)
    game.set_result(result)  # type: ignore[arg-type]
    root = parse(animate(game))
    group = next(g for g in root.iter(f"{SVG}g") if g.attrib.get("data-mark") == "captions")
    assert [t.text for t in group.iter(f"{SVG}text")] == [
        "1. 9x18x27",
        "1... 30x23",
        "2. 27-31",
        text,
    ]
    window = frames(group.find(f"{SVG}g/{SVG}animateTransform"))  # type: ignore[arg-type]
    ends = schedule(LINE_HOPS, HOP, PAUSE, HOLD)
    assert window[-1] == pytest.approx(((ends[-2] + PAUSE) / ends[-1], "0 -132"), abs=1e-5)  # type: ignore[comparison-overlap]
    # A game still going on (or hold=0) ends on the last move's text.
    game.undo()
    texts = [t.text for t in parse(animate(game)).iter(f"{SVG}text")]
    assert texts[-1] == "1... 30x23"


def test_one_move_replays_alone_and_the_start_is_not_changed() -> None:
    board = Board(LINE_FEN)
    before = board.to_fen()
    svg = animate(Move((9, 18, 27), captures=(14, 23)), start=board, pause=0, hold=1)
    assert board.to_fen() == before
    root = parse(svg)
    assert len(moves_of(pieces(root)[9])) == 2
    text = next(g for g in root.iter(f"{SVG}g") if g.attrib.get("data-mark") == "captions")
    assert [t.text for t in text.iter(f"{SVG}text")] == ["1. 9x18x27"]
    assert animate("9x27", start=LINE_FEN, pause=0, hold=1) == svg  # the same move by text


def test_static_renderers_see_the_start_position() -> None:
    root = parse(line_svg(orientation="white"))
    for square, piece in pieces(root).items():
        assert piece.attrib["transform"] == f"translate({at(square, 'white')})"
    assert sorted(pieces(root)) == sorted(Board(LINE_FEN).pieces)


def test_without_loop_the_animation_stops_on_the_final_position() -> None:
    root = parse(line_svg(loop=False))
    animations = [el for el in root.iter() if el.tag.startswith(f"{SVG}animate")]
    assert {el.attrib.get("fill") for el in animations} == {"freeze"}
    assert not any("repeatCount" in el.attrib for el in animations)
    final = frames(pieces(root)[9].find(f"{SVG}animateTransform"))[-1]  # type: ignore[arg-type]
    assert final == (1.0, at(31))


def test_caption_false_drops_the_band_and_the_texts() -> None:
    with_caption, without = parse(line_svg()), parse(line_svg(caption=False))
    assert with_caption.attrib["viewBox"] == "0 0 420 464"
    assert without.attrib["viewBox"] == "0 0 420 420"
    assert list(without.iter(f"{SVG}text")) == []


def test_the_last_move_tint_follows_each_move() -> None:
    root = parse(line_svg())
    tints = {r.attrib["data-mark"]: r for r in root.iter(f"{SVG}rect") if "data-mark" in r.attrib}
    from checkers_widget.formats.svg import _origin

    def corner(square: int) -> str:
        return "{} {}".format(*_origin(square, "black"))

    to = frames(tints["last-move-to"].find(f"{SVG}animateTransform"))  # type: ignore[arg-type]
    assert [value for _, value in to[1:]] == [corner(27), corner(23), corner(31)]
    assert not any(
        r.attrib.get("data-mark") for r in parse(line_svg(last_move=False)).iter(f"{SVG}rect")
    )


def test_the_result_is_text_written_to_the_path(tmp_path: pytest.TempPathFactory) -> None:
    target = tmp_path / "line.svg"  # type: ignore[operator]
    svg = line_svg(path=target)
    assert isinstance(svg, AnimatedSvg) and isinstance(svg, str)
    assert target.read_text(encoding="utf-8") == svg
    assert svg._repr_html_().startswith('<img src="data:image/svg+xml;base64,')


def test_a_master_game_stays_small() -> None:
    game = next(iter(tinsley_games()))
    svg = animate(game)
    parse(svg)
    hops = sum(len(m.path) - 1 for m in game.moves)
    root = parse(svg)
    assert sum(len(moves_of(g)) for g in pieces(root).values()) == hops
    # Bytes a move (the README's figure is measured the same way): well under 0.5 kB.
    assert len(svg.encode()) / len(game.moves) < 500
