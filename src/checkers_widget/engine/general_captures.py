"""Whether the side to move must capture, on every board at once: the search's hot test.

The general searcher asks at every node whether a capture is due (to know whether a
position at the horizon is quiet, and which moves to generate). The rules core's
:meth:`VariantRules.has_capture <checkers_widget.core.variant_movegen.VariantRules.
has_capture>` answers piece by piece; on a 10x10 board that was a quarter of the
search's time. :class:`CaptureTest` gives the same answer with a few shifts of whole
bitboards, built from the board's geometry, so it serves every variant alike.

How: in the layout of bit ``s`` for square ``s``, the neighbour of a square in a given
direction is a fixed number of squares away for all squares of one row parity (``half``,
``half - 1`` or ``half + 1`` on a board ``2 * half`` wide). So for each direction the
squares from which a jump fits on the board fall into a few groups with the same two
steps (to the jumped square, then to the landing square), and a jump by any man of a
group is ``(men & group) shifted by the first step & victims``, then shifted by the
second step ``& empty``. Flying kings, which jump from afar, are few: each is followed
along its four diagonals as the rules core does. ``tests/engine/test_general_engine.py``
checks the answers against the rules core on random positions of every variant.
"""

from __future__ import annotations

from ..core.variants import Variant
from ..core.variants import variant as find_variant

__all__ = ["CaptureTest"]

#: One group of jump origins: ``(origins mask, step to the victim, step to the landing)``.
_Group = tuple[int, int, int]


def _shift(mask: int, step: int) -> int:
    return mask << step if step > 0 else mask >> -step


class CaptureTest:
    """``test(own, opp, kings, down)``: whether the side to move has a capture.

    ``own``, ``opp``, ``kings`` and ``down`` as in :mod:`~checkers_widget.core.
    variant_movegen` (bit ``s`` for square ``s``; ``down``: the side to move's men move
    towards the high numbers).
    """

    def __init__(self, variant: Variant | str) -> None:
        variant = find_variant(variant)  # a VariantError for an unknown name
        geo = variant.geometry
        self.rays = geo.rays
        self.flying = variant.flying_kings
        self.men_take_kings = variant.men_capture_kings
        self.board = sum(geo.bit[1:])
        groups: list[dict[tuple[int, int], int]] = [{}, {}, {}, {}]
        for s in range(1, geo.squares + 1):
            for d, ray in enumerate(geo.rays[s]):
                if len(ray) >= 2:
                    key = (ray[0] - s, ray[1] - ray[0])
                    groups[d][key] = groups[d].get(key, 0) | 1 << s
        by_direction = [
            tuple((mask, first, second) for (first, second), mask in g.items()) for g in groups
        ]
        up = by_direction[0] + by_direction[1]
        down = by_direction[2] + by_direction[3]
        every = up + down
        #: The men's jumps, moving up (index 0) or down (index 1).
        self.men_groups: tuple[tuple[_Group, ...], tuple[_Group, ...]] = (
            (every, every) if variant.men_capture_backward else (up, down)
        )
        #: Every jump a short king can make.
        self.king_groups: tuple[_Group, ...] = every

    def __call__(self, own: int, opp: int, kings: int, down: bool) -> bool:
        empty = self.board & ~(own | opp)
        men = own & ~kings
        if men:
            victims = opp if self.men_take_kings else opp & ~kings
            for mask, first, second in self.men_groups[down]:
                jumping = men & mask
                if jumping:
                    hit = _shift(jumping, first) & victims
                    if hit and _shift(hit, second) & empty:
                        return True
        own_kings = own & kings
        if not own_kings:
            return False
        if not self.flying:
            for mask, first, second in self.king_groups:
                jumping = own_kings & mask
                if jumping:
                    hit = _shift(jumping, first) & opp
                    if hit and _shift(hit, second) & empty:
                        return True
            return False
        rays = self.rays
        occupied = own | opp
        while own_kings:
            low = own_kings & -own_kings
            own_kings ^= low
            for ray in rays[low.bit_length() - 1]:
                for i, square in enumerate(ray):
                    if occupied >> square & 1:
                        if opp >> square & 1 and i + 1 < len(ray) and empty >> ray[i + 1] & 1:
                            return True
                        break
        return False
