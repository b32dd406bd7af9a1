"""First Position (and the other classic endings): does the engine win them against itself?

First Position (``W:WK19,K23:B12,K28``, White to move and win) is the classic test of
endgame technique: two kings against a king and a man, won only by a long, precise
manoeuvre (about 30 moves in the book line) inside the 40-move rule. The script plays
it Expert against Expert (``--time`` seconds a move for both, default Expert's 5 s) under
the default rules and prints the game and its result. ``--all`` also plays every
classic position of classic_positions.csv whose stated result is a win.

    .venv/bin/python benchmarks/engine_first_position.py               # a few minutes
    .venv/bin/python benchmarks/engine_first_position.py --time 2 --all
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine_common import csv_rows, table

from checkers_widget.core.game import Game
from checkers_widget.engine import LEVELS, Engine


def winner_of(stated: str, fen: str) -> str | None:
    """Who the source says wins ("White to move and win" ...), or None for a draw."""
    text = stated.lower()
    if "draw" in text.split(";")[0] and "win" not in text.split(":")[0]:
        return None
    if "white wins" in text or "white to move and win" in text or "white to play" in text:
        return "white"
    if "black to play and win" in text or "black wins" in text:
        return "black"
    if "win" in text:
        return "white" if fen.startswith("W") else "black"
    return None


def play(fen: str, seconds: float, verbose: bool) -> tuple[Game, float]:
    game = Game(fen=fen)
    players = {"black": Engine("expert"), "white": Engine("expert")}
    started = time.perf_counter()
    while not game.is_over():
        a = players[game.turn].analyse(game, time=seconds)
        assert a.move is not None
        if verbose:
            print(f"  {game.ply + 1:3d}. {a.move!s:7s} {a.score_text:>10s}  depth {a.depth}")
        game.play(a.move)
    return game, time.perf_counter() - started


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--time", type=float, default=LEVELS["expert"].time or 5.0)
    parser.add_argument("--all", action="store_true", help="every classic win, not only FP")
    parser.add_argument("--quiet", action="store_true", help="do not print each move")
    args = parser.parse_args(argv)
    rows = csv_rows("classic_positions.csv")
    if not args.all:
        rows = [r for r in rows if r["id"] == "first_position"]
    out = []
    for row in rows:
        expected = winner_of(row["stated_result"], row["fen"])
        if args.all and expected is None:
            continue
        print(f"{row['name']}: {row['fen']} ({row['stated_result']})", flush=True)
        game, seconds = play(row["fen"], args.time, not args.quiet)
        won = game.winner == expected
        print(f"  -> {game.result} ({game.termination}), {game.ply} plies, {seconds:.0f}s")
        print("  " + " ".join(str(m) for m in game.moves), flush=True)
        out.append(
            [
                row["id"],
                row["fen"],
                expected or "-",
                game.result or "-",
                "yes" if won else "NO",
                str(game.ply),
                f"{seconds:.0f}s",
            ]
        )
    print()
    print(table(out, ["position", "fen", "should win", "result", "won", "plies", "wall"]))


if __name__ == "__main__":
    main()
