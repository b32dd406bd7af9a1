"""Game review: judgements on real and bad games, the shape of a review, cancelling,
executors (a process pool, dask) giving the same results, and the graph."""

from __future__ import annotations

import multiprocessing
import threading
import xml.etree.ElementTree as ET
from itertools import pairwise
from pathlib import Path

import pytest

from checkers_widget import CheckersError, Game, data, read_game
from checkers_widget.analysis.judgement import Judgement, move_accuracy
from checkers_widget.analysis.review import PlyReview, Review, review, review_games
from checkers_widget.core.color import BLACK, WHITE, Color, opponent
from checkers_widget.core.move import Move

DATA = Path(__file__).resolve().parent.parent / "data"
SVG = "{http://www.w3.org/2000/svg}"

#: The plies of tests/data/review_bad_game.pdn where a side hangs a man (see the file).
HUNG = {8: "white", 19: "black", 29: "black"}


def bad_game() -> Game:
    return read_game((DATA / "review_bad_game.pdn").read_text())


def short_game(plies: int = 10) -> Game:
    game = bad_game()
    out = Game(game.start_fen)
    for move in game.moves[:plies]:
        out.play(move)
    return out


@pytest.mark.timeout(300)
def test_the_bad_game_gets_blunders_on_exactly_the_hung_men() -> None:
    result = review(bad_game(), nodes=40_000, workers=1)
    assert result.complete and len(result.plies) == 36
    blunders = {p.ply: p.color for p in result.plies if p.judgement == "blunder"}
    assert blunders == HUNG
    for ply in HUNG:
        p = result.plies[ply - 1]
        assert p.best is not None and p.best != p.move and p.best_line[0] == p.best
        assert p.before - p.after > 0.7  # most of a man, in the engine's own figures
    summary = result.summary()
    assert summary["black"].blunders == 2 and summary["white"].blunders == 1


@pytest.mark.timeout(300)
def test_tinsley_gets_no_blunder_or_mistake_in_two_of_his_wins() -> None:
    games = list(data.tinsley_games())
    # Archive games 46 (Tinsley with Black against Chamblee) and 55 (Tinsley with White).
    chosen = [games[46], games[55]]
    assert [(g.tags["Black"], g.tags["White"], g.result) for g in chosen] == [
        ("MF Tinsley", "M Chamblee", "1-0"),
        ("M Chamblee", "MF Tinsley", "0-1"),
    ]
    reviews = review_games(chosen, nodes=40_000, workers=2)
    masters: tuple[Color, Color] = (BLACK, WHITE)
    for game, result, master in zip(chosen, reviews, masters, strict=True):
        assert result.complete and len(result.plies) == game.ply
        summary = result.summary()
        loser = summary[opponent(master)]
        assert summary[master].blunders == 0 and summary[master].mistakes == 0
        assert summary[master].accuracy > 85.0
        # The loser's losing move is found: at least one blunder on the losing side.
        assert loser.blunders >= 1


@pytest.mark.timeout(120)
def test_before_and_after_chain_and_mover_views() -> None:
    result = review(short_game(12), nodes=5_000, workers=1)
    plies = result.plies
    assert [p.ply for p in plies] == list(range(1, 13))
    assert [p.color for p in plies] == ["black", "white"] * 6
    for a, b in pairwise(plies):
        assert a.after == -b.before  # one search per position
    for p in plies:
        assert p.loss >= 0.0
        if p.move == p.best or p.forced:
            assert p.judgement is None and p.loss == 0.0
        assert (
            p.symbol == {"inaccuracy": "?!", "mistake": "?", "blunder": "??", None: ""}[p.judgement]
        )


def test_a_game_stepped_back_is_reviewed_to_the_end_of_its_line() -> None:
    """As in notebook 07: a game shown on a board is stepped back (the move list, the learn
    mode), and the review of it must still cover the whole line, as the move list shows."""
    game = short_game(8)
    whole = review(game, nodes=5_000, workers=1)
    game.goto(3)
    assert review(game, nodes=5_000, workers=1) == whole
    assert game.ply == 3  # the review does not move the game


@pytest.mark.timeout(60)
def test_a_game_won_on_the_board_ends_in_a_proven_win() -> None:
    game = Game("B:W18:B14")
    game.play("14x23")
    assert game.is_over()
    result = review(game, nodes=5_000, workers=1)
    (ply,) = result.plies
    assert ply.forced and ply.judgement is None
    assert ply.after == 100.0 and ply.after_mate == 0 and ply.expected_after == 1.0
    assert ply.before == 100.0 and ply.expected_before == 1.0


@pytest.mark.timeout(60)
def test_a_king_against_a_king_is_a_proven_draw() -> None:
    game = Game("W:WK18:BK5")
    game.play("18-22")
    result = review(game, nodes=5_000, workers=1)
    (ply,) = result.plies
    assert ply.before_draw and ply.after_draw and ply.expected_after == 0.5


@pytest.mark.timeout(60)
def test_throwing_away_a_table_draw_is_a_blunder() -> None:
    # A king against a king is drawn (the tables), but 1-6 walks into the black king's jump.
    game = Game("W:WK1:BK10")
    game.play("1-6")
    (ply,) = review(game, nodes=5_000, workers=1).plies
    assert ply.before_draw and ply.after == -100.0 and ply.after_mate is not None
    assert ply.judgement == "blunder" and ply.loss == 0.5
    safe = Game("W:WK1:BK10")
    safe.play("1-5")
    assert review(safe, nodes=5_000, workers=1).plies[0].judgement is None


