"""Static evaluation: how good a quiet position is, in hundredths of a man.

The search calls :func:`evaluate` at every leaf, so it is written for CPython's speed:
no loops over squares in the common case, only masks, shifts and ``int.bit_count``.
Square tables with small integer weights are stored as *bit planes* (``PLANES[k]``
holds the squares whose weight has bit ``k`` set), so a table lookup for all pieces
of a kind at once costs three or four popcounts.

The terms (each computed for Black minus White, then signed for the side to move):

* **Material**: a man is 100, a king :data:`KING` (clearly more: a king moves both
  ways and cannot be stopped on the crown row). When one side is ahead, a bonus that
  grows as the board empties (``TRADE * diff / total``) makes exchanges attractive to
  the side that is ahead, which is how won endings are converted.
* **Advancement (tempo)**: the rows each man has advanced, weighted more as pieces
  come off. Early on, advancing a man is not a gain in itself; in the ending a man
  near the crown row is nearly a king.
* **Back-rank guard**: men on the home row (most of all the "bridge" squares 1 and 3
  for Black, 30 and 32 for White) while the other side still has men that could crown.
* **Centre**: men and kings on the central squares; kings are also penalised on the
  edges.
* **Mobility**: the number of steps each side has; running out of moves loses in
  checkers, and a cramped side usually has to give material.
* **King-endgame technique**: when one side is ahead and the board is nearly empty,
  the stronger side is rewarded for bringing its kings close to the weaker side's
  kings and for driving them out of the double corners (squares 1, 5 and 28, 32),
  where a lone king is otherwise safe; a bare king caught on the edge is a win.
"""

from __future__ import annotations

from ..core.squares import BIT, SQUARE_OF_BIT, VALID, column_of, row_of

__all__ = ["KING", "MAN", "evaluate", "evaluate_side"]

MAN = 100
KING = 140
#: Scale of the "trade when ahead" bonus: ``TRADE * material diff / total material``.
TRADE = 400
#: Penalty (for the stronger side) per weak king sitting in a double corner.
DC_PENALTY = 30


def _mask(squares: list[int] | range) -> int:
    m = 0
    for s in squares:
        m |= BIT[s]
    return m


def _planes(weights: dict[int, int], bits: int) -> tuple[int, ...]:
    """Bit planes of a square table of non-negative weights below ``2**bits``."""
    out = []
    for k in range(bits):
        out.append(_mask([s for s, w in weights.items() if (w >> k) & 1]))
    return tuple(out)


def _mirror(weights: dict[int, int]) -> dict[int, int]:
    """The same table seen from the other side (square s <-> 33 - s)."""
    return {33 - s: w for s, w in weights.items()}


# Rows a Black man has advanced: 0 on squares 1-4 ... 6 on 25-28 (29-32 crown it).
_ADV_BLACK = {s: row_of(s) for s in range(1, 33)}
ADV_B = _planes(_ADV_BLACK, 3)
ADV_W = _planes(_mirror(_ADV_BLACK), 3)

# Centre weights for men (Black's view; the centre is symmetric, but a man on the
# opponent's half is already counted by advancement).
_CENTRE = {s: 0 for s in range(1, 33)}
for _s in (14, 15, 18, 19):
    _CENTRE[_s] = 3
for _s in (10, 11, 22, 23):
    _CENTRE[_s] = 1
for _s in (13, 16, 17, 20):
    _CENTRE[_s] = 1
CENTRE = _planes(_CENTRE, 2)

# Kings: centre good, edges and corners poor (symmetric, so one table for both).
_KING_PST = {}
for _s in range(1, 33):
    _r, _c = row_of(_s), column_of(_s)
    _d = max(abs(2 * _r - 7), abs(2 * _c - 7))  # 1 (centre) .. 7 (edge)
    _KING_PST[_s] = (7 - _d) // 2  # 3 in the centre, 0 on the edge
KING_PST = _planes(_KING_PST, 2)

