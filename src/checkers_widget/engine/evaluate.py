"""Static evaluation: how good a quiet position is, in hundredths of a man.

The search calls :func:`evaluate` at every leaf, so it is written for CPython's speed:
no loops over squares in the common case, only masks, shifts and ``int.bit_count``.
Square tables with small integer weights are stored as *bit planes* (``PLANES[k]``
holds the squares whose weight has bit ``k`` set), so a table lookup for all pieces
of a kind at once costs three or four popcounts.

The terms (each computed for Black minus White, then signed for the side to move):

* **Material**: a man is 100, a king :data:`KING` (clearly more: a king moves both
  ways and cannot be stopped on the crown row). When one side is ahead, a bonus that
  grows as the board empties (``TRADE * diff / total``) makes exchanges attractive to
  the side that is ahead, which is how won endings are converted.
* **Advancement (tempo)**: the rows each man has advanced, weighted more as pieces
  come off. Early on, advancing a man is not a gain in itself; in the ending a man
  near the crown row is nearly a king.
* **Back-rank guard**: men on the home row (most of all the "bridge" squares 1 and 3
  for Black, 30 and 32 for White) while the other side still has men that could crown.
* **Centre**: men and kings on the central squares; kings are also penalised on the
  edges.
* **Mobility**: the number of steps each side has; running out of moves loses in
  checkers, and a cramped side usually has to give material.
* **King-endgame technique**: when one side is ahead and the board is nearly empty,
  the stronger side is rewarded for bringing its kings close to the weaker side's
  kings and for driving them out of the double corners (squares 1, 5 and 28, 32),
  where a lone king is otherwise safe; a bare king caught on the edge is a win.

The weights of these terms are not written here: they are read at import from
``eval_weights.json`` beside this module (package data, shipped in the wheel), the one
source of truth. ``scripts/tune_evaluation.py`` fitted them to the results of the OCA
archive's games (Texel tuning; the file says how, and the README gives the errors before
and after). The terms above are what the code computes; the fitted weights decide how
much each counts, and may drop one (the men's centre is 0 in the tuned file) or turn it
round (the tuned double-corner weight rewards, rather than penalises, the stronger
side). A missing or malformed file raises :class:`~..core.errors.CheckersError` at
import rather than falling back to other numbers. :func:`make_evaluate` builds an
evaluation from any set of weights (the tuning script calls it to measure a candidate);
:func:`evaluate` is the one built from the file.
"""

from __future__ import annotations

import json
import types
from collections.abc import Callable, Mapping
from importlib import resources
from typing import Any, cast

from ..core.errors import CheckersError
from ..core.squares import BIT, SQUARE_OF_BIT, VALID, column_of, row_of

__all__ = [
    "KING",
    "MAN",
    "WEIGHTS",
    "WEIGHTS_FILE",
    "WEIGHT_NAMES",
    "evaluate",
    "evaluate_side",
    "load_weights",
    "make_evaluate",
]

#: The package data file the weights are read from (in this module's package).
WEIGHTS_FILE = "eval_weights.json"

#: Every weight the file must give, in the order the tuning script reports them.
#: ``advance`` is a list (one value per row a man has advanced, 0-6); the rest are
#: integers in hundredths of a man.
WEIGHT_NAMES: tuple[str, ...] = (
    "man",
    "king",
    "trade",
    "advance",
    "back",
    "bridge",
    "centre_inner",
    "centre_outer",
    "mobility_man",
    "king_centre",
    "mobility_king",
    "ending_closeness",
    "ending_edge",
    "ending_double_corner",
)

#: The advancement table's entries are divided by this (finer steps than whole points):
#: a man ``r`` rows up is worth ``advance[r] * (24 - pieces) / ADVANCE_DIVISOR``.
ADVANCE_DIVISOR = 20

#: The weights stored in the men's lookup tables; their sums over one colour's men
#: must fit the 8-bit fields the tables pack them into (see :func:`_chunk_tables`).
_TABLE_WEIGHTS = ("advance", "back", "bridge", "centre_inner", "centre_outer")


