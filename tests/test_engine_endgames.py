"""Endgame technique: 2 kings against 1, the 3-kings-against-2 classics, exact mate distances.

The 2-v-1 king positions are checked against a small exact database built here by
retrograde iteration (:func:`build`): which positions are wins, in how many plies, and
the defence that lasts longest, which the defender plays against the engine. The
engine must win within the default draw rule (40 moves each without a capture or a man
move). Engine searches use node budgets, so the games are the same on every machine.
"""

from __future__ import annotations

import csv
import random
from functools import cache
from itertools import combinations
from pathlib import Path

import pytest

from checkers_widget import Board
from checkers_widget.engine import Engine
from checkers_widget.engine.moves import captures, play, quiet
from checkers_widget.game import Game
from checkers_widget.squares import BIT, squares_of

# ---------------------------------------------------------------------- 2K v 1K database
# White has the two kings, Black the one; a position is (white kings, black king,
# white to move?). A win for White in n plies is stored as n; draws are absent.

Pos = tuple[int, int, bool]

SQUARES = [BIT[s] for s in range(1, 33)]


def successors(pos: Pos) -> list[tuple[Pos | None, str]]:
    """Positions after each legal move, with what the move does.

    ``(None, "win")``: White took the last black king. When Black takes a white king
    the result is one king against one with White to move: a win in one ply if White
    can take the black king at once (see :func:`build`), otherwise a draw.
    """
    w, b, white_to_move = pos
    kings = w | b
    if white_to_move:
        own, opp, black = w, b, False
    else:
        own, opp, black = b, w, True
    moves = captures(own, opp, kings, black) or quiet(own, opp, kings, black)
    out: list[tuple[Pos | None, str]] = []
    for m in moves:
        o, p, _k = play(own, opp, kings, black, m)
        if m[2] and white_to_move:
            out.append((None, "win"))
        elif white_to_move:
            out.append(((o, p, False), ""))
        else:
            out.append(((p, o, True), ""))
    return out


def build() -> dict[Pos, int]:
    """Every won 2K-v-1K position (White has the kings) with its distance in plies."""
    positions: list[Pos] = []
    for a, c in combinations(SQUARES, 2):
        for k in SQUARES:
            if k not in (a, c):
                positions.append((a | c, k, True))
                positions.append((a | c, k, False))
    succ = {p: successors(p) for p in positions}
    won: dict[Pos, int] = {}
    for p, s in succ.items():
        if not p[2] and not s:
            won[p] = 0  # Black to move and blocked: lost
        if not p[2]:
            # Black takes a king: 1 v 1, White to move, won only if White takes back.
            for q, _ in s:
                w1, b1, _t = q  # type: ignore[misc]
                if w1.bit_count() == 1 and captures(w1, b1, w1 | b1, False):
                    won[q] = 1  # type: ignore[index]
    n = 0
    while True:
        n += 1
        new = {}
        for p, s in succ.items():
            if p in won:
                continue
            if p[2]:
                if any(kind == "win" or (q is not None and won.get(q, n) < n) for q, kind in s):
                    new[p] = n
            elif s and all(q is not None and won.get(q, n) < n for q, _ in s):
                new[p] = n
        if not new:
            return won
        won.update(new)


def best_defence(pos: Pos, won: dict[Pos, int]) -> int:
    """Index of Black's move that escapes if possible, else lasts longest (first such)."""
    options = successors(pos)
    best_i, best_v = 0, -1
    for i, (q, _kind) in enumerate(options):
        if q is None or q not in won:
            return i
        if won[q] > best_v:
            best_i, best_v = i, won[q]
    return best_i


@cache
def database() -> dict[Pos, int]:
    """The 2-v-1 database, built once per test session (about a second)."""
    return build()


def fen_of(pos: Pos) -> str:
    w, b, white_to_move = pos
    kings_w = ",".join(f"K{s}" for s in squares_of(w))
    kings_b = ",".join(f"K{s}" for s in squares_of(b))
    return f"{'W' if white_to_move else 'B'}:W{kings_w}:B{kings_b}"