BACK_B = _mask([1, 2, 3, 4])
BRIDGE_B = _mask([1, 3])
BACK_W = _mask([29, 30, 31, 32])
BRIDGE_W = _mask([30, 32])

#: The double corners: where a lone king holds out against two.
DOUBLE_CORNERS = _mask([1, 5, 28, 32])
EDGES = _mask([s for s in range(1, 33) if row_of(s) in (0, 7) or column_of(s) in (0, 7)])

#: Board coordinates of each one-bit mask, for king distances in the ending.
_COORD: dict[int, tuple[int, int]] = {
    b: (row_of(s), column_of(s)) for b, s in SQUARE_OF_BIT.items()
}


def _closeness(strong: int, weak: int) -> int:
    """How close the strong kings are to the weak kings (larger is closer), 0-7 scaled."""
    total = 0
    n = 0
    s_bits = []
    while strong:
        low = strong & -strong
        strong ^= low
        s_bits.append(_COORD[low])
    while weak:
        low = weak & -weak
        weak ^= low
        wr, wc = _COORD[low]
        for sr, sc in s_bits:
            total += 7 - max(abs(sr - wr), abs(sc - wc))
            n += 1
    return (total * 4) // n if n else 0


def _chunk_tables(weights: dict[int, tuple[int, int, int]]) -> tuple[tuple[int, ...], ...]:
    """Lookup tables for the men's square terms, by 9-bit slices of a bitboard.

    ``weights[s]`` is ``(advancement, centre, back rank)`` for a man on square ``s``.
    Entry ``t[j][x]`` is the sum over the set bits of ``x`` (bits ``9j`` to ``9j + 8``
    of the board) of those three terms and of the number of men, packed as
    ``adv | centre << 8 | back << 16 | count << 24`` (each sum stays below 256 for 12
    men), so four lookups give all of them for the men of one colour at once: cheaper
    in CPython than a popcount per bit plane.
    """
    by_bit = {BIT[s].bit_length() - 1: w for s, w in weights.items()}
    tables = []
    for j in range(4):
        t = []
        for x in range(512):
            total = 0
            for i in range(9):
                if x >> i & 1 and 9 * j + i in by_bit:
                    a, c, b = by_bit[9 * j + i]
                    total += a | c << 8 | b << 16 | 1 << 24
            t.append(total)
        tables.append(tuple(t))
    return tuple(tables)


def _men_weights(black: bool) -> dict[int, tuple[int, int, int]]:
    """Per-square (advancement, centre, back rank) of a man of one colour."""
    out = {}
    for s in range(1, 33):
        own = s if black else 33 - s  # the square as seen from the man's own side
        back = 4 if own <= 4 else 0
        if own in (1, 3):
            back += 6  # a bridge square
        out[s] = (_ADV_BLACK[own], 2 * _CENTRE[s], back)
    return out


MEN_B = _chunk_tables(_men_weights(True))
MEN_W = _chunk_tables(_men_weights(False))


