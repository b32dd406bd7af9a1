"""Exact knowledge of the smallest king endings: 1 king v 1 and 2 kings v 1.

Two kings against one is a win from almost every position, but the winning method
(driving the lone king out of the double corner) takes up to 17 moves against the best
defence, deeper than a one-second search sees. The first time these tables are
needed, every such position is solved by retrograde analysis (about a second in pure
Python, then kept for the process).

The search no longer reads them: Hard and Expert look up every ending of up to four
pieces, men included, in :mod:`.endgame_db`, whose databases are built by another
program (a bitboard index over all material, shipped with the package). These small
tables, built here from a few lines of king moves, stay as that program's independent
check (tests/engine/test_endgame_db.py compares every position they hold).

Kings move alike whatever their colour, so a position here is only which squares the
side to move and the other side hold, and the tables serve either colour. A value is
from the side to move's point of view: ``(1, n)`` wins with the ``n``-th ply from here
(the capture of the last enemy piece), ``(-1, n)`` loses at the ``n``-th ply (``n = 0``:
no legal move, lost already), ``(0, 0)`` is a draw with best play. Draws by the game's
no-progress or repetition rules are not in the tables: the caller checks that a win
fits in the moves left (the longest 2-v-1 win is 33 plies).
"""

from __future__ import annotations

from functools import cache

from ..core.squares import BIT

__all__ = ["MAX_PIECES", "Value", "best_reply", "probe", "tables"]

#: Positions with at most this many pieces, all kings, are in the tables.
MAX_PIECES = 3

#: ``(result, plies)``: ``result`` 1 (side to move wins), -1 (loses) or 0 (draw).
Value = tuple[int, int]

_DRAW: Value = (0, 0)

# Squares are 0-31 here (square number - 1); masks are the package's bitboard bits.
_MASKS = [BIT[s] for s in range(1, 33)]
_INDEX = {m: i for i, m in enumerate(_MASKS)}


