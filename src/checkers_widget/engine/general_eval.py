"""One static evaluation for every draughts variant, parameterised by the variant's rules.

American checkers keeps its own tuned evaluation (:mod:`.evaluate`); this one serves the
general searcher (:mod:`.general_search`) for every other :class:`~checkers_widget.core.
variants.Variant`. It is not a copy per variant: :class:`VariantEvaluator` reads the
facts that change what a piece is worth (board size, flying kings, whether men may take
kings, whether the goal is reversed) and builds its square tables from the board's
geometry once, so the call at a leaf is a few masks and popcounts.

Positions are the general generator's bitboards (bit ``s`` for square ``s``,
:mod:`~checkers_widget.core.variant_movegen`): ``own`` (the side to move), ``opp``,
``kings`` and ``down`` (whether the side to move's men move towards the high numbers).
Values are in hundredths of a man, from the side to move's point of view.

The terms and their weights (each for the side to move minus the other side):

* **Material**: a man is :data:`MAN` (100). A king is :data:`FLYING_KING` (300) where
  kings fly: a flying king sweeps whole diagonals, attacks from afar and can hold off
  several men alone, and draughts players value it at about three men. Where kings move
  one square (Italian and American-style rules) it is :data:`SHORT_KING` (150), about
  what checkers programs use, plus :data:`IMMUNE_KING` (25) where men may not take kings
  (Italian), since such a king cannot be traded off by men.
* **Trading when ahead**: ``TRADE * material difference / total material``
  (:data:`TRADE` 300): the side ahead gains by exchanging, as the same lead weighs more
  on an emptier board; this is how won endings are converted rather than shuffled.
* **Advancement**: each row a man has advanced towards its crown row, worth a share of
  :data:`ADVANCE_EARLY` (10) for the whole journey on a full board, rising to
  :data:`ADVANCE_LATE` (60) as the men come off. The journey is the board's own
  (``size - 1`` rows), so 8x8 and 10x10 weigh a half-way man alike. Early on, running
  forward only loosens the position; late, a man near the crown row is nearly a king.
* **Centre**: :data:`CENTRE_MAN` (2) per ring of closeness to the centre for a man (up
  to 3 rings), :data:`CENTRE_KING` (4) for a king (kings in the middle reach the most
  squares; on the edge a flying king covers one diagonal instead of two).
* **Back-rank guard**: :data:`GUARD` (6) for each man still on its home row while the
  other side has men that could crown there: an open back rank lets them crown.
* **Mobility** is left out for now: counting moves with the generator at every leaf
  would about halve the search speed, and the search sees blocked pieces itself. (The
  men's steps could be counted cheaply with whole-board shifts, as
  :mod:`.general_captures` tests for captures; not tried yet.)

**Giveaway** (``goal_reversed``): a side with no move or no pieces wins, so material is
counted the other way round (each piece, man or king, is worth ``-MAN``), and the
positional terms are dropped: what matters is being able to give pieces away, which
the search reads far better than a square table.

Every term treats the two sides alike (the tables of the side moving up are those of
the side moving down turned round), so a position and its mirror image
(:meth:`Board.mirror <checkers_widget.core.board.Board.mirror>`) score the same for
their side to move; ``tests/engine/test_general_engine.py`` checks it for each variant.
"""

from __future__ import annotations

from ..core.geometry import Geometry
from ..core.variants import Variant
from ..core.variants import variant as find_variant

__all__ = [
    "ADVANCE_EARLY",
    "ADVANCE_LATE",
    "CENTRE_KING",
    "CENTRE_MAN",
    "FLYING_KING",
    "GUARD",
    "IMMUNE_KING",
    "MAN",
    "SHORT_KING",
    "TRADE",
    "VariantEvaluator",
]

MAN = 100
FLYING_KING = 300
SHORT_KING = 150
IMMUNE_KING = 25
TRADE = 300
ADVANCE_EARLY = 10
ADVANCE_LATE = 60
CENTRE_MAN = 2
CENTRE_KING = 4
GUARD = 6


