"""Move generation on raw bitboards: the move generator Board, perft and the engine call.

It serves :class:`~checkers_widget.core.board.Board` (legal moves with their paths, via
``board.moves_of``), perft, and the engine (:mod:`checkers_widget.engine.search`
imports the functions it uses from here). The search writes two of these rules out
inline in its hottest loops, for speed; ``tests/engine/test_movegen_shared.py`` reads those
copies from its source and checks them against the functions here.

Positions here are three integers in the layout of :mod:`squares` plus the side to
move: ``own`` (the pieces of the side to move), ``opp`` (the other side's) and
``kings`` (kings of both sides). Nothing here allocates objects beyond small tuples,
so the functions can be called millions of times a second by perft and the search.

Rules encoded (American checkers / English draughts): men step and jump diagonally
forward only; kings one square in any diagonal direction; a capture is compulsory but
any capture may be chosen; a jump sequence goes on with the same piece while it can; a
man that reaches the far row is crowned and the move ends there. Jumped pieces stay
on the board, unjumpable, until the move is over (so a later hop cannot land on them).

Moves come in two shapes, for two kinds of caller:

* **Paths** (:func:`captures`, :data:`CaptureSeq`), for Board's captures: two jump
  sequences that take the same pieces in a different order are two moves (the
  convention of the published perft numbers), and each keeps its route. (A step has
  one route, so Board takes its steps from :func:`quiet_steps`; :func:`quiet_moves`
  gives them as ``(src, dst)`` pairs.)
* **Results** (:data:`BitMove` ``(src, dst, taken)``: one-bit masks and the union of
  the jumped squares; :func:`quiet_steps`, :func:`capture_results`, :func:`play`), for
  the search: two routes that leave the same position are one move to it. The tuples
  are hashable and compare in one operation (hash move, killers). Moves by result and
  perft's capture children come from the same jump walkers.

Small tests the search asks of almost every position are here too, so that it need
not write them itself: :func:`has_capture`, :func:`can_step`, :func:`moves_kind` (both
in one call) and :func:`can_take` (is this piece offered?).

Each rule is written once, for both colours. A step or jump *up* (towards White's side,
higher squares) is a left shift of the whole bitboard, one *down* a right shift; Black's
men move up, White's men down, kings both ways. Turning the board round (bit ``i`` to
bit ``34 - i``, which maps the layout of :mod:`squares`, ghost bits included, onto
itself) exchanges the colours and turns every step up into a step down. So White's
rules are Black's with every ``<<`` and ``>>`` exchanged, Black's crown row for White's,
and the tables and helpers of one direction for the other's. The code uses that in two
ways:

* Most rules are written for Black only, in :mod:`movegen_black`, and White's code is
  their mirror image, written out by ``scripts/write_white_movegen.py`` into
  :mod:`movegen_white` (a test fails when that file is not what the script writes; no
  code is made at import). Private functions come in pairs (``_count_black_man``,
  ``_count_white_man``); the public ones the search calls at every node
  (:func:`has_capture`, :func:`moves_kind`, :func:`can_take`, :func:`capture_results`,
  :func:`can_step`) are written out as ``if black: <Black's rules> else: <their mirror
  image>``. Either way each colour runs straight-line code (measured: a call to choose
  the colour's function cost the search 1 % more instructions, and the
  pieces-going-up-and-down form of the small tests 1 % more again; a walker looping over
  its two directions costs it an eighth). :func:`_perft2_black`, which counts White's
  replies, is written here, above White's module, and mirrored like the others.
* Where the order of the moves is set by the squares rather than by the side to move
  (:func:`quiet_steps`: steps up before steps down, whoever moves), or the colour costs
  one choice per call (:func:`play`, Board's :func:`captures`, perft's upper plies), the
  code serves both colours at once, in terms of the pieces that go up and those that go
  down.

How it is made fast, in pure Python (it must also run in Pyodide):

* Every diagonal step is one shift of the whole bitboard, so "which pieces can jump" or
  "how many steps are there" is a handful of integer operations for all pieces at
  once, and a count is ``int.bit_count``.
* Steps and single jumps are read from tables by 9-bit slices of the bitboard of
  target squares (:func:`_chunked`): a whole set of targets becomes its moves with four
  lookups and C-level list building instead of a Python loop per move.
* Capture sequences are only walked from the pieces that have a first jump (found with
  shifts). Counting them (the last ply of perft) builds no tuples at all, and when only
  men can jump and no first jump goes on, the count is a popcount of the landing squares.
* :func:`perft` counts the leaves of the last ply in bulk, and the two plies above the
  leaves are unrolled in :func:`_perft2_black` (and its mirror): for each quiet move of
  the side to move it tests the reply's captures and counts its moves inline, with the
  opponent's shifted pieces computed once per position. Most of perft's time is spent
  in that loop.
"""

