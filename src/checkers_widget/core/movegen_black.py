"""Black's move rules, the one source of the rules that differ by colour.

:mod:`movegen` is the move generator everyone calls; this module holds the half of it
that is written for Black, and the pieces both colours share (the jump tables, the
kings' walkers). White's half is Black's turned round (see :mod:`movegen`'s docstring):
``scripts/write_white_movegen.py`` writes it from the functions here into
:mod:`movegen_white`, and a test fails when that file is not what the script writes. To
change a rule, change it here (for Black) and run the script.

The functions come in two kinds:

* ``_jumpers_black``, ``_black_man_jumps``, ``_count_black_man``,
  ``_count_captures_black``, ``_count_moves_black``, ``_capture_children_black`` are
  Black's and run as they are; their mirror images (``_jumpers_white`` ...) are
  White's.
* ``_has_capture_black``, ``_can_take_black``, ``_moves_kind_black``,
  ``_can_step_black``, ``_capture_results_black`` are the Black half of the public
  :func:`~checkers_widget.core.movegen.has_capture`, ``can_take``, ``moves_kind``,
  ``can_step`` and ``capture_results``, which the search calls at every node. Those are
  written out as ``if black: <this body> else: <its mirror image>``, so that either
  colour runs straight-line code with one test of its colour (a call to a function per
  colour cost the search 1 % more instructions). Their docstrings are the public ones.

Positions are ``own`` (the side to move's pieces), ``opp`` and ``kings``, bitboards in
the layout of :mod:`squares`. Moves by result are :data:`BitMove` tuples.
"""

from __future__ import annotations

from collections.abc import Callable

from .squares import BLACK_CROWN_ROW, VALID

#: A move by its result: ``(src, dst, taken)``, one-bit masks and the mask of the
#: jumped pieces (0 for a step).
BitMove = tuple[int, int, int]

#: What :func:`~checkers_widget.core.movegen.moves_kind` answers: the side to move must
#: capture, can only step, or has no move at all (and so has lost).
MUST_CAPTURE, STEPS_ONLY, NO_MOVE = 2, 1, 0


# ---------------------------------------------------------------------- first jumps


def _jumpers_black(own: int, opp: int, kings: int, empty: int) -> int:
    """Black's pieces that have at least one jump (as a bitboard).

    Worked backwards from the landing squares: a piece ``p`` jumps up when ``p << d``
    is an opponent and ``p << 2d`` is empty, that is when ``p`` is in
    ``((empty >> d) & opp) >> d``. Kings also jump down.
    """
    j = ((((empty >> 4) & opp) >> 4) | (((empty >> 5) & opp) >> 5)) & own
    k = own & kings
    if k:
        j |= ((((empty << 4) & opp) << 4) | (((empty << 5) & opp) << 5)) & k
    return j


def _has_capture_black(own: int, opp: int, kings: int) -> bool:
    """Whether the side to move has at least one jump (and so must capture)."""
    empty = VALID & ~(own | opp)
    if ((((own << 4) & opp) << 4) | (((own << 5) & opp) << 5)) & empty:
        return True
    k = own & kings
    return bool(k and ((((k >> 4) & opp) >> 4) | (((k >> 5) & opp) >> 5)) & empty)


def _can_take_black(own: int, opp: int, kings: int, at: int) -> bool:
    """Whether the side to move has a jump over the piece on ``at`` (one opponent bit).

    The search asks it of the piece just moved (is it offered?). A man jumps it from
    behind, seen from the jumper's direction of travel (Black's men jump up: from
    ``at >> d`` over ``at`` to ``at << d``); a king from either side.
    """
    empty = VALID & ~(own | opp)
    return bool(
        ((at >> 4) & own and (at << 4) & empty)
        or ((at >> 5) & own and (at << 5) & empty)
        or ((at << 4) & own & kings and (at >> 4) & empty)
        or ((at << 5) & own & kings and (at >> 5) & empty)
    )


def _moves_kind_black(own: int, opp: int, kings: int) -> int:
    """:data:`MUST_CAPTURE`, :data:`STEPS_ONLY` or :data:`NO_MOVE`, in one call.

    :func:`has_capture` then :func:`can_step`, for the search's horizon, which asks
    both of almost every position it values.
    """
    empty = VALID & ~(own | opp)
    k = own & kings
    if ((((own << 4) & opp) << 4) | (((own << 5) & opp) << 5)) & empty or (
        k and ((((k >> 4) & opp) >> 4) | (((k >> 5) & opp) >> 5)) & empty
    ):
        return MUST_CAPTURE
    if ((own << 4) | (own << 5)) & empty or (k and ((k >> 4) | (k >> 5)) & empty):
        return STEPS_ONLY
    return NO_MOVE


# ---------------------------------------------------------------------- quiet moves


def _can_step_black(own: int, opp: int, kings: int) -> bool:
    """Whether the side to move has at least one step (ignores compulsory capture)."""
    empty = VALID & ~(own | opp)
    k = own & kings
    return bool(((own << 4) | (own << 5)) & empty or (k and ((k >> 4) | (k >> 5)) & empty))


