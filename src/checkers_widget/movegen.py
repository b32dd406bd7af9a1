"""Move generation on raw bitboards: the hot path shared by Board, perft and the engine.

Positions here are three integers in the layout of :mod:`squares` plus the side to
move: ``own`` (the pieces of the side to move), ``opp`` (the other side's) and
``kings`` (kings of both sides). Nothing here allocates objects beyond small tuples,
so the functions can be called millions of times a second by perft and the search.

Rules encoded (American checkers / English draughts): men step and jump diagonally
forward only; kings one square in any diagonal direction; a capture is compulsory but
any capture may be chosen; a jump sequence goes on with the same piece while it can; a
man that reaches the far row is crowned and the move ends there. Jumped pieces stay
on the board, unjumpable, until the move is over (so a later hop cannot land on them).
Two jump sequences that take the same pieces in a different order are two moves (the
convention of the published perft numbers).

How it is made fast, in pure Python (it must also run in Pyodide):

* Every diagonal step is one shift of the whole bitboard (left = towards White's side),
  so "which pieces can jump" or "how many steps are there" is a handful of integer
  operations for all pieces at once, and a count is ``int.bit_count``.
* Capture sequences are only walked from the pieces that have a first jump (found with
  shifts). Counting them (the last ply of perft) builds no tuples at all, and when only
  men can jump and no first jump goes on, the count is a popcount of the landing squares.
* :func:`perft` counts the leaves of the last ply in bulk, and the two plies above the
  leaves are unrolled in :func:`_perft2_black` / :func:`_perft2_white`: for each quiet
  move of the side to move they test the reply's captures and count its moves inline,
  with the opponent's shifted pieces computed once per position. Most of perft's time
  is spent in those two loops. They are written once per colour because the direction
  of a shift is part of the operator (``<<`` or ``>>``), and a shared version would
  pay for it on every child.
* The public functions keep their simple shapes (lists of tuples) for Board and the
  engine; perft uses private walkers that return counts or bare positions instead.
"""

from __future__ import annotations

from .squares import BLACK_CROWN_ROW, VALID, WHITE_CROWN_ROW

__all__ = [
    "CaptureSeq",
    "apply_capture",
    "apply_quiet",
    "captures",
    "count_moves",
    "has_capture",
    "perft",
    "quiet_moves",
]

#: A complete capture: (path of one-bit masks, jumped masks in order, crowns?).
CaptureSeq = tuple[tuple[int, ...], tuple[int, ...], bool]


# ---------------------------------------------------------------------- first jumps


def _jumpers(own: int, opp: int, kings: int, black: bool, empty: int) -> int:
    """The pieces of the side to move that have at least one jump (as a bitboard).

    Worked backwards from the landing squares: a black piece ``p`` jumps towards White
    when ``p << d`` is an opponent and ``p << 2d`` is empty, that is when ``p`` is in
    ``((empty >> d) & opp) >> d``. Kings also jump the other way.
    """
    if black:
        j = ((((empty >> 4) & opp) >> 4) | (((empty >> 5) & opp) >> 5)) & own
        k = own & kings
        if k:
            j |= ((((empty << 4) & opp) << 4) | (((empty << 5) & opp) << 5)) & k
        return j
    j = ((((empty << 4) & opp) << 4) | (((empty << 5) & opp) << 5)) & own
    k = own & kings
    if k:
        j |= ((((empty >> 4) & opp) >> 4) | (((empty >> 5) & opp) >> 5)) & k
    return j


def has_capture(own: int, opp: int, kings: int, black: bool) -> bool:
    """Whether the side to move has at least one jump (and so must capture)."""
    empty = VALID & ~(own | opp)
    if black:
        if ((((own << 4) & opp) << 4) | (((own << 5) & opp) << 5)) & empty:
            return True
        k = own & kings
        return bool(k and ((((k >> 4) & opp) >> 4) | (((k >> 5) & opp) >> 5)) & empty)
    if ((((own >> 4) & opp) >> 4) | (((own >> 5) & opp) >> 5)) & empty:
        return True
    k = own & kings
    return bool(k and ((((k << 4) & opp) << 4) | (((k << 5) & opp) << 5)) & empty)


