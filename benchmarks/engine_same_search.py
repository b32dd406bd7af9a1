"""The engine of a git revision against the working tree's: the same searches, and speed.

A refactoring of the search must leave every search exactly as it was. This script loads
``src/checkers_widget/engine/`` as it is at ``--before REV`` (default ``main``) beside the
working tree's engine, in one process (the rules core is the working tree's for both),
and runs the same searches on both:

* **check** (always): fixed-depth searches of the start position, 3-move and 11-man
  ballots, positions from Tinsley's games and classic endings, with the plain search,
  every root move at a full window (the noisy levels), the endgame tables, a node
  budget, a stop callable that fires at its n-th poll, a short no-progress limit and
  repetitions in the history, plus
  ``Engine.analyse`` at every level with a seed. Every iteration's move, score,
  principal variation, node count and depth must be equal; the first difference is
  printed and the script exits with status 1.
* **speed** (``--rounds N``, default 16; 0 leaves it out): fixed-depth searches of the
  start position, opening ballots and First Position, before and after in turn, search
  by search (ABBA order, so that a drift of the machine's speed hits both alike), after
  a warm-up round, each round at another depth of the caller's stack (see
  :func:`speed`: on CPython 3.11 that depth alone can change a search's speed by a
  fifth). It prints each round's nodes per CPU second, the min / median of
  each side, the ratio after / before round by round, and both over all rounds.

    .venv/bin/python benchmarks/engine_same_search.py --before main
    .venv/bin/python benchmarks/engine_same_search.py --rounds 0          # check only
    .venv/bin/python benchmarks/engine_same_search.py --only after        # one speed round

``--only before|after`` runs one speed round of one engine and nothing else (``--frames
N`` calls deeper), for timing the whole process from outside or counting its
instructions (``valgrind --tool=cachegrind``).
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path
from types import ModuleType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine_common import REPO, ballots

from checkers_widget import START_FEN, Board, data
from checkers_widget.core.game import DrawRules, Game
from checkers_widget.engine import engine as engine_now
from checkers_widget.engine import search as search_now

ENGINE_DIR = "src/checkers_widget/engine"


def engine_at(rev: str) -> tuple[ModuleType, ModuleType]:
    """``(engine, search)`` modules of ``engine/`` as it is at git revision ``rev``.

    The files are written to a temporary folder that becomes the package
    ``checkers_widget.engine_at_rev``: its relative imports of the rules core
    (``..core``) find the working tree's, those within the engine its own files.
    """
    names = subprocess.run(
        ["git", "-C", str(REPO), "ls-tree", "--name-only", f"{rev}:{ENGINE_DIR}"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    folder = Path(tempfile.mkdtemp(prefix="engine_at_rev_"))
    for name in names:
        if name.endswith((".py", ".json")):  # the code and its data (eval_weights.json)
            text = subprocess.run(
                ["git", "-C", str(REPO), "show", f"{rev}:{ENGINE_DIR}/{name}"],
                check=True,
                capture_output=True,
            ).stdout
            (folder / name).write_bytes(text)
    package = "checkers_widget.engine_at_rev"
    spec = importlib.util.spec_from_file_location(
        package, folder / "__init__.py", submodule_search_locations=[str(folder)]
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[package] = module
    spec.loader.exec_module(module)
    return sys.modules[f"{package}.engine"], sys.modules[f"{package}.search"]


# ---------------------------------------------------------------------- positions


@dataclass
class Case:
    """One search: a position (as a Game or a Board), a depth and the Searcher's options."""

    name: str
    position: Board | Game
    depth: int
    options: dict[str, Any] = field(default_factory=dict)
    node_limit: int | None = None
    all_scores: bool = False
    #: Stop the search at the n-th time it polls its stop callable (every 512 nodes).
    stop_at_poll: int | None = None


def _board(fen: str) -> Board:
    return Board(fen)


def _tinsley_positions(games: int, plies: tuple[int, ...]) -> Iterator[tuple[str, Game]]:
    """Positions from the first few of Tinsley's games, at the given plies."""
    for n, game in enumerate(islice(data.tinsley_games(), games)):
        for ply in plies:
            if ply < game.ply:
                g = game.copy()
                g.goto(ply)
                yield f"tinsley {n + 1} ply {ply}", g


def _king_shuffle() -> Game:
    """A king ending in which a few king moves have been played (repetitions, 40-move)."""
    game = Game("W:WK19,K23:B12,K28")
    for move in ("23-27", "28-32", "27-23", "32-28"):
        game.play(move)
    return game


