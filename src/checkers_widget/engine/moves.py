"""The engine's own move generator: moves as small tuples, captures de-duplicated.

:mod:`checkers_widget.movegen` serves Board and perft, which need every capture *path*
(two routes taking the same pieces are two moves there). The search does not: two
routes that leave the same position are the same move to it, so here a move is the
tuple ``(src, dst, taken)`` of one-bit masks (``taken`` is 0 for a step, the union
of the jumped squares for a capture), and routes with the same result appear once.

The tuples are hashable, compare in one operation (hash move, killers) and carry all
that is needed to play the move (:func:`play`). Everything works on the
side-to-move's view used across the package: ``own``, ``opp``, ``kings`` and whether
the side to move is Black (Black's men move towards higher squares, i.e. left shifts).
"""

from __future__ import annotations

from collections.abc import Callable

from ..squares import BLACK_CROWN_ROW, VALID, WHITE_CROWN_ROW

__all__ = ["EMove", "captures", "has_capture", "play", "quiet"]

#: An engine move: ``(src, dst, taken)``, one-bit masks and the mask of jumped pieces.
EMove = tuple[int, int, int]


def has_capture(own: int, opp: int, kings: int, black: bool) -> bool:
    """Whether the side to move has a jump (capture is then compulsory)."""
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


def _chunked(make: Callable[[int], EMove]) -> tuple[tuple[tuple[EMove, ...], ...], ...]:
    """Per 9-bit slice of a bitboard, the moves of every subset of its bits.

    ``table[j][x]`` holds ``make(b)`` for each set bit ``b`` of ``x << 9j``, in
    ascending order, so that a whole set of destination squares turns into its moves
    with four lookups and C-level list building instead of a Python loop per move.
    Each entry is built from the one without its highest bit, so the 4 x 512 entries
    cost one small tuple each (a few milliseconds at import).
    """
    tables = []
    for j in range(4):
        t: list[tuple[EMove, ...]] = [()]
        for x in range(1, 512):
            high = 1 << (x.bit_length() - 1)
            t.append((*t[x ^ high], make(high << (9 * j))))
        tables.append(tuple(t))
    return tuple(tables)


# Steps by destination square: ``dst`` came from ``dst >> 4`` (towards White) etc.
_UP4 = _chunked(lambda d: (d >> 4, d, 0))
_UP5 = _chunked(lambda d: (d >> 5, d, 0))
_DOWN4 = _chunked(lambda d: (d << 4, d, 0))
_DOWN5 = _chunked(lambda d: (d << 5, d, 0))
# Single jumps by landing square: ``(src, land, jumped)``.
_JUP4 = _chunked(lambda d: (d >> 8, d, d >> 4))
_JUP5 = _chunked(lambda d: (d >> 10, d, d >> 5))
_JDOWN4 = _chunked(lambda d: (d << 8, d, d << 4))
_JDOWN5 = _chunked(lambda d: (d << 10, d, d << 5))