# ---------------------------------------------------------------------- quiet moves


def quiet_moves(own: int, opp: int, kings: int, black: bool) -> list[tuple[int, int]]:
    """Every non-capturing step as ``(from_bit, to_bit)``; ignores compulsory capture."""
    empty = VALID & ~(own | opp)
    out: list[tuple[int, int]] = []
    k = own & kings
    if black:
        forward, backward = own, k
    else:
        forward, backward = k, own
    # ``forward`` pieces step with a left shift (towards White's side), ``backward``
    # pieces with a right shift: black men and all kings one way, white men and kings
    # the other.
    for d in (4, 5):
        t = (forward << d) & empty
        while t:
            low = t & -t
            t ^= low
            out.append((low >> d, low))
        if backward:
            t = (backward >> d) & empty
            while t:
                low = t & -t
                t ^= low
                out.append((low << d, low))
    return out


def apply_quiet(
    own: int, opp: int, kings: int, src: int, dst: int, black: bool
) -> tuple[int, int, int]:
    """The position after a step, still seen from the mover: ``(own, opp, kings)``."""
    own ^= src | dst
    if kings & src:
        kings ^= src | dst
    elif dst & (BLACK_CROWN_ROW if black else WHITE_CROWN_ROW):
        kings |= dst
    return own, opp, kings


# ---------------------------------------------------------------------- capture paths


def _jump_on(
    at: int,
    king: bool,
    black: bool,
    opp: int,
    empty: int,
    path: tuple[int, ...],
    caps: tuple[int, ...],
    out: list[CaptureSeq],
) -> None:
    """Extend a jump sequence from ``at``; record it when no jump is left.

    ``opp`` holds only the opponents not yet jumped (a jumped piece cannot be jumped
    again), and ``empty`` is fixed for the whole move (a jumped piece still blocks a
    landing), so both rules come for free.
    """
    extended = False
    if king or black:
        for d in (4, 5):
            mid = at << d
            if mid & opp:
                land = mid << d
                if land & empty:
                    extended = True
                    if not king and land & BLACK_CROWN_ROW:
                        out.append(((*path, land), (*caps, mid), True))
                    else:
                        _jump_on(
                            land, king, black, opp ^ mid, empty, (*path, land), (*caps, mid), out
                        )
    if king or not black:
        for d in (4, 5):
            mid = at >> d
            if mid & opp:
                land = mid >> d
                if land & empty:
                    extended = True
                    if not king and land & WHITE_CROWN_ROW:
                        out.append(((*path, land), (*caps, mid), True))
                    else:
                        _jump_on(
                            land, king, black, opp ^ mid, empty, (*path, land), (*caps, mid), out
                        )
    if not extended and caps:
        out.append((path, caps, False))


def captures(own: int, opp: int, kings: int, black: bool) -> list[CaptureSeq]:
    """Every complete jump sequence for the side to move (empty if none)."""
    empty0 = VALID & ~(own | opp)
    pieces = _jumpers(own, opp, kings, black, empty0)
    out: list[CaptureSeq] = []
    while pieces:
        low = pieces & -pieces
        pieces ^= low
        # The jumping piece leaves its square, so a king may come back through it.
        _jump_on(low, bool(low & kings), black, opp, empty0 | low, (low,), (), out)
    return out


def apply_capture(own: int, opp: int, kings: int, seq: CaptureSeq) -> tuple[int, int, int]:
    """The position after a complete jump sequence, seen from the mover."""
    path, caps, crowns = seq
    src = path[0]
    dst = path[-1]
    taken = 0
    for c in caps:
        taken |= c
    own ^= src
    own |= dst
    opp &= ~taken
    if kings & src:
        kings = (kings & ~src & ~taken) | dst
    else:
        kings &= ~taken
        if crowns:
            kings |= dst
    return own, opp, kings