def evaluate(black: int, white: int, kings: int) -> int:
    """The position's value for Black, in hundredths of a man (negate for White)."""
    if not kings:
        # Men only (most leaves before the ending): the same terms as below, with the
        # king terms left out and the men counted by the tables.
        t0, t1, t2, t3 = MEN_B
        sb = t0[black & 511] + t1[(black >> 9) & 511] + t2[(black >> 18) & 511] + t3[black >> 27]
        t0, t1, t2, t3 = MEN_W
        sw = t0[white & 511] + t1[(white >> 9) & 511] + t2[(white >> 18) & 511] + t3[white >> 27]
        nbm = sb >> 24
        nwm = sw >> 24
        score = MAN * (nbm - nwm)
        if nbm != nwm:
            trade = TRADE * abs(score) // (MAN * (nbm + nwm))
            score += trade if nbm > nwm else -trade
        w_adv = 24 - nbm - nwm
        if w_adv > 0:
            score += ((sb & 255) * w_adv) // 5 - ((sw & 255) * w_adv) // 5
        if nwm:
            score += ((sb >> 16) & 255) * (nwm if nwm < 8 else 8) // 8
        if nbm:
            score -= ((sw >> 16) & 255) * (nbm if nbm < 8 else 8) // 8
        empty = VALID & ~(black | white)
        return (
            score
            + ((sb >> 8) & 255)
            - ((sw >> 8) & 255)
            + 2
            * (
                ((black << 4) & empty).bit_count()
                + ((black << 5) & empty).bit_count()
                - ((white >> 4) & empty).bit_count()
                - ((white >> 5) & empty).bit_count()
            )
        )
    bm = black & ~kings
    wm = white & ~kings
    bk = black & kings
    wk = white & kings
    nbm = bm.bit_count()
    nwm = wm.bit_count()
    nbk = bk.bit_count()
    nwk = wk.bit_count()
    mat_b = MAN * nbm + KING * nbk
    mat_w = MAN * nwm + KING * nwk
    diff = mat_b - mat_w
    score = diff
    if diff:
        # (Written so that both colours round the same way: the value must be exactly
        # antisymmetric, or the search would favour one colour.)
        trade = TRADE * abs(diff) // (mat_b + mat_w)
        score += trade if diff > 0 else -trade
    pieces = nbm + nwm + nbk + nwk
    empty = VALID & ~(black | white)

    if nbm or nwm:
        t0, t1, t2, t3 = MEN_B
        sb = t0[bm & 511] + t1[(bm >> 9) & 511] + t2[(bm >> 18) & 511] + t3[bm >> 27]
        t0, t1, t2, t3 = MEN_W
        sw = t0[wm & 511] + t1[(wm >> 9) & 511] + t2[(wm >> 18) & 511] + t3[wm >> 27]
        # Advancement, weighted up as the board empties (0 with all 24 pieces).
        w_adv = 24 - pieces
        if w_adv > 0:
            score += ((sb & 255) * w_adv) // 5 - ((sw & 255) * w_adv) // 5
        # Back-rank guard while the other side has men that could crown.
        if nwm:
            score += ((sb >> 16) & 255) * (nwm if nwm < 8 else 8) // 8
        if nbm:
            score -= ((sw >> 16) & 255) * (nbm if nbm < 8 else 8) // 8
        # Centre.
        score += ((sb >> 8) & 255) - ((sw >> 8) & 255)
        # Mobility of the men (kings' mobility is in their table and the ending term).
        mob = ((bm << 4) & empty).bit_count() + ((bm << 5) & empty).bit_count()
        mob -= ((wm >> 4) & empty).bit_count() + ((wm >> 5) & empty).bit_count()
        score += 2 * mob
    if nbk or nwk:
        k0, k1 = KING_PST
        score += 3 * ((bk & k0).bit_count() - (wk & k0).bit_count()) + 6 * (
            (bk & k1).bit_count() - (wk & k1).bit_count()
        )
        kmob = (
            ((bk << 4) & empty).bit_count()
            + ((bk << 5) & empty).bit_count()
            + ((bk >> 4) & empty).bit_count()
            + ((bk >> 5) & empty).bit_count()
        )
        kmob -= (
            ((wk << 4) & empty).bit_count()
            + ((wk << 5) & empty).bit_count()
            + ((wk >> 4) & empty).bit_count()
            + ((wk >> 5) & empty).bit_count()
        )
        score += 2 * kmob
        if pieces <= 10 and diff:
            # King-endgame technique for the stronger side.
            if diff > 0 and bk and wk:
                score += _closeness(bk, wk) + 4 * (wk & EDGES).bit_count()
                score -= DC_PENALTY * (wk & DOUBLE_CORNERS).bit_count()
            elif diff < 0 and wk and bk:
                score -= _closeness(wk, bk) + 4 * (bk & EDGES).bit_count()
                score += DC_PENALTY * (bk & DOUBLE_CORNERS).bit_count()
    return score


def evaluate_side(own: int, opp: int, kings: int, black: bool) -> int:
    """:func:`evaluate` from the side to move's point of view."""
    return evaluate(own, opp, kings) if black else -evaluate(opp, own, kings)
