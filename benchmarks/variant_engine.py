"""The engine on every variant: depth reached and nodes per second in a fixed time.

For each variant (American checkers too, whose own searcher is the yardstick) the Hard
engine searches the start position and a middlegame (after 20 plies of seeded
Easy-against-Easy play, the first position with a choice of quiet moves) for ``--time``
seconds (default 1) and the script prints the depth completed, the nodes searched,
nodes per second and the move.

``--walk`` also times a plain 3-ply walk of the move tree from each start position two
ways, through the Board API (``legal_moves``/``push``/``pop``) and through the general
generator's own calls on bitboards (``VariantRules.moves`` and ``play_raw``), the choice
the general searcher made. ``--matches N`` plays N games a colour of Easy against a
random mover in each variant and Normal against Easy (N a colour) in Russian and
international draughts, and prints the results.

    PYTHONPATH=src .venv/bin/python benchmarks/variant_engine.py            # about 20 s
    PYTHONPATH=src .venv/bin/python benchmarks/variant_engine.py --walk --matches 2
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine_common import table

from checkers_widget import Board, Game
from checkers_widget.core.variant_movegen import rules_of
from checkers_widget.core.variants import VARIANTS
from checkers_widget.engine import Engine
from checkers_widget.engine.general_search import play_raw, raw_position


def middlegame(name: str, plies: int = 20) -> Board:
    """The first position after ``plies`` of seeded Easy-against-Easy play with a choice
    of moves and no capture due (a forced move is answered at once, not searched)."""
    game = Game(variant=name)
    engine = Engine("easy", seed=1)
    while not game.is_over() and (
        game.ply < plies or game.board.must_capture() or len(game.legal_moves()) < 2
    ):
        move = engine.best_move(game)
        assert move is not None
        game.play(move)
    return game.board


def search_rows(seconds: float) -> list[list[str]]:
    rows = []
    for name in VARIANTS:
        for label, board in (("start", Board(variant=name)), ("middle", middlegame(name))):
            a = Engine("hard").analyse(board, time=seconds)
            rate = a.nodes / a.time if a.time else 0.0
            rows.append(
                [name, label, str(a.depth), str(a.nodes), f"{rate:,.0f}", str(a.move), a.score_text]
            )
            print(".", end="", flush=True)
    print()
    return rows


def walk_board(board: Board, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for move in board.legal_moves():
        board.push(move)
        total += walk_board(board, depth - 1)
        board.pop()
    return total


def walk_raw(moves_of: object, position: tuple[int, int, int, bool], depth: int) -> int:
    if depth == 0:
        return 1
    own, opp, kings, down = position
    total = 0
    for move in moves_of(own, opp, kings, down):  # type: ignore[operator]
        moved, left, new_kings = play_raw(own, opp, kings, move)
        total += walk_raw(moves_of, (left, moved, new_kings, not down), depth - 1)
    return total


def walk_rows(depth: int = 3) -> list[list[str]]:
    rows = []
    for name, v in VARIANTS.items():
        board = Board(variant=name)
        t = time.perf_counter()
        leaves = walk_board(board, depth)
        api = time.perf_counter() - t
        t = time.perf_counter()
        raw = walk_raw(rules_of(v).moves, raw_position(board), depth)
        direct = time.perf_counter() - t
        assert raw == leaves
        rows.append(
            [
                name,
                str(leaves),
                f"{leaves / api:,.0f}",
                f"{leaves / direct:,.0f}",
                f"{api / direct:.1f}x",
            ]
        )
    return rows


def play(name: str, black: Engine | random.Random, white: Engine | random.Random) -> Game:
    game = Game(variant=name)
    while not game.is_over() and game.ply < 300:
        player = black if game.turn == "black" else white
        move = (
            player.best_move(game)
            if isinstance(player, Engine)
            else player.choice(game.legal_moves())
        )
        assert move is not None
        game.play(move)
    return game


def match_rows(games: int) -> list[list[str]]:
    rows = []
    pairings: list[tuple[str, str, str]] = [(n, "easy", "random") for n in VARIANTS]
    pairings += [("russian", "normal", "easy"), ("international", "normal", "easy")]
    for name, strong, weak in pairings:
        wins = draws = losses = plies = 0
        t = time.perf_counter()
        for seed in range(games):
            for strong_black in (True, False):
                a = Engine(strong, seed=seed)
                b: Engine | random.Random = (
                    random.Random(seed) if weak == "random" else Engine(weak, seed=seed + 100)
                )
                game = play(name, a, b) if strong_black else play(name, b, a)
                won = "black" if strong_black else "white"
                plies += game.ply
                if game.winner == won:
                    wins += 1
                elif game.winner is None:
                    draws += 1
                else:
                    losses += 1
        n = 2 * games
        rows.append(
            [
                name,
                f"{strong} v {weak}",
                f"+{wins} ={draws} -{losses}",
                f"{plies / n:.0f}",
                f"{(time.perf_counter() - t) / n:.1f}",
            ]
        )
        print(".", end="", flush=True)
    print()
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--time", type=float, default=1.0, help="seconds per position")
    parser.add_argument("--walk", action="store_true", help="Board API against raw calls")
    parser.add_argument("--matches", type=int, default=0, help="games a colour per pairing")
    args = parser.parse_args(argv)
    header = ["variant", "position", "depth", "nodes", "nodes/s", "move", "score"]
    print(table(search_rows(args.time), header))
    if args.walk:
        print()
        print("3-ply tree walk from the start, leaves/s:")
        print(table(walk_rows(), ["variant", "leaves", "Board API", "raw calls", "speed-up"]))
    if args.matches:
        print()
        print(
            table(
                match_rows(args.matches),
                ["variant", "pairing", "won/drawn/lost", "plies/game", "s/game"],
            )
        )


if __name__ == "__main__":
    main()