def _mask(squares: list[int] | range | tuple[int, ...]) -> int:
    m = 0
    for s in squares:
        m |= BIT[s]
    return m


def _planes(weights: dict[int, int], bits: int) -> tuple[int, ...]:
    """Bit planes of a square table of non-negative weights below ``2**bits``."""
    out = []
    for k in range(bits):
        out.append(_mask([s for s, w in weights.items() if (w >> k) & 1]))
    return tuple(out)


#: The central squares (weighted ``centre_inner`` for a man) and the ring around them
#: that is not on an edge (``centre_outer``). The centre is symmetric, so one table
#: serves both colours (a man on the other side's half is also counted by advancement).
CENTRE_INNER = (14, 15, 18, 19)
CENTRE_OUTER = (10, 11, 22, 23, 13, 16, 17, 20)

# Kings: centre good, edges and corners poor (symmetric, so one table for both).
_KING_PST = {}
for _s in range(1, 33):
    _r, _c = row_of(_s), column_of(_s)
    _d = max(abs(2 * _r - 7), abs(2 * _c - 7))  # 1 (centre) .. 7 (edge)
    _KING_PST[_s] = (7 - _d) // 2  # 3 in the centre, 0 on the edge
KING_PST = _planes(_KING_PST, 2)

#: The double corners: where a lone king holds out against two.
DOUBLE_CORNERS = _mask([1, 5, 28, 32])
EDGES = _mask([s for s in range(1, 33) if row_of(s) in (0, 7) or column_of(s) in (0, 7)])

#: Board coordinates of each one-bit mask, for king distances in the ending.
_COORD: dict[int, tuple[int, int]] = {
    b: (row_of(s), column_of(s)) for b, s in SQUARE_OF_BIT.items()
}


def closeness(strong: int, weak: int) -> tuple[int, int]:
    """How close the strong kings are to the weak kings: ``(sum, pairs)``.

    The sum over every (strong, weak) pair of ``7 - distance`` (king moves apart), and
    the number of pairs; the evaluation adds ``ending_closeness * sum // pairs``.
    """
    total = 0
    n = 0
    s_bits = []
    while strong:
        low = strong & -strong
        strong ^= low
        s_bits.append(_COORD[low])
    while weak:
        low = weak & -weak
        weak ^= low
        wr, wc = _COORD[low]
        for sr, sc in s_bits:
            total += 7 - max(abs(sr - wr), abs(sc - wc))
            n += 1
    return total, n


def _chunk_tables(weights: dict[int, tuple[int, int, int]]) -> tuple[tuple[int, ...], ...]:
    """Lookup tables for the men's square terms, by 9-bit slices of a bitboard.

    ``weights[s]`` is ``(advancement, centre, back rank)`` for a man on square ``s``.
    Entry ``t[j][x]`` is the sum over the set bits of ``x`` (bits ``9j`` to ``9j + 8``
    of the board) of those three terms and of the number of men, packed as
    ``adv | centre << 8 | back << 16 | count << 24`` (:func:`load_weights` checks that
    each sum stays below 256 for any 12 men), so four lookups give all of them for the
    men of one colour at once: cheaper in CPython than a popcount per bit plane. (The
    packed value stays below ``2**30``, one CPython digit.)
    """
    by_bit = {BIT[s].bit_length() - 1: w for s, w in weights.items()}
    tables = []
    for j in range(4):
        t = []
        for x in range(512):
            total = 0
            for i in range(9):
                if x >> i & 1 and 9 * j + i in by_bit:
                    a, c, b = by_bit[9 * j + i]
                    total += a | c << 8 | b << 16 | 1 << 24
            t.append(total)
        tables.append(tuple(t))
    return tuple(tables)


