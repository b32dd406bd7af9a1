"""Engine matches over 3-move ballot openings (and the start position), both colours each.

Examples (a few minutes each on a 2-core machine)::

    # Hard against py-draughts 1.10.1 SimpleEngine, 0.3 s a move each, 10 openings x 2
    .venv/bin/python benchmarks/engine_match.py --pair hard:simple --openings 10 --time 0.3

    # each level against the one below
    .venv/bin/python benchmarks/engine_match.py --pair easy:normal --pair normal:hard \\
        --openings 6 --time 0.5

    # Hard with its opening book against Hard without, from 8 ballots and 4 times from
    # the start position (each twice, colours swapped)
    .venv/bin/python benchmarks/engine_match.py --pair hard:hard/nobook --openings 8 \\
        --start 4 --time 0.3

A player is ``easy``, ``normal``, ``hard``, ``expert`` or ``simple``, or one of the
levels prefixed ``frozen-`` (``frozen-hard#20000``): that level as the source tree given
with ``--frozen SRC`` has it (a frozen copy of the engine, run in a process of its own;
see engine_common.FrozenPlayer), e.g. to play a changed engine against the last commit::

    git worktree add --detach /tmp/old-eval HEAD
    .venv/bin/python benchmarks/engine_match.py --frozen /tmp/old-eval/src \\
        --pair hard#20000:frozen-hard#20000 --openings 20

``NAME@T`` gives it ``T`` seconds a move (``hard@0.5``), ``NAME#N`` a node budget (``hard#20000``),
``NAME=D`` a depth (``normal=6``). Without those, time-limited players (hard,
expert, simple) get ``--time`` seconds, and easy/normal play their level's depth.
Our levels play as the board's computer player does (``Engine.choose``: the opening
book while the game is in it); a ``/nobook`` suffix (``hard/nobook``, ``hard@0.5/nobook``)
makes one search every move. A ``+wN`` suffix (``hard+w2``, ``hard@0.5+w2/nobook``)
gives the engine N worker processes (``Engine(workers=N)``, root splitting); play such
a match with ``--jobs 1``, so that the processes have the cores to themselves while they
search. ``--start N`` adds N pairs of games from the start
position (a different seed for each pair, so that the book's choices vary), where the
book matters most: from a ballot it only takes over after the ballot's three moves.
SimpleEngine is given compulsory captures (see engine_common.SimplePlayer). Each
game is drawn by the 40-move rule or adjudicated a draw after ``--max-plies``.
Prints one line per game and a summary table.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine_common import (
    EnginePlayer,
    FrozenPlayer,
    GameRecord,
    Player,
    SimplePlayer,
    ballots,
    elo_difference,
    play_game,
    score_of,
    table,
)

from checkers_widget.core.board import START_FEN


def make_player(spec: str, default_time: float, seed: int, frozen: str | None = None) -> Player:
    """A player from a spec like ``hard``, ``hard@0.5``, ``hard#20000``, ``normal=6``,
    ``hard/nobook``, ``hard+w2`` (or ``frozen-hard#20000``, from the source tree ``frozen``)."""
    book = True
    workers = 1
    body = spec
    if body.endswith("/nobook"):
        body, book = body.removesuffix("/nobook"), False
    split = re.fullmatch(r"(.*)\+w(\d+)", body)
    if split:
        body, workers = split.group(1), int(split.group(2))
    name = body
    limits: dict[str, float | int] = {}
    if "@" in body:
        name, t = body.split("@")
        limits["time"] = float(t)
    elif "#" in body:
        name, n = body.split("#")
        limits["nodes"] = int(n)
    elif "=" in body:
        name, d = body.split("=")
        limits["depth"] = int(d)
    if name == "simple":
        return SimplePlayer(float(limits.get("time", default_time)), name=spec)
    level = name.removeprefix("frozen-")
    if not limits and level in ("hard", "expert"):
        limits["time"] = default_time if level == "hard" else default_time * 5
    if name.startswith("frozen-"):
        if frozen is None:
            raise SystemExit(f"{spec}: give the frozen source tree with --frozen SRC")
        return FrozenPlayer(level, frozen, seed=seed, name=spec, **limits)
    return EnginePlayer(name, seed=seed, name=spec, book=book, workers=workers, **limits)


def _play(args: tuple[str, str, str, str, str, float, int, int, str | None]) -> GameRecord:
    opening, fen, black_spec, white_spec, _, default_time, seed, max_plies, frozen = args
    black = make_player(black_spec, default_time, seed, frozen)
    white = make_player(white_spec, default_time, seed + 1, frozen)
    try:
        return play_game(fen, black, white, opening=opening, max_plies=max_plies)
    finally:
        for player in (black, white):
            if isinstance(player, FrozenPlayer | EnginePlayer):
                player.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--pair", action="append", help="A:B, e.g. hard:simple (repeatable)", default=[]
    )
    parser.add_argument("--openings", type=int, default=10, help="ballots (x2 colours)")
    parser.add_argument(
        "--start", type=int, default=0, help="pairs of games from the start position"
    )
    parser.add_argument("--time", type=float, default=0.3, help="seconds a move (hard, simple)")
    parser.add_argument("--jobs", type=int, default=2, help="games played in parallel")
    parser.add_argument("--max-plies", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--frozen", metavar="SRC", help="src/ of another checkout, for frozen-LEVEL players"
    )
    args = parser.parse_args(argv)
    pairs = args.pair or ["hard:simple"]
    openings = ballots(args.openings) if args.openings else []
    print(
        f"{len(openings)} openings x 2 colours, {args.start} x 2 from the start, "
        f"{args.time}s a move for timed players, "
        f"{args.jobs} games at a time"
    )
    summary: list[list[str]] = []
    for pair in pairs:
        a, b = pair.split(":")
        jobs = []
        frozen = args.frozen
        for acf, moves, fen in openings:
            label = f"#{acf} {moves}"
            # The ballot FENs are after three moves, White to move: the first player
            # named gets White in the first game, Black in the second.
            jobs.append((label, fen, b, a, pair, args.time, args.seed, args.max_plies, frozen))
            jobs.append((label, fen, a, b, pair, args.time, args.seed, args.max_plies, frozen))
        for n in range(args.start):
            label, seed = f"start (seed {args.seed + 2 * n})", args.seed + 2 * n
            jobs.append((label, START_FEN, b, a, pair, args.time, seed, args.max_plies, frozen))
            jobs.append((label, START_FEN, a, b, pair, args.time, seed, args.max_plies, frozen))
        started = time.perf_counter()
        records: list[GameRecord] = []
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            for rec in pool.map(_play, jobs):
                records.append(rec)
                print(
                    f"  {rec.opening:28s} B={rec.black:10s} W={rec.white:10s} {rec.result:7s} "
                    f"{rec.plies:3d} plies {rec.seconds:6.1f}s  ({rec.termination})",
                    flush=True,
                )
        pts, w, d, lost = score_of(records, a)
        n = len(records)
        elo, low, high = elo_difference(w, d, lost)
        summary.append(
            [
                f"{a} v {b}",
                str(n),
                f"{w}-{d}-{lost}",
                f"{pts:.1f}/{n}",
                f"{100 * pts / n:.0f}%",
                f"{elo:+.0f} [{low:+.0f}, {high:+.0f}]",
                f"{time.perf_counter() - started:.0f}s",
            ]
        )
    print()
    print(
        table(summary, ["match", "games", "W-D-L (first)", "points", "score", "Elo [95%]", "wall"])
    )


if __name__ == "__main__":
    main()