from __future__ import annotations

from .movegen_black import (
    MUST_CAPTURE,
    NO_MOVE,
    STEPS_ONLY,
    BitMove,
    _capture_children_black,
    _chunked,
    _count_moves_black,
    _jumpers_black,
)
from .movegen_white import (
    _capture_children_white,
    _count_captures_white,
    _count_moves_white,
    _jumpers_white,
    _perft2_white,
    can_step,
    can_take,
    capture_results,
    has_capture,
    moves_kind,
)
from .squares import BLACK_CROWN_ROW, VALID, WHITE_CROWN_ROW

__all__ = [
    "MUST_CAPTURE",
    "NO_MOVE",
    "STEPS_ONLY",
    "BitMove",
    "CaptureSeq",
    "apply_capture",
    "apply_quiet",
    "can_step",
    "can_take",
    "capture_results",
    "captures",
    "count_moves",
    "has_capture",
    "moves_kind",
    "perft",
    "play",
    "quiet_moves",
    "quiet_steps",
]

#: A complete capture: (path of one-bit masks, jumped masks in order, crowns?).
CaptureSeq = tuple[tuple[int, ...], tuple[int, ...], bool]


# Steps by destination square: a step up by 4 to ``dst`` came from ``dst >> 4``, etc.
_STEPS_UP_4 = _chunked(lambda d: (d >> 4, d, 0))
_STEPS_UP_5 = _chunked(lambda d: (d >> 5, d, 0))
_STEPS_DOWN_4 = _chunked(lambda d: (d << 4, d, 0))
_STEPS_DOWN_5 = _chunked(lambda d: (d << 5, d, 0))


def quiet_steps(own: int, opp: int, kings: int, black: bool) -> list[BitMove]:
    """Every step of the side to move (call only when it has no capture).

    In the order the search has always tried them (its history and killer tables
    break ties by it): by direction, the 4-shift before the 5-shift, and within each
    the steps up (Black's men, either side's kings) before the steps down (White's men,
    Black's kings), squares ascending.
    """
    empty = VALID & ~(own | opp)
    k = own & kings
    if not k:
        # Men only: all of them go one way, Black's up and White's down.
        if black:
            a, b = (own << 4) & empty, (own << 5) & empty
            t, u = _STEPS_UP_4, _STEPS_UP_5
        else:
            a, b = (own >> 4) & empty, (own >> 5) & empty
            t, u = _STEPS_DOWN_4, _STEPS_DOWN_5
        t0, t1, t2, t3 = t
        u0, u1, u2, u3 = u
        return [
            *t0[a & 511], *t1[(a >> 9) & 511], *t2[(a >> 18) & 511], *t3[a >> 27],
            *u0[b & 511], *u1[(b >> 9) & 511], *u2[(b >> 18) & 511], *u3[b >> 27],
        ]  # fmt: skip
    if black:
        up, down = own, k
    else:
        up, down = k, own
    a = (up << 4) & empty
    b = (down >> 4) & empty
    t0, t1, t2, t3 = _STEPS_UP_4
    u0, u1, u2, u3 = _STEPS_DOWN_4
    out = [
        *t0[a & 511], *t1[(a >> 9) & 511], *t2[(a >> 18) & 511], *t3[a >> 27],
        *u0[b & 511], *u1[(b >> 9) & 511], *u2[(b >> 18) & 511], *u3[b >> 27],
    ]  # fmt: skip
    a = (up << 5) & empty
    b = (down >> 5) & empty
    t0, t1, t2, t3 = _STEPS_UP_5
    u0, u1, u2, u3 = _STEPS_DOWN_5
    out += (
        *t0[a & 511], *t1[(a >> 9) & 511], *t2[(a >> 18) & 511], *t3[a >> 27],
        *u0[b & 511], *u1[(b >> 9) & 511], *u2[(b >> 18) & 511], *u3[b >> 27],
    )  # fmt: skip
    return out


def quiet_moves(own: int, opp: int, kings: int, black: bool) -> list[tuple[int, int]]:
    """Every non-capturing step as ``(from_bit, to_bit)``; ignores compulsory capture."""
    return [(src, dst) for src, dst, _ in quiet_steps(own, opp, kings, black)]


# ---------------------------------------------------------------------- playing a move


def play(own: int, opp: int, kings: int, black: bool, move: BitMove) -> tuple[int, int, int]:
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