def men_weights(weights: Mapping[str, Any], black: bool) -> dict[int, tuple[int, int, int]]:
    """Per-square (advancement, centre, back rank) of a man of one colour.

    Advancement counts the rows the man has come up from its own home row (0-6); the
    back-rank value is ``back`` on the man's home row plus ``bridge`` on the two bridge
    squares (1 and 3 for Black, 30 and 32 for White).
    """
    advance = weights["advance"]
    out = {}
    for s in range(1, 33):
        own = s if black else 33 - s  # the square as seen from the man's own side
        back = weights["back"] if own <= 4 else 0
        if own in (1, 3):
            back += weights["bridge"]
        rows = row_of(own)
        adv = advance[rows] if rows < len(advance) else 0
        centre = (
            weights["centre_inner"]
            if s in CENTRE_INNER
            else weights["centre_outer"]
            if s in CENTRE_OUTER
            else 0
        )
        out[s] = (adv, centre, back)
    return out


def _largest_sums(weights: Mapping[str, Any]) -> tuple[int, int, int]:
    """The largest sum of each men's table field over any 12 squares (one colour)."""
    table = men_weights(weights, True)
    return tuple(  # type: ignore[return-value]
        sum(sorted((w[i] for w in table.values()), reverse=True)[:12]) for i in range(3)
    )


def load_weights(text: str | bytes | None = None) -> dict[str, Any]:
    """The evaluation's weights from the JSON text of a weights file (default: the file
    the package carries), checked.

    The file is an object with a ``"weights"`` object holding every name of
    :data:`WEIGHT_NAMES` (other keys say where the numbers come from). Raises
    :class:`CheckersError` naming the problem when the file is missing, is not JSON, or
    lacks a weight, has an unknown one or a value of the wrong kind: the evaluation has
    no other weights to fall back on.
    """
    where = WEIGHTS_FILE if text is None else "the weights text"
    if text is None:
        try:
            text = resources.files(__package__).joinpath(WEIGHTS_FILE).read_bytes()
        except OSError as exc:
            raise CheckersError(
                f"the evaluation's weights file {WEIGHTS_FILE} cannot be read ({exc}); "
                "it ships with the package (scripts/tune_evaluation.py writes it)"
            ) from None
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError) as exc:
        raise CheckersError(f"{where} is not valid JSON: {exc}") from None
    weights = data.get("weights") if isinstance(data, dict) else None
    if not isinstance(weights, dict):
        raise CheckersError(f'{where} has no "weights" object')
    missing = [n for n in WEIGHT_NAMES if n not in weights]
    unknown = sorted(set(weights) - set(WEIGHT_NAMES))
    if missing or unknown:
        raise CheckersError(
            f"{where}: "
            + "; ".join(
                part
                for part in (
                    f"missing {', '.join(missing)}" if missing else "",
                    f"unknown {', '.join(unknown)}" if unknown else "",
                )
                if part
            )
        )

    def integer(value: object) -> bool:
        return isinstance(value, int) and not isinstance(value, bool)

    for name in WEIGHT_NAMES:
        value = weights[name]
        if name == "advance":
            if not (isinstance(value, list) and len(value) == 7 and all(integer(v) for v in value)):
                raise CheckersError(f"{where}: advance must be a list of 7 integers (rows 0-6)")
        elif not integer(value):
            raise CheckersError(f"{where}: {name} must be an integer, not {value!r}")
    for name in _TABLE_WEIGHTS:
        value = weights[name]
        if any(v < 0 for v in (value if isinstance(value, list) else [value])):
            raise CheckersError(f"{where}: {name} must not be negative (a lookup table holds it)")
    if weights["man"] <= 0:
        raise CheckersError(f"{where}: man must be positive (it is the unit)")
    if max(_largest_sums(weights)) > 255:
        raise CheckersError(
            f"{where}: the advance, centre or back-rank weights are too large: their sum "
            "over 12 men must stay below 256"
        )
    return dict(weights)