def _planes(weights: dict[int, int]) -> tuple[int, ...]:
    """Bit planes of a square table of non-negative weights: plane ``k`` holds the
    squares whose weight has bit ``k`` set, so a sum over a mask is a few popcounts."""
    top = max(weights.values(), default=0)
    return tuple(
        sum(1 << s for s, w in weights.items() if w >> k & 1) for k in range(top.bit_length())
    )


def _weighted(mask: int, planes: tuple[int, ...]) -> int:
    """The sum of a table's weights over the squares of ``mask``."""
    total = 0
    for k, plane in enumerate(planes):
        total += (mask & plane).bit_count() << k
    return total


def _centre_rings(geo: Geometry) -> dict[int, int]:
    """3 for the central squares, 2 and 1 for the rings round them, 0 on the outside.

    Measured from the board's centre, so the table is the same turned round.
    """
    middle = geo.size - 1  # twice the centre's coordinate
    out = {}
    for s in range(1, geo.squares + 1):
        row, column = geo.row_column(s)
        distance = max(abs(2 * row - middle), abs(2 * column - middle))  # 1, 3, 5, ...
        out[s] = max(0, 3 - distance // 2)
    return out


class VariantEvaluator:
    """The static evaluation of one variant: ``evaluator(own, opp, kings, down)``.

    Built once per search from the :class:`Variant` (its tables cost well under a
    millisecond); see the module docstring for the terms and why they weigh what they do.
    """

    def __init__(self, variant: Variant | str) -> None:
        variant = find_variant(variant)  # a VariantError for an unknown name
        self.variant = variant
        geo = variant.geometry
        self.size = geo.size
        self.reversed = variant.goal_reversed
        king = FLYING_KING if variant.flying_kings else SHORT_KING
        if not variant.men_capture_kings:
            king += IMMUNE_KING
        self.king_value = king
        #: All the men a full board holds, for the advancement's weighting.
        self.full = 2 * variant.max_pieces
        rows = {s: geo.row_column(s)[0] for s in range(1, geo.squares + 1)}
        last = geo.size - 1
        #: Rows advanced by a man moving down (index 1) or up (index 0), as bit planes.
        self.advance = (
            _planes({s: last - r for s, r in rows.items()}),
            _planes(dict(rows)),
        )
        self.centre = _planes(_centre_rings(geo))
        #: The home row of the side moving up (index 0: the bottom row) or down (1: top).
        self.home = (geo.bottom_row, geo.top_row)

    def __call__(self, own: int, opp: int, kings: int, down: bool) -> int:
        """The position's value for the side to move, in hundredths of a man."""
        own_men = own & ~kings
        opp_men = opp & ~kings
        n_own_men = own_men.bit_count()
        n_opp_men = opp_men.bit_count()
        n_own_kings = (own & kings).bit_count()
        n_opp_kings = (opp & kings).bit_count()
        if self.reversed:
            return MAN * (n_opp_men + n_opp_kings - n_own_men - n_own_kings)
        king = self.king_value
        mine = MAN * n_own_men + king * n_own_kings
        theirs = MAN * n_opp_men + king * n_opp_kings
        diff = mine - theirs
        score = diff
        if diff:
            # Rounded alike for both signs, so that the value is exactly antisymmetric.
            trade = TRADE * abs(diff) // (mine + theirs)
            score += trade if diff > 0 else -trade
        men = n_own_men + n_opp_men
        if men:
            # Advancement: rows advanced times the journey's worth, per row of the board.
            full = self.full
            journey = ADVANCE_EARLY * men + ADVANCE_LATE * (full - men)  # times full
            rows = _weighted(own_men, self.advance[down]) - _weighted(
                opp_men, self.advance[not down]
            )
            scale = full * (self.size - 1)
            adv = abs(rows) * journey // scale
            score += adv if rows > 0 else -adv
            if n_opp_men:
                score += GUARD * (own_men & self.home[down]).bit_count()
            if n_own_men:
                score -= GUARD * (opp_men & self.home[not down]).bit_count()
        centre = self.centre
        score += CENTRE_MAN * (_weighted(own_men, centre) - _weighted(opp_men, centre))
        if kings:
            score += CENTRE_KING * (_weighted(own & kings, centre) - _weighted(opp & kings, centre))
        return score