# ---------------------------------------------------------------------- capture counts
#
# Counting jump sequences is the last ply of perft whenever a capture is compulsory, so
# it gets its own walkers that only return numbers. Each is called with a piece that
# has just landed (or, for the first hop, that has a jump) and returns how many
# complete sequences go on from there: 1 when no further jump exists.


def _count_black_man(at: int, opp: int, empty: int) -> int:
    """Sequences from a black man on ``at`` (it jumps towards White; crowning stops it)."""
    n = 0
    mid = at << 4
    if mid & opp:
        land = mid << 4
        if land & empty:
            n += 1 if land & BLACK_CROWN_ROW else _count_black_man(land, opp ^ mid, empty)
    mid = at << 5
    if mid & opp:
        land = mid << 5
        if land & empty:
            n += 1 if land & BLACK_CROWN_ROW else _count_black_man(land, opp ^ mid, empty)
    return n or 1


def _count_white_man(at: int, opp: int, empty: int) -> int:
    """Sequences from a white man on ``at`` (it jumps towards Black; crowning stops it)."""
    n = 0
    mid = at >> 4
    if mid & opp:
        land = mid >> 4
        if land & empty:
            n += 1 if land & WHITE_CROWN_ROW else _count_white_man(land, opp ^ mid, empty)
    mid = at >> 5
    if mid & opp:
        land = mid >> 5
        if land & empty:
            n += 1 if land & WHITE_CROWN_ROW else _count_white_man(land, opp ^ mid, empty)
    return n or 1


def _count_king(at: int, opp: int, empty: int) -> int:
    """Sequences from a king on ``at`` (all four directions; nothing stops it)."""
    n = 0
    mid = at << 4
    if mid & opp and (mid << 4) & empty:
        n += _count_king(mid << 4, opp ^ mid, empty)
    mid = at << 5
    if mid & opp and (mid << 5) & empty:
        n += _count_king(mid << 5, opp ^ mid, empty)
    mid = at >> 4
    if mid & opp and (mid >> 4) & empty:
        n += _count_king(mid >> 4, opp ^ mid, empty)
    mid = at >> 5
    if mid & opp and (mid >> 5) & empty:
        n += _count_king(mid >> 5, opp ^ mid, empty)
    return n or 1


def _count_captures(own: int, opp: int, kings: int, black: bool) -> int:
    """How many complete jump sequences the side to move has (0 when it has none)."""
    empty = VALID & ~(own | opp)
    if not own & kings:
        # Men only, the usual case: ``j4`` and ``j5`` are the landing squares of the first
        # jumps, one bit per jump. If no landing square has a further jump (a man only
        # jumps forward, so never back over the piece it just took), each first jump is a
        # whole move and the count is two popcounts; otherwise walk the sequences.
        if black:
            j4 = (((own << 4) & opp) << 4) & empty
            j5 = (((own << 5) & opp) << 5) & empty
            j = j4 | j5
            if not ((((j << 4) & opp) << 4) | (((j << 5) & opp) << 5)) & empty:
                return j4.bit_count() + j5.bit_count()
        else:
            j4 = (((own >> 4) & opp) >> 4) & empty
            j5 = (((own >> 5) & opp) >> 5) & empty
            j = j4 | j5
            if not ((((j >> 4) & opp) >> 4) | (((j >> 5) & opp) >> 5)) & empty:
                return j4.bit_count() + j5.bit_count()
    pieces = _jumpers(own, opp, kings, black, empty)
    n = 0
    while pieces:
        p = pieces & -pieces
        pieces ^= p
        if p & kings:
            n += _count_king(p, opp, empty | p)
        elif black:
            n += _count_black_man(p, opp, empty)
        else:
            n += _count_white_man(p, opp, empty)
    return n


