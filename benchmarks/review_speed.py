"""Game review speed: seconds per ply at the default settings, and the speed-up of workers.

Part 1 reviews ``--games`` Tinsley games (the first ones of the package's archive, cut
to ``--plies`` plies) at the default settings (a node budget per position) in this
process (``workers=1``) and prints the time per ply, the judgements and each side's
accuracy; the CPU time (this process's) is what the review costs on a free core, the
wall time what it took with the machine's load. Part 2 reviews ``--batch`` games with
``review_games`` (``--batch-nodes`` per position, to keep it short) on a process pool of
1 worker, then of 2 workers, checks that both give the same reviews, and prints the
speed-up, with the CPU time the workers got (on a busy machine a second worker finds no
free core, and the speed-up shows that rather than the code). The load average is
printed before and after each part: on a shared machine, read the figures with it.

    .venv/bin/python benchmarks/review_speed.py                  # 5-10 minutes
    .venv/bin/python benchmarks/review_speed.py --games 1 --batch 4
"""

from __future__ import annotations

import argparse
import os
import resource
import time
from concurrent.futures import ProcessPoolExecutor

from checkers_widget import data
from checkers_widget.analysis.review import DEFAULT_NODES, review, review_games
from checkers_widget.core.game import Game


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} ({os.cpu_count()} cores)"


def cut(game: Game, plies: int) -> Game:
    """The game's first ``plies`` moves, as a fresh game (same start, same rules)."""
    out = Game(game.start_fen, draw_rules=game.draw_rules, tags=dict(game.tags))
    for move in game.moves[:plies]:
        out.play(move)
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=3, help="games timed in part 1")
    parser.add_argument("--plies", type=int, default=80, help="plies of each game at most")
    parser.add_argument("--batch", type=int, default=8, help="games of part 2")
    parser.add_argument("--batch-nodes", type=int, default=50_000, help="nodes in part 2")
    args = parser.parse_args(argv)
    games = list(data.tinsley_games())

    print(f"Part 1: review at the default settings ({DEFAULT_NODES:,} nodes a position), 1 core")
    print(load())
    for game in games[: args.games]:
        short = cut(game, args.plies)
        started, cpu = time.perf_counter(), time.process_time()
        result = review(short, workers=1)
        took, cpu = time.perf_counter() - started, time.process_time() - cpu
        names = f"{game.tags.get('Black', '?')} - {game.tags.get('White', '?')}"
        marks = " ".join(f"{p.ply}{p.symbol}" for p in result.plies if p.judgement)
        sides = ", ".join(
            f"{s.color} {s.accuracy:.1f}% ({s.inaccuracies}/{s.mistakes}/{s.blunders})"
            for s in result.summary().values()
        )
        print(
            f"  {names} [{game.result}]: {len(result.plies)} plies in {took:.1f} s, "
            f"{took / max(1, len(result.plies)):.2f} s a ply "
            f"(CPU {cpu:.1f} s, {cpu / max(1, len(result.plies)):.2f} s a ply); "
            f"{sides}; marked: {marks or '-'}"
        )
    print(load())

    batch = [cut(g, args.plies) for g in games[args.games : args.games + args.batch]]
    positions = sum(g.ply + 1 for g in batch)
    print(
        f"\nPart 2: review_games over {len(batch)} games ({positions} positions, "
        f"{args.batch_nodes:,} nodes each)"
    )
    print(load())
    timings: dict[int, float] = {}
    results = {}
    for workers in (1, 2):
        cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
        with ProcessPoolExecutor(max_workers=workers) as pool:
            pool.submit(int).result()  # the worker processes are up before the clock starts
            started = time.perf_counter()
            results[workers] = review_games(batch, nodes=args.batch_nodes, executor=pool)
            timings[workers] = time.perf_counter() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        used = after.ru_utime + after.ru_stime - cpu.ru_utime - cpu.ru_stime
        # CPU seconds the workers got per second of wall time: on a free machine about
        # the number of workers; less when other processes hold the cores.
        print(
            f"  {workers} worker(s): {timings[workers]:.1f} s; the workers' CPU time "
            f"{used:.1f} s, {used / timings[workers]:.2f} cores busy on average"
        )
    print(f"  speed-up with 2 workers: {timings[1] / timings[2]:.2f}x")
    print(f"  same reviews: {results[1] == results[2]}")
    print(load())


if __name__ == "__main__":
    main()
