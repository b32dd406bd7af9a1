"""Which draughts variant a PDN game is played under: its ``GameType`` and ``Variant`` tags.

The PDN standard names the rules of a game with the ``GameType`` tag
(https://pdn.fmjd.org/gametype.html): a number, optionally followed by the start colour,
the board's width and height, the notation and the invert flag, as in
``"20,W,10,10,N2,0"``. The numbers this package plays are those of
:mod:`checkers_widget.core.variants`: 20 international, 21 English/American, 22 Italian,
23 American pool, 24 Spanish, 25 Russian, 26 Brazilian.

Giveaway checkers has no number of its own in the standard (and no program we know of
gives it one), so it is written as what it is played on, ``GameType "21"``, with a
``Variant "giveaway"`` tag, the tag lichess and lidraughts use to name a variant. A
house rule on a variant (``variant("american", men_capture_backward=True)``) is written
the same way: ``Variant "american, men_capture_backward=true"``. Reading takes the
``Variant`` tag when its value names a variant this package knows (by name or alias,
any case), else leaves it as an ordinary tag; a named variant whose GameType differs from
the ``GameType`` tag's is refused, as is a ``GameType`` number this package does not play
or one whose board fields (width, height, invert flag) are not that variant's board.

Results: the standard gives a result from the first mover's side (``"1-0"``: the side
that moves first won; international draughts writes ``"2-0"``, ``"0-2"``, ``"1-1"``),
while a :class:`~checkers_widget.core.game.Game` always says ``"1-0"`` for a Black win.
:func:`result_from_pdn` and :func:`result_to_pdn` turn one into the other for variants
where White moves first.
"""

from __future__ import annotations

from typing import Final

from ..core.color import BLACK
from ..core.errors import PdnError, VariantError
from ..core.game import Result
from ..core.variants import AMERICAN, VARIANTS, Variant, variant

__all__ = [
    "HOUSE_RULES",
    "game_type_variant",
    "named_variant",
    "result_from_pdn",
    "result_to_pdn",
    "variant_tags",
]

#: The standard variant of each GameType number this package plays.
_BY_NUMBER: Final[dict[int, Variant]] = {
    v.gametype: v for v in VARIANTS.values() if v.name != "giveaway"
}
assert _BY_NUMBER[21] is AMERICAN

#: Names of the other numbers of the standard, for a clearer refusal.
_OTHERS: Final[dict[int, str]] = {
    0: "chess",
    1: "Chinese chess",
    27: "Canadian draughts",
    28: "Portuguese draughts",
    29: "Czech draughts",
    30: "Turkish draughts",
    31: "Thai draughts",
    40: "Frisian draughts",
    41: "Spantsiretti draughts",
}

#: The house-rule options a ``Variant`` tag may carry (those :func:`variant` accepts).
HOUSE_RULES: Final = ("men_capture_backward",)

_SUPPORTED = ", ".join(f"{n} ({v.name})" for n, v in sorted(_BY_NUMBER.items()))
_INTERNATIONAL: Final[dict[str, str]] = {"1-0": "2-0", "0-1": "0-2", "1/2-1/2": "1-1"}
_BOOLEANS = {"true": True, "yes": True, "1": True, "false": False, "no": False, "0": False}