def count_moves(own: int, opp: int, kings: int, black: bool) -> int:
    """How many legal moves the side to move has, without building them."""
    empty = VALID & ~(own | opp)
    k = own & kings
    if black:
        if ((((own << 4) & opp) << 4) | (((own << 5) & opp) << 5)) & empty or (
            k and ((((k >> 4) & opp) >> 4) | (((k >> 5) & opp) >> 5)) & empty
        ):
            return _count_captures(own, opp, kings, True)
        n = ((own << 4) & empty).bit_count() + ((own << 5) & empty).bit_count()
        if k:
            n += ((k >> 4) & empty).bit_count() + ((k >> 5) & empty).bit_count()
        return n
    if ((((own >> 4) & opp) >> 4) | (((own >> 5) & opp) >> 5)) & empty or (
        k and ((((k << 4) & opp) << 4) | (((k << 5) & opp) << 5)) & empty
    ):
        return _count_captures(own, opp, kings, False)
    n = ((own >> 4) & empty).bit_count() + ((own >> 5) & empty).bit_count()
    if k:
        n += ((k << 4) & empty).bit_count() + ((k << 5) & empty).bit_count()
    return n


# ---------------------------------------------------------------------- capture results


def _land_black_man(at: int, opp: int, empty: int, out: list[tuple[int, int, bool]]) -> None:
    """Append ``(landing square, opponents left, crowned)`` for each black-man sequence."""
    extended = False
    mid = at << 4
    if mid & opp:
        land = mid << 4
        if land & empty:
            extended = True
            if land & BLACK_CROWN_ROW:
                out.append((land, opp ^ mid, True))
            else:
                _land_black_man(land, opp ^ mid, empty, out)
    mid = at << 5
    if mid & opp:
        land = mid << 5
        if land & empty:
            extended = True
            if land & BLACK_CROWN_ROW:
                out.append((land, opp ^ mid, True))
            else:
                _land_black_man(land, opp ^ mid, empty, out)
    if not extended:
        out.append((at, opp, False))


def _land_white_man(at: int, opp: int, empty: int, out: list[tuple[int, int, bool]]) -> None:
    """Append ``(landing square, opponents left, crowned)`` for each white-man sequence."""
    extended = False
    mid = at >> 4
    if mid & opp:
        land = mid >> 4
        if land & empty:
            extended = True
            if land & WHITE_CROWN_ROW:
                out.append((land, opp ^ mid, True))
            else:
                _land_white_man(land, opp ^ mid, empty, out)
    mid = at >> 5
    if mid & opp:
        land = mid >> 5
        if land & empty:
            extended = True
            if land & WHITE_CROWN_ROW:
                out.append((land, opp ^ mid, True))
            else:
                _land_white_man(land, opp ^ mid, empty, out)
    if not extended:
        out.append((at, opp, False))


def _land_king(at: int, opp: int, empty: int, out: list[tuple[int, int, bool]]) -> None:
    """Append ``(landing square, opponents left, False)`` for each king sequence."""
    extended = False
    for d in (4, 5):
        mid = at << d
        if mid & opp and (mid << d) & empty:
            extended = True
            _land_king(mid << d, opp ^ mid, empty, out)
        mid = at >> d
        if mid & opp and (mid >> d) & empty:
            extended = True
            _land_king(mid >> d, opp ^ mid, empty, out)
    if not extended:
        out.append((at, opp, False))


