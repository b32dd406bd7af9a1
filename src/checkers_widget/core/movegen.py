"""Move generation on raw bitboards: the one place the move rules are written.

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

* Most rules are written for Black only, and White's code is made from them at import
  (:func:`_mirrored`): the function's syntax tree with its shifts turned round and the
  words ``black``/``white`` and ``UP``/``DOWN`` of its global names exchanged, compiled
  again. Private functions come in pairs (``_count_white_man =
  _mirrored(_count_black_man)``); the public ones the search calls at every node
  (:func:`has_capture`, :func:`moves_kind`, :func:`can_take`, :func:`capture_results`,
  :func:`can_step`), marked ``@_written_for_black``, become ``if black: <the body> else:
  <its mirror image>``. Either way each colour runs straight-line code (measured: a
  call to choose the colour's function cost the search 1 % more instructions, and the
  pieces-going-up-and-down form of the small tests 1 % more again; a walker looping
  over its two directions costs it an eighth). Tracebacks and profiles of White's
  code show Black's lines.
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

import ast
import linecache
from collections.abc import Callable
from typing import Any, TypeVar

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

#: A move by its result: ``(src, dst, taken)``, one-bit masks and the mask of the
#: jumped pieces (0 for a step).
BitMove = tuple[int, int, int]


# ---------------------------------------------------------------------- White's rules from Black's

_F = TypeVar("_F", bound=Callable[..., Any])

#: The words of a name (between underscores) that belong to one colour or one direction
#: of travel, and what they become in the mirror image.
_MIRROR_WORDS = {
    "black": "white",
    "white": "black",
    "BLACK": "WHITE",
    "WHITE": "BLACK",
    "UP": "DOWN",
    "DOWN": "UP",
}


def _mirror_name(name: str) -> str:
    return "_".join(_MIRROR_WORDS.get(word, word) for word in name.split("_"))


class _Mirror(ast.NodeTransformer):
    """Turns a function's syntax tree round: shifts exchanged, global colour names swapped."""

    def __init__(self, local_names: tuple[str, ...]) -> None:
        self.local_names = frozenset(local_names)

    def visit_LShift(self, node: ast.LShift) -> ast.RShift:
        return ast.RShift()

    def visit_RShift(self, node: ast.RShift) -> ast.LShift:
        return ast.LShift()

    def visit_Subscript(self, node: ast.Subscript) -> ast.Subscript:
        # An index (``t1[(a >> 9) & 511]``) reads a slice of a bitboard: no direction.
        node.value = self.visit(node.value)
        return node

    def visit_Name(self, node: ast.Name) -> ast.Name:
        if node.id not in self.local_names:
            node.id = _mirror_name(node.id)
        return node

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.FunctionDef:
        self.generic_visit(node)
        node.name = _mirror_name(node.name)
        return node


def _black_source(black_version: Callable[..., Any]) -> ast.FunctionDef:
    """The syntax tree of a function of this module, numbered as in the file.

    The function's text runs from its first line (its decorator's, if any) to the next
    top-level statement: a line after the ``def`` that starts with a name or ``@``.
    """
    code = black_version.__code__
    lines = linecache.getlines(code.co_filename, black_version.__globals__)
    if not lines:
        raise ImportError(f"movegen needs its source to build White's rules: {code.co_filename}")
    first = code.co_firstlineno - 1
    end = first + 1
    while end < len(lines) and (lines[end - 1][:1] == "@" or not _starts_statement(lines[end])):
        end += 1
    # Blank lines in front keep the line numbers of the file.
    (fdef,) = ast.parse("\n" * first + "".join(lines[first:end])).body
    assert isinstance(fdef, ast.FunctionDef)
    fdef.decorator_list = []
    return fdef


def _starts_statement(line: str) -> bool:
    return line[:1].isidentifier() or line[:1] == "@"


def _compiled(fdef: ast.FunctionDef, black_version: _F) -> _F:
    """Compile ``fdef`` into this module (it binds its name there) and return it."""
    namespace = black_version.__globals__
    module = ast.Module(body=[fdef], type_ignores=[])
    exec(compile(module, black_version.__code__.co_filename, "exec"), namespace)
    made: _F = namespace[fdef.name]
    return made