def _constants(weights: Mapping[str, Any]) -> dict[str, Any]:
    """The global names :func:`evaluate`'s code reads, for the given weights."""
    return {
        "MAN": int(weights["man"]),
        "KING": int(weights["king"]),
        "TRADE": int(weights["trade"]),
        "MOB": int(weights["mobility_man"]),
        "KC1": int(weights["king_centre"]),
        "KC2": 2 * int(weights["king_centre"]),
        "KMOB": int(weights["mobility_king"]),
        "CLOSE": int(weights["ending_closeness"]),
        "EDGE": int(weights["ending_edge"]),
        "DC_PENALTY": int(weights["ending_double_corner"]),
        "MEN_B": _chunk_tables(men_weights(weights, True)),
        "MEN_W": _chunk_tables(men_weights(weights, False)),
    }


#: The weights the package's evaluation uses, read from :data:`WEIGHTS_FILE`.
WEIGHTS: dict[str, Any] = load_weights()
_C = _constants(WEIGHTS)
#: A man's value: the unit of every score (100, so scores are hundredths of a man).
MAN: int = _C["MAN"]
#: A king's value in the same unit.
KING: int = _C["KING"]
#: Scale of the "trade when ahead" bonus: ``TRADE * material diff / total material``.
TRADE: int = _C["TRADE"]
MOB: int = _C["MOB"]
KC1: int = _C["KC1"]
KC2: int = _C["KC2"]
KMOB: int = _C["KMOB"]
CLOSE: int = _C["CLOSE"]
EDGE: int = _C["EDGE"]
#: Penalty (for the stronger side) per weak king sitting in a double corner.
DC_PENALTY: int = _C["DC_PENALTY"]
MEN_B: tuple[tuple[int, ...], ...] = _C["MEN_B"]
MEN_W: tuple[tuple[int, ...], ...] = _C["MEN_W"]