def apply_quiet(
    own: int, opp: int, kings: int, src: int, dst: int, black: bool
) -> tuple[int, int, int]:
    """The position after a step, still seen from the mover: ``(own, opp, kings)``."""
    return play(own, opp, kings, black, (src, dst, 0))


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
    landing), so both rules come for free. A man's move ends on its crown row.
    """
    hops: tuple[tuple[int, int], ...] = ()
    if king or black:  # up
        hops = ((at << 4, at << 8), (at << 5, at << 10))
    if king or not black:  # down
        hops += ((at >> 4, at >> 8), (at >> 5, at >> 10))
    crown_row = 0 if king else BLACK_CROWN_ROW if black else WHITE_CROWN_ROW
    extended = False
    for mid, land in hops:
        if mid & opp and land & empty:
            extended = True
            if land & crown_row:
                out.append(((*path, land), (*caps, mid), True))
            else:
                _jump_on(land, king, black, opp ^ mid, empty, (*path, land), (*caps, mid), out)
    if not extended and caps:
        out.append((path, caps, False))


def captures(own: int, opp: int, kings: int, black: bool) -> list[CaptureSeq]:
    """Every complete jump sequence for the side to move (empty if none)."""
    empty0 = VALID & ~(own | opp)
    pieces = (_jumpers_black if black else _jumpers_white)(own, opp, kings, empty0)
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


def count_moves(own: int, opp: int, kings: int, black: bool) -> int:
    """How many legal moves the side to move has, without building them."""
    if black:
        return _count_moves_black(own, opp, kings)
    return _count_moves_white(own, opp, kings)


# ---------------------------------------------------------------------- perft


def _perft2_black(own: int, opp: int, kings: int) -> int:
    """perft(2) with Black to move: the sum of White's move counts after each Black move.

    A quiet Black move changes two squares, ``sd`` (source and target), so White's
    shifted pieces (``r4``, ``r5``: where White's pieces step to; ``rk4``, ``rk5``: where
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
    k = own & kings
    if ((((own << 4) & opp) << 4) | (((own << 5) & opp) << 5)) & empty or (
        k and ((((k >> 4) & opp) >> 4) | (((k >> 5) & opp) >> 5)) & empty
    ):
        total = 0
        for o, p, kk in _capture_children_black(own, opp, kings):
            total += _count_moves_white(p, o, kk)
        return total
    rk = opp & kings
    r4 = opp >> 4
    r5 = opp >> 5
    rk4 = rk << 4
    rk5 = rk << 5
    total = 0
    for d in (4, 5):
        # Targets of Black's steps up, sources of Black's kings' steps down.
        t = ((own << d) & empty) | ((empty << d) & k)
        while t:
            hi = t & -t
            t ^= hi
            sd = hi | (hi >> d)
            o2 = own ^ sd
            e2 = empty ^ sd
            j4 = ((r4 & o2) >> 4) & e2
            j5 = ((r5 & o2) >> 5) & e2
            if j4 or j5:
                j = j4 | j5
                if rk or ((((j >> 4) & o2) >> 4) | (((j >> 5) & o2) >> 5)) & e2:
                    total += _count_captures_white(opp, o2, rk)
                else:
                    total += j4.bit_count() + j5.bit_count()
            elif rk and (((rk4 & o2) << 4) | ((rk5 & o2) << 5)) & e2:
                total += _count_captures_white(opp, o2, rk)
            else:
                total += (r4 & e2).bit_count() + (r5 & e2).bit_count()
                if rk:
                    total += (rk4 & e2).bit_count() + (rk5 & e2).bit_count()
    return total


def _perft(own: int, opp: int, kings: int, black: bool, depth: int) -> int:
    """perft for ``depth >= 3``: recurse until two plies are left, then unroll them.

    The quiet moves come from :func:`quiet_steps` (its tables build the list in C), the
    captures as the positions they leave (:func:`_capture_children_black`).
    """
    nxt = depth - 1
    if black:
        children, last_two = _capture_children_black, _perft2_white
    else:
        children, last_two = _capture_children_white, _perft2_black
    total = 0
    if has_capture(own, opp, kings, black):
        if nxt == 2:
            for o, p, k in children(own, opp, kings):
                total += last_two(p, o, k)
        else:
            for o, p, k in children(own, opp, kings):
                total += _perft(p, o, k, not black, nxt)
        return total
    crown_row = BLACK_CROWN_ROW if black else WHITE_CROWN_ROW
    for src, dst, _ in quiet_steps(own, opp, kings, black):
        o = own ^ src ^ dst
        # A king moves its king bit; a man that reaches its crown row is crowned.
        k = kings ^ src ^ dst if kings & src else kings | (dst & crown_row)
        if nxt == 2:
            total += last_two(opp, o, k)
        else:
            total += _perft(opp, o, k, not black, nxt)
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