def quiet(own: int, opp: int, kings: int, black: bool) -> list[EMove]:
    """Every step of the side to move (call only when it has no capture).

    In the order the search has always tried them (its history and killer tables
    break ties by it): by direction, the 4-shift before the 5-shift, and within each
    the forward steps (of every piece) before the kings' backward ones, squares
    ascending.
    """
    empty = VALID & ~(own | opp)
    k = own & kings
    if black:
        fwd4 = (own << 4) & empty
        fwd5 = (own << 5) & empty
        t0, t1, t2, t3 = _UP4
        if not k:
            u0, u1, u2, u3 = _UP5
            return [
                *t0[fwd4 & 511], *t1[(fwd4 >> 9) & 511], *t2[(fwd4 >> 18) & 511], *t3[fwd4 >> 27],
                *u0[fwd5 & 511], *u1[(fwd5 >> 9) & 511], *u2[(fwd5 >> 18) & 511], *u3[fwd5 >> 27],
            ]  # fmt: skip
        back4 = (k >> 4) & empty
        back5 = (k >> 5) & empty
        b0, b1, b2, b3 = _DOWN4
        out = [
            *t0[fwd4 & 511], *t1[(fwd4 >> 9) & 511], *t2[(fwd4 >> 18) & 511], *t3[fwd4 >> 27],
            *b0[back4 & 511], *b1[(back4 >> 9) & 511], *b2[(back4 >> 18) & 511], *b3[back4 >> 27],
        ]  # fmt: skip
        t0, t1, t2, t3 = _UP5
        b0, b1, b2, b3 = _DOWN5
        out += (
            *t0[fwd5 & 511], *t1[(fwd5 >> 9) & 511], *t2[(fwd5 >> 18) & 511], *t3[fwd5 >> 27],
            *b0[back5 & 511], *b1[(back5 >> 9) & 511], *b2[(back5 >> 18) & 511], *b3[back5 >> 27],
        )  # fmt: skip
        return out
    # White: its men move down (right shifts); its kings also up.
    down4 = (own >> 4) & empty
    down5 = (own >> 5) & empty
    t0, t1, t2, t3 = _DOWN4
    if not k:
        u0, u1, u2, u3 = _DOWN5
        return [
            *t0[down4 & 511], *t1[(down4 >> 9) & 511], *t2[(down4 >> 18) & 511], *t3[down4 >> 27],
            *u0[down5 & 511], *u1[(down5 >> 9) & 511], *u2[(down5 >> 18) & 511], *u3[down5 >> 27],
        ]  # fmt: skip
    up4 = (k << 4) & empty
    up5 = (k << 5) & empty
    b0, b1, b2, b3 = _UP4
    out = [
        *b0[up4 & 511], *b1[(up4 >> 9) & 511], *b2[(up4 >> 18) & 511], *b3[up4 >> 27],
        *t0[down4 & 511], *t1[(down4 >> 9) & 511], *t2[(down4 >> 18) & 511], *t3[down4 >> 27],
    ]  # fmt: skip
    t0, t1, t2, t3 = _DOWN5
    b0, b1, b2, b3 = _UP5
    out += (
        *b0[up5 & 511], *b1[(up5 >> 9) & 511], *b2[(up5 >> 18) & 511], *b3[up5 >> 27],
        *t0[down5 & 511], *t1[(down5 >> 9) & 511], *t2[(down5 >> 18) & 511], *t3[down5 >> 27],
    )  # fmt: skip
    return out


def _black_man(at: int, opp: int, empty: int, src: int, taken: int, out: list[EMove]) -> None:
    more = False
    mid = at << 4
    if mid & opp:
        land = mid << 4
        if land & empty:
            more = True
            if land & BLACK_CROWN_ROW:
                out.append((src, land, taken | mid))
            else:
                _black_man(land, opp ^ mid, empty, src, taken | mid, out)
    mid = at << 5
    if mid & opp:
        land = mid << 5
        if land & empty:
            more = True
            if land & BLACK_CROWN_ROW:
                out.append((src, land, taken | mid))
            else:
                _black_man(land, opp ^ mid, empty, src, taken | mid, out)
    if not more:
        out.append((src, at, taken))


def _white_man(at: int, opp: int, empty: int, src: int, taken: int, out: list[EMove]) -> None:
    more = False
    mid = at >> 4
    if mid & opp:
        land = mid >> 4
        if land & empty:
            more = True
            if land & WHITE_CROWN_ROW:
                out.append((src, land, taken | mid))
            else:
                _white_man(land, opp ^ mid, empty, src, taken | mid, out)
    mid = at >> 5
    if mid & opp:
        land = mid >> 5
        if land & empty:
            more = True
            if land & WHITE_CROWN_ROW:
                out.append((src, land, taken | mid))
            else:
                _white_man(land, opp ^ mid, empty, src, taken | mid, out)
    if not more:
        out.append((src, at, taken))


def _king(at: int, opp: int, empty: int, src: int, taken: int, out: list[EMove]) -> None:
    more = False
    for mid, land in (
        (at << 4, at << 8),
        (at << 5, at << 10),
        (at >> 4, at >> 8),
        (at >> 5, at >> 10),
    ):
        if mid & opp and land & empty:
            more = True
            _king(land, opp ^ mid, empty, src, taken | mid, out)
    if not more:
        out.append((src, at, taken))