def check_cases() -> list[Case]:
    """The searches the check compares (about 10 s for each engine)."""
    cases = [Case("start", _board(START_FEN), 10)]
    for acf, _, fen in ballots(6):
        cases.append(Case(f"3-move #{acf}", _board(fen), 9))
    for i, fen in enumerate(data.eleven_man_ballots()[::800][:3]):
        cases.append(Case(f"11-man #{i * 800}", _board(fen), 8))
    for name, game in _tinsley_positions(2, (24, 50)):
        cases.append(Case(name, game, 9))
    for c in data.classic_positions():
        depth = 12 if c.id == "sturges_black_wins" else 15  # (men on the board: slower)
        cases.append(Case(c.id, _board(c.fen), depth))
        cases.append(Case(f"{c.id} tables", _board(c.fen), depth - 1, {"endgame_tables": True}))
    cases.append(Case("start all scores", _board(START_FEN), 7, all_scores=True))
    first = _board("W:WK19,K23:B12,K28")
    cases.append(Case("first position all scores", first, 12, all_scores=True))
    cases.append(Case("start, 3,000 nodes", _board(START_FEN), 30, node_limit=3000))
    cases.append(Case("start, 5 nodes", _board(START_FEN), 30, node_limit=5))
    for polls in (3, 40, 150):
        cases.append(Case(f"start, stopped at poll {polls}", _board(START_FEN), 30,
                          stop_at_poll=polls))  # fmt: skip
    cases.append(Case("king shuffle", _king_shuffle(), 18))
    short = Game("W:WK19,K23:B12,K28", draw_rules=DrawRules(quiet_moves=6))
    cases.append(Case("first position, 6-move rule", short, 13))
    return cases


def speed_cases() -> list[Case]:
    """The searches timed: the start position and opening ballots at fixed depths."""
    cases = [Case("start", _board(START_FEN), 10)]
    for acf, _, fen in ballots(5):
        cases.append(Case(f"3-move #{acf}", _board(fen), 9))
    cases.append(Case("first position", _board("W:WK19,K23:B12,K28"), 16))
    return cases


# ---------------------------------------------------------------------- running


def run_case(search: ModuleType, case: Case) -> tuple[list[Any], int]:
    """Every iteration of one search as plain values, and the nodes searched."""
    board, rules, earlier, quiet = engine_now._context(case.position)
    history = engine_now._american_history(earlier)
    black = board.turn == "black"
    b, w, kings = board.bitboards
    own, opp = (b, w) if black else (w, b)
    limit = 2 * rules.quiet_moves if rules.quiet_moves is not None else None
    searcher = search.Searcher(reps=history, quiet=quiet, quiet_limit=limit, **case.options)
    seen: list[Any] = []
    polls = 0

    def stop() -> bool:
        nonlocal polls
        polls += 1
        return polls == case.stop_at_poll

    def record(it: Any) -> None:
        seen.append(_values(it))

    last = searcher.run(
        own,
        opp,
        kings,
        black,
        max_depth=case.depth,
        node_limit=case.node_limit,
        all_scores=case.all_scores,
        stop=stop if case.stop_at_poll is not None else None,
        on_iteration=record,
    )
    seen.append(("final", None if last is None else _values(last)))
    seen.append(("nodes", searcher.nodes, searcher.seldepth))
    return seen, searcher.nodes


def _values(it: Any) -> tuple[Any, ...]:
    return (
        it.depth,
        it.move,
        it.score,
        list(it.pv),
        it.nodes,
        it.seldepth,
        it.complete,
        dict(it.root_scores),
        {m: list(pv) for m, pv in it.root_pvs.items()},
    )


def analyse_values(engine: ModuleType, level: str, position: Board | Game, depth: int) -> Any:
    """``Engine(level, seed=7).analyse(position, depth=depth)`` without its time."""
    a = engine.Engine(level, seed=7).analyse(position, depth=depth)
    return (str(a.move), a.score, a.mate, [str(m) for m in a.pv], a.depth, a.seldepth,
            a.nodes, a.draw)  # fmt: skip


def check(before: tuple[ModuleType, ModuleType]) -> bool:
    """Compare every check case; print one line a case; False at the first difference."""
    old_engine, old_search = before
    ok = True
    for case in check_cases():
        started = time.perf_counter()
        old, nodes = run_case(old_search, case)
        new, _ = run_case(search_now, case)
        same = old == new
        final = new[-2][1]
        move = "-" if final is None else f"depth {final[0]}, score {final[2]}"
        print(f"  {'same' if same else 'DIFFERENT':9s} {case.name:38s} {nodes:>9,} nodes  "
              f"{move}  ({time.perf_counter() - started:.1f} s)", flush=True)  # fmt: skip
        if not same:
            for i, (a, b) in enumerate(zip(old, new, strict=False)):
                if a != b:
                    print(f"    first difference, entry {i}:\n    before {a}\n    after  {b}")
                    break
            ok = False
    positions: list[tuple[str, Board | Game, int]] = [
        ("start", _board(START_FEN), 6),
        ("king shuffle", _king_shuffle(), 12),
    ]
    for level in ("easy", "normal", "hard", "expert"):
        for name, position, depth in positions:
            a = analyse_values(old_engine, level, position, depth)
            b = analyse_values(engine_now, level, position, depth)
            print(f"  {'same' if a == b else 'DIFFERENT':9s} Engine({level!r}).analyse({name})")
            ok = ok and a == b
    return ok


