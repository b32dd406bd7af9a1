"""Endgame technique: 2 kings against 1, the 3-kings-against-2 classics, exact mate distances.

The king endings of at most three pieces are checked against a small exact database
built here by retrograde analysis (:func:`build`), the referee: which positions are
wins, in how many plies, and the defence that lasts longest, which the defender plays
against the engine. The referee has its own move generator (kings only, from board
coordinates), independent of the engine's code, which has tables of its own. The
engine must win within the default draw rule (40 moves each without a capture or a
man move). Engine searches use node budgets, so the games are the same on every
machine.
"""

from __future__ import annotations

import random
from collections import defaultdict
from functools import cache
from itertools import combinations

import pytest

from checkers_widget import Board, Move
from checkers_widget.core.game import Game
from checkers_widget.data import ClassicPosition, classic_positions
from checkers_widget.engine import Engine

# ---------------------------------------------------------------------- the referee
# A position: (White's king squares, Black's king squares, White to move?), squares as
# sorted tuples of numbers 1-32. Only kings, so every piece moves the same way.

Pos = tuple[tuple[int, ...], tuple[int, ...], bool]


def _coords(square: int) -> tuple[int, int]:
    """Row and column (0-7, Black's side at row 0) of a playable square."""
    row = (square - 1) // 4
    return row, 2 * ((square - 1) % 4) + (1 if row % 2 == 0 else 0)


_AT = {_coords(s): s for s in range(1, 33)}
#: For each square and diagonal direction: (the next square, the one after), or None.
RAYS = {
    s: [
        (_AT.get((r + dr, c + dc)), _AT.get((r + 2 * dr, c + 2 * dc)))
        for dr, dc in ((1, 1), (1, -1), (-1, 1), (-1, -1))
    ]
    for s, (r, c) in ((s, _coords(s)) for s in range(1, 33))
}


def king_moves(mine: tuple[int, ...], theirs: tuple[int, ...]) -> list[tuple[int, int, tuple]]:
    """The side to move's legal moves as (from, to, squares taken): jumps are compulsory
    and go on while they can; otherwise one step in any direction."""
    jumps: list[tuple[int, int, tuple]] = []

    def walk(start: int, at: int, taken: tuple[int, ...], busy: set[int]) -> None:
        more = False
        for near, far in RAYS[at]:
            if near in theirs and near not in taken and far is not None and far not in busy:
                more = True
                walk(start, far, (*taken, near), busy)
        if not more and taken:
            jumps.append((start, at, taken))

    for k in mine:
        walk(k, k, (), (set(mine) | set(theirs)) - {k})
    if jumps:
        return jumps
    busy = set(mine) | set(theirs)
    return [(k, near, ()) for k in mine for near, _ in RAYS[k] if near and near not in busy]


def after(pos: Pos, move: tuple[int, int, tuple]) -> Pos:
    white, black, white_to_move = pos
    start, end, taken = move
    mine, theirs = (white, black) if white_to_move else (black, white)
    mine = tuple(sorted((set(mine) - {start}) | {end}))
    theirs = tuple(s for s in theirs if s not in taken)
    return (mine, theirs, False) if white_to_move else (theirs, mine, True)


def build() -> tuple[dict[Pos, int], dict[Pos, int]]:
    """Every position with two white kings against one black king, either side to
    move, and every ending reached from them, solved by retrograde analysis.

    Returns ``(win, loss)``: the plies in which the side to move wins, resp. loses,
    with best play (0 in ``loss``: no legal move); a draw is in neither.
    """
    todo = [
        ((a, c), (k,), wtm)
        for a, c in combinations(range(1, 33), 2)
        for k in range(1, 33)
        if k not in (a, c)
        for wtm in (True, False)
    ]
    succ: dict[Pos, list[Pos]] = {}
    while todo:
        pos = todo.pop()
        if pos in succ:
            continue
        white, black, wtm = pos
        mine, theirs = (white, black) if wtm else (black, white)
        succ[pos] = [after(pos, m) for m in king_moves(mine, theirs)] if mine else []
        todo.extend(succ[pos])
    pred: dict[Pos, list[Pos]] = defaultdict(list)
    for pos, children in succ.items():
        for child in children:
            pred[child].append(pos)
    win: dict[Pos, int] = {}
    loss: dict[Pos, int] = {p: 0 for p, children in succ.items() if not children}
    frontier = set(loss)
    n = 0
    while frontier:
        n += 1
        new = set()
        for pos in {p for c in frontier for p in pred[c]}:
            if pos in win or pos in loss:
                continue
            children = succ[pos]
            if any(loss.get(c) == n - 1 for c in children):
                win[pos] = n  # a move to a position lost for the other side
            elif all(c in win for c in children):
                loss[pos] = n  # every move leads to a win for the other side
            else:
                continue
            new.add(pos)
        frontier = new
    return win, loss