def pos_of(board: Board) -> Pos:
    b, w, _k = board.bitboards
    return w, b, board.turn == "white"


def defence_move(game: Game, won: dict[Pos, int]):
    """Black's best defence in the game's position, as a legal Move."""
    board = game.board
    b, w, k = board.bitboards
    src, dst, _ = (captures(b, w, k, True) or quiet(b, w, k, True))[
        best_defence(pos_of(board), won)
    ]
    for m in game.legal_moves():
        if BIT[m.start] == src and BIT[m.end] == dst:
            return m
    raise AssertionError("defence move not found")


def play_out(fen: str, engine: Engine, won: dict[Pos, int]) -> Game:
    """White (the engine) against the database's best defence, under the default rules."""
    game = Game(fen=fen)
    while not game.is_over():
        move = engine.best_move(game) if game.turn == "white" else defence_move(game, won)
        game.play(move)
    return game


def test_database_agrees_with_the_textbook() -> None:
    won = database()
    wtm = [p for p in won if p[2]]
    # Two kings beat one from almost everywhere; the exceptions are positions where the
    # lone king takes a king at once.
    assert 14_800 < len(wtm) < 14_880
    pos = pos_of(Board("W:WK6,K9:BK15"))  # Pask's open-board 2K v 1K: a win
    assert pos in won
    assert max(won[p] for p in wtm) == 33  # the longest defence: 17 moves


@pytest.mark.parametrize("seed", [1, 2])
def test_engine_finds_the_exact_win_distance(seed: int) -> None:
    """With enough depth, "win in N" is the database's distance, for either side to move."""
    won = database()
    rng = random.Random(seed)
    short = sorted(p for p, v in won.items() if 3 <= v <= 11)
    for pos in rng.sample(short, 6):
        a = Engine().analyse(Board(fen_of(pos)), depth=16)
        plies = won[pos]
        if pos[2]:
            assert a.mate == (plies + 1) // 2, fen_of(pos)
        else:
            assert a.mate == -(plies // 2), fen_of(pos)


@pytest.mark.slow
def test_hard_wins_two_kings_against_one() -> None:
    """The longest wins (17 moves against the best defence) and a random sample."""
    won = database()
    wins = sorted(p for p in won if p[2])
    most = max(won[p] for p in wins)
    longest = [p for p in wins if won[p] == most]
    rng = random.Random(7)
    sample = rng.sample(longest, 16) + rng.sample(wins, 16)
    for pos in sample:
        game = play_out(fen_of(pos), Engine("hard", nodes=2_000), won)
        assert game.winner == "white", (fen_of(pos), game.termination, game.moves)
        assert game.ply <= 80


def _classic(shared_dir: Path, prefix: str) -> list[dict[str, str]]:
    with open(shared_dir / "data" / "classic_positions.csv", newline="") as f:
        return [r for r in csv.DictReader(f) if r["id"].startswith(prefix)]


def test_the_classic_two_kings_against_one_setting(shared_dir: Path) -> None:
    (row,) = _classic(shared_dir, "2k_v_1k_win")
    game = play_out(row["fen"], Engine("hard", nodes=2_000), database())
    assert game.winner == "white"


@pytest.mark.slow
def test_hard_wins_the_three_kings_against_two_classics(shared_dir: Path) -> None:
    """Every 3K-v-2K setting marked as a win; the defender is the engine itself."""
    rows = [r for r in _classic(shared_dir, "3k_v_2k") if "win" in r["stated_result"].lower()]
    assert len(rows) == 5
    for row in rows:
        game = Game(fen=row["fen"])
        attacker = Engine("hard", nodes=15_000)
        defender = Engine("hard", nodes=15_000)
        while not game.is_over():
            engine = attacker if game.turn == "white" else defender
            game.play(engine.best_move(game))
        assert game.winner == "white", (row["id"], game.termination)