def timed_round(search: ModuleType, cases: list[Case], frames: int = 0) -> tuple[int, float]:
    """Nodes and CPU seconds of one pass over the cases, ``frames`` calls deeper."""
    started = time.process_time()
    nodes = _deeper(frames, lambda: sum(run_case(search, case)[1] for case in cases))
    return nodes, time.process_time() - started


def _deeper(frames: int, fn: Callable[[], int]) -> int:
    """``fn()`` called ``frames`` Python calls deeper than here (about 100 bytes each
    on CPython's frame stack)."""
    return _deeper(frames - 1, fn) if frames else fn()


#: Caller stack depths the speed rounds go through: 0 to 150 extra calls (about
#: 16 KiB of frame stack, one chunk of CPython 3.11's, in steps of about 1 KiB).
DEPTHS = tuple(range(0, 160, 10))


def speed(before: tuple[ModuleType, ModuleType], rounds: int) -> None:
    """Alternate before and after, search by search, and print nodes per CPU second.

    Each round runs every speed case with both engines, one right after the other, the
    order alternating from one search to the next (ABBA...), so that a change in the
    machine's speed (other processes, frequency) hits both sides alike; a round's
    figure is its total nodes over its total CPU seconds, per side.

    Round ``r`` runs its searches at the caller stack depth ``DEPTHS[r % 16]``. On
    CPython 3.11 the frame stack comes in 16 KiB chunks, and a call that crosses the
    end of one allocates a chunk (``mmap``) which its return frees again (CPython issue
    142183): a search whose recursion keeps crossing that line at a busy ply runs a
    fifth slower or more, and where the line falls depends on how deep the caller's
    stack is. The depths of one round each are 1 KiB apart over one chunk, so that 16
    rounds average the two engines over where the line falls; the "all rounds"
    figure (total nodes over total CPU seconds of each side) is that average.
    """
    cases = speed_cases()
    sides = {"before": before[1], "after": search_now}
    for side in sides.values():  # warm-up: tables, caches
        timed_round(side, cases)
    rates: dict[str, list[float]] = {"before": [], "after": []}
    totals = {name: [0, 0.0] for name in sides}
    ratios = []
    step = 0
    for r in range(rounds):
        frames = DEPTHS[r % len(DEPTHS)]
        nodes = dict.fromkeys(sides, 0)
        cpu = dict.fromkeys(sides, 0.0)
        for case in cases:
            order = ("before", "after") if step % 2 == 0 else ("after", "before")
            step += 1
            for name in order:
                n, t = timed_round(sides[name], [case], frames)
                nodes[name] += n
                cpu[name] += t
        got = {name: nodes[name] / cpu[name] for name in sides}
        for name in sides:
            rates[name].append(got[name])
            totals[name][0] += nodes[name]
            totals[name][1] += cpu[name]
        ratios.append(got["after"] / got["before"])
        print(f"  round {r + 1:2d} ({frames:3d} calls deeper): before {got['before']:9,.0f} "
              f"nodes/s, after {got['after']:9,.0f} nodes/s, after/before "
              f"{ratios[-1]:.3f}", flush=True)  # fmt: skip
    print(f"  ({nodes['after']:,} nodes a round and side)")
    overall = {name: totals[name][0] / totals[name][1] for name in sides}
    for name, values in rates.items():
        print(f"  {name:6s}: min {min(values):9,.0f}  median {statistics.median(values):9,.0f}"
              f"  max {max(values):9,.0f}  all rounds {overall[name]:9,.0f} nodes per CPU "
              "second")  # fmt: skip
    print(f"  after/before: round by round min {min(ratios):.3f}, median "
          f"{statistics.median(ratios):.3f}, max {max(ratios):.3f}; all rounds "
          f"{overall['after'] / overall['before']:.3f}")  # fmt: skip


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", default="main", help="git revision of the old engine")
    parser.add_argument("--rounds", type=int, default=16, help="speed rounds (0: none)")
    parser.add_argument("--frames", type=int, default=0, help="with --only: calls deeper")
    parser.add_argument("--only", choices=("before", "after"), help="one speed round, no check")
    args = parser.parse_args(argv)
    if args.only == "after":
        print(timed_round(search_now, speed_cases(), args.frames))
        return
    before = engine_at(args.before)
    if args.only == "before":
        print(timed_round(before[1], speed_cases(), args.frames))
        return
    print(f"engine at {args.before} (before) against the working tree (after)")
    ok = check(before)
    print("every search is the same" if ok else "SEARCHES DIFFER")
    if args.rounds:
        speed(before, args.rounds)
    if not ok:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
