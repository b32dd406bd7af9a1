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


def has_capture(own: int, opp: int, kings: int, black: bool) -> bool:
    """Whether the side to move has at least one jump (and so must capture)."""
    empty = VALID & ~(own | opp)
    if black:
        if (((own << 4) & opp) << 4) & empty or (((own << 5) & opp) << 5) & empty:
            return True
        k = own & kings
        return bool(k and ((((k >> 4) & opp) >> 4) & empty or (((k >> 5) & opp) >> 5) & empty))
    if (((own >> 4) & opp) >> 4) & empty or (((own >> 5) & opp) >> 5) & empty:
        return True
    k = own & kings
    return bool(k and ((((k << 4) & opp) << 4) & empty or (((k << 5) & opp) << 5) & empty))


def quiet_moves(own: int, opp: int, kings: int, black: bool) -> list[tuple[int, int]]:
    """Every non-capturing step as ``(from_bit, to_bit)``; ignores compulsory capture."""
    empty = VALID & ~(own | opp)
    out: list[tuple[int, int]] = []
    k = own & kings
    if black:
        forward, backward = own, k
    else:
        forward, backward = k, own
    # Shifts left (towards White's side) for black men and all kings.
    for d in (4, 5):
        t = (forward << d) & empty
        while t:
            low = t & -t
            t ^= low
            out.append((low >> d, low))
        t = (backward >> d) & empty
        while t:
            low = t & -t
            t ^= low
            out.append((low << d, low))
    return out


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
    """Extend a jump sequence from ``at``; record it when no jump is left."""
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
                        _jump_on(land, king, black, opp ^ mid, empty, (*path, land), (*caps, mid), out)
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
                        _jump_on(land, king, black, opp ^ mid, empty, (*path, land), (*caps, mid), out)
    if not extended and caps:
        out.append((path, caps, False))


def captures(own: int, opp: int, kings: int, black: bool) -> list[CaptureSeq]:
    """Every complete jump sequence for the side to move (empty if none)."""
    if not has_capture(own, opp, kings, black):
        return []
    out: list[CaptureSeq] = []
    empty0 = VALID & ~(own | opp)
    pieces = own
    while pieces:
        low = pieces & -pieces
        pieces ^= low
        # The jumping piece leaves its square, so a king may come back through it.
        _jump_on(low, bool(low & kings), black, opp, empty0 | low, (low,), (), out)
    return out


def apply_quiet(own: int, opp: int, kings: int, src: int, dst: int, black: bool) -> tuple[int, int, int]:
    """The position after a step, still seen from the mover: ``(own, opp, kings)``."""
    own ^= src | dst
    if kings & src:
        kings ^= src | dst
    elif dst & (BLACK_CROWN_ROW if black else WHITE_CROWN_ROW):
        kings |= dst
    return own, opp, kings


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


def count_moves(own: int, opp: int, kings: int, black: bool) -> int:
    """How many legal moves the side to move has, without building them."""
    if has_capture(own, opp, kings, black):
        return len(captures(own, opp, kings, black))
    empty = VALID & ~(own | opp)
    k = own & kings
    if black:
        forward, backward = own, k
    else:
        forward, backward = k, own
    n = ((forward << 4) & empty).bit_count() + ((forward << 5) & empty).bit_count()
    if backward:
        n += ((backward >> 4) & empty).bit_count() + ((backward >> 5) & empty).bit_count()
    return n


def perft(own: int, opp: int, kings: int, black: bool, depth: int) -> int:
    """Leaf nodes of the legal-move tree ``depth`` plies deep (bulk-counted at the last ply)."""
    if depth <= 0:
        return 1
    if depth == 1:
        return count_moves(own, opp, kings, black)
    total = 0
    nxt = depth - 1
    if has_capture(own, opp, kings, black):
        for seq in captures(own, opp, kings, black):
            o, p, k = apply_capture(own, opp, kings, seq)
            total += perft(p, o, k, not black, nxt)
        return total
    empty = VALID & ~(own | opp)
    crown_row = BLACK_CROWN_ROW if black else WHITE_CROWN_ROW
    k_own = own & kings
    if black:
        forward, backward = own, k_own
    else:
        forward, backward = k_own, own
    for d in (4, 5):
        t = (forward << d) & empty
        while t:
            dst = t & -t
            t ^= dst
            src = dst >> d
            o = own ^ (src | dst)
            if kings & src:
                k = kings ^ (src | dst)
            elif dst & crown_row:
                k = kings | dst
            else:
                k = kings
            total += perft(opp, o, k, not black, nxt)
        t = (backward >> d) & empty
        while t:
            dst = t & -t
            t ^= dst
            src = dst << d
            o = own ^ (src | dst)
            if kings & src:
                k = kings ^ (src | dst)
            elif dst & crown_row:
                k = kings | dst
            else:
                k = kings
            total += perft(opp, o, k, not black, nxt)
    return total