def _mirrored(black_version: _F) -> _F:
    """White's version of a function written for Black: its mirror image (see above).

    The function's source is parsed, every left shift made a right shift and the other
    way round (but for those in a table index, which read slices of a bitboard), each
    colour or direction word in a global name exchanged (``_black_man_jumps`` calls
    itself as ``_white_man_jumps``, ``BLACK_CROWN_ROW`` becomes ``WHITE_CROWN_ROW``,
    ``_JUMPS_UP_4`` ``_JUMPS_DOWN_4``), and the result compiled into this module under
    the mirrored name. Such functions take no colour argument. Needs the module's
    source, which every installed copy (Pyodide's included) has; building the twelve
    functions made this way adds about 10 ms to the import.
    """
    mirror = _Mirror(black_version.__code__.co_varnames)
    white = _compiled(mirror.visit(_black_source(black_version)), black_version)
    white.__doc__ = f"White's mirror image of :func:`{black_version.__name__}`."
    return white


def _written_for_black(black_version: _F) -> _F:
    """A function taking ``black`` whose body is written for Black (and ignores ``black``).

    It becomes ``if black: <the body> else: <its mirror image>`` (see :func:`_mirrored`),
    so that either colour runs its own straight-line code, with no test of its colour
    beyond that one.
    """
    fdef = _black_source(black_version)
    skip = 1 if ast.get_docstring(fdef) is not None else 0
    rules = fdef.body[skip:]
    mirror = _Mirror(black_version.__code__.co_varnames)
    white = [mirror.visit(stmt) for stmt in _black_source(black_version).body[skip:]]
    test = ast.copy_location(ast.Name("black", ast.Load()), rules[0])
    branches = ast.copy_location(ast.If(test=test, body=rules, orelse=white), rules[0])
    fdef.body[skip:] = [branches]
    return _compiled(fdef, black_version)


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


_jumpers_white = _mirrored(_jumpers_black)


@_written_for_black
def has_capture(own: int, opp: int, kings: int, black: bool) -> bool:
    """Whether the side to move has at least one jump (and so must capture)."""
    empty = VALID & ~(own | opp)
    if ((((own << 4) & opp) << 4) | (((own << 5) & opp) << 5)) & empty:
        return True
    k = own & kings
    return bool(k and ((((k >> 4) & opp) >> 4) | (((k >> 5) & opp) >> 5)) & empty)


@_written_for_black
def can_take(own: int, opp: int, kings: int, black: bool, at: int) -> bool:
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


#: What :func:`moves_kind` answers: the side to move must capture, can only step, or
#: has no move at all (and so has lost).
MUST_CAPTURE, STEPS_ONLY, NO_MOVE = 2, 1, 0


@_written_for_black
def moves_kind(own: int, opp: int, kings: int, black: bool) -> int:
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


@_written_for_black
def can_step(own: int, opp: int, kings: int, black: bool) -> bool:
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


# Steps by destination square: a step up by 4 to ``dst`` came from ``dst >> 4``, etc.
_STEPS_UP_4 = _chunked(lambda d: (d >> 4, d, 0))
_STEPS_UP_5 = _chunked(lambda d: (d >> 5, d, 0))
_STEPS_DOWN_4 = _chunked(lambda d: (d << 4, d, 0))
_STEPS_DOWN_5 = _chunked(lambda d: (d << 5, d, 0))
# Single jumps by landing square: ``(src, land, jumped)``.
_JUMPS_UP_4 = _chunked(lambda d: (d >> 8, d, d >> 4))
_JUMPS_UP_5 = _chunked(lambda d: (d >> 10, d, d >> 5))
_JUMPS_DOWN_4 = _chunked(lambda d: (d << 8, d, d << 4))
_JUMPS_DOWN_5 = _chunked(lambda d: (d << 10, d, d << 5))


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


_white_man_jumps = _mirrored(_black_man_jumps)


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


@_written_for_black
def capture_results(own: int, opp: int, kings: int, black: bool) -> list[BitMove]:
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


_count_white_man = _mirrored(_count_black_man)


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


_count_captures_white = _mirrored(_count_captures_black)


def count_moves(own: int, opp: int, kings: int, black: bool) -> int:
    """How many legal moves the side to move has, without building them."""
    if black:
        return _count_moves_black(own, opp, kings)
    return _count_moves_white(own, opp, kings)


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


_count_moves_white = _mirrored(_count_moves_black)


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


_capture_children_white = _mirrored(_capture_children_black)


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


_perft2_white = _mirrored(_perft2_black)


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
