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
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from .variants import Variant

__all__ = ["RawMove", "VariantRules", "rules_of"]

#: ``(path, captures, crowns, taken)``: the squares visited, the squares jumped in order,
#: whether a man is crowned, and the bit mask of the jumped squares (0 for a step).
RawMove = tuple[tuple[int, ...], tuple[int, ...], bool, int]


class VariantRules:
    """The moves of one variant: :meth:`moves`, :meth:`has_capture` and :meth:`perft`.

    Built once per variant (:func:`rules_of`): the variant's fields are turned into
    tables (the jumps from each square, the men's steps, the crown rows) so that the
    generator reads no field while it runs.
    """

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        geo = variant.geometry
        self.squares = geo.squares
        self.bit = geo.bit
        self.rays = geo.rays
        self.flying = variant.flying_kings
        self.men_take_kings = variant.men_capture_kings
        self.crowning = variant.crowning
        self.distinct = variant.distinct_routes
        self.choose = _CHOOSERS[variant.capture_rule]
        # Index 0: men moving up (towards square 1); index 1: men moving down.
        self.crown_row = (geo.top_row, geo.bottom_row)
        forward = ((0, 1), (2, 3))
        both = (0, 1, 2, 3)
        self.man_jump_dirs = (both, both) if variant.men_capture_backward else forward
        self.man_step_dirs = forward
        bit = geo.bit
        # jumps[s]: per direction, (victim, victim bit, landing, landing bit) or None.
        self.jumps: tuple[tuple[tuple[int, int, int, int] | None, ...], ...] = tuple(
            tuple(
                (ray[0], bit[ray[0]], ray[1], bit[ray[1]]) if len(ray) >= 2 else None
                for ray in geo.rays[s]
            )
            if s
            else ()
            for s in range(geo.squares + 1)
        )

    # ------------------------------------------------------------------ moves
    def moves(self, own: int, opp: int, kings: int, down: bool) -> list[RawMove]:
        """Every legal move of the side to move: its captures if it has one, else its steps."""
        if self.has_capture(own, opp, kings, down):
            return self.captures(own, opp, kings, down)
        return self.steps(own, opp, kings, down)

    def steps(self, own: int, opp: int, kings: int, down: bool) -> list[RawMove]:
        """The non-capturing moves, by starting square, then direction, then distance."""
        bit, rays, flying = self.bit, self.rays, self.flying
        occupied = own | opp
        crown_row = self.crown_row[down]
        man_dirs = self.man_step_dirs[down]
        out: list[RawMove] = []
        mask = own
        while mask:
            low = mask & -mask
            mask ^= low
            src = low.bit_length() - 1
            if kings & low:
                for ray in rays[src]:
                    for dst in ray:
                        if occupied & bit[dst]:
                            break
                        out.append(((src, dst), (), False, 0))
                        if not flying:
                            break
            else:
                square_rays = rays[src]
                for d in man_dirs:
                    ray = square_rays[d]
                    if ray and not occupied & bit[ray[0]]:
                        dst = ray[0]
                        out.append(((src, dst), (), bool(bit[dst] & crown_row), 0))
        return out

    def count_steps(self, own: int, opp: int, kings: int, down: bool) -> int:
        """``len(self.steps(...))`` without making the moves (perft's last ply)."""
        bit, rays, flying = self.bit, self.rays, self.flying
        occupied = own | opp
        man_dirs = self.man_step_dirs[down]
        count = 0
        mask = own
        while mask:
            low = mask & -mask
            mask ^= low
            src = low.bit_length() - 1
            if kings & low:
                for ray in rays[src]:
                    for dst in ray:
                        if occupied & bit[dst]:
                            break
                        count += 1
                        if not flying:
                            break
            else:
                square_rays = rays[src]
                for d in man_dirs:
                    ray = square_rays[d]
                    if ray and not occupied & bit[ray[0]]:
                        count += 1
        return count

    def has_capture(self, own: int, opp: int, kings: int, down: bool) -> bool:
        """Whether the side to move has a capture (and so must capture)."""
        occupied = own | opp
        bit, rays, jumps = self.bit, self.rays, self.jumps
        man_dirs = self.man_jump_dirs[down]
        men_take_kings = self.men_take_kings
        mask = own
        while mask:
            low = mask & -mask
            mask ^= low
            src = low.bit_length() - 1
            if kings & low:
                if self.flying:
                    for ray in rays[src]:
                        for i, sq in enumerate(ray):
                            if occupied & bit[sq]:
                                if (
                                    opp & bit[sq]
                                    and i + 1 < len(ray)
                                    and not occupied & bit[ray[i + 1]]
                                ):
                                    return True
                                break
                    continue
                dirs: tuple[int, ...] = (0, 1, 2, 3)
            else:
                dirs = man_dirs
            square_jumps = jumps[src]
            for d in dirs:
                jump = square_jumps[d]
                if (
                    jump is not None
                    and opp & jump[1]
                    and not occupied & jump[3]
                    and (men_take_kings or kings & low or not kings & jump[1])
                ):
                    return True
        return False

    def captures(
        self, own: int, opp: int, kings: int, down: bool, *, every_route: bool = False
    ) -> list[RawMove]:
        """The legal captures: every complete capture, then the capture rule, then
        (unless routes are distinct, or ``every_route``) one move per result, the first
        route found standing for the others."""
        bit, rays, jumps = self.bit, self.rays, self.jumps
        flying, crowning = self.flying, self.crowning
        men_take_kings = self.men_take_kings
        crown_row = self.crown_row[down]
        man_dirs = self.man_jump_dirs[down]
        all_dirs = (0, 1, 2, 3)
        found: list[tuple[tuple[int, ...], tuple[int, ...], bool, int, bool]] = []
        occupied = own | opp

        def walk(
            sq: int, king: bool, crowned: bool, taken: int, path: list[int], caps: list[int]
        ) -> bool:
            """Extend the capture at ``sq``; record each complete one. Whether it went on."""
            went_on = False
            if king and flying:
                for ray in rays[sq]:
                    length = len(ray)
                    i = 0
                    while i < length and not occ & bit[ray[i]]:
                        i += 1
                    if i >= length - 1:
                        continue
                    victim = ray[i]
                    vbit = bit[victim]
                    if not opp & vbit or taken & vbit or occ & bit[ray[i + 1]]:
                        continue
                    went_on = True
                    now_taken = taken | vbit
                    caps.append(victim)
                    ends = []
                    any_on = False
                    j = i + 1
                    while j < length and not occ & bit[ray[j]]:
                        land = ray[j]
                        path.append(land)
                        if walk(land, True, crowned, now_taken, path, caps):
                            any_on = True
                        else:
                            ends.append(land)
                        path.pop()
                        j += 1
                    if not any_on:
                        for land in ends:
                            record(path, caps, land, crowned, now_taken)
                    caps.pop()
                return went_on
            square_jumps = jumps[sq]
            for d in all_dirs if king else man_dirs:
                jump = square_jumps[d]
                if jump is None:
                    continue
                victim, vbit, land, lbit = jump
                if (
                    not opp & vbit
                    or taken & vbit
                    or occ & lbit
                    or (not king and not men_take_kings and kings & vbit)
                ):
                    continue
                went_on = True
                now_taken = taken | vbit
                path.append(land)
                caps.append(victim)
                if not king and lbit & crown_row and crowning != "at-end":
                    if crowning == "ends-move" or not walk(land, True, True, now_taken, path, caps):
                        record(path[:-1], caps, land, True, now_taken)
                elif not walk(land, king, crowned, now_taken, path, caps):
                    record(path[:-1], caps, land, crowned, now_taken)
                path.pop()
                caps.pop()
            return went_on

        def record(path: list[int], caps: list[int], end: int, crowned: bool, taken: int) -> None:
            crowns = not start_king and (crowned or bool(bit[end] & crown_row))
            found.append(((*path, end), tuple(caps), crowns, taken, start_king))

        mask = own
        while mask:
            low = mask & -mask
            mask ^= low
            src = low.bit_length() - 1
            start_king = bool(kings & low)
            occ = occupied ^ low
            walk(src, start_king, False, 0, [src], [])
        if not found:
            return []
        chosen = self.choose(found, kings) if len(found) > 1 else found
        if self.distinct or every_route or len(chosen) == 1:
            return [(p, c, k, t) for p, c, k, t, _ in chosen]
        seen: set[tuple[int, int, int, bool]] = set()
        out: list[RawMove] = []
        for p, c, k, t, _ in chosen:
            key = (p[0], p[-1], t, k)
            if key not in seen:
                seen.add(key)
                out.append((p, c, k, t))
        return out

    # ------------------------------------------------------------------ perft
    def perft(self, own: int, opp: int, kings: int, down: bool, depth: int) -> int:
        """Leaf count of the legal-move tree ``depth`` plies deep (the last ply counted in bulk)."""
        if depth == 0:
            return 1
        if not self.has_capture(own, opp, kings, down):
            if depth == 1:
                return self.count_steps(own, opp, kings, down)
            moves = self.steps(own, opp, kings, down)
        else:
            moves = self.captures(own, opp, kings, down)
            if depth == 1:
                return len(moves)
        bit = self.bit
        total = 0
        for path, _caps, crowns, taken in moves:
            src, dst = bit[path[0]], bit[path[-1]]
            moved = (own ^ src) | dst
            left = opp & ~taken
            new_kings = kings & ~taken & ~src
            if crowns or kings & src:
                new_kings |= dst
            total += self.perft(left, moved, new_kings, not down, depth - 1)
        return total


_Found = list[tuple[tuple[int, ...], tuple[int, ...], bool, int, bool]]


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
    keys = [_italian_key(f[1], f[4], kings) for f in found]
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