@cache
def database() -> tuple[dict[Pos, int], dict[Pos, int]]:
    """The referee's tables, built once per test session (a second or two)."""
    return build()


def white_wins() -> dict[Pos, int]:
    """Every 2K-v-1K position that White (the two kings) wins, with its plies."""
    win, loss = database()
    out = {p: n for p, n in win.items() if p[2] and len(p[0]) == 2 and len(p[1]) == 1}
    out.update((p, n) for p, n in loss.items() if not p[2] and len(p[0]) == 2 and len(p[1]) == 1)
    return out


def best_defence(pos: Pos) -> tuple[int, int, tuple]:
    """Black's move that escapes the loss if any, else the one lasting longest."""
    win, _ = database()
    white, black, _ = pos
    best, best_v = None, -1
    for m in king_moves(black, white):
        child = after(pos, m)
        if child not in win:  # White to move there and not winning: escaped
            return m
        if win[child] > best_v:
            best, best_v = m, win[child]
    assert best is not None
    return best


def fen_of(pos: Pos) -> str:
    white, black, white_to_move = pos
    kings_w = ",".join(f"K{s}" for s in white)
    kings_b = ",".join(f"K{s}" for s in black)
    return f"{'W' if white_to_move else 'B'}:W{kings_w}:B{kings_b}"


def pos_of(board: Board) -> Pos:
    """The referee's view of a kings-only board."""
    pieces = board.pieces
    white = tuple(sorted(s for s, p in pieces.items() if p.color == "white"))
    black = tuple(sorted(s for s, p in pieces.items() if p.color == "black"))
    return white, black, board.turn == "white"


def as_move(game: Game, move: tuple[int, int, tuple]) -> Move:
    """The game's legal move that the referee's move names."""
    start, end, taken = move
    for m in game.legal_moves():
        if m.start == start and m.end == end and set(m.captures) == set(taken):
            return m
    raise AssertionError(f"no legal move {move}")


def play_out(fen: str, engine: Engine) -> Game:
    """White (the engine) against the referee's best defence, under the default rules."""
    game = Game(fen=fen)
    while not game.is_over():
        if game.turn == "white":
            game.play(engine.best_move(game))
        else:
            game.play(as_move(game, best_defence(pos_of(game.board))))
    return game


def _symmetries() -> list[dict[int, int]]:
    """The maps of the dark squares onto themselves that keep the board: the identity,
    the half turn and the reflections in the two long diagonals. With kings only, a
    position and its images play alike."""
    maps = []
    for f in (
        lambda r, c: (r, c),
        lambda r, c: (7 - r, 7 - c),
        lambda r, c: (c, r),
        lambda r, c: (7 - c, 7 - r),
    ):
        maps.append({s: _AT[f(*_coords(s))] for s in range(1, 33)})
    return maps


SYMMETRIES = _symmetries()


def image(pos: Pos, sym: dict[int, int]) -> Pos:
    white, black, wtm = pos
    return tuple(sorted(sym[s] for s in white)), tuple(sorted(sym[s] for s in black)), wtm


def test_the_referees_move_generator_agrees_with_the_rules_core() -> None:
    rng = random.Random(3)
    for _ in range(300):
        squares = rng.sample(range(1, 33), rng.randint(2, 5))
        cut = rng.randint(1, len(squares) - 1)
        pos: Pos = (tuple(sorted(squares[:cut])), tuple(sorted(squares[cut:])), rng.random() < 0.5)
        board = Board(fen_of(pos))
        white, black, wtm = pos
        mine, theirs = (white, black) if wtm else (black, white)
        ours = {(s, e, frozenset(t)) for s, e, t in king_moves(mine, theirs)}
        assert ours == {(m.start, m.end, frozenset(m.captures)) for m in board.legal_moves()}


def test_database_agrees_with_the_textbook() -> None:
    wins = white_wins()
    wtm = [p for p in wins if p[2]]
    # Two kings beat one from almost everywhere; the exceptions are positions where the
    # lone king takes a king at once.
    assert 14_800 < len(wtm) < 14_880
    assert pos_of(Board("W:WK6,K9:BK15")) in wins  # Pask's open-board 2K v 1K: a win
    assert max(wins[p] for p in wtm) == 33  # the longest defence: 17 moves
    # King against king is won only by running the other king into trouble.
    win, loss = database()
    assert win[((10,), (6,), True)] == 1  # a capture at once
    assert loss[((4,), (11,), True)] == 2  # the single corner: the only step is taken