def test_summary_counts_and_accuracy() -> None:
    def ply(
        n: int, color: Color, loss: float, judgement: Judgement, forced: bool = False
    ) -> PlyReview:
        return PlyReview(
            n,
            color,
            Move((9, 14)),
            0.0,
            0.0,
            None,
            None,
            None,
            (),
            loss,
            judgement,
            forced,
        )

    plies = (
        ply(1, BLACK, 0.0, None),
        ply(2, WHITE, 0.07, "inaccuracy"),
        ply(3, BLACK, 0.3, "blunder"),
        ply(4, WHITE, 0.13, "mistake"),
        ply(5, BLACK, 0.0, None, forced=True),
    )
    summary = Review("B:W21,22:B9,10", plies).summary()
    black, white = summary["black"], summary["white"]
    assert (black.moves, black.inaccuracies, black.mistakes, black.blunders) == (3, 0, 0, 1)
    assert (white.moves, white.inaccuracies, white.mistakes, white.blunders) == (2, 1, 1, 0)
    # The forced move does not count towards accuracy.
    assert black.accuracy == pytest.approx((move_accuracy(0.0) + move_accuracy(0.3)) / 2)
    assert white.accuracy == pytest.approx((move_accuracy(0.07) + move_accuracy(0.13)) / 2)
    assert Review("B:W21:B9", ()).summary()["black"].accuracy == 100.0


@pytest.mark.timeout(120)
def test_the_plot_marks_each_judged_ply() -> None:
    result = review(bad_game(), nodes=10_000, workers=1)
    svg = result.plot(width=500, height=120)
    assert 'width="600"' in result._repr_svg_()
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg" and root.get("width") == "500" and root.get("height") == "120"
    marks = root.findall(f".//{SVG}circle")
    judged = [p for p in result.plies if p.judgement]
    assert [int(m.get("data-ply", "0")) for m in marks] == [p.ply for p in judged]
    assert [m.get("data-judgement") for m in marks] == [p.judgement for p in judged]
    colours = {m.get("data-judgement"): m.get("fill") for m in marks}
    assert len(set(colours.values())) == len(colours)
    for mark, p in zip(marks, judged, strict=True):
        title = mark.find(f"{SVG}title")
        assert title is not None and str(p.move) in (title.text or "")
        assert str(p.judgement) in (title.text or "")
    line = root.find(f"{SVG}polyline")
    assert line is not None and len((line.get("points") or "").split()) == 37
    empty = ET.fromstring(Review(Game().start_fen, ()).plot())
    assert empty.findall(f".//{SVG}circle") == []


@pytest.mark.timeout(120)
def test_stop_returns_the_plies_done_and_in_order() -> None:
    stop = threading.Event()
    seen: list[tuple[int, int]] = []

    def progress(done: int, total: int) -> None:
        seen.append((done, total))
        if done >= 4:
            stop.set()

    result = review(bad_game(), nodes=5_000, workers=1, on_progress=progress, stop=stop)
    assert not result.complete
    assert [p.ply for p in result.plies] == [1, 2, 3]
    assert seen[0] == (0, 37) and seen[-1] == (4, 37)
    full = review(short_game(3), nodes=5_000, workers=1)
    assert result.plies == full.plies  # the same searches, so the same plies


@pytest.mark.timeout(180)
def test_cancelling_a_pool_review_leaves_no_process_running() -> None:
    stop = threading.Event()

    def progress(done: int, total: int) -> None:
        if done >= 2:
            stop.set()

    result = review(bad_game(), nodes=20_000, workers=2, on_progress=progress, stop=stop)
    assert not result.complete and len(result.plies) < 36
    assert multiprocessing.active_children() == []

    def interrupt(done: int, total: int) -> None:
        if done >= 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        review(bad_game(), nodes=20_000, workers=2, on_progress=interrupt)
    assert multiprocessing.active_children() == []


@pytest.mark.timeout(180)
def test_a_process_pool_gives_the_same_review_as_this_thread() -> None:
    game = short_game(14)
    here = review(game, nodes=8_000, workers=1)
    pooled = review(game, nodes=8_000, workers=2)
    assert pooled == here
    both = review_games([game, short_game(6)], nodes=8_000, workers=2)
    assert both[0] == here
    assert both[1] == review(short_game(6), nodes=8_000, workers=1)


@pytest.mark.timeout(240)
def test_dask_distributed_gives_the_same_review() -> None:
    import distributed

    game = short_game(10)
    here = review(game, nodes=8_000, workers=1)
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        remote = review(game, nodes=8_000, executor=client.get_executor())
    assert remote.complete
    for a, b in zip(remote.plies, here.plies, strict=True):
        for field in PlyReview.__dataclass_fields__:
            assert getattr(a, field) == getattr(b, field), (a.ply, field)
    assert remote == here


def test_bad_arguments_are_refused() -> None:
    game = short_game(2)
    with pytest.raises(CheckersError, match="needs a Game"):
        review("1. 11-15", workers=1)  # type: ignore[arg-type]
    with pytest.raises(CheckersError, match="at most one"):
        review(game, nodes=1000, depth=3, workers=1)
    with pytest.raises(CheckersError, match="nodes"):
        review(game, nodes=0, workers=1)
    with pytest.raises(CheckersError, match="time"):
        review(game, time_per_move=-1.0, workers=1)
    with pytest.raises(CheckersError, match="workers"):
        review(game, workers=0)