def _chunked(make: Callable[[int], BitMove]) -> tuple[tuple[tuple[BitMove, ...], ...], ...]:
    """Per 9-bit slice of a bitboard, the moves of every subset of its bits.

    ``table[j][x]`` holds ``make(b)`` for each set bit ``b`` of ``x << 9j``, in
    ascending order, so that a whole set of destination squares turns into its moves
    with four lookups and C-level list building instead of a Python loop per move.
    Each entry is built from the one without its highest bit, so the 4 x 512 entries
    cost one small tuple each (a few milliseconds at import).
    """
    tables = []
    for j in range(4):
        t: list[tuple[BitMove, ...]] = [()]
        for x in range(1, 512):
            high = 1 << (x.bit_length() - 1)
            t.append((*t[x ^ high], make(high << (9 * j))))
        tables.append(tuple(t))
    return tuple(tables)


# Single jumps by landing square: ``(src, land, jumped)``.
_JUMPS_UP_4 = _chunked(lambda d: (d >> 8, d, d >> 4))
_JUMPS_UP_5 = _chunked(lambda d: (d >> 10, d, d >> 5))
_JUMPS_DOWN_4 = _chunked(lambda d: (d << 8, d, d << 4))
_JUMPS_DOWN_5 = _chunked(lambda d: (d << 10, d, d << 5))


# ---------------------------------------------------------------------- capture results
#
# The capture walkers behind capture_results and perft's capture children. Each is
# called with a piece on ``at`` that came from ``src`` having taken ``taken`` so far
# (``opp`` holds the opponents not yet taken, ``empty`` the squares it may land on) and
# appends one ``(src, landing square, taken)`` per complete sequence from there.


def _black_man_jumps(
    at: int, opp: int, empty: int, src: int, taken: int, out: list[BitMove]
) -> None:
    """Sequences of a black man (it jumps up; crowning ends the move)."""
    more = False
    for d in (4, 5):
        mid = at << d
        if mid & opp:
            land = mid << d
            if land & empty:
                more = True
                if land & BLACK_CROWN_ROW:
                    out.append((src, land, taken | mid))
                else:
                    _black_man_jumps(land, opp ^ mid, empty, src, taken | mid, out)
    if not more:
        out.append((src, at, taken))


def _king_jumps(at: int, opp: int, empty: int, src: int, taken: int, out: list[BitMove]) -> None:
    """Sequences of a king (all four directions; nothing ends the move but a dead end)."""
    more = False
    for mid, land in (
        (at << 4, at << 8),
        (at << 5, at << 10),
        (at >> 4, at >> 8),
        (at >> 5, at >> 10),
    ):
        if mid & opp and land & empty:
            more = True
            _king_jumps(land, opp ^ mid, empty, src, taken | mid, out)
    if not more:
        out.append((src, at, taken))


def _capture_results_black(own: int, opp: int, kings: int) -> list[BitMove]:
    """Every capture of the side to move, one per distinct result (empty if none).

    The list is ordered by the number of pieces taken, most first (the order the
    search tries them in). Men are handled from the landing squares of their first
    jumps, found for all men at once with two shifts per direction; a landing from
    which no man could jump again (or on the crown row, which ends the move) is a
    whole move, read from a table, and only a man that can jump on is walked
    recursively. (A man's further jumps go forwards, away from the piece it just
    took, so whether it can jump on is a property of its landing square alone.)
    Kings are walked from their square (their routes can branch and even come back,
    which is where duplicate results arise).
    """
    empty = VALID & ~(own | opp)
    k = own & kings
    men = own ^ k
    out: list[BitMove]
    a = (((men << 4) & opp) << 4) & empty
    b = (((men << 5) & opp) << 5) & empty
    if not k and (not a or not b) and not ((a | b) & ((a | b) - 1)):
        # At most one man can jump, one way (the common case): no tables, no lists.
        if not (a | b):
            return []
        d = 4 if a else 5
        land = a | b
        mid = land >> d
        if land & BLACK_CROWN_ROW or not (
            ((((land << 4) & opp) << 4) | (((land << 5) & opp) << 5)) & empty
        ):
            return [(mid >> d, land, mid)]
    if a | b:
        # Squares from which a man can jump (again), crown row left out.
        on = ((((empty >> 4) & opp) >> 4) | (((empty >> 5) & opp) >> 5)) & ~BLACK_CROWN_ROW
        more_a = a & on
        more_b = b & on
        a ^= more_a
        b ^= more_b
        t0, t1, t2, t3 = _JUMPS_UP_4
        u0, u1, u2, u3 = _JUMPS_UP_5
        out = [
            *t0[a & 511], *t1[(a >> 9) & 511], *t2[(a >> 18) & 511], *t3[a >> 27],
            *u0[b & 511], *u1[(b >> 9) & 511], *u2[(b >> 18) & 511], *u3[b >> 27],
        ]  # fmt: skip
        if more_a | more_b:
            longer: list[BitMove] = []
            while more_a:
                land = more_a & -more_a
                more_a ^= land
                mid = land >> 4
                _black_man_jumps(land, opp ^ mid, empty, mid >> 4, mid, longer)
            while more_b:
                land = more_b & -more_b
                more_b ^= land
                mid = land >> 5
                _black_man_jumps(land, opp ^ mid, empty, mid >> 5, mid, longer)
            if len(longer) > 1:
                longer.sort(key=_taken_count, reverse=True)
            out = longer + out
    else:
        out = []
    if k:
        pieces = (
            (((empty >> 4) & opp) >> 4)
            | (((empty >> 5) & opp) >> 5)
            | (((empty << 4) & opp) << 4)
            | (((empty << 5) & opp) << 5)
        ) & k
        if pieces:
            n = len(out)
            while pieces:
                src = pieces & -pieces
                pieces ^= src
                # The king leaves its square, so a route may pass through it again.
                _king_jumps(src, opp, empty | src, src, 0, out)
            if len(out) - n > 1:
                out = list(dict.fromkeys(out))
            if len(out) > 1:
                out.sort(key=_taken_count, reverse=True)
    return out


