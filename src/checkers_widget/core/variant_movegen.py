"""The general move generator: the legal moves of any draughts :class:`~.variants.Variant`.

American checkers has its own generator (:mod:`movegen`), written for speed over a
bitboard layout of 8x8; this one reads the rules from a variant's fields and plays on any
:class:`~checkers_widget.core.geometry.Geometry`, so one piece of code serves the
international, Russian, Brazilian, pool, Italian and Spanish rules and the house rules on
American checkers. It is tested against the published perft numbers of each variant and,
with American rules, against :mod:`movegen`.

Positions are bitboards with bit ``s`` for square ``s``: ``own`` (the side to move),
``opp`` and ``kings`` (both sides' kings), and ``down``, whether the side to move's men
move down the board (towards the high numbers). A move is a :data:`RawMove`
``(path, captures, crowns, taken)``: the squares visited, the squares jumped in order,
whether a man is crowned, and the mask of the jumped squares.

How a capture is walked (the rules every variant shares): a capture goes on with the same
piece while it can, and jumped pieces stay on the board until the move is complete, so a
piece cannot be jumped twice and the capturing piece cannot pass over or land on one
again; the square the piece left is empty for the whole move (a king may come back to
it). A man jumps the piece next to it onto the empty square beyond, forward only unless
``men_capture_backward``, and not a king unless ``men_capture_kings``. A flying king may
jump a piece any distance away along a diagonal and land on any empty square beyond it;
if the capture can go on from some of those squares, it must land on one of them. A man
reaching the crown row during a capture follows the variant's ``crowning``. Then the
``capture_rule`` chooses among the complete captures, and unless ``distinct_routes``,
captures that take the same pieces from the same square to the same square (and crown
alike) are one move, the first route found standing for them.

Speed (perft and the engine call this at every node): in this layout the neighbour of a
square in a given direction is a fixed number of squares away for all squares of one row
parity, so the men's steps and first jumps of a whole side are found with a few shifts of
whole bitboards (:class:`_Shifts`), and a flying king finds the first piece along a
diagonal from a mask of that diagonal (:class:`_Rays`) instead of square by square. The
move lists keep their order (by starting square, then direction, then distance: the first
route found of a capture is the one listed). :meth:`VariantRules.perft` needs no routes:
it walks captures as bare outcomes, one int each (start, end, pieces left, how many taken,
crowning: :meth:`~VariantRules.capture_outcomes`), plays them on the bitboards
(:meth:`~VariantRules.children`) and counts the last ply without making moves
(:meth:`~VariantRules.count_moves`). Where the capture rule needs the order of the pieces
taken (Italian) or every route is a move (distinct routes), perft uses the move lists.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from .geometry import Geometry
from .variants import Variant

__all__ = ["RawMove", "VariantRules", "rules_of"]

#: ``(path, captures, crowns, taken)``: the squares visited, the squares jumped in order,
#: whether a man is crowned, and the bit mask of the jumped squares (0 for a step).
RawMove = tuple[tuple[int, ...], tuple[int, ...], bool, int]

#: The directions towards the low numbers (up) and towards the high numbers (down).
_UP, _DOWN, _ALL = (0, 1), (2, 3), (0, 1, 2, 3)

#: A jump from a square: ``(victim bit, landing square, landing bit)``.
_Jump = tuple[int, int, int]

#: A jump for routes: ``(victim square, victim bit, landing square, landing bit)``.
_RouteJump = tuple[int, int, int, int]

#: Complete captures with their routes: ``(path, captures, crowns, left)``, ``left`` the
#: opponent's pieces not taken (a mask).
_Found = list[tuple[tuple[int, ...], tuple[int, ...], bool, int]]

#: A capture's outcome in perft (:meth:`VariantRules.capture_outcomes`), one int:
#: ``(taken << 64 | left) << 16 | start << 8 | end << 1 | crowns`` where ``left`` is the
#: mask of the opponent's pieces not taken and ``taken`` how many were taken. The walks
#: carry ``taken << 64 | left`` as one number, adding :data:`_ONE_TAKEN` at each jump.
_KEY_SHIFT = 16
_ONE_TAKEN = 1 << 64
_COUNT_AT = _KEY_SHIFT + 64


def _parities(geo: Geometry, d: int) -> tuple[int, tuple[tuple[int, int, int], ...]]:
    """Direction ``d`` by row parity: the distance to the second square ahead (the same
    for every square), then for each parity ``(distance to the next square, mask of the
    squares with one square ahead, mask of those with two)``; always two parities (a
    missing one is all zeros, which shifts nothing)."""
    by_step: dict[int, list[int]] = {}
    jump = 0
    for s in range(1, geo.squares + 1):
        ray = geo.rays[s][d]
        if ray:
            masks = by_step.setdefault(abs(ray[0] - s), [0, 0])
            masks[0] |= 1 << s
            if len(ray) >= 2:
                masks[1] |= 1 << s
                assert jump in (0, abs(ray[1] - s)), "one jump distance per direction"
                jump = abs(ray[1] - s)
    groups = [(step, masks[0], masks[1]) for step, masks in sorted(by_step.items())]
    assert len(groups) <= 2, "two row parities"
    return jump, (*groups, *[(0, 0, 0)] * (2 - len(groups)))


class _Shifts:
    """Steps and first jumps of many pieces at once in the two directions towards the low
    numbers (:class:`_Shifts`, a right shift moves a piece there) or the high numbers
    (:class:`_DownShifts`, a left shift).

    Each direction has two row parities (:func:`_parities`), so a direction's steps are
    two masked shifts; the constants are unpacked into locals and the arithmetic written
    out, which is what makes this fast in Python.
    """

    def __init__(self, geo: Geometry, dirs: tuple[int, int]) -> None:
        jump: list[int] = []
        step: list[int] = []
        for d in dirs:
            distance, groups = _parities(geo, d)
            jump.append(distance)
            for first, step_mask, jump_mask in groups:
                jump += (jump_mask, first)
                step += (step_mask, first)
        #: ``(t0, m0, a0, n0, b0, t1, m1, a1, n1, b1)``: per direction the jump distance
        #: and each parity's mask of squares that can jump and distance to the victim.
        self.jump = tuple(jump)
        #: ``(m0, a0, n0, b0, m1, a1, n1, b1)``: the same for steps.
        self.step = tuple(step)
        self.groups = tuple(zip(step[0::2], step[1::2], strict=True))

    def jumpers(self, pieces: int, prey: int, empty: int) -> int:
        """The ``pieces`` that can jump a piece of ``prey`` onto an ``empty`` square."""
        t0, m0, a0, n0, b0, t1, m1, a1, n1, b1 = self.jump
        return pieces & (
            empty << t0 & (m0 & prey << a0 | n0 & prey << b0)
            | empty << t1 & (m1 & prey << a1 | n1 & prey << b1)
        )

    def movers(self, pieces: int, empty: int) -> int:
        """The ``pieces`` that can step onto an ``empty`` square."""
        m0, a0, n0, b0, m1, a1, n1, b1 = self.step
        return pieces & (m0 & empty << a0 | n0 & empty << b0 | m1 & empty << a1 | n1 & empty << b1)

    def count_steps(self, pieces: int, empty: int) -> int:
        """How many steps ``pieces`` have onto ``empty`` squares."""
        m0, a0, n0, b0, m1, a1, n1, b1 = self.step
        return (pieces & (m0 & empty << a0 | n0 & empty << b0)).bit_count() + (
            pieces & (m1 & empty << a1 | n1 & empty << b1)
        ).bit_count()

    def steps(self, pieces: int, empty: int) -> list[tuple[int, int]]:
        """Every step of ``pieces`` onto ``empty`` squares, as ``(from bit, to bit)``."""
        out = []
        for mask, first in self.groups:
            targets = (pieces & mask) >> first & empty
            while targets:
                low = targets & -targets
                targets ^= low
                out.append((low << first, low))
        return out


class _DownShifts(_Shifts):
    """:class:`_Shifts` towards the high numbers: the same with the shifts the other way."""

    def jumpers(self, pieces: int, prey: int, empty: int) -> int:
        """The ``pieces`` that can jump a piece of ``prey`` onto an ``empty`` square."""
        t0, m0, a0, n0, b0, t1, m1, a1, n1, b1 = self.jump
        return pieces & (
            empty >> t0 & (m0 & prey >> a0 | n0 & prey >> b0)
            | empty >> t1 & (m1 & prey >> a1 | n1 & prey >> b1)
        )

    def movers(self, pieces: int, empty: int) -> int:
        """The ``pieces`` that can step onto an ``empty`` square."""
        m0, a0, n0, b0, m1, a1, n1, b1 = self.step
        return pieces & (m0 & empty >> a0 | n0 & empty >> b0 | m1 & empty >> a1 | n1 & empty >> b1)

    def count_steps(self, pieces: int, empty: int) -> int:
        """How many steps ``pieces`` have onto ``empty`` squares."""
        m0, a0, n0, b0, m1, a1, n1, b1 = self.step
        return (pieces & (m0 & empty >> a0 | n0 & empty >> b0)).bit_count() + (
            pieces & (m1 & empty >> a1 | n1 & empty >> b1)
        ).bit_count()

    def steps(self, pieces: int, empty: int) -> list[tuple[int, int]]:
        """Every step of ``pieces`` onto ``empty`` squares, as ``(from bit, to bit)``."""
        out = []
        for mask, first in self.groups:
            targets = (pieces & mask) << first & empty
            while targets:
                low = targets & -targets
                targets ^= low
                out.append((low >> first, low))
        return out


class _AllShifts:
    """:class:`_Shifts` in all four directions (men that capture backward, short kings):
    both halves written out in one expression."""

    def __init__(self, up: _Shifts, down: _DownShifts) -> None:
        self.up, self.down = up, down
        self.jump = up.jump + down.jump
        self.step = up.step + down.step

    def jumpers(self, pieces: int, prey: int, empty: int) -> int:
        """The ``pieces`` that can jump a piece of ``prey`` onto an ``empty`` square."""
        t0, m0, a0, n0, b0, t1, m1, a1, n1, b1, t2, m2, a2, n2, b2, t3, m3, a3, n3, b3 = self.jump
        return pieces & (
            empty << t0 & (m0 & prey << a0 | n0 & prey << b0)
            | empty << t1 & (m1 & prey << a1 | n1 & prey << b1)
            | empty >> t2 & (m2 & prey >> a2 | n2 & prey >> b2)
            | empty >> t3 & (m3 & prey >> a3 | n3 & prey >> b3)
        )

    def count_steps(self, pieces: int, empty: int) -> int:
        """How many steps ``pieces`` have onto ``empty`` squares."""
        return self.up.count_steps(pieces, empty) + self.down.count_steps(pieces, empty)

    def steps(self, pieces: int, empty: int) -> list[tuple[int, int]]:
        """Every step of ``pieces`` onto ``empty`` squares, as ``(from bit, to bit)``."""
        return self.up.steps(pieces, empty) + self.down.steps(pieces, empty)


#: One diagonal from a square, for flying kings: ``(mask, beyond, after)`` where ``mask``
#: holds the diagonal's squares, ``beyond[v]`` the squares past ``v`` in the same
#: direction and ``after[v]`` the bit of the first of them (0 at the edge).
_Ray = tuple[int, tuple[int, ...], tuple[int, ...]]


class _Rays:
    """The diagonals from every square as bit masks: what a flying king reaches.

    ``up[s]`` and ``down[s]`` list the non-empty diagonals from ``s`` towards the low or
    the high numbers (:data:`_Ray`). Along an up diagonal the square nearest to ``s``
    has the highest bit, along a down one the lowest, so the first piece met is one bit
    operation away.
    """

    def __init__(self, geo: Geometry) -> None:
        count = geo.squares + 1
        masks = [
            tuple(sum(1 << q for q in geo.rays[s][d]) if s else 0 for s in range(count))
            for d in _ALL
        ]
        after = [
            tuple(1 << geo.rays[s][d][0] if s and geo.rays[s][d] else 0 for s in range(count))
            for d in _ALL
        ]

        def side(dirs: tuple[int, ...]) -> tuple[tuple[_Ray, ...], ...]:
            return tuple(
                tuple((masks[d][s], masks[d], after[d]) for d in dirs if masks[d][s])
                for s in range(count)
            )

        self.up, self.down = side(_UP), side(_DOWN)

    def count_moves(self, kings: int, occupied: int) -> int:
        """How many squares ``kings`` can fly to (each empty square before a piece)."""
        count = 0
        while kings:
            low = kings & -kings
            kings ^= low
            s = low.bit_length() - 1
            for ray, _, _ in self.up[s]:
                last = (ray & occupied).bit_length()
                count += (ray >> last << last).bit_count()
            for ray, _, _ in self.down[s]:
                near = ray & occupied
                count += (ray & ((near & -near) - 1)).bit_count()
        return count

    def moves(self, kings: int, occupied: int) -> list[tuple[int, int]]:
        """Every flight of ``kings``, as ``(from bit, to bit)`` (in no particular order)."""
        out = []
        while kings:
            low = kings & -kings
            kings ^= low
            s = low.bit_length() - 1
            free = 0
            for ray, _, _ in self.up[s]:
                last = (ray & occupied).bit_length()
                free |= ray >> last << last
            for ray, _, _ in self.down[s]:
                near = ray & occupied
                free |= ray & ((near & -near) - 1)
            while free:
                to = free & -free
                free ^= to
                out.append((low, to))
        return out

    def capturers(self, kings: int, prey: int, occupied: int, empty: int) -> int:
        """The ``kings`` that can fly to a piece of ``prey`` and jump it."""
        found = 0
        while kings:
            low = kings & -kings
            kings ^= low
            s = low.bit_length() - 1
            for ray, _, after in self.up[s]:
                last = (ray & occupied).bit_length() - 1
                if last > 0 and prey >> last & 1 and after[last] & empty:
                    found |= low
            for ray, _, after in self.down[s]:
                near = ray & occupied
                victim = near & -near
                if victim & prey and after[victim.bit_length() - 1] & empty:
                    found |= low
        return found


def _step_lists(
    geo: Geometry, dirs: tuple[int, ...], crown_row: int
) -> tuple[tuple[tuple[int, int, bool], ...], ...]:
    """Per square, a man's steps in ``dirs`` that fit on the board, in direction order:
    ``(to, to bit, crowns)``."""
    return tuple(
        tuple(
            (ray[0], 1 << ray[0], bool(1 << ray[0] & crown_row))
            for d in dirs
            if (ray := geo.rays[s][d])
        )
        if s
        else ()
        for s in range(geo.squares + 1)
    )


def _jump_lists(geo: Geometry, dirs: tuple[int, ...]) -> tuple[tuple[_RouteJump, ...], ...]:
    """Per square, its jumps in ``dirs`` that fit on the board, in direction order:
    ``(victim, victim bit, landing, landing bit)``."""
    return tuple(
        tuple(
            (ray[0], 1 << ray[0], ray[1], 1 << ray[1])
            for d in dirs
            if len(ray := geo.rays[s][d]) >= 2
        )
        if s
        else ()
        for s in range(geo.squares + 1)
    )


def _without_victims(
    lists: tuple[tuple[_RouteJump, ...], ...],
) -> tuple[tuple[_Jump, ...], ...]:
    """:func:`_jump_lists` without the victim's square: ``(victim bit, landing, landing
    bit)``, what a walk that keeps no route needs."""
    return tuple(tuple((vb, to, tb) for _, vb, to, tb in jumps) for jumps in lists)


class VariantRules:
    """The moves of one variant: :meth:`moves`, :meth:`has_capture` and :meth:`perft`.

    Built once per variant (:func:`rules_of`): the variant's fields are turned into
    tables (the jumps from each square, the shift groups of steps and jumps, the
    diagonals as masks, the crown rows) so that the generator reads no field while it
    runs.
    """

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        geo = variant.geometry
        self.squares = geo.squares
        self.rays = geo.rays
        self.board = sum(geo.bit[1:])
        self.flying = variant.flying_kings
        self.men_take_kings = variant.men_capture_kings
        self.crowning = variant.crowning
        self.distinct = variant.distinct_routes
        self.choose = _CHOOSERS[variant.capture_rule]
        # Index 0: men moving up (towards square 1); index 1: men moving down.
        self.crown_row = (geo.top_row, geo.bottom_row)
        men_jump = (_ALL, _ALL) if variant.men_capture_backward else (_UP, _DOWN)
        # The shifts of the men's steps (forward) and jumps, and of short kings.
        up, down = _Shifts(geo, (0, 1)), _DownShifts(geo, (2, 3))
        self.man_steps = (up, down)
        self.king_shifts = _AllShifts(up, down)
        self.man_jumps: tuple[_Shifts | _AllShifts, _Shifts | _AllShifts] = (
            (self.king_shifts, self.king_shifts) if variant.men_capture_backward else (up, down)
        )
        self.king_rays = _Rays(geo)
        # Per square, in direction order: the men's steps, and the jumps of men and short
        # kings with the victim's square (for routes) and without (for outcomes).
        self.man_step_lists = (
            _step_lists(geo, _UP, geo.top_row),
            _step_lists(geo, _DOWN, geo.bottom_row),
        )
        self.man_route_jumps = (_jump_lists(geo, men_jump[0]), _jump_lists(geo, men_jump[1]))
        self.king_route_jumps = _jump_lists(geo, _ALL)
        self.man_jump_lists = tuple(_without_victims(j) for j in self.man_route_jumps)
        self.king_jump_lists = _without_victims(self.king_route_jumps)
        self.route_walkers = (_route_walker(self, False), _route_walker(self, True))
        # perft walks captures as outcomes unless the rule needs the order of the pieces
        # taken (Italian) or every route counts (distinct routes): then it uses captures().
        # (And men that take kings: a walk then follows one mask of the pieces to take.)
        self.by_outcome = (
            not self.distinct
            and variant.capture_rule in ("free", "most", "spanish")
            and variant.men_capture_kings
        )
        self.outcome_walkers = (_outcome_walker(self, False), _outcome_walker(self, True))
        self.majority = variant.capture_rule in ("most", "spanish")
        self.kings_next = variant.capture_rule == "spanish"

    # ------------------------------------------------------------------ moves
    def moves(self, own: int, opp: int, kings: int, down: bool) -> list[RawMove]:
        """Every legal move of the side to move: its captures if it has one, else its steps."""
        if self.capturers(own, opp, kings, down):
            return self.captures(own, opp, kings, down)
        return self.steps(own, opp, kings, down)

    def steps(self, own: int, opp: int, kings: int, down: bool) -> list[RawMove]:
        """The non-capturing moves, by starting square, then direction, then distance."""
        rays, flying = self.rays, self.flying
        occupied = own | opp
        empty = self.board & ~occupied
        man_steps = self.man_step_lists[down]
        out: list[RawMove] = []
        # The kings, and the men that have a step (found for all at once).
        mask = self.man_steps[down].movers(own & ~kings, empty) | own & kings
        while mask:
            low = mask & -mask
            mask ^= low
            src = low.bit_length() - 1
            if kings & low:
                for ray in rays[src]:
                    for dst in ray:
                        if occupied >> dst & 1:
                            break
                        out.append(((src, dst), (), False, 0))
                        if not flying:
                            break
            else:
                for dst, dst_bit, crowns in man_steps[src]:
                    if empty & dst_bit:
                        out.append(((src, dst), (), crowns, 0))
        return out

    def count_steps(self, own: int, opp: int, kings: int, down: bool) -> int:
        """``len(self.steps(...))`` without making the moves (perft's last ply)."""
        occupied = own | opp
        empty = self.board & ~occupied
        count = self.man_steps[down].count_steps(own & ~kings, empty)
        own_kings = own & kings
        if own_kings:
            if self.flying:
                count += self.king_rays.count_moves(own_kings, occupied)
            else:
                count += self.king_shifts.count_steps(own_kings, empty)
        return count

    def has_capture(self, own: int, opp: int, kings: int, down: bool) -> bool:
        """Whether the side to move has a capture (and so must capture)."""
        return self.capturers(own, opp, kings, down) != 0

    def capturers(self, own: int, opp: int, kings: int, down: bool) -> int:
        """The mask of the side to move's pieces that can capture (0: no capture)."""
        occupied = own | opp
        empty = self.board & ~occupied
        men = own & ~kings
        found = 0
        if men:
            prey = opp if self.men_take_kings else opp & ~kings
            found = self.man_jumps[down].jumpers(men, prey, empty)
        own_kings = own & kings
        if own_kings:
            if self.flying:
                found |= self.king_rays.capturers(own_kings, opp, occupied, empty)
            else:
                found |= self.king_shifts.jumpers(own_kings, opp, empty)
        return found

    def captures(
        self, own: int, opp: int, kings: int, down: bool, *, every_route: bool = False
    ) -> list[RawMove]:
        """The legal captures: every complete capture, then the capture rule, then
        (unless routes are distinct, or ``every_route``) one move per result, the first
        route found standing for the others."""
        found = self._routes(own, opp, kings, down)
        if not found:
            return []
        chosen = self.choose(found, kings) if len(found) > 1 else found
        if self.distinct or every_route or len(chosen) == 1:
            return [(p, c, k, opp ^ left) for p, c, k, left in chosen]
        seen: set[tuple[int, int, int, bool]] = set()
        out: list[RawMove] = []
        for p, c, k, left in chosen:
            key = (p[0], p[-1], left, k)
            if key not in seen:
                seen.add(key)
                out.append((p, c, k, opp ^ left))
        return out

    def _routes(
        self, own: int, opp: int, kings: int, down: bool, capturers: int | None = None
    ) -> _Found:
        """Every complete capture with its route (:data:`_Found`): by starting square,
        then direction, then distance (a flying king's landing squares nearest first),
        each capture's continuations before the next. ``capturers``: :meth:`capturers`
        if known."""
        if capturers is None:
            capturers = self.capturers(own, opp, kings, down)
        man, king = self.route_walkers[down]
        occupied = own | opp
        prey = opp if self.men_take_kings else opp & ~kings
        found: _Found = []
        while capturers:
            low = capturers & -capturers
            capturers ^= low
            src = low.bit_length() - 1
            if kings & low:
                king(src, opp, occupied ^ low, [src], [], found, False)
            else:
                man(src, opp, occupied ^ low, [src], [], found, prey)
        return found

    # ------------------------------------------------------------------ perft
    def perft(self, own: int, opp: int, kings: int, down: bool, depth: int) -> int:
        """Leaf count of the legal-move tree ``depth`` plies deep (the last ply counted in bulk)."""
        if depth <= 1:
            return self.count_moves(own, opp, kings, down) if depth == 1 else 1
        up = not down
        if depth == 2:
            count = self.count_moves
            return sum([count(o, p, k, up) for o, p, k in self.children(own, opp, kings, down)])
        perft, depth = self.perft, depth - 1
        return sum([perft(o, p, k, up, depth) for o, p, k in self.children(own, opp, kings, down)])

    def count_moves(self, own: int, opp: int, kings: int, down: bool) -> int:
        """``len(self.moves(...))``, with no move made (perft's last ply).

        :meth:`capturers` and :meth:`count_steps` written out together: this runs at
        every node of perft's last ply but one.
        """
        occupied = own | opp
        empty = self.board & ~occupied
        men = own & ~kings
        own_kings = own & kings
        prey = opp if self.men_take_kings else opp & ~kings
        capturers = self.man_jumps[down].jumpers(men, prey, empty)
        if own_kings:
            if self.flying:
                capturers |= self.king_rays.capturers(own_kings, opp, occupied, empty)
            else:
                capturers |= self.king_shifts.jumpers(own_kings, opp, empty)
        if not capturers:
            count = self.man_steps[down].count_steps(men, empty)
            if not own_kings:
                return count
            if self.flying:
                return count + self.king_rays.count_moves(own_kings, occupied)
            return count + self.king_shifts.count_steps(own_kings, empty)
        if self.by_outcome:
            return len(self.capture_outcomes(own, opp, kings, down, capturers))
        return len(self.captures(own, opp, kings, down))

    def children(self, own: int, opp: int, kings: int, down: bool) -> list[tuple[int, int, int]]:
        """The position after each legal move (in no particular order), as ``(own, opp,
        kings)`` with ``own`` the side now to move: what perft walks, no move made."""
        capturers = self.capturers(own, opp, kings, down)
        if not capturers:
            return self._step_children(own, opp, kings, down)
        if not self.by_outcome:
            return [
                _after(own, opp, kings, 1 << path[0], 1 << path[-1], opp & ~taken, crowns)
                for path, _, crowns, taken in self.captures(own, opp, kings, down)
            ]
        out = []
        board = self.board
        for key in self.capture_outcomes(own, opp, kings, down, capturers):
            src, dst = 1 << (key >> 8 & 127), 1 << (key >> 1 & 127)
            out.append(_after(own, opp, kings, src, dst, key >> _KEY_SHIFT & board, key & 1))
        return out

    def _step_children(
        self, own: int, opp: int, kings: int, down: bool
    ) -> list[tuple[int, int, int]]:
        """:meth:`children` when no capture is due."""
        occupied = own | opp
        empty = self.board & ~occupied
        crown_row = self.crown_row[down]
        out = []
        for src, dst in self.man_steps[down].steps(own & ~kings, empty):
            new_kings = kings | dst if dst & crown_row else kings
            out.append((opp, own ^ src | dst, new_kings))
        own_kings = own & kings
        if own_kings:
            if self.flying:
                flights = self.king_rays.moves(own_kings, occupied)
            else:
                flights = self.king_shifts.steps(own_kings, empty)
            for src, dst in flights:
                out.append((opp, own ^ src | dst, kings ^ src | dst))
        return out

    def capture_outcomes(
        self, own: int, opp: int, kings: int, down: bool, capturers: int
    ) -> set[int] | list[int]:
        """The legal captures as distinct outcomes, no route kept (perft's captures).

        Each outcome is one int (:data:`_KEY_SHIFT`): the number of pieces taken, the
        mask of the opponent's pieces left, the start and end squares and whether a man
        is crowned. ``capturers`` is :meth:`capturers`. Only for variants whose rule
        needs no order of the pieces taken and whose routes are not distinct
        (``self.by_outcome``).
        """
        found: list[int] = []
        man, king = self.outcome_walkers[down]
        occupied = own | opp
        while capturers:
            low = capturers & -capturers
            capturers ^= low
            src = low.bit_length() - 1
            (king if kings & low else man)(src, opp, occupied ^ low, src << 8, found)
        if len(found) < 2:
            return found
        if self.majority:
            # The number taken is the key's top part: the most taken is in the largest key.
            most = max(found) >> _COUNT_AT
            found = [key for key in found if key >> _COUNT_AT == most]
            if self.kings_next and len(found) > 1:
                # Spanish: then the most kings, i.e. the fewest of the opponent's left.
                left = [(key >> _KEY_SHIFT & kings).bit_count() for key in found]
                fewest = min(left)
                found = [key for key, n in zip(found, left, strict=True) if n == fewest]
        return set(found)


def _after(
    own: int, opp: int, kings: int, src: int, dst: int, left: int, crowns: int | bool
) -> tuple[int, int, int]:
    """The position after a move from bit ``src`` to ``dst`` leaving ``left`` of the
    opponent's pieces, as ``(opp, own, kings)``: the side to move next first."""
    new_kings = kings & (own | left) & ~src
    if crowns or kings & src:
        new_kings |= dst
    return left, own ^ src | dst, new_kings


#: A capture walk of :func:`_outcome_walker`: ``walk(square, avail, occ, base, found)``,
#: whether the capture went on from ``square``.
_Walk = Callable[[int, int, int, int, list[int]], bool]


def _outcome_walker(rules: VariantRules, down: bool) -> tuple[_Walk, _Walk]:
    """The walks of one side's captures as outcomes (:meth:`VariantRules.
    capture_outcomes`), built once: ``(man, king)``. ``walk(src, opp, occupied, src << 8,
    found)`` walks every capture of the piece on ``src`` (``occupied`` without it) and
    appends each complete capture's outcome (:data:`_KEY_SHIFT`) to ``found``.

    The walks follow the rules of the module docstring: the pieces jumped stay in
    ``occ``; ``avail`` is the opponent's pieces not yet taken (with the number taken
    above them); ``base`` is the outcome's low part, the start square and (bit 0) 1 once
    a man is crowned on the way (it goes on as a king). The state travels in the
    arguments: no closure is made per position, and two threads may walk at once.
    """
    crown_row = rules.crown_row[down]
    man_jumps, king_jumps = rules.man_jump_lists[down], rules.king_jump_lists
    ups, downs = rules.king_rays.up, rules.king_rays.down
    at_end, goes_on = rules.crowning == "at-end", rules.crowning == "continues"

    def man(sq: int, avail: int, occ: int, base: int, found: list[int]) -> bool:
        went = False
        for victim, to, to_bit in man_jumps[sq]:
            if avail & victim and not occ & to_bit:
                went = True
                rest = (avail ^ victim) + _ONE_TAKEN
                if not to_bit & crown_row:
                    if not man(to, rest, occ, base, found):
                        found.append(rest << _KEY_SHIFT | base | to << 1)
                elif at_end:
                    if not man(to, rest, occ, base, found):
                        found.append(rest << _KEY_SHIFT | base | to << 1 | 1)
                elif not (goes_on and king(to, rest, occ, base | 1, found)):
                    found.append(rest << _KEY_SHIFT | base | to << 1 | 1)
        return went

    def short(sq: int, avail: int, occ: int, base: int, found: list[int]) -> bool:
        went = False
        for victim, to, to_bit in king_jumps[sq]:
            if avail & victim and not occ & to_bit:
                went = True
                rest = (avail ^ victim) + _ONE_TAKEN
                if not short(to, rest, occ, base, found):
                    found.append(rest << _KEY_SHIFT | base | to << 1)
        return went

    def fly(sq: int, avail: int, occ: int, base: int, found: list[int]) -> bool:
        went = False
        for ray, beyond, _ in ups[sq]:
            last = (ray & occ).bit_length() - 1
            if last > 0 and avail >> last & 1:
                past = beyond[last]
                stop = (past & occ).bit_length()
                free = past >> stop << stop
                if free:
                    went = True
                    land(free, (avail ^ 1 << last) + _ONE_TAKEN, occ, base, found)
        for ray, beyond, _ in downs[sq]:
            near = ray & occ
            victim = near & -near
            if victim & avail:
                past = beyond[victim.bit_length() - 1]
                stop = past & occ
                free = past & ((stop & -stop) - 1)
                if free:
                    went = True
                    land(free, (avail ^ victim) + _ONE_TAKEN, occ, base, found)
        return went

    def land(free: int, avail: int, occ: int, base: int, found: list[int]) -> None:
        """After a flying king's jump: go on from every square of ``free`` that goes
        on; if none does, stop on any of them."""
        ends = []
        on = False
        while free:
            low = free & -free
            free ^= low
            to = low.bit_length() - 1
            if fly(to, avail, occ, base, found):
                on = True
            elif not on:
                ends.append(to)
        if not on:
            for to in ends:
                found.append(avail << _KEY_SHIFT | base | to << 1)

    king = fly if rules.flying else short
    return man, king


#: A route walk of :func:`_route_walker`: a man's ``walk(square, avail, occ, path,
#: captures, found, prey)``; a king's takes ``crowned`` instead of ``prey``.
_ManRoute = Callable[[int, int, int, list[int], list[int], _Found, int], bool]
_KingRoute = Callable[[int, int, int, list[int], list[int], _Found, bool], bool]


def _route_walker(rules: VariantRules, down: bool) -> tuple[_ManRoute, _KingRoute]:
    """The walks of one side's captures with their routes (:meth:`VariantRules._routes`),
    built once: ``(man, king)``. ``man(src, opp, occupied, [src], [], found, prey)``
    (``prey``: the pieces a man may take) or ``king(src, opp, occupied, [src], [],
    found, False)`` appends each complete capture of the piece on ``src`` to ``found``
    (:data:`_Found`), ``occupied`` being the occupied squares without ``src``.

    As :func:`_outcome_walker`, with the route kept: ``path`` and ``caps`` grow and
    shrink with the walk; ``avail`` is the opponent's pieces not yet taken (recorded as
    "left"); ``crowned`` whether a man was crowned on the way and goes on as a king.
    """
    crown_row = rules.crown_row[down]
    man_jumps, king_jumps = rules.man_route_jumps[down], rules.king_route_jumps
    ups, downs = rules.king_rays.up, rules.king_rays.down
    at_end, goes_on = rules.crowning == "at-end", rules.crowning == "continues"

    def man(
        sq: int,
        avail: int,
        occ: int,
        path: list[int],
        caps: list[int],
        found: _Found,
        prey: int,
    ) -> bool:
        went = False
        for victim, victim_bit, to, to_bit in man_jumps[sq]:
            if avail & victim_bit & prey and not occ & to_bit:
                went = True
                rest = avail ^ victim_bit
                path.append(to)
                caps.append(victim)
                if not to_bit & crown_row:
                    if not man(to, rest, occ, path, caps, found, prey):
                        found.append((tuple(path), tuple(caps), False, rest))
                elif at_end:
                    if not man(to, rest, occ, path, caps, found, prey):
                        found.append((tuple(path), tuple(caps), True, rest))
                elif not (goes_on and king(to, rest, occ, path, caps, found, True)):
                    found.append((tuple(path), tuple(caps), True, rest))
                path.pop()
                caps.pop()
        return went

    def short(
        sq: int,
        avail: int,
        occ: int,
        path: list[int],
        caps: list[int],
        found: _Found,
        crowned: bool,
    ) -> bool:
        went = False
        for victim, victim_bit, to, to_bit in king_jumps[sq]:
            if avail & victim_bit and not occ & to_bit:
                went = True
                rest = avail ^ victim_bit
                path.append(to)
                caps.append(victim)
                if not short(to, rest, occ, path, caps, found, crowned):
                    found.append((tuple(path), tuple(caps), crowned, rest))
                path.pop()
                caps.pop()
        return went

    def fly(
        sq: int,
        avail: int,
        occ: int,
        path: list[int],
        caps: list[int],
        found: _Found,
        crowned: bool,
    ) -> bool:
        went = False
        for ray, beyond, _ in ups[sq]:
            last = (ray & occ).bit_length() - 1
            if last > 0 and avail >> last & 1:
                past = beyond[last]
                stop = (past & occ).bit_length()
                free = past >> stop << stop
                if free:
                    went = True
                    # Nearest first: towards the low numbers, the highest bit first.
                    squares = []
                    while free:
                        to = free.bit_length() - 1
                        free ^= 1 << to
                        squares.append(to)
                    caps.append(last)
                    land(squares, avail ^ 1 << last, occ, path, caps, found, crowned)
                    caps.pop()
        for ray, beyond, _ in downs[sq]:
            near = ray & occ
            victim_bit = near & -near
            if victim_bit & avail:
                victim = victim_bit.bit_length() - 1
                past = beyond[victim]
                stop = past & occ
                free = past & ((stop & -stop) - 1)
                if free:
                    went = True
                    squares = []
                    while free:
                        low = free & -free
                        free ^= low
                        squares.append(low.bit_length() - 1)
                    caps.append(victim)
                    land(squares, avail ^ victim_bit, occ, path, caps, found, crowned)
                    caps.pop()
        return went

    def land(
        squares: list[int],
        avail: int,
        occ: int,
        path: list[int],
        caps: list[int],
        found: _Found,
        crowned: bool,
    ) -> None:
        """After a flying king's jump: go on from every one of ``squares`` that goes
        on; if none does, stop on any of them."""
        ends = []
        on = False
        for to in squares:
            path.append(to)
            if fly(to, avail, occ, path, caps, found, crowned):
                on = True
            elif not on:
                ends.append(to)
            path.pop()
        if not on:
            for to in ends:
                found.append(((*path, to), tuple(caps), crowned, avail))

    king = fly if rules.flying else short
    return man, king


def _free(found: _Found, kings: int) -> _Found:
    return found


def _most(found: _Found, kings: int) -> _Found:
    most = max(len(f[1]) for f in found)
    return [f for f in found if len(f[1]) == most]


def _spanish_key(caps: tuple[int, ...], kings: int) -> tuple[int, int]:
    return len(caps), sum(1 for c in caps if kings >> c & 1)


def _spanish(found: _Found, kings: int) -> _Found:
    best = max(_spanish_key(f[1], kings) for f in found)
    return [f for f in found if _spanish_key(f[1], kings) == best]


def _italian_key(
    caps: tuple[int, ...], by_king: bool, kings: int
) -> tuple[int, bool, int, tuple[int, ...]]:
    """Most pieces; then with a king; then the most kings; then the kings met earliest."""
    order = tuple(-i for i, c in enumerate(caps) if kings >> c & 1)
    return len(caps), by_king, len(order), order


def _italian(found: _Found, kings: int) -> _Found:
    keys = [_italian_key(f[1], bool(kings >> f[0][0] & 1), kings) for f in found]
    best = max(keys)
    return [f for f, key in zip(found, keys, strict=True) if key == best]


_CHOOSERS: dict[str, Callable[[_Found, int], _Found]] = {
    "free": _free,
    "most": _most,
    "spanish": _spanish,
    "italian": _italian,
}


@cache
def rules_of(variant: Variant) -> VariantRules:
    """The generator of a variant's rules (made once per variant, then shared)."""
    return VariantRules(variant)