def _capture_children(own: int, opp: int, kings: int, black: bool) -> list[tuple[int, int, int]]:
    """The position ``(own, opp, kings)`` after each capture, still seen from the mover.

    One entry per jump sequence (the same pieces taken in another order is another
    entry), like :func:`captures` followed by :func:`apply_capture`, without the paths.
    """
    empty = VALID & ~(own | opp)
    out: list[tuple[int, int, int]] = []
    if not own & kings:
        # Men only and no first jump goes on (see _count_captures): each landing square
        # of ``j4`` / ``j5`` is one whole move, read straight off the bitboard.
        if black:
            j4 = (((own << 4) & opp) << 4) & empty
            j5 = (((own << 5) & opp) << 5) & empty
            j = j4 | j5
            if not ((((j << 4) & opp) << 4) | (((j << 5) & opp) << 5)) & empty:
                for lands, d in ((j4, 4), (j5, 5)):
                    while lands:
                        land = lands & -lands
                        lands ^= land
                        mid = land >> d
                        k = (kings & ~mid) | (land & BLACK_CROWN_ROW)
                        out.append((own ^ (mid >> d) ^ land, opp ^ mid, k))
                return out
        else:
            j4 = (((own >> 4) & opp) >> 4) & empty
            j5 = (((own >> 5) & opp) >> 5) & empty
            j = j4 | j5
            if not ((((j >> 4) & opp) >> 4) | (((j >> 5) & opp) >> 5)) & empty:
                for lands, d in ((j4, 4), (j5, 5)):
                    while lands:
                        land = lands & -lands
                        lands ^= land
                        mid = land << d
                        k = (kings & ~mid) | (land & WHITE_CROWN_ROW)
                        out.append((own ^ (mid << d) ^ land, opp ^ mid, k))
                return out
    pieces = _jumpers(own, opp, kings, black, empty)
    ends: list[tuple[int, int, bool]] = []
    while pieces:
        src = pieces & -pieces
        pieces ^= src
        ends.clear()
        king = src & kings
        if king:
            _land_king(src, opp, empty | src, ends)
        elif black:
            _land_black_man(src, opp, empty, ends)
        else:
            _land_white_man(src, opp, empty, ends)
        rest = own ^ src
        for dst, left, crowned in ends:
            # Kings that were jumped disappear with their men; a moving king moves.
            k = kings & (rest | left)
            if king or crowned:
                k |= dst
            out.append((rest | dst, left, k))
    return out


# ---------------------------------------------------------------------- perft


def _perft2_black(own: int, opp: int, kings: int) -> int:
    """perft(2) with Black to move: the sum of White's move counts after each Black move.

    A quiet Black move changes two squares, ``sd`` (source and target), so White's
    shifted pieces (``w4``, ``w5``: where White's pieces step to; ``k4``, ``k5``: where
    White's kings step back to) are computed once here and each reply costs a few
    operations: the landing squares of White's first jumps, then either a popcount of
    those (no jump goes on, no White king: the common case), a full count of White's
    jump sequences, or a popcount of White's steps.

    Each step is visited by its upper square ``hi`` (the higher bit of the pair), so
    that one loop per direction serves the men's steps and the kings' steps back:
    ``sd = hi | hi >> d`` either way. Kings are never updated here: whether and how
    White can move after a Black move does not depend on Black's kings.
    """
    empty = VALID & ~(own | opp)
    bk = own & kings
    if ((((own << 4) & opp) << 4) | (((own << 5) & opp) << 5)) & empty or (
        bk and ((((bk >> 4) & opp) >> 4) | (((bk >> 5) & opp) >> 5)) & empty
    ):
        total = 0
        for o, p, k in _capture_children(own, opp, kings, True):
            total += count_moves(p, o, k, False)
        return total
    wk = opp & kings
    w4 = opp >> 4
    w5 = opp >> 5
    k4 = wk << 4
    k5 = wk << 5
    total = 0
    for d in (4, 5):
        # Targets of Black's steps towards White, sources of Black's kings' steps back.
        t = ((own << d) & empty) | ((empty << d) & bk)
        while t:
            hi = t & -t
            t ^= hi
            sd = hi | (hi >> d)
            o2 = own ^ sd
            e2 = empty ^ sd
            j4 = ((w4 & o2) >> 4) & e2
            j5 = ((w5 & o2) >> 5) & e2
            if j4 or j5:
                j = j4 | j5
                if wk or ((((j >> 4) & o2) >> 4) | (((j >> 5) & o2) >> 5)) & e2:
                    total += _count_captures(opp, o2, wk, False)
                else:
                    total += j4.bit_count() + j5.bit_count()
            elif wk and (((k4 & o2) << 4) | ((k5 & o2) << 5)) & e2:
                total += _count_captures(opp, o2, wk, False)
            else:
                total += (w4 & e2).bit_count() + (w5 & e2).bit_count()
                if wk:
                    total += (k4 & e2).bit_count() + (k5 & e2).bit_count()
    return total