def evaluate(black: int, white: int, kings: int) -> int:
    """The position's value for Black, in hundredths of a man (negate for White).

    The weights are this module's globals (from :data:`WEIGHTS_FILE`); the numbers
    are read as globals, as the hand-written constants were, so that reading them
    from a file costs the search nothing. (The advancement divisor stays a literal:
    :data:`ADVANCE_DIVISOR`.)
    """
    if not kings:
        # Men only (most leaves before the ending): the same terms as below, with the
        # king terms left out and the men counted by the tables.
        t0, t1, t2, t3 = MEN_B
        sb = t0[black & 511] + t1[(black >> 9) & 511] + t2[(black >> 18) & 511] + t3[black >> 27]
        t0, t1, t2, t3 = MEN_W
        sw = t0[white & 511] + t1[(white >> 9) & 511] + t2[(white >> 18) & 511] + t3[white >> 27]
        nbm = sb >> 24
        nwm = sw >> 24
        score = MAN * (nbm - nwm)
        if nbm != nwm:
            trade = TRADE * abs(score) // (MAN * (nbm + nwm))
            score += trade if nbm > nwm else -trade
        w_adv = 24 - nbm - nwm
        if w_adv > 0:
            score += ((sb & 255) * w_adv) // 20 - ((sw & 255) * w_adv) // 20
        if nwm:
            score += ((sb >> 16) & 255) * (nwm if nwm < 8 else 8) // 8
        if nbm:
            score -= ((sw >> 16) & 255) * (nbm if nbm < 8 else 8) // 8
        empty = VALID & ~(black | white)
        return (
            score
            + ((sb >> 8) & 255)
            - ((sw >> 8) & 255)
            + MOB
            * (
                ((black << 4) & empty).bit_count()
                + ((black << 5) & empty).bit_count()
                - ((white >> 4) & empty).bit_count()
                - ((white >> 5) & empty).bit_count()
            )
        )
    bm = black & ~kings
    wm = white & ~kings
    bk = black & kings
    wk = white & kings
    nbm = bm.bit_count()
    nwm = wm.bit_count()
    nbk = bk.bit_count()
    nwk = wk.bit_count()
    mat_b = MAN * nbm + KING * nbk
    mat_w = MAN * nwm + KING * nwk
    diff = mat_b - mat_w
    score = diff
    if diff:
        # (Written so that both colours round the same way: the value must be exactly
        # antisymmetric, or the search would favour one colour.)
        trade = TRADE * abs(diff) // (mat_b + mat_w)
        score += trade if diff > 0 else -trade
    pieces = nbm + nwm + nbk + nwk
    empty = VALID & ~(black | white)

    if nbm or nwm:
        t0, t1, t2, t3 = MEN_B
        sb = t0[bm & 511] + t1[(bm >> 9) & 511] + t2[(bm >> 18) & 511] + t3[bm >> 27]
        t0, t1, t2, t3 = MEN_W
        sw = t0[wm & 511] + t1[(wm >> 9) & 511] + t2[(wm >> 18) & 511] + t3[wm >> 27]
        # Advancement, weighted up as the board empties (0 with all 24 pieces).
        w_adv = 24 - pieces
        if w_adv > 0:
            score += ((sb & 255) * w_adv) // 20 - ((sw & 255) * w_adv) // 20
        # Back-rank guard while the other side has men that could crown.
        if nwm:
            score += ((sb >> 16) & 255) * (nwm if nwm < 8 else 8) // 8
        if nbm:
            score -= ((sw >> 16) & 255) * (nbm if nbm < 8 else 8) // 8
        # Centre.
        score += ((sb >> 8) & 255) - ((sw >> 8) & 255)
        # Mobility of the men (kings' mobility is in their table and the ending term).
        mob = ((bm << 4) & empty).bit_count() + ((bm << 5) & empty).bit_count()
        mob -= ((wm >> 4) & empty).bit_count() + ((wm >> 5) & empty).bit_count()
        score += MOB * mob
    if nbk or nwk:
        k0, k1 = KING_PST
        score += KC1 * ((bk & k0).bit_count() - (wk & k0).bit_count()) + KC2 * (
            (bk & k1).bit_count() - (wk & k1).bit_count()
        )
        kmob = (
            ((bk << 4) & empty).bit_count()
            + ((bk << 5) & empty).bit_count()
            + ((bk >> 4) & empty).bit_count()
            + ((bk >> 5) & empty).bit_count()
        )
        kmob -= (
            ((wk << 4) & empty).bit_count()
            + ((wk << 5) & empty).bit_count()
            + ((wk >> 4) & empty).bit_count()
            + ((wk >> 5) & empty).bit_count()
        )
        score += KMOB * kmob
        if pieces <= 10 and diff:
            # King-endgame technique for the stronger side.
            if diff > 0 and bk and wk:
                total, n = closeness(bk, wk)
                score += (total * CLOSE) // n + EDGE * (wk & EDGES).bit_count()
                score -= DC_PENALTY * (wk & DOUBLE_CORNERS).bit_count()
            elif diff < 0 and wk and bk:
                total, n = closeness(wk, bk)
                score -= (total * CLOSE) // n + EDGE * (bk & EDGES).bit_count()
                score += DC_PENALTY * (bk & DOUBLE_CORNERS).bit_count()
    return score


def make_evaluate(weights: Mapping[str, Any]) -> Callable[[int, int, int], int]:
    """:func:`evaluate` with other weights (checked by :func:`load_weights` first).

    The same code, run with this module's globals but the weights' constants and
    lookup tables in place of the file's: what the tuning script measures a candidate
    with, and exactly what the search would compute with those weights.
    """
    namespace = {**globals(), **_constants(weights)}
    function = types.FunctionType(evaluate.__code__, namespace, "evaluate")
    return cast("Callable[[int, int, int], int]", function)


def evaluate_side(own: int, opp: int, kings: int, black: bool) -> int:
    """:func:`evaluate` from the side to move's point of view."""
    return evaluate(own, opp, kings) if black else -evaluate(opp, own, kings)
