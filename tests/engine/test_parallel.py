"""Root splitting over worker processes: ``Engine(workers=N)`` (engine/parallel.py).

One engine with two workers serves most tests (starting a pool costs a fraction of a
second). Nothing here times the search: hangs are caught by the pytest-timeout guards.
"""

from __future__ import annotations

import multiprocessing
import threading
from collections.abc import Iterator

import pytest

from checkers_widget import Board, CheckersError
from checkers_widget.engine import Engine, parallel
from checkers_widget.engine.search import MATE, Iteration

# A Tinsley shot (tests/data/shots.csv, game 54): 20-16 gives a man and wins two.
SHOT_FEN = "W:W12,20,21,22,27,29,31,32:B1,2,3,6,8,11,13,15,K30"
SHOT_MOVE = "20-16"


@pytest.fixture(scope="module")
def engine() -> Iterator[Engine]:
    eng = Engine("hard", workers=2, book=False)
    yield eng
    eng.close()


@pytest.mark.timeout(120)
def test_forced_capture_is_played(engine: Engine) -> None:
    # Three captures to choose from; 14x23x32 takes two men (the king too).
    board = Board("B:W18,19,K27:B14,15,1,2")
    analysis = engine.analyse(board, time=0.5)
    single = Engine("hard", book=False).analyse(board, time=0.5)
    assert analysis.move in board.legal_moves() and analysis.move.is_capture
    assert analysis.move == single.move
    assert analysis.score >= single.score - 0.5


@pytest.mark.timeout(120)
def test_split_search_finds_the_shot_and_uses_the_workers(engine: Engine) -> None:
    board = Board(SHOT_FEN)
    analysis = engine.analyse(board, time=1.0)
    single = Engine("hard", book=False).analyse(board, time=1.0)
    assert str(analysis.move) == SHOT_MOVE == str(single.move)
    assert analysis.score >= single.score - 0.5  # about as good as one process finds
    assert analysis.pv[0] == analysis.move
    assert analysis.depth >= 4
    assert len(multiprocessing.active_children()) >= 2  # the pool is up


@pytest.mark.timeout(120)
def test_start_position_gives_a_legal_move_and_progress(engine: Engine) -> None:
    board = Board()
    seen: list[int] = []
    analysis = engine.analyse(board, time=0.6, on_info=lambda a: seen.append(a.depth))
    assert analysis.move in board.legal_moves()
    assert seen and seen == sorted(seen) and len(set(seen)) == len(seen)
    assert analysis.depth >= seen[-1]


@pytest.mark.timeout(60)
def test_stop_reaches_the_workers(engine: Engine) -> None:
    board = Board()
    out = []
    thread = threading.Thread(target=lambda: out.append(engine.analyse(board, time=3600)))
    thread.start()
    # Stop once the split search has reported an iteration (the workers are searching).
    while thread.is_alive() and not multiprocessing.active_children():
        thread.join(0.05)
    threading.Event().wait(0.5)
    engine.stop()
    thread.join()  # the timeout guard catches a search that does not stop
    assert out[0].move in board.legal_moves()

    event = threading.Event()
    thread = threading.Thread(
        target=lambda: out.append(engine.analyse(board, time=3600, stop=event))
    )
    thread.start()
    threading.Event().wait(0.5)
    event.set()
    thread.join()
    assert out[1].move in board.legal_moves()
    # The pool is idle and usable again.
    assert engine.analyse(board, time=0.3).move in board.legal_moves()


@pytest.mark.timeout(120)
def test_close_leaves_no_child_processes() -> None:
    def children() -> set[int | None]:
        return {p.pid for p in multiprocessing.active_children()}

    before = children()  # the module's shared engine may have its pool up
    eng = Engine("hard", workers=2, book=False)
    assert eng.analyse(Board(), time=0.3).move is not None
    assert len(children() - before) == 2
    eng.close()
    eng.close()  # idempotent
    assert children() <= before
    with Engine("expert", workers=2, book=False) as again:
        assert again.analyse(Board(), time=0.3).move is not None
        assert len(children() - before) == 2
    assert children() <= before


