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


def quiet(own: int, opp: int, kings: int, black: bool) -> list[EMove]:
    """Every step of the side to move (call only when it has no capture)."""
    empty = VALID & ~(own | opp)
    out: list[EMove] = []
    append = out.append
    k = own & kings
    if black:
        fwd, back = own, k
    else:
        fwd, back = k, own
    for d in (4, 5):
        t = (fwd << d) & empty
        while t:
            low = t & -t
            t ^= low
            append((low >> d, low, 0))
        if back:
            t = (back >> d) & empty
            while t:
                low = t & -t
                t ^= low
                append((low << d, low, 0))
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

    Men are handled from the landing squares of their first jumps, found for all men
    at once with two shifts per direction; only a man that can jump again from there
    is walked recursively. Kings are walked from their square (their routes can branch
    and even come back, which is where duplicate results arise).
    """
    empty = VALID & ~(own | opp)
    out: list[EMove] = []
    append = out.append
    men = own & ~kings
    if black:
        for d in (4, 5):
            t = (((men << d) & opp) << d) & empty
            while t:
                land = t & -t
                t ^= land
                mid = land >> d
                src = mid >> d
                if land & BLACK_CROWN_ROW:
                    append((src, land, mid))
                    continue
                o2 = opp ^ mid
                if ((((land << 4) & o2) << 4) | (((land << 5) & o2) << 5)) & empty:
                    _black_man(land, o2, empty, src, mid, out)
                else:
                    append((src, land, mid))
    else:
        for d in (4, 5):
            t = (((men >> d) & opp) >> d) & empty
            while t:
                land = t & -t
                t ^= land
                mid = land << d
                src = mid << d
                if land & WHITE_CROWN_ROW:
                    append((src, land, mid))
                    continue
                o2 = opp ^ mid
                if ((((land >> 4) & o2) >> 4) | (((land >> 5) & o2) >> 5)) & empty:
                    _white_man(land, o2, empty, src, mid, out)
                else:
                    append((src, land, mid))
    k = own & kings
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
    return out


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