def _geometry() -> tuple[list[list[int]], list[list[tuple[int, int]]]]:
    """Each square's neighbours and its jumps ``(over, landing)``, in all four directions."""
    steps: list[list[int]] = []
    jumps: list[list[tuple[int, int]]] = []
    for s in range(32):
        row, col = divmod(s, 4)
        x = 2 * col + (1 if row % 2 == 0 else 0)
        near: list[int] = []
        far: list[tuple[int, int]] = []
        for dr, dc in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
            r1, c1, r2, c2 = row + dr, x + dc, row + 2 * dr, x + 2 * dc
            if 0 <= r1 < 8 and 0 <= c1 < 8:
                n1 = r1 * 4 + c1 // 2
                near.append(n1)
                if 0 <= r2 < 8 and 0 <= c2 < 8:
                    far.append((n1, r2 * 4 + c2 // 2))
        steps.append(near)
        jumps.append(far)
    return steps, jumps


_STEPS, _JUMPS = _geometry()

#: Positions per 2-v-1 table (most indices unused: ``a < b``, ``w`` elsewhere).
_SIZE = 32 * 32 * 32


def _solve(
    succ: list[list[int]], exits: list[list[Value]], valid: list[int]
) -> tuple[list[Value | None], list[int]]:
    """Retrograde analysis of a game graph, in order of distance.

    ``succ[i]``: the positions (indices) that the moves of position ``i`` lead to;
    ``exits[i]``: the values (for the side to move there) of positions outside the
    graph that its other moves lead to; ``valid``: the indices that are positions.
    Returns each position's value (None: a draw, or not a position) and the index of
    the position that its best move leads to (-1: a capture, or a move out of the
    graph), so that a best line can be followed without searching.
    A position is won in ``d + 1`` plies if a move leads to a position lost in ``d``
    (the smallest such ``d``), and lost in ``d + 1`` if every move leads to a won
    position (the largest ``d``): the standard retrograde count of unresolved moves.
    """
    n = len(succ)
    pred: list[list[int]] = [[] for _ in range(n)]
    left = [0] * n
    for i in valid:
        children = succ[i]
        for j in children:
            pred[j].append(i)
        left[i] = len(children) + len(exits[i])
    value: list[Value | None] = [None] * n
    # The move that decided each value: the index of the position it leads to, or -1
    # (a move leaving the graph, or none).
    how = [-1] * n
    # Events by distance: (position, won?) found at that distance.
    by_dist: dict[int, list[tuple[int, bool | None, int]]] = {}
    for i in valid:
        if left[i] == 0:
            by_dist.setdefault(0, []).append((i, False, -1))
        for result, d in exits[i]:
            if result < 0:  # this move reaches a lost position: a win in d + 1
                by_dist.setdefault(d + 1, []).append((i, True, -1))
            elif result > 0:  # a move to a won position: one fewer move to refute
                by_dist.setdefault(d + 1, []).append((i, None, -1))
    d = 0
    top = max(by_dist, default=0)
    while d <= top:
        events = by_dist.pop(d, [])
        for i, won, via in events:
            if value[i] is not None:
                continue
            if won is None:
                left[i] -= 1
                if left[i]:
                    continue
                won = False
            value[i] = (1, d) if won else (-1, d)
            how[i] = via
            later = by_dist.setdefault(d + 1, [])
            for p in pred[i]:
                if value[p] is None:
                    # A position lost here is a win for the one moving into it; a won
                    # one is one fewer move for its predecessor to refute.
                    later.append((p, True, i) if not won else (p, None, i))
            if d + 1 > top:
                top = d + 1
        d += 1
    return value, how


def _one_v_one() -> list[Value | None]:
    """King against king, by ``mover * 32 + other``: won only by a capture at once."""
    n = 32 * 32
    succ: list[list[int]] = [[] for _ in range(n)]
    exits: list[list[Value]] = [[] for _ in range(n)]
    valid: list[int] = []
    for m in range(32):
        for o in range(32):
            if m == o:
                continue
            i = m * 32 + o
            valid.append(i)
            if any(over == o for over, _ in _JUMPS[m]):
                exits[i].append((-1, 0))  # the capture leaves the other side nothing
            else:
                succ[i] = [o * 32 + t for t in _STEPS[m] if t != o]
    return _solve(succ, exits, valid)[0]


def _two_v_one(
    one: list[Value | None],
) -> tuple[list[Value | None], list[Value | None], list[int]]:
    """Two kings (``a < b``) against one (``w``), by ``(a * 32 + b) * 32 + w``:
    the table with the two kings to move, the one with the lone king to move, and
    where each best move leads. Both sides live in one graph: indices ``0..N-1``
    with the two kings to move, ``N..2N-1`` with the lone king to move."""
    size = _SIZE
    n = 2 * size
    succ: list[list[int]] = [[] for _ in range(n)]
    exits: list[list[Value]] = [[] for _ in range(n)]
    valid: list[int] = []

    def key(a: int, b: int, w: int) -> int:
        return (a * 32 + b) * 32 + w if a < b else (b * 32 + a) * 32 + w

    for a in range(32):
        for b in range(a + 1, 32):
            for w in range(32):
                if w in (a, b):
                    continue
                i = (a * 32 + b) * 32 + w
                valid += (i, size + i)
                # The two kings to move: a capture takes the last piece.
                if any(
                    over == w and land != other
                    for king, other in ((a, b), (b, a))
                    for over, land in _JUMPS[king]
                ):
                    exits[i].append((-1, 0))
                else:
                    succ[i] = [
                        size + key(t, other, w)
                        for king, other in ((a, b), (b, a))
                        for t in _STEPS[king]
                        if t != other and t != w
                    ]
                # The lone king to move: it must capture if it can, and go on.
                j = size + i
                caps: list[Value] = []
                for over, land in _JUMPS[w]:
                    if over in (a, b):
                        left = b if over == a else a
                        if land == left:
                            continue
                        again = [l2 for o2, l2 in _JUMPS[land] if o2 == left]
                        if again:
                            caps.append((-1, 0))  # both kings taken
                        else:
                            v = one[left * 32 + land]  # the last king to move
                            caps.append(v if v is not None else _DRAW)
                if caps:
                    exits[j] = caps
                else:
                    succ[j] = [key(a, b, t) for t in _STEPS[w] if t != a and t != b]
    value, how = _solve(succ, exits, valid)
    return value[:size], value[size:], how


@cache
def tables() -> tuple[list[Value | None], list[Value | None], list[Value | None], list[int]]:
    """The 1-v-1 table, the two 2-v-1 tables and the 2-v-1 best moves (see
    :func:`_two_v_one`), built on first use (a few tenths of a second), then kept."""
    one = _one_v_one()
    strong, weak, how = _two_v_one(one)
    return one, strong, weak, how


def probe(own: int, opp: int) -> Value | None:
    """The exact value of a kings-only position for the side to move, or None.

    ``own`` and ``opp`` are the kings of the side to move and of the other side (the
    caller has checked that there are no men). None when the position has more than
    :data:`MAX_PIECES` pieces or a side has none.
    """
    no, np = own.bit_count(), opp.bit_count()
    one, strong, weak, _ = tables()
    index = _INDEX
    if no == 1 and np == 1:
        v = one[index[own] * 32 + index[opp]]
    elif no == 2 and np == 1:
        low = own & -own
        v = strong[(index[low] * 32 + index[own ^ low]) * 32 + index[opp]]
    elif no == 1 and np == 2:
        low = opp & -opp
        v = weak[(index[low] * 32 + index[opp ^ low]) * 32 + index[own]]
    else:
        return None
    return _DRAW if v is None else v


def best_reply(own: int, opp: int) -> tuple[int, int] | None:
    """The position after the tables' best move in a 2-v-1 king ending, as ``(own,
    opp)`` for the side then to move, when that move is a step (None otherwise: a
    capture, a draw, or not a 2-v-1 position). The winner's step is on a fastest
    win, the loser's on a longest resistance."""
    no, np = own.bit_count(), opp.bit_count()
    index = _INDEX
    how = tables()[3]
    if no == 2 and np == 1:
        low = own & -own
        j = how[(index[low] * 32 + index[own ^ low]) * 32 + index[opp]]
    elif no == 1 and np == 2:
        low = opp & -opp
        j = how[_SIZE + (index[low] * 32 + index[opp ^ low]) * 32 + index[own]]
    else:
        return None
    if j < 0:
        return None
    ab, w = divmod(j % _SIZE, 32)
    a, b = divmod(ab, 32)
    pair = _MASKS[a] | _MASKS[b]
    # After a step by the two kings the lone king is to move, and the other way round.
    return (_MASKS[w], pair) if j >= _SIZE else (pair, _MASKS[w])