def game_type_variant(value: str) -> Variant:
    """The standard variant a ``GameType`` tag value names (21: American checkers).

    The first number decides; the board fields after it, when given, must be that
    variant's (``"20,W,10,10,N2,0"``: 10x10, not inverted). Raises :class:`PdnError`
    naming the numbers this package reads for any other value.
    """
    fields = [f.strip() for f in value.split(",")]
    # Judged by length before int(): a number of a few ASCII digits, or none.
    number = fields[0]
    digits = 0 < len(number) <= 3 and number.isascii() and number.isdigit()
    found = _BY_NUMBER.get(int(number)) if digits else None
    if found is None:
        known = _OTHERS.get(int(number)) if digits else None
        what = f" ({known})" if known else ""
        raise PdnError(
            f"GameType {_quoted(value)}{what} is not a game this package plays; it reads "
            f"GameType {_SUPPORTED}"
        )
    board = fields[2:4]
    if len(board) == 2 and board != [str(found.size)] * 2:
        raise PdnError(
            f"GameType {_quoted(value)} says the board is {board[0]}x{board[1]}, but "
            f"{found.title} (GameType {found.gametype}) is played on "
            f"{found.size}x{found.size}"
        )
    if len(fields) >= 6 and fields[5] != str(int(found.turned)):
        raise PdnError(
            f"GameType {_quoted(value)} has invert flag {fields[5]!r}, but {found.title} "
            f"has {int(found.turned)}"
        )
    return found


def named_variant(value: str) -> Variant | None:
    """The variant a ``Variant`` tag names, or None when it names none this package knows.

    The value is a name or alias (``"giveaway"``, ``"Russian"``), optionally followed by
    house rules: ``"american, men_capture_backward=true"``. An unknown name is None (the
    tag is then an ordinary tag, such as lidraughts' ``"Standard"``); a known name with a
    house rule that cannot be read raises :class:`PdnError`.
    """
    name, *options = (part.strip() for part in value.split(","))
    try:
        base = variant(name)
    except VariantError:
        return None
    chosen: dict[str, bool] = {}
    for option in options:
        key, _, flag = (p.strip() for p in option.partition("="))
        if key not in HOUSE_RULES or flag.lower() not in _BOOLEANS:
            raise PdnError(
                f"Variant {_quoted(value)}: cannot read the house rule {_quoted(option)}; "
                f"expected {' or '.join(f'{h}=true/false' for h in HOUSE_RULES)}"
            )
        chosen[key] = _BOOLEANS[flag.lower()]
    return variant(base, **chosen)


def variant_tags(v: Variant) -> dict[str, str]:
    """The tags that name ``v`` in PDN: none for American checkers (so its files are as
    they always were), ``GameType`` for the others, and ``Variant`` too where the number
    alone does not say the rules (giveaway, house rules).

    Raises :class:`~checkers_widget.core.errors.VariantError` for rules that are no
    known variant with house rules (a hand-made :class:`Variant`).
    """
    if v is AMERICAN or v == AMERICAN:
        return {}
    base = VARIANTS.get(v.name)
    house = {h: getattr(v, h) for h in HOUSE_RULES if base and getattr(v, h) != getattr(base, h)}
    if base is None or variant(base, **house) != v:
        raise VariantError(
            f"{v.describe()} cannot be written in PDN: it is not one of the known variants "
            "with house rules (" + ", ".join(VARIANTS) + ")"
        )
    tags = {"GameType": str(v.gametype)}
    if house or _BY_NUMBER.get(v.gametype) is not base:
        rules = "".join(f", {h}={str(flag).lower()}" for h, flag in house.items())
        tags["Variant"] = v.name + rules
    return tags


def result_from_pdn(result: Result | None, v: Variant) -> Result | None:
    """A result as PDN writes it (the first mover's score first) as a Game's (Black's)."""
    return result if v.first == BLACK else _swapped(result)


def result_to_pdn(result: Result | None, v: Variant) -> str:
    """A Game's result as PDN writes it for ``v``: ``*`` for none, the first mover's
    score first, and international draughts' ``2-0``/``0-2``/``1-1``."""
    if result is None:
        return "*"
    written = result if v.first == BLACK else _swapped(result)
    assert written is not None
    return _INTERNATIONAL[written] if v.size == 10 else written


def _swapped(result: Result | None) -> Result | None:
    if result == "1-0":
        return "0-1"
    if result == "0-1":
        return "1-0"
    return result


def _quoted(text: str, limit: int = 40) -> str:
    shown = text if len(text) <= limit else f"{text[:limit]}..."
    return f'"{shown}"'