def captures(own: int, opp: int, kings: int, black: bool) -> list[EMove]:
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
    out: list[EMove]
    if black:
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
            # Squares from which a black man can jump (again), crown row left out.
            on = ((((empty >> 4) & opp) >> 4) | (((empty >> 5) & opp) >> 5)) & ~BLACK_CROWN_ROW
            more_a = a & on
            more_b = b & on
            a ^= more_a
            b ^= more_b
            t0, t1, t2, t3 = _JUP4
            u0, u1, u2, u3 = _JUP5
            out = [
                *t0[a & 511], *t1[(a >> 9) & 511], *t2[(a >> 18) & 511], *t3[a >> 27],
                *u0[b & 511], *u1[(b >> 9) & 511], *u2[(b >> 18) & 511], *u3[b >> 27],
            ]  # fmt: skip
            if more_a | more_b:
                longer: list[EMove] = []
                while more_a:
                    land = more_a & -more_a
                    more_a ^= land
                    mid = land >> 4
                    _black_man(land, opp ^ mid, empty, mid >> 4, mid, longer)
                while more_b:
                    land = more_b & -more_b
                    more_b ^= land
                    mid = land >> 5
                    _black_man(land, opp ^ mid, empty, mid >> 5, mid, longer)
                if len(longer) > 1:
                    longer.sort(key=_taken_count, reverse=True)
                out = longer + out
        else:
            out = []
    else:
        a = (((men >> 4) & opp) >> 4) & empty
        b = (((men >> 5) & opp) >> 5) & empty
        if not k and (not a or not b) and not ((a | b) & ((a | b) - 1)):
            if not (a | b):
                return []
            d = 4 if a else 5
            land = a | b
            mid = land << d
            if land & WHITE_CROWN_ROW or not (
                ((((land >> 4) & opp) >> 4) | (((land >> 5) & opp) >> 5)) & empty
            ):
                return [(mid << d, land, mid)]
        if a | b:
            on = ((((empty << 4) & opp) << 4) | (((empty << 5) & opp) << 5)) & ~WHITE_CROWN_ROW
            more_a = a & on
            more_b = b & on
            a ^= more_a
            b ^= more_b
            t0, t1, t2, t3 = _JDOWN4
            u0, u1, u2, u3 = _JDOWN5
            out = [
                *t0[a & 511], *t1[(a >> 9) & 511], *t2[(a >> 18) & 511], *t3[a >> 27],
                *u0[b & 511], *u1[(b >> 9) & 511], *u2[(b >> 18) & 511], *u3[b >> 27],
            ]  # fmt: skip
            if more_a | more_b:
                longer = []
                while more_a:
                    land = more_a & -more_a
                    more_a ^= land
                    mid = land << 4
                    _white_man(land, opp ^ mid, empty, mid << 4, mid, longer)
                while more_b:
                    land = more_b & -more_b
                    more_b ^= land
                    mid = land << 5
                    _white_man(land, opp ^ mid, empty, mid << 5, mid, longer)
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
                _king(src, opp, empty | src, src, 0, out)
            if len(out) - n > 1:
                out = list(dict.fromkeys(out))
            if len(out) > 1:
                out.sort(key=_taken_count, reverse=True)
    return out


def _taken_count(m: EMove) -> int:
    return m[2].bit_count()


def play(own: int, opp: int, kings: int, black: bool, move: EMove) -> tuple[int, int, int]:
    """The position after ``move``, seen from the mover: ``(own, opp, kings)``."""
    src, dst, taken = move
    own = (own & ~src) | dst
    if taken:
        opp &= ~taken
        kings &= ~taken
    if kings & src:
        kings = (kings & ~src) | dst
    elif dst & (BLACK_CROWN_ROW if black else WHITE_CROWN_ROW):
        kings |= dst
    return own, opp, kings