def _taken_count(m: BitMove) -> int:
    return m[2].bit_count()


# ---------------------------------------------------------------------- capture counts
#
# Counting jump sequences is the last ply of perft whenever a capture is compulsory, so
# it gets its own walkers that only return numbers. Each is called with a piece that
# has just landed (or, for the first hop, that has a jump) and returns how many
# complete sequences go on from there: 1 when no further jump exists.


def _count_black_man(at: int, opp: int, empty: int) -> int:
    """Sequences from a black man on ``at`` (it jumps up; crowning stops it).

    Its two directions are written out rather than looped over (as in
    :func:`_black_man_jumps`): this walker is on perft's hottest path, and the loop
    costs it an eighth more work.
    """
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


def _count_captures_black(own: int, opp: int, kings: int) -> int:
    """How many complete jump sequences Black has (0 when it has none)."""
    empty = VALID & ~(own | opp)
    if not own & kings:
        # Men only, the usual case: ``j4`` and ``j5`` are the landing squares of the first
        # jumps, one bit per jump. If no landing square has a further jump (a man only
        # jumps forward, so never back over the piece it just took), each first jump is a
        # whole move and the count is two popcounts; otherwise walk the sequences.
        j4 = (((own << 4) & opp) << 4) & empty
        j5 = (((own << 5) & opp) << 5) & empty
        j = j4 | j5
        if not ((((j << 4) & opp) << 4) | (((j << 5) & opp) << 5)) & empty:
            return j4.bit_count() + j5.bit_count()
    pieces = _jumpers_black(own, opp, kings, empty)
    n = 0
    while pieces:
        p = pieces & -pieces
        pieces ^= p
        if p & kings:
            n += _count_king(p, opp, empty | p)
        else:
            n += _count_black_man(p, opp, empty)
    return n


def _count_moves_black(own: int, opp: int, kings: int) -> int:
    """:func:`count_moves` with Black to move."""
    empty = VALID & ~(own | opp)
    k = own & kings
    if ((((own << 4) & opp) << 4) | (((own << 5) & opp) << 5)) & empty or (
        k and ((((k >> 4) & opp) >> 4) | (((k >> 5) & opp) >> 5)) & empty
    ):
        return _count_captures_black(own, opp, kings)
    n = ((own << 4) & empty).bit_count() + ((own << 5) & empty).bit_count()
    if k:
        n += ((k >> 4) & empty).bit_count() + ((k >> 5) & empty).bit_count()
    return n


# ---------------------------------------------------------------------- capture children


def _capture_children_black(own: int, opp: int, kings: int) -> list[tuple[int, int, int]]:
    """The position ``(own, opp, kings)`` after each capture by Black, still seen from it.

    One entry per jump sequence (the same pieces taken in another order is another
    entry), like :func:`captures` followed by :func:`apply_capture`, without the paths.
    """
    empty = VALID & ~(own | opp)
    out: list[tuple[int, int, int]] = []
    if not own & kings:
        # Men only and no first jump goes on (see _count_captures_black): each landing
        # square of ``j4`` / ``j5`` is one whole move, read straight off the bitboard.
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
    pieces = _jumpers_black(own, opp, kings, empty)
    ends: list[BitMove] = []
    while pieces:
        src = pieces & -pieces
        pieces ^= src
        if src & kings:
            # The king leaves its square, so a route may pass through it again.
            _king_jumps(src, opp, empty | src, src, 0, ends)
        else:
            _black_man_jumps(src, opp, empty, src, 0, ends)
    for src, dst, taken in ends:
        # Kings that were jumped disappear with their men; a moving king moves, and a
        # man that ends on the crown row was crowned there.
        k = kings & ~(src | taken)
        if kings & src or dst & BLACK_CROWN_ROW:
            k |= dst
        out.append((own ^ src | dst, opp ^ taken, k))
    return out
