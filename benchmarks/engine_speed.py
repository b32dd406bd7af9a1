"""Engine speed: depth reached and nodes per second in a fixed time per position.

From the start position and from twenty 3-move ballot positions (acf_3move_ballots.csv,
spread over the 156-opening deck), the Hard engine searches for ``--time`` seconds
(default 1) and the script prints, per position, the depth completed, the nodes
searched, nodes per second and the move, then a summary. In the same run, position
by position, py-draughts' SimpleEngine (the peer of ``engine_match.py``) gets the same
time, and its depth completed and nodes per second are printed alongside (``--no-peer``
leaves it out). ``--depth D`` also reports the time needed to complete depth D from the
start position.

``--frozen SRC`` compares this engine with a frozen copy (the ``src`` folder of another
checkout, e.g. ``git worktree add --detach /tmp/old-eval <commit>``) in the same run: the
frozen engine searches each position right after this one, for the same time, in a
process of its own (engine_common.FrozenPlayer), and its depth and nodes per second are
printed alongside. Before the searches, the static evaluation alone is timed on 20,000
quiet positions from Tinsley's games, this tree's and the frozen tree's ``evaluate.py``
in turn (``--leaf-rounds`` rounds, default 10, the best of each kept; CPU time).

    .venv/bin/python benchmarks/engine_speed.py               # about 45 s
    .venv/bin/python benchmarks/engine_speed.py --time 0.5 --ballots 5 --depth 12
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine_common import FrozenPlayer, ballots, leaf_positions, simple_search, table

from checkers_widget import START_FEN, Board, Game
from checkers_widget.engine import Engine
from checkers_widget.engine.evaluate import evaluate


def leaf_speed(frozen_src: Path, n: int = 20_000, rounds: int = 10) -> str:
    """Microseconds per call of this tree's ``evaluate`` and of the frozen tree's.

    The frozen ``engine/evaluate.py`` is loaded from its file as a module of this
    package (its relative imports find this tree's ``core``, which it only reads squares
    from); the two are timed in turn on the same positions, and the best round of each
    is kept, so that the machine's other load touches both alike. The time is this
    process's CPU time (``time.process_time``), which other jobs on a busy machine
    disturb far less than the wall clock.
    """
    import importlib.util

    path = frozen_src / "checkers_widget" / "engine" / "evaluate.py"
    spec = importlib.util.spec_from_file_location("checkers_widget.engine._frozen_eval", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    positions = leaf_positions(n)
    best = {"this tree": float("inf"), "frozen": float("inf")}
    for _ in range(rounds):
        for name, function in (("this tree", evaluate), ("frozen", module.evaluate)):
            started = time.process_time()
            for black, white, kings in positions:
                function(black, white, kings)
            best[name] = min(best[name], (time.process_time() - started) / n * 1e6)
    return (
        f"leaf evaluation, {len(positions):,} quiet positions, best of {rounds} (CPU time): "
        f"this tree "
        f"{best['this tree']:.2f} us a call, frozen {best['frozen']:.2f} us"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--time", type=float, default=1.0, help="seconds per position")
    parser.add_argument("--ballots", type=int, default=20, help="3-move ballot positions")
    parser.add_argument("--depth", type=int, default=0, help="also time this depth (start)")
    parser.add_argument("--no-peer", action="store_true", help="leave py-draughts out")
    parser.add_argument("--frozen", metavar="SRC", help="src/ of another checkout to compare")
    parser.add_argument("--leaf-rounds", type=int, default=10, help="rounds of the leaf timing")
    args = parser.parse_args(argv)
    frozen = None
    if args.frozen:
        print(leaf_speed(Path(args.frozen), rounds=args.leaf_rounds))
        frozen = FrozenPlayer("hard", args.frozen, time=args.time)
    frozen_depths: list[int] = []
    frozen_rates: list[float] = []
    peer = not args.no_peer
    if peer:
        try:
            import draughts  # noqa: F401
        except ImportError:
            print("py-draughts is not installed (pip install -e . --group bench): no peer column")
            peer = False

    positions = [("start", "", START_FEN)] + [
        (f"#{acf}", moves, fen) for acf, moves, fen in ballots(args.ballots)
    ]
    rows = []
    depths = []
    rates = []
    forced = []
    peer_depths: list[int] = []
    peer_rates: list[float] = []
    for name, moves, fen in positions:
        engine = Engine("hard")
        board = Board(fen)
        a = engine.analyse(board, time=args.time)
        rate = a.nodes / a.time if a.time else 0.0
        is_forced = len(board.legal_moves()) == 1
        if is_forced:
            # A single legal move (a forced capture): the engine answers after depth 4
            # instead of using its time; left out of the summary.
            forced.append(name)
            name += " (forced)"
        else:
            depths.append(a.depth)
            rates.append(rate)
        row = [
            name,
            moves,
            str(a.depth),
            str(a.seldepth),
            f"{a.nodes:,}",
            f"{rate:,.0f}",
            f"{a.time:.2f}",
            str(a.move),
            a.score_text,
        ]
        line = f"  {name:6s} {moves:18s} depth {a.depth:2d}  {rate:9,.0f} nodes/s"
        if peer:
            p_depth, p_nodes, p_time, p_move = simple_search(fen, args.time)
            p_rate = p_nodes / p_time if p_time else 0.0
            if not is_forced:
                peer_depths.append(p_depth)
                peer_rates.append(p_rate)
            row += [str(p_depth), f"{p_rate:,.0f}", p_move]
            line += f"   py-draughts depth {p_depth:2d}  {p_rate:7,.0f} nodes/s"
        if frozen is not None:
            f = frozen.analyse(Game(fen=fen), fresh=True)
            f_rate = f["nodes"] / f["time"] if f["time"] else 0.0
            if not is_forced:
                frozen_depths.append(f["depth"])
                frozen_rates.append(f_rate)
            row += [str(f["depth"]), f"{f_rate:,.0f}", f["move"]]
            line += f"   frozen depth {f['depth']:2d}  {f_rate:9,.0f} nodes/s"
        rows.append(row)
        print(line, flush=True)
    header = ["position", "ballot", "depth", "seldepth", "nodes", "nodes/s", "s", "move", "score"]
    if peer:
        header += ["peer depth", "peer nodes/s", "peer move"]
    if frozen is not None:
        header += ["frozen depth", "frozen nodes/s", "frozen move"]
        frozen.close()
    print()
    print(table(rows, header))
    print()
    print(
        f"start position: depth {depths[0]} in {args.time}s; ballots: depth "
        f"min {min(depths[1:], default=0)} / median {statistics.median(depths[1:] or [0])} / "
        f"max {max(depths[1:], default=0)}; nodes/s median {statistics.median(rates):,.0f}"
        + (f"; {len(forced)} forced positions left out" if forced else "")
    )
    if peer:
        print(
            f"py-draughts SimpleEngine, same positions and time: start position depth "
            f"{peer_depths[0]}; ballots: depth min {min(peer_depths[1:], default=0)} / median "
            f"{statistics.median(peer_depths[1:] or [0])} / max {max(peer_depths[1:], default=0)}"
            f"; nodes/s median {statistics.median(peer_rates):,.0f}"
        )
    if frozen is not None:
        print(
            f"frozen engine ({args.frozen}), same positions and time: start position depth "
            f"{frozen_depths[0]}; ballots: depth min {min(frozen_depths[1:], default=0)} / "
            f"median {statistics.median(frozen_depths[1:] or [0])} / max "
            f"{max(frozen_depths[1:], default=0)}; nodes/s median "
            f"{statistics.median(frozen_rates):,.0f}"
        )
    if args.depth:
        started = time.perf_counter()
        a = Engine("hard").analyse(Board(), depth=args.depth)
        print(
            f"start position to depth {args.depth}: {time.perf_counter() - started:.2f}s, "
            f"{a.nodes:,} nodes, {a.move} {a.score_text}"
        )


if __name__ == "__main__":
    main()
