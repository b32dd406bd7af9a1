"""A turn clock: an optional time limit per move, kept by Python, shown by the board.

The reference products time moves in two ways, and both are here as presets of one
:class:`TimeControl`:

* the online game: 45 seconds a move ("normal"), twice as long ("relaxed") or half as
  long ("quick"). When time runs out the computer makes one move for the player; if it
  runs out again on that player's very next turn, the player forfeits;
* the desktop program: a move limit (5 minutes) plus extra grace time (1 minute), both
  settable; a move not made when the grace time is spent forfeits the game.

:class:`TurnClock` is pure and deterministic: it reads the time from a ``now`` function
(``time.monotonic`` by default, a fake one in tests) and never starts threads or sleeps.
The widget asks :meth:`TurnClock.seconds_to_next_event` when to look again, schedules a
timer, and calls :meth:`TurnClock.poll`, which says what must happen now (enter grace
time, move for the player, forfeit) exactly once. The front end only counts down from
:meth:`TurnClock.snapshot`. Pausing stops the clock: time paused never counts.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from ...core.color import BLACK, COLORS, WHITE, Color
from ...core.errors import CheckersError, brief

if TYPE_CHECKING:
    from ..state import ClockSnapshot

__all__ = [
    "EXPIRY_MODES",
    "TIME_CONTROLS",
    "Expiry",
    "ExpiryAction",
    "ExpiryMode",
    "Phase",
    "TimeControl",
    "TurnClock",
]

#: What happens when a move's time (and any grace time) is spent.
ExpiryMode = Literal["auto-move", "forfeit"]
EXPIRY_MODES: tuple[ExpiryMode, ...] = ("auto-move", "forfeit")

#: What :meth:`TurnClock.poll` asks the caller to do.
ExpiryAction = Literal["grace", "auto-move", "forfeit"]

#: Where the current turn stands: no turn timed ("idle"), within the move limit
#: ("move"), within the grace time ("grace"), or spent and acted on ("expired").
Phase = Literal["idle", "move", "grace", "expired"]

_FIELDS = ("per_move", "grace", "on_expiry")


@dataclass(frozen=True)
class TimeControl:
    """How long a move may take, and what happens when the time is spent.

    ``per_move``: seconds for each move (> 0). ``grace``: extra seconds granted once the
    move limit has passed (>= 0; 0 means none). ``on_expiry``: when the move limit and
    the grace time are both spent, ``"auto-move"`` has the computer move for the player
    (a second expiry in a row for the same player forfeits), ``"forfeit"`` loses the
    game at once. Build one from a preset with :meth:`of`.
    """

    per_move: float
    grace: float = 0.0
    on_expiry: ExpiryMode = "auto-move"

    def __post_init__(self) -> None:
        for name in ("per_move", "grace"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise CheckersError(f"{name} must be a number of seconds, not {brief(value)}")
            try:
                seconds = float(value)  # an int too large for a float overflows
            except OverflowError:
                seconds = math.inf
            if not math.isfinite(seconds):
                raise CheckersError(
                    f"{name} must be a finite number of seconds, not {brief(value)}"
                )
            object.__setattr__(self, name, seconds)
        if self.per_move <= 0:
            raise CheckersError(f"per_move must be more than 0 seconds, not {self.per_move:g}")
        if self.grace < 0:
            raise CheckersError(f"grace must be 0 seconds or more, not {self.grace:g}")
        mode = self.on_expiry.replace("_", "-").lower() if isinstance(self.on_expiry, str) else ""
        if mode not in EXPIRY_MODES:
            raise CheckersError(
                f"unknown on_expiry {brief(self.on_expiry)}; choose 'auto-move' (the computer "
                "moves for the player, a second expiry in a row forfeits) or 'forfeit'"
            )
        object.__setattr__(self, "on_expiry", mode)

    @property
    def total(self) -> float:
        """Seconds from the start of a turn until the expiry action: move limit plus grace."""
        return self.per_move + self.grace

    @classmethod
    def of(
        cls,
        spec: str | float | TimeControl | Mapping[str, Any] = "normal",
        /,
        **overrides: Any,
    ) -> TimeControl:
        """A time control from a preset name, a number, a mapping or a TimeControl.

        ``spec`` is a name from :data:`TIME_CONTROLS` (case-insensitive), a number of
        seconds per move (as ``"normal"`` with that limit), a mapping of fields (may
        include ``"preset"`` to start from, default ``"normal"``), or a
        :class:`TimeControl`. Keyword ``overrides`` (``per_move``, ``grace``,
        ``on_expiry``) replace fields: ``TimeControl.of("desktop", per_move=120,
        grace=30)``, ``TimeControl.of("normal", on_expiry="forfeit")``. Raises
        :class:`CheckersError` for an unknown preset or field and for bad values.
        """
        if isinstance(spec, TimeControl):
            base = spec
        elif isinstance(spec, str):
            base = _preset(spec)
        elif isinstance(spec, Mapping):
            fields = dict(spec)
            preset = fields.pop("preset", "normal")
            base = _preset(preset) if isinstance(preset, str) else cls.of(preset)
            _check_fields(fields)
            overrides = {**fields, **overrides}
        elif isinstance(spec, int | float) and not isinstance(spec, bool):
            base = replace(TIME_CONTROLS["normal"], per_move=spec)
        else:
            raise CheckersError(
                f"cannot make a time control from {brief(spec)}; give a preset name ("
                + ", ".join(TIME_CONTROLS)
                + "), seconds per move, a dict of per_move/grace/on_expiry or a TimeControl"
            )
        _check_fields(overrides)
        return replace(base, **overrides) if overrides else base

    def to_dict(self) -> dict[str, Any]:
        """``{"per_move", "grace", "on_expiry"}``: JSON-ready, and accepted by :meth:`of`."""
        return {"per_move": self.per_move, "grace": self.grace, "on_expiry": self.on_expiry}

    def describe(self) -> str:
        """One sentence for people: ``"45 s a move; when time runs out ..."``."""
        text = f"{_seconds(self.per_move)} a move"
        if self.grace:
            text += f" plus {_seconds(self.grace)} of grace time"
        if self.on_expiry == "auto-move":
            return text + (
                "; when time runs out the computer moves for you, and a second time "
                "in a row forfeits the game"
            )
        return text + "; when time runs out the game is forfeited"

    def __str__(self) -> str:
        return self.describe()


#: The presets: the online game's three timers and the desktop program's move limit.
TIME_CONTROLS: dict[str, TimeControl] = {
    # The online game's default: 45 seconds a move; the computer moves for a player
    # whose time runs out, and a second expiry in a row forfeits.
    "normal": TimeControl(45.0),
    # Twice as long.
    "relaxed": TimeControl(90.0),
    # Half as long.
    "quick": TimeControl(22.5),
    # The desktop program: 5 minutes a move plus 1 minute of extra time, then forfeit.
    "desktop": TimeControl(300.0, grace=60.0, on_expiry="forfeit"),
}


def _preset(name: str) -> TimeControl:
    try:
        return TIME_CONTROLS[name.strip().lower()]
    except KeyError:
        raise CheckersError(
            f"unknown time control {brief(name)}; choose one of " + ", ".join(TIME_CONTROLS)
        ) from None


def _check_fields(fields: Mapping[str, Any]) -> None:
    unknown = [k for k in fields if k not in _FIELDS]
    if unknown:
        raise CheckersError(
            f"unknown time control field {brief(unknown[0])}; the fields are " + ", ".join(_FIELDS)
        )


def _seconds(value: float) -> str:
    if value >= 60 and value % 60 == 0:
        minutes = int(value // 60)
        return f"{minutes} minute{'s' if minutes != 1 else ''}"
    return f"{value:g} s"


class Expiry(NamedTuple):
    """What must happen now because ``side`` ran out of time.

    ``action``: ``"grace"`` (the move limit passed; grace time has begun, nothing to do
    but tell the player), ``"auto-move"`` (make a move for ``side``, then call
    :meth:`TurnClock.start` for the next turn as after any move) or ``"forfeit"``
    (``side`` loses the game on time; call :meth:`TurnClock.stop`).
    """

    side: Color
    action: ExpiryAction


class TurnClock:
    """Times each turn against a :class:`TimeControl`; thread-safe and deterministic.

    Call :meth:`start` for the side to move at the start of the game and after every
    move (including a move made for a player on expiry), :meth:`stop` when no turn
    should be timed (the game is over, the computer is thinking), and :meth:`pause` /
    :meth:`resume` around a pause. After each of these, ask
    :meth:`seconds_to_next_event` when to call :meth:`poll`.

    Strikes: under ``"auto-move"``, a turn that ends by expiry gives its side a strike;
    a turn that ends any other way (the player moved before the time was spent) clears
    that side's strikes. An expiry with a strike already standing forfeits instead of
    moving for the player.
    """

    def __init__(
        self,
        control: TimeControl | str | float | Mapping[str, Any] = "normal",
        *,
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        self.control: TimeControl = TimeControl.of(control)
        self._now = now
        self._lock = threading.RLock()
        self._side: Color | None = None
        self._used = 0.0  # seconds of the current turn counted before _since
        self._since: float | None = None  # when the clock last began counting
        self._paused = False
        self._reported = 0  # 0: nothing yet this turn, 1: grace reported, 2: final action
        self._strikes: dict[Color, int] = {BLACK: 0, WHITE: 0}

    # ------------------------------------------------------------------ driving
    def start(self, side: Color) -> None:
        """Begin a new turn for ``side`` with the full time (ending any turn in progress).

        The turn in progress, if any, ends as described under :meth:`stop`. A clock that
        is paused starts the turn paused: its time begins to run on :meth:`resume`.
        """
        if side not in COLORS:
            raise CheckersError(f"side must be 'black' or 'white', not {brief(side)}")
        with self._lock:
            self._end_turn()
            self._side = side
            self._used = 0.0
            self._reported = 0
            self._since = None if self._paused else self._now()

    def stop(self) -> None:
        """End the turn in progress without starting another (game over, computer's turn).

        A turn that ends before its expiry action was reported clears its side's strikes
        (the player moved in time); one that ended by expiry keeps them.
        """
        with self._lock:
            self._end_turn()
            self._side = None
            self._used = 0.0
            self._reported = 0
            self._since = None

    def reset(self) -> None:
        """Stop and forget both sides' strikes: for a new game. Pause is kept."""
        with self._lock:
            self.stop()
            self._strikes = {BLACK: 0, WHITE: 0}

    def pause(self) -> None:
        """Stop the time (the board is hidden meanwhile); nothing can expire while paused."""
        with self._lock:
            if self._paused:
                return
            self._paused = True
            if self._since is not None:
                self._used += max(0.0, self._now() - self._since)
                self._since = None

    def resume(self) -> None:
        """Let the time run again from where :meth:`pause` stopped it."""
        with self._lock:
            if not self._paused:
                return
            self._paused = False
            if self._side is not None and self._reported < 2:
                self._since = self._now()

    def poll(self) -> Expiry | None:
        """What must happen now, or None; each expiry is reported exactly once.

        Returns ``Expiry(side, "grace")`` when the move limit has passed and grace time
        has begun, ``Expiry(side, "auto-move")`` or ``Expiry(side, "forfeit")`` when all
        the time is spent (see the class docstring for strikes). If the clock is polled
        late, past both the move limit and the grace time, only the final action is
        reported. After the final action the clock stands still (phase ``"expired"``)
        until the next :meth:`start` or :meth:`stop`.
        """
        with self._lock:
            if self._side is None or self._reported >= 2:
                return None
            used = self._elapsed()
            side = self._side
            if used >= self.control.total:
                self._used, self._since, self._reported = self.control.total, None, 2
                if self.control.on_expiry == "forfeit" or self._strikes[side] > 0:
                    return Expiry(side, "forfeit")
                self._strikes[side] += 1
                return Expiry(side, "auto-move")
            if self.control.grace and used >= self.control.per_move and self._reported < 1:
                self._reported = 1
                return Expiry(side, "grace")
            return None

    # ------------------------------------------------------------------ reading
    @property
    def side(self) -> Color | None:
        """The side whose turn is being timed, or None between turns."""
        return self._side

    @property
    def paused(self) -> bool:
        """Whether :meth:`pause` stopped the time."""
        return self._paused

    @property
    def running(self) -> bool:
        """Whether time is passing now: a turn is timed, not paused, not yet expired."""
        with self._lock:
            return self._since is not None

    @property
    def phase(self) -> Phase:
        """``"idle"``, ``"move"``, ``"grace"`` or ``"expired"`` (see :data:`Phase`).

        Follows the time itself: a turn whose move limit has passed shows ``"grace"``
        even before :meth:`poll` reports it, and one whose time is spent shows
        ``"expired"``.
        """
        with self._lock:
            return self._phase(self._elapsed())

    def remaining(self) -> float:
        """Seconds left in the current phase (0 when idle or expired)."""
        with self._lock:
            return self._remaining(self._elapsed())

    def seconds_to_next_event(self) -> float | None:
        """Seconds until :meth:`poll` has something to report, or None if nothing is due.

        0 means "poll now". None while idle, paused or expired. A timer that fires a
        little early simply finds nothing to report; ask again and reschedule.
        """
        with self._lock:
            if self._side is None or self._reported >= 2 or self._paused:
                return None
            used = self._elapsed()
            if self.control.grace and self._reported < 1:
                return max(0.0, self.control.per_move - used)
            return max(0.0, self.control.total - used)

    @property
    def strikes(self) -> dict[Color, int]:
        """Expiries standing against each side (0 or 1; a second one forfeits)."""
        with self._lock:
            return dict(self._strikes)

    def snapshot(self) -> ClockSnapshot:
        """The clock for the front end, JSON-ready.

        ``side`` (or None), ``phase``, ``remaining`` (seconds left in the phase, to count
        down locally while ``running``), ``per_move``, ``grace``, ``on_expiry``,
        ``paused``, ``running`` and ``strikes`` (``{"black": n, "white": n}``).
        """
        with self._lock:
            used = self._elapsed()
            return {
                "side": self._side,
                "phase": self._phase(used),
                "remaining": round(self._remaining(used), 3),
                "per_move": self.control.per_move,
                "grace": self.control.grace,
                "on_expiry": self.control.on_expiry,
                "paused": self._paused,
                "running": self._since is not None,
                "strikes": dict(self._strikes),
            }

    def __repr__(self) -> str:
        snap = self.snapshot()
        return (
            f"<TurnClock {self.control.describe()!r}, side={snap['side']!r}, "
            f"phase={snap['phase']!r}, remaining={snap['remaining']:g}>"
        )

    # ------------------------------------------------------------------ internals
    def _elapsed(self) -> float:
        used = self._used
        if self._since is not None:
            used += max(0.0, self._now() - self._since)
        return min(used, self.control.total)

    def _phase(self, used: float) -> Phase:
        if self._side is None:
            return "idle"
        if self._reported >= 2 or used >= self.control.total:
            return "expired"
        return "move" if used < self.control.per_move else "grace"

    def _remaining(self, used: float) -> float:
        phase = self._phase(used)
        if phase == "move":
            return self.control.per_move - used
        if phase == "grace":
            return self.control.total - used
        return 0.0

    def _end_turn(self) -> None:
        """Settle the strikes of the turn that is ending (lock held)."""
        if self._side is not None and self._reported < 2:
            self._strikes[self._side] = 0