@pytest.mark.timeout(60)
def test_fallback_when_processes_cannot_be_made(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def refuse(size: int) -> parallel.WorkerPool:
        raise OSError("no processes here")

    monkeypatch.setattr(parallel, "make_pool", refuse)
    eng = Engine("hard", workers=2, book=False)
    with caplog.at_level("INFO", logger="checkers_widget.engine.engine"):
        analysis = eng.analyse(Board(SHOT_FEN), time=0.5)
    assert str(analysis.move) == SHOT_MOVE
    assert "one process" in caplog.text
    caplog.clear()
    with caplog.at_level("INFO", logger="checkers_widget.engine.engine"):
        assert eng.analyse(Board(), time=0.2).move is not None
    assert "one process" not in caplog.text  # noted once, not tried again
    eng.close()


@pytest.mark.timeout(60)
def test_fallback_on_emscripten(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parallel.sys, "platform", "emscripten")
    assert not parallel.processes_available()
    eng = Engine("hard", workers=2, book=False)
    assert eng.analyse(Board(), time=0.2).move is not None
    assert eng._pool is None


def test_depth_and_node_limited_searches_stay_in_one_process(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def refuse(size: int) -> parallel.WorkerPool:
        raise AssertionError("no pool for these searches")

    monkeypatch.setattr(parallel, "make_pool", refuse)
    seeded = [Engine("normal", seed=3, workers=2).analyse(Board()).move for _ in range(2)]
    assert seeded[0] == seeded[1]
    a = Engine("hard", workers=2).analyse(Board(), nodes=5000)
    b = Engine("hard").analyse(Board(), nodes=5000)
    assert (a.move, a.nodes, a.score) == (b.move, b.nodes, b.score)


@pytest.mark.parametrize("bad", [-1, 1.5, "two", True, [2], "AUTO"])
def test_bad_workers_values_are_refused(bad: object) -> None:
    with pytest.raises(CheckersError, match="workers"):
        Engine(workers=bad)  # type: ignore[arg-type]


def test_workers_values() -> None:
    assert Engine().workers == 1
    assert Engine(workers=None).workers == 1
    assert Engine(workers=3).workers == 3
    assert Engine(workers=0).workers == parallel.available_cores() == Engine(workers="auto").workers
    assert "workers=3" in repr(Engine(workers=3))


def test_deal_spreads_the_best_moves() -> None:
    moves = [(1 << i, 2 << i, 0) for i in range(7)]
    assert parallel.deal(moves, 2) == [tuple(moves[0::2]), tuple(moves[1::2])]
    assert parallel.deal(moves[:1], 4) == [(moves[0],)]


def _it(depth: int, move: int, score: int) -> Iteration:
    return Iteration(depth, (move, move << 4, 0), score, [(move, move << 4, 0)], 10, depth)


def test_combine_takes_the_deepest_common_depth() -> None:
    a = [_it(1, 1, 5), _it(2, 1, 3), _it(3, 1, 40)]
    b = [_it(1, 2, 0), _it(2, 2, 20)]
    got = parallel.combine([a, b])
    assert got is not None and got.depth == 2 and got.move[0] == 2 and got.score == 20
    assert got.nodes == 20
    # A proven loss in one share counts at every depth: the other share decides.
    lost = [_it(1, 4, -(MATE - 3))]
    got = parallel.combine([lost, b])
    assert got is not None and got.depth == 2 and got.move[0] == 2
    assert parallel.combine([a, []]) is None


def test_root_moves_filter() -> None:
    from checkers_widget.engine.search import Searcher

    board = Board()
    own, opp, kings = board.bitboards
    full = Searcher().run(own, opp, kings, True, max_depth=5, all_scores=True)
    assert full is not None
    moves = list(full.root_scores)
    part = Searcher().run(own, opp, kings, True, max_depth=5, all_scores=True, root_moves=moves[:3])
    assert part is not None and set(part.root_scores) == set(moves[:3])
    assert part.move in moves[:3]
    assert Searcher().run(own, opp, kings, True, max_depth=3, root_moves=[]) is None


def test_a_bounded_share_never_wins_a_tie() -> None:
    exact = [_it(3, 1, 10)]
    bounded = [Iteration(3, (8, 128, 0), 10, [(8, 128, 0)], 5, 3, bound=True)]
    got = parallel.combine([bounded, exact])
    assert got is not None and got.move[0] == 1


def test_root_floor_ends_an_iteration_that_cannot_beat_it() -> None:
    from checkers_widget.engine.search import Searcher

    own, opp, kings = Board().bitboards
    # A floor no move reaches: every iteration from depth 2 on is only a bound.
    seen: list[Iteration] = []
    Searcher().run(
        own,
        opp,
        kings,
        True,
        max_depth=6,
        root_floor=lambda depth: 500 if depth >= 2 else None,
        on_iteration=seen.append,
    )
    assert [it.bound for it in seen] == [False] + [True] * 5
    assert all(it.score <= 500 for it in seen)
    # A floor far below: the same moves and scores as without one.
    low = Searcher().run(own, opp, kings, True, max_depth=6, root_floor=lambda d: -5000)
    plain = Searcher().run(own, opp, kings, True, max_depth=6)
    assert low is not None and plain is not None and not low.bound
    assert (low.move, low.score) == (plain.move, plain.score)


def test_the_package_imports_and_plays_where_multiprocessing_cannot_be_imported() -> None:
    """The JupyterLite test found the whole package failing to import in Pyodide:
    ``engine/parallel.py`` imported ``multiprocessing.synchronize`` at the top, which needs
    the ``_multiprocessing`` extension Pyodide lacks (Pyodide's ``concurrent.futures``
    itself imports: the review's jobs use it). With that module made unimportable here,
    the package imports and a search asked for two workers answers in one process
    (``tests/browser/test_lite.py`` checks the same in Pyodide itself)."""
    import subprocess
    import sys
    import textwrap

    script = textwrap.dedent(
        """
        import sys
        sys.modules["multiprocessing.synchronize"] = None  # as in Pyodide: it cannot import
        from checkers_widget import Engine, Game
        engine = Engine("hard", time=0.2, workers=2)
        print(engine.analyse(Game()).move)
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip(), done.stderr
