"""Regenerate the package's puzzle file from master games (issue 14).

Reads Marion Tinsley's games (``checkers_widget.data.tinsley_games()``) and a slice of the
OCA archive (``tests/data/OCA_2.0.pdn.xz``, 22,621 games), mines them with
:mod:`checkers_widget.analysis.puzzle_mining` (fixed depths and node budgets: the same
games give the same puzzles on every machine) and writes one JSON object a line to
``src/checkers_widget/data/puzzles.jsonl``::

    nice -n 10 .venv/bin/python scripts/mine_puzzles.py --tinsley 723 --oca 1774

(the defaults: the games the shipped file was mined from; docs/readme/puzzles.md has the
figures of that run).

It prints progress and, at the end, the figures: games and positions scanned, candidates,
puzzles kept, CPU time of the workers and puzzles per hour (of wall time and per core).
"""

from __future__ import annotations

import argparse
import json
import lzma
import os
import resource
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from checkers_widget import data
from checkers_widget.analysis.puzzle_mining import (
    GameRecord,
    MinedPuzzle,
    MiningStats,
    mine,
    puzzle_id,
)
from checkers_widget.core.game import Game
from checkers_widget.formats.pdn import PdnReader

ROOT = Path(__file__).resolve().parents[1]
OCA = ROOT / "tests" / "data" / "OCA_2.0.pdn.xz"
OUT = ROOT / "src" / "checkers_widget" / "data" / "puzzles.jsonl"


def _describe(file: str, number: int, game: Game) -> str:
    tags = game.tags
    event = tags.get("Event", "").strip() or "?"
    players = f"{tags.get('Black', '?').strip()} v {tags.get('White', '?').strip()}"
    return f"{file} game {number} ({event}; {players})"


def _records(file: str, reader: PdnReader, first: int, count: int) -> Iterator[GameRecord]:
    """Games ``first`` .. ``first + count - 1`` (1-based, in the file's numbering)."""
    for index, game in enumerate(reader):
        number = index + 1 + len(reader.errors)
        if number < first:
            continue
        if number >= first + count:
            return
        moves = tuple(str(m) for m in game.moves)
        yield GameRecord(_describe(file, number, game), game.start_fen, moves)


def to_json(p: MinedPuzzle) -> str:
    return json.dumps(
        {
            "id": puzzle_id(p.fen),
            "fen": p.fen,
            "solution": list(p.solution),
            "themes": list(p.themes),
            "rating": p.rating,
            "source": p.source,
            "gain": round(p.gain / 100, 2),
            "min_depth": p.min_depth,
        },
        ensure_ascii=False,
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tinsley", type=int, default=723, help="Tinsley games to mine")
    parser.add_argument("--oca", type=int, default=1774, help="OCA games to mine")
    parser.add_argument("--oca-from", type=int, default=1, help="first OCA game (1-based)")
    parser.add_argument("--workers", type=int, default=os.cpu_count(), help="processes")
    parser.add_argument("--out", type=Path, default=OUT, help="where to write the puzzles")
    args = parser.parse_args(argv)

    def records() -> Iterator[GameRecord]:
        tinsley = data.tinsley_games(variations="skip")
        yield from _records("tinsley.pdn", tinsley, 1, args.tinsley)
        if args.oca:
            with lzma.open(OCA) as stream:
                oca = PdnReader(stream, errors="skip", variations="skip")
                yield from _records("OCA_2.0.pdn", oca, args.oca_from, args.oca)

    started = time.perf_counter()
    # Written as the batches come in (in the games' order), so that a run stopped early
    # leaves the puzzles of the games it got through: the same as a run over those games.
    out = args.out.open("w", encoding="utf-8")

    def progress(found: list[MinedPuzzle], stats: MiningStats) -> None:
        out.write("".join(to_json(p) + "\n" for p in found))
        out.flush()
        hours = (time.perf_counter() - started) / 3600
        print(
            f"{stats.games} games, {stats.positions} positions, {stats.candidates} candidates,"
            f" {stats.puzzles} puzzles, {stats.puzzles / hours:.0f}/h",
            file=sys.stderr,
            flush=True,
        )

    with out, ProcessPoolExecutor(args.workers) as pool:
        puzzles, stats = mine(records(), executor=pool, on_batch=progress)
    wall = time.perf_counter() - started
    cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu_seconds = cpu.ru_utime + cpu.ru_stime
    per_hour = len(puzzles) / (wall / 3600)
    per_cpu_hour = len(puzzles) / (cpu_seconds / 3600) if cpu_seconds else float("nan")
    print(f"games scanned:      {stats.games}")
    print(f"positions tried:    {stats.positions}")
    print(f"candidates:         {stats.candidates}")
    print(f"puzzles kept:       {len(puzzles)}")
    print(f"turned down:        {stats.rejected}")
    print(f"nodes searched:     {stats.nodes}")
    print(f"wall time:          {wall:.0f} s with {args.workers} workers")
    print(f"worker CPU time:    {cpu_seconds:.0f} s")
    print(f"puzzles per hour:   {per_hour:.0f} (wall), {per_cpu_hour:.0f} per CPU-hour")
    print(f"load:               {os.getloadavg()}")
    print(f"written:            {args.out}")


if __name__ == "__main__":
    main()