def test_the_engines_tables_agree_with_the_referee() -> None:
    """Every king ending of up to three pieces: the engine's own tables (built with
    its own code) give the referee's result and distance, for either side to move."""
    from checkers_widget.core.squares import BIT
    from checkers_widget.engine.endgame import probe

    def mask(squares: tuple[int, ...]) -> int:
        m = 0
        for s in squares:
            m |= BIT[s]
        return m

    win, loss = database()
    checked = 0
    for pos in [p for p in set(win) | set(loss)] + [((1,), (32,), True)]:
        white, black, wtm = pos
        if not white or not black:
            continue
        own, opp = (mask(white), mask(black)) if wtm else (mask(black), mask(white))
        expected = (1, win[pos]) if pos in win else (-1, loss[pos]) if pos in loss else (0, 0)
        assert probe(own, opp) == expected, fen_of(pos)
        checked += 1
    assert checked > 28_900


def test_symmetric_positions_have_the_same_value() -> None:
    win, loss = database()
    for pos in set(win) | set(loss):
        for sym in SYMMETRIES:
            assert win.get(image(pos, sym)) == win.get(pos)
            assert loss.get(image(pos, sym)) == loss.get(pos)


@pytest.mark.parametrize("seed", [1, 2])
def test_engine_finds_the_exact_win_distance(seed: int) -> None:
    """With enough depth, "win in N" is the database's distance, for either side to move."""
    wins = white_wins()
    rng = random.Random(seed)
    short = sorted(p for p, v in wins.items() if 3 <= v <= 11)
    for pos in rng.sample(short, 6):
        a = Engine().analyse(Board(fen_of(pos)), depth=16)
        plies = wins[pos]
        if pos[2]:
            assert a.mate == (plies + 1) // 2, fen_of(pos)
        else:
            assert a.mate == -(plies // 2), fen_of(pos)
    # The same from a plain search, without the tables (Normal does not use them).
    for pos in rng.sample(short, 3):
        a = Engine("normal", depth=14).analyse(Board(fen_of(pos)))
        plies = wins[pos]
        assert a.mate == ((plies + 1) // 2 if pos[2] else -(plies // 2)), fen_of(pos)


@pytest.mark.slow
def test_hard_wins_two_kings_against_one() -> None:
    """Every won 2K-v-1K position with White (the two kings) to move, played out as a
    game against the referee's longest defence: Hard wins each within the move limit.
    Hard knows these endings by heart (its own tables), which is what makes all
    14,846 games affordable (about 15 s on a 2-core machine); the referee, which
    shares no code with them, answers every Black move and judges every result."""
    wins = white_wins()
    engine = Engine("hard", nodes=2_000)
    played = 0
    for pos in sorted(p for p in wins if p[2]):
        game = play_out(fen_of(pos), engine)
        assert game.winner == "white", (fen_of(pos), game.termination, game.moves)
        assert game.ply <= 80
        played += 1
    assert played == len([p for p in wins if p[2]]) > 14_800


@pytest.mark.slow
def test_hard_wins_two_kings_against_one_after_the_defenders_move() -> None:
    """The same with Black (the lone king) to move first: every won position up to the
    board's symmetries (one of each set of images, about a quarter of the 13,000),
    which play alike with kings only (see the test above on their values)."""
    wins = white_wins()
    engine = Engine("hard", nodes=2_000)
    played = 0
    for pos in sorted(p for p in wins if not p[2]):
        if pos != min(image(pos, sym) for sym in SYMMETRIES):
            continue
        game = play_out(fen_of(pos), engine)
        assert game.winner == "white", (fen_of(pos), game.termination, game.moves)
        assert game.ply <= 80
        played += 1
    assert played > 13_000 // 4


def _classic(prefix: str) -> list[ClassicPosition]:
    return [p for p in classic_positions() if p.id.startswith(prefix)]


def test_the_classic_two_kings_against_one_setting() -> None:
    (position,) = _classic("2k_v_1k_win")
    game = play_out(position.fen, Engine("hard", nodes=2_000))
    assert game.winner == "white"


@pytest.mark.slow
def test_hard_wins_the_three_kings_against_two_classics() -> None:
    """Every 3K-v-2K setting marked as a win; the defender is the engine itself."""
    rows = [p for p in _classic("3k_v_2k") if "win" in p.stated_result.lower()]
    assert len(rows) == 5
    for row in rows:
        game = row.game()
        attacker = Engine("hard", nodes=15_000)
        defender = Engine("hard", nodes=15_000)
        while not game.is_over():
            engine = attacker if game.turn == "white" else defender
            game.play(engine.best_move(game))
        assert game.winner == "white", (row.id, game.termination)