def _perft2_white(own: int, opp: int, kings: int) -> int:
    """perft(2) with White to move: :func:`_perft2_black` with every shift mirrored."""
    empty = VALID & ~(own | opp)
    wk = own & kings
    if ((((own >> 4) & opp) >> 4) | (((own >> 5) & opp) >> 5)) & empty or (
        wk and ((((wk << 4) & opp) << 4) | (((wk << 5) & opp) << 5)) & empty
    ):
        total = 0
        for o, p, k in _capture_children(own, opp, kings, False):
            total += count_moves(p, o, k, True)
        return total
    bk = opp & kings
    b4 = opp << 4
    b5 = opp << 5
    k4 = bk >> 4
    k5 = bk >> 5
    total = 0
    for d in (4, 5):
        # Sources of White's steps towards Black, targets of White's kings' steps back.
        t = ((empty << d) & own) | ((wk << d) & empty)
        while t:
            hi = t & -t
            t ^= hi
            sd = hi | (hi >> d)
            o2 = own ^ sd
            e2 = empty ^ sd
            j4 = ((b4 & o2) << 4) & e2
            j5 = ((b5 & o2) << 5) & e2
            if j4 or j5:
                j = j4 | j5
                if bk or ((((j << 4) & o2) << 4) | (((j << 5) & o2) << 5)) & e2:
                    total += _count_captures(opp, o2, bk, True)
                else:
                    total += j4.bit_count() + j5.bit_count()
            elif bk and (((k4 & o2) >> 4) | ((k5 & o2) >> 5)) & e2:
                total += _count_captures(opp, o2, bk, True)
            else:
                total += (b4 & e2).bit_count() + (b5 & e2).bit_count()
                if bk:
                    total += (k4 & e2).bit_count() + (k5 & e2).bit_count()
    return total


def _perft(own: int, opp: int, kings: int, black: bool, depth: int) -> int:
    """perft for ``depth >= 3``: recurse until two plies are left, then unroll them."""
    nxt = depth - 1
    wb = not black
    if has_capture(own, opp, kings, black):
        total = 0
        if nxt == 2:
            child = _perft2_white if black else _perft2_black
            for o, p, k in _capture_children(own, opp, kings, black):
                total += child(p, o, k)
        else:
            for o, p, k in _capture_children(own, opp, kings, black):
                total += _perft(p, o, k, wb, nxt)
        return total
    empty = VALID & ~(own | opp)
    k_own = own & kings
    if black:
        # Black men and kings step with a left shift, Black kings also with a right one.
        forward, backward, crown_row = own, k_own, BLACK_CROWN_ROW
    else:
        forward, backward, crown_row = k_own, own, WHITE_CROWN_ROW
    total = 0
    for d in (4, 5):
        # The upper square of every step: a left-shift step's target, a right-shift
        # step's source (see _perft2_black).
        t = ((forward << d) & empty) | ((empty << d) & backward)
        while t:
            hi = t & -t
            t ^= hi
            sd = hi | (hi >> d)
            o = own ^ sd
            # A king moves its king bit; a man never starts on its crown row, so
            # ``sd & crown_row`` is the target square when the step crowns.
            k = kings ^ sd if kings & sd else kings | (sd & crown_row)
            if nxt == 2:
                total += _perft2_white(opp, o, k) if black else _perft2_black(opp, o, k)
            else:
                total += _perft(opp, o, k, wb, nxt)
    return total


def perft(own: int, opp: int, kings: int, black: bool, depth: int) -> int:
    """Leaf nodes of the legal-move tree ``depth`` plies deep (bulk-counted at the last ply).

    Jump sequences that take the same pieces in a different order count as different
    moves, as in the published tables (start position depth 12: 388,623,673).
    """
    if depth <= 0:
        return 1
    if depth == 1:
        return count_moves(own, opp, kings, black)
    if depth == 2:
        return _perft2_black(own, opp, kings) if black else _perft2_white(own, opp, kings)
    return _perft(own, opp, kings, black, depth)
