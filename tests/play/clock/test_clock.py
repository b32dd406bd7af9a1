"""The turn clock: presets, settings, expiry actions, strikes and pause, on a fake clock.

No test sleeps: every clock reads a ``FakeTime`` that only moves when told to.
"""

from __future__ import annotations

import threading

import pytest

from checkers_widget.core.errors import CheckersError
from checkers_widget.play.clock import TIME_CONTROLS, Expiry, TimeControl, TurnClock


class FakeTime:
    """A monotonic clock that moves only when the test says so."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


@pytest.fixture
def now() -> FakeTime:
    return FakeTime()


# --------------------------------------------------------------------------- time controls


def test_presets_follow_the_reference_products() -> None:
    assert TIME_CONTROLS["normal"] == TimeControl(45, 0, "auto-move")
    assert TIME_CONTROLS["relaxed"].per_move == 2 * TIME_CONTROLS["normal"].per_move
    assert TIME_CONTROLS["quick"].per_move == TIME_CONTROLS["normal"].per_move / 2
    desktop = TIME_CONTROLS["desktop"]
    assert (desktop.per_move, desktop.grace, desktop.on_expiry) == (300, 60, "forfeit")
    assert desktop.total == 360


def test_of_accepts_names_numbers_dicts_and_overrides() -> None:
    assert TimeControl.of() == TimeControl.of("normal") == TimeControl.of(" Normal ")
    assert TimeControl.of("desktop", per_move=120, grace=30) == TimeControl(120, 30, "forfeit")
    assert TimeControl.of("normal", on_expiry="forfeit") == TimeControl(45, 0, "forfeit")
    assert TimeControl.of(60) == TimeControl(60)
    assert TimeControl.of({"per_move": 10, "grace": 5}) == TimeControl(10, 5, "auto-move")
    assert TimeControl.of({"preset": "desktop", "grace": 0}) == TimeControl(300, 0, "forfeit")
    tc = TimeControl(30, 10, "forfeit")
    assert TimeControl.of(tc) is tc and TimeControl.of(tc.to_dict()) == tc
    assert TimeControl.of(per_move=20).per_move == 20
    assert TimeControl(5, on_expiry="auto_move").on_expiry == "auto-move"  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("spec", "kwargs", "words"),
    [
        ("blitz", {}, "unknown time control 'blitz'; choose one of normal, relaxed, quick"),
        ("normal", {"per_move": 0}, "per_move must be more than 0 seconds"),
        ("normal", {"per_move": -5}, "per_move must be more than 0 seconds, not -5"),
        ("desktop", {"grace": -1}, "grace must be 0 seconds or more, not -1"),
        ("normal", {"per_move": float("inf")}, "finite"),
        ("normal", {"per_move": "45"}, "per_move must be a number of seconds"),
        ("normal", {"per_move": True}, "per_move must be a number of seconds"),
        ("normal", {"on_expiry": "pass"}, "unknown on_expiry 'pass'; choose 'auto-move'"),
        ("normal", {"increment": 5}, "unknown time control field 'increment'"),
        ({"per_move": 5, "delay": 1}, {}, "unknown time control field 'delay'"),
        ([45], {}, "cannot make a time control from [45]"),
    ],
)
def test_bad_time_controls_are_explained(spec: object, kwargs: dict, words: str) -> None:
    with pytest.raises(CheckersError, match=words.replace("(", r"\(").replace("[", r"\[")):
        TimeControl.of(spec, **kwargs)  # type: ignore[arg-type]


def test_describe() -> None:
    assert str(TIME_CONTROLS["normal"]).startswith("45 s a move; when time runs out the computer")
    assert TIME_CONTROLS["desktop"].describe() == (
        "5 minutes a move plus 1 minute of grace time; when time runs out the game is forfeited"
    )


# --------------------------------------------------------------------------- auto-move


def test_a_turn_counts_down_and_expiry_is_reported_once(now: FakeTime) -> None:
    clock = TurnClock("normal", now=now)
    assert clock.phase == "idle" and clock.remaining() == 0 and not clock.running
    assert clock.seconds_to_next_event() is None and clock.poll() is None
    clock.start("black")
    assert clock.side == "black" and clock.running and clock.phase == "move"
    assert clock.remaining() == 45 and clock.seconds_to_next_event() == 45
    now.advance(44.5)
    assert clock.poll() is None and clock.remaining() == pytest.approx(0.5)
    assert clock.seconds_to_next_event() == pytest.approx(0.5)
    now.advance(0.5)
    assert clock.phase == "expired"  # the time itself says so, before poll
    assert clock.poll() == Expiry("black", "auto-move")
    assert clock.poll() is None  # never twice
    now.advance(100)
    assert clock.poll() is None and clock.remaining() == 0 and not clock.running
    assert clock.seconds_to_next_event() is None
    assert clock.strikes == {"black": 1, "white": 0}


def test_two_expiries_in_a_row_forfeit(now: FakeTime) -> None:
    clock = TurnClock("quick", now=now)
    clock.start("black")
    now.advance(22.5)
    assert clock.poll() == Expiry("black", "auto-move")
    clock.start("white")  # the computer moved for Black
    now.advance(3)
    clock.start("black")  # White moved in time
    assert clock.strikes == {"black": 1, "white": 0}
    now.advance(30)
    assert clock.poll() == Expiry("black", "forfeit")
    assert clock.poll() is None


def test_a_move_in_time_clears_the_strike(now: FakeTime) -> None:
    clock = TurnClock("normal", now=now)
    clock.start("black")
    now.advance(45)
    assert clock.poll() == Expiry("black", "auto-move")
    clock.start("white")
    now.advance(10)
    clock.start("black")
    now.advance(44)
    clock.start("white")  # Black moved in time: the strike is gone
    assert clock.strikes == {"black": 0, "white": 0}
    clock.start("black")
    now.advance(45)
    assert clock.poll() == Expiry("black", "auto-move")


def test_strikes_are_per_side_and_stop_between_turns(now: FakeTime) -> None:
    clock = TurnClock(TimeControl(10), now=now)
    clock.start("black")
    now.advance(10)
    assert clock.poll() == Expiry("black", "auto-move")
    clock.start("white")
    now.advance(10)
    assert clock.poll() == Expiry("white", "auto-move")  # White's first expiry: not a forfeit
    clock.stop()  # e.g. the computer thinks for Black: not timed
    assert clock.phase == "idle" and clock.side is None
    now.advance(500)
    assert clock.poll() is None
    clock.start("white")
    now.advance(10)
    assert clock.poll() == Expiry("white", "forfeit")
    clock.reset()  # a new game
    assert clock.strikes == {"black": 0, "white": 0} and clock.phase == "idle"


# --------------------------------------------------------------------------- grace, forfeit


def test_desktop_grace_then_forfeit(now: FakeTime) -> None:
    clock = TurnClock("desktop", now=now)
    clock.start("white")
    assert clock.seconds_to_next_event() == 300
    now.advance(300)
    assert clock.seconds_to_next_event() == 0 and clock.phase == "grace"
    assert clock.remaining() == 60
    assert clock.poll() == Expiry("white", "grace")
    assert clock.poll() is None
    assert clock.seconds_to_next_event() == 60
    now.advance(59)
    assert clock.poll() is None and clock.remaining() == pytest.approx(1)
    now.advance(1)
    assert clock.poll() == Expiry("white", "forfeit")
    assert clock.poll() is None and clock.phase == "expired"


def test_moving_in_grace_time_is_in_time(now: FakeTime) -> None:
    clock = TurnClock(TimeControl(10, grace=5, on_expiry="auto-move"), now=now)
    clock.start("black")
    now.advance(12)
    assert clock.poll() == Expiry("black", "grace")
    clock.start("white")
    assert clock.phase == "move" and clock.remaining() == 10  # a new turn has the full time
    now.advance(15)
    assert clock.poll() == Expiry("white", "auto-move")  # grace, then the computer moves


def test_a_late_poll_reports_only_the_final_action(now: FakeTime) -> None:
    clock = TurnClock("desktop", now=now)
    clock.start("black")
    now.advance(1000)
    assert clock.poll() == Expiry("black", "forfeit")
    assert clock.poll() is None


def test_forfeit_mode_without_grace_forfeits_at_the_limit(now: FakeTime) -> None:
    clock = TurnClock(TimeControl.of("normal", on_expiry="forfeit"), now=now)
    clock.start("black")
    now.advance(45)
    assert clock.poll() == Expiry("black", "forfeit")


# --------------------------------------------------------------------------- pause


def test_pause_stops_the_time_and_a_long_pause_never_expires(now: FakeTime) -> None:
    clock = TurnClock("normal", now=now)
    clock.start("black")
    now.advance(40)
    clock.pause()
    clock.pause()  # twice is harmless
    assert clock.paused and not clock.running and clock.seconds_to_next_event() is None
    now.advance(10_000)
    assert clock.poll() is None and clock.remaining() == 5 and clock.phase == "move"
    clock.resume()
    assert clock.running and clock.remaining() == 5 and clock.poll() is None
    assert clock.seconds_to_next_event() == 5
    clock.resume()  # harmless
    now.advance(4.9)
    assert clock.poll() is None
    now.advance(0.1)
    assert clock.poll() == Expiry("black", "auto-move")


def test_a_turn_started_while_paused_waits_for_resume(now: FakeTime) -> None:
    clock = TurnClock("quick", now=now)
    clock.pause()
    clock.start("white")
    now.advance(100)
    assert clock.remaining() == 22.5 and clock.poll() is None and not clock.running
    clock.resume()
    now.advance(22.5)
    assert clock.poll() == Expiry("white", "auto-move")
    clock.pause()
    clock.resume()  # resuming an expired turn does not restart it
    assert not clock.running and clock.poll() is None


def test_pause_during_grace(now: FakeTime) -> None:
    clock = TurnClock("desktop", now=now)
    clock.start("black")
    now.advance(330)
    clock.pause()
    now.advance(3600)
    assert clock.phase == "grace" and clock.remaining() == 30
    assert clock.poll() == Expiry("black", "grace")  # due before the pause: still reported
    clock.resume()
    now.advance(30)
    assert clock.poll() == Expiry("black", "forfeit")


# --------------------------------------------------------------------------- the front end


def test_snapshot_is_json_ready(now: FakeTime) -> None:
    import json

    clock = TurnClock("desktop", now=now)
    assert clock.snapshot() == {
        "side": None,
        "phase": "idle",
        "remaining": 0,
        "per_move": 300,
        "grace": 60,
        "on_expiry": "forfeit",
        "paused": False,
        "running": False,
        "strikes": {"black": 0, "white": 0},
    }
    clock.start("black")
    now.advance(310.25)
    snap = clock.snapshot()
    assert json.loads(json.dumps(snap)) == snap
    assert (snap["side"], snap["phase"], snap["remaining"], snap["running"]) == (
        "black",
        "grace",
        49.75,
        True,
    )
    assert "phase='grace'" in repr(clock)


def test_bad_side_is_refused(now: FakeTime) -> None:
    with pytest.raises(CheckersError, match="side must be 'black' or 'white', not 'red'"):
        TurnClock(now=now).start("red")  # type: ignore[arg-type]


def test_many_threads_polling_see_each_expiry_once(now: FakeTime) -> None:
    clock = TurnClock(TimeControl(5, grace=5), now=now)
    clock.start("black")
    now.advance(7)
    seen: list[Expiry] = []
    lock = threading.Lock()
    barrier = threading.Barrier(8)

    def worker() -> None:
        barrier.wait()
        for _ in range(200):
            e = clock.poll()
            if e is not None:
                with lock:
                    seen.append(e)

    threads = [threading.Thread(target=worker) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert seen == [Expiry("black", "grace")]
