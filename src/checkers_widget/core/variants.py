"""The draughts variants a board can be played under: their rules as one value each.

A :class:`Variant` is the whole of a game's rules as data: the board (size and
numbering), who starts where and who moves first, how men and kings move and capture,
which capture must be chosen, when a man is crowned, and whether the goal is reversed.
A :class:`~checkers_widget.core.board.Board` carries one (``Board(variant="russian")``);
``"american"`` is the default, and its boards keep the fast bitboard generator of
:mod:`movegen`. Every other set of rules is played by the general generator
(:mod:`variant_movegen`), which reads the fields below.

:func:`variant` looks a variant up by name (or alias) and applies house-rule options,
e.g. ``variant("american", men_capture_backward=True)``; an unknown name raises a
:class:`~checkers_widget.core.errors.VariantError` naming the known ones.

Board numbering and start positions follow the PDN standard's GameType definitions
(https://pdn.fmjd.org/gametype.html): "20,W,10,10,N2,0" international, "21,B,8,8,N1,0"
English/American, "22,W,8,8,N2,1" Italian, "23,B,8,8,N1,0" American pool,
"24,W,8,8,N1,1" Spanish, "25,W,8,8,A0,0" Russian, "26,W,8,8,A0,0" Brazilian. In words:

* American, giveaway, pool, Russian and Brazilian use American checkers' numbering
  (square 1 at the top, second from the left); the side on 1-12 is Black, the side on
  21-32 White. Black moves first in American, giveaway and pool; White in Russian and
  Brazilian.
* International draughts: the same numbering on 10x10 (1-50); Black on 1-20, White on
  31-50, White first.
* Italian: the board turned (the invert flag: the bottom-left corner is not playable),
  square 1 the top-left corner; Black on 1-12, White on 21-32, White first.
* Spanish: the board turned, square 1 the bottom-right corner of White's side, so
  White starts on 1-12 and Black on 21-32; White first. (Seen from White's side, this is
  the Italian numbering turned round: here it is written with square 1 at the top.)
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from functools import cached_property
from typing import Literal

from .color import BLACK, WHITE, Color
from .errors import VariantError, brief
from .geometry import Geometry, geometry

__all__ = [
    "AMERICAN",
    "VARIANTS",
    "CaptureRule",
    "Crowning",
    "Variant",
    "is_variant_name",
    "variant",
]

#: Which capture a player must choose when several are possible:
#: ``"free"`` any; ``"most"`` one that takes the most pieces; ``"italian"`` the Italian
#: precedence (most pieces; then with a king; then the most kings; then the earliest king);
#: ``"spanish"`` the most pieces, then the most kings.
CaptureRule = Literal["free", "most", "italian", "spanish"]

#: What a man that reaches the crown row during a capture does:
#: ``"ends-move"`` it is crowned and the move ends there (American, Italian, Spanish);
#: ``"continues"`` it is crowned at once and goes on capturing as a king (Russian);
#: ``"at-end"`` it goes on capturing as a man and is crowned only if the move ends on the
#: crown row (international, Brazilian, pool).
Crowning = Literal["ends-move", "continues", "at-end"]

_CAPTURE_RULES: tuple[CaptureRule, ...] = ("free", "most", "italian", "spanish")
_CROWNINGS: tuple[Crowning, ...] = ("ends-move", "continues", "at-end")


@dataclass(frozen=True)
class Variant:
    """The rules of one draughts variant (see the module docstring for the numbering).

    Fields: ``name`` (what :func:`variant` knows it by), ``title`` (in words),
    ``gametype`` (the PDN GameType number), ``size`` (8 or 10), ``turned`` (the turned
    numbering of Italian and Spanish, :mod:`geometry`), ``top`` (the colour that starts on
    the low numbers), ``first`` (the colour that moves first), ``men_capture_backward``,
    ``flying_kings`` (kings move and capture along a whole diagonal), ``capture_rule``
    (:data:`CaptureRule`), ``men_capture_kings``, ``crowning`` (:data:`Crowning`),
    ``distinct_routes`` (two captures that take the same pieces and end on the same square
    by different routes are two moves, as in American checkers' published perft numbers;
    otherwise they are one move, as the FMJD rules say), ``goal_reversed`` (giveaway: a
    player who cannot move wins) and ``aliases`` (other names :func:`variant` accepts).
    """

    name: str
    title: str
    gametype: int
    size: int = 8
    turned: bool = False
    top: Color = BLACK
    first: Color = BLACK
    men_capture_backward: bool = False
    flying_kings: bool = False
    capture_rule: CaptureRule = "free"
    men_capture_kings: bool = True
    crowning: Crowning = "ends-move"
    distinct_routes: bool = False
    goal_reversed: bool = False
    aliases: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        """Refuse rules the generator cannot play, with a VariantError naming the field."""
        if not isinstance(self.name, str) or not self.name.strip():
            raise VariantError(f"a variant's name must be non-empty text, not {brief(self.name)}")
        if isinstance(self.size, bool) or self.size not in (8, 10):
            raise VariantError(f"variant {self.name}: size must be 8 or 10, not {brief(self.size)}")
        for name in ("top", "first"):
            if getattr(self, name) not in (BLACK, WHITE):
                raise VariantError(
                    f"variant {self.name}: {name} must be 'black' or 'white', "
                    f"not {brief(getattr(self, name))}"
                )
        choices = {"capture_rule": _CAPTURE_RULES, "crowning": _CROWNINGS}
        for name, allowed in choices.items():
            if getattr(self, name) not in allowed:
                raise VariantError(
                    f"variant {self.name}: {name} must be one of {', '.join(allowed)}, "
                    f"not {brief(getattr(self, name))}"
                )
        for f in fields(self):
            if f.type == "bool" and not isinstance(getattr(self, f.name), bool):
                raise VariantError(
                    f"variant {self.name}: {f.name} must be True or False, "
                    f"not {brief(getattr(self, f.name))}"
                )

    @property
    def geometry(self) -> Geometry:
        """The board's squares and diagonals (:class:`~checkers_widget.core.geometry.Geometry`)."""
        return geometry(self.size, self.turned)

    @property
    def squares(self) -> int:
        """How many playable squares the board has: 32 or 50."""
        return self.size * self.size // 2

    @property
    def max_pieces(self) -> int:
        """The pieces a side starts with (12 on 8x8, 20 on 10x10), and so the most it has."""
        return (self.size // 2 - 1) * (self.size // 2)

    @property
    def bottom(self) -> Color:
        """The colour that starts on the high numbers."""
        return WHITE if self.top == BLACK else BLACK

    @property
    def start_fen(self) -> str:
        """The start position as PDN FEN, e.g. ``"W:W31-50:B1-20"`` for international."""
        n, top = self.max_pieces, self.top
        low, high = f"1-{n}", f"{self.squares - n + 1}-{self.squares}"
        black, white = (low, high) if top == BLACK else (high, low)
        return f"{self.first[0].upper()}:W{white}:B{black}"

    @property
    def american_board(self) -> bool:
        """Whether the variant is played on American checkers' board (8x8, its numbering,
        Black on 1-12), the one ``board_text`` and the widget's American geometry are made
        for (other boards get their own); the pictures and animations draw every board."""
        return self.size == 8 and not self.turned and self.top == BLACK

    @cached_property
    def uses_bitboards(self) -> bool:
        """Whether American checkers' bitboard generator (:mod:`movegen`) plays these rules.

        True for American checkers and giveaway (whose moves are American ones); any other
        rules, house rules on American included, go to the general generator.
        """
        return _rules(self) == _rules(AMERICAN)

    def describe(self) -> str:
        """The title with any house rules, e.g. ``"American checkers (men capture backward)"``."""
        base = VARIANTS.get(self.name)
        if base is None or base == self:
            return self.title
        changed = [
            f.name.replace("_", " ")
            for f in fields(self)
            if f.name not in ("name", "title", "aliases")
            and getattr(self, f.name) != getattr(base, f.name)
        ]
        return f"{self.title} ({', '.join(changed)})"

    def __str__(self) -> str:
        return self.name


def _rules(v: Variant) -> tuple[object, ...]:
    """The fields that decide which moves are legal (not the names, nor the goal)."""
    return (
        v.size,
        v.turned,
        v.top,
        v.men_capture_backward,
        v.flying_kings,
        v.capture_rule,
        v.men_capture_kings,
        v.crowning,
        v.distinct_routes,
    )


AMERICAN = Variant(
    "american",
    "American checkers",
    21,
    distinct_routes=True,
    aliases=("english", "checkers", "english draughts"),
)

_ALL = (
    AMERICAN,
    Variant(
        "international",
        "International draughts",
        20,
        size=10,
        first=WHITE,
        men_capture_backward=True,
        flying_kings=True,
        capture_rule="most",
        crowning="at-end",
    ),
    Variant(
        "russian",
        "Russian draughts",
        25,
        first=WHITE,
        men_capture_backward=True,
        flying_kings=True,
        crowning="continues",
        aliases=("shashki",),
    ),
    Variant(
        "brazilian",
        "Brazilian draughts",
        26,
        first=WHITE,
        men_capture_backward=True,
        flying_kings=True,
        capture_rule="most",
        crowning="at-end",
    ),
    Variant(
        "pool",
        "American pool checkers",
        23,
        men_capture_backward=True,
        flying_kings=True,
        crowning="at-end",
        aliases=("american pool",),
    ),
    Variant(
        "italian",
        "Italian draughts",
        22,
        turned=True,
        first=WHITE,
        capture_rule="italian",
        men_capture_kings=False,
    ),
    Variant(
        "spanish",
        "Spanish draughts",
        24,
        turned=True,
        top=WHITE,
        first=WHITE,
        flying_kings=True,
        capture_rule="spanish",
    ),
    Variant(
        "giveaway",
        "Giveaway checkers",
        21,
        distinct_routes=True,
        goal_reversed=True,
        aliases=("suicide", "anti-checkers"),
    ),
)

#: The known variants by name.
VARIANTS: dict[str, Variant] = {v.name: v for v in _ALL}
_BY_NAME: dict[str, Variant] = {n: v for v in _ALL for n in (v.name, *v.aliases)}

#: The house rules :func:`variant` accepts as options.
_OPTIONS = ("men_capture_backward",)


def is_variant_name(text: object) -> bool:
    """Whether ``text`` names a known variant (or an alias), e.g. to catch ``Board("russian")``."""
    return isinstance(text, str) and text.strip().lower() in _BY_NAME


def variant(name: str | Variant = "american", **options: bool) -> Variant:
    """The variant called ``name`` (or one of its aliases; any case), with house rules.

    A :class:`Variant` is returned as it is. ``options`` change house rules; the one
    offered is ``men_capture_backward=True`` (e.g. on American checkers). Raises
    :class:`~checkers_widget.core.errors.VariantError` for an unknown name or option.
    """
    if isinstance(name, Variant):
        found = name
    elif isinstance(name, str) and name.strip().lower() in _BY_NAME:
        found = _BY_NAME[name.strip().lower()]
    else:
        raise VariantError(
            f"unknown variant {brief(name)}; the known ones are " + ", ".join(VARIANTS)
        )
    for option, value in options.items():
        if option not in _OPTIONS:
            raise VariantError(
                f"unknown variant option {option!r}; the options are " + ", ".join(_OPTIONS)
            )
        if not isinstance(value, bool):
            raise VariantError(f"variant option {option} must be True or False, not {brief(value)}")
    if "men_capture_backward" in options:
        found = replace(found, men_capture_backward=options["men_capture_backward"])
    return found
