"""The turn timer in the widget: Python keeps the time, the board is sent a snapshot.

The clock runs on a fake time source here, and expiries are delivered by calling the
timekeeper's ``tick`` (what its timer thread does), so nothing sleeps or races.
"""

from __future__ import annotations

import pytest

from checkers_widget import BLACK, WHITE, CheckersError, Game
from checkers_widget.play.clock import Expiry, TimeControl
from checkers_widget.widget import CheckersWidget
from intents import click, command, status


class FakeTime:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def timed(
    timer: object = "normal", *, started: bool = True, **options: object
) -> tuple[CheckersWidget, FakeTime]:
    """A widget whose clock runs on fake time (its timer thread never gets to act).

    ``started``: as if a first move had been made on the board already, so that the
    side to move at the start is timed (the clock otherwise waits for that move).
    """
    w = CheckersWidget(timer=timer, milestones=False, **options)  # type: ignore[arg-type]
    fake = FakeTime()
    timer = w.session.timer
    assert timer is not None
    timer.use_time_source(fake)
    if started:
        timer.start()
    w.session.sync_clock()
    w.session.publish()
    return w, fake


def expire(w: CheckersWidget, fake: FakeTime, seconds: float) -> None:
    fake.now += seconds
    assert w.session.timer is not None
    w.session.timer.keeper.tick()


def test_presets_and_options() -> None:
    assert TimeControl.of("normal").per_move == 45
    assert TimeControl.of("relaxed").per_move == 90
    assert TimeControl.of("quick").per_move == 22.5
    desktop = TimeControl.of("desktop")
    assert (desktop.per_move, desktop.grace, desktop.on_expiry) == (300, 60, "forfeit")
    w = CheckersWidget(timer={"preset": "desktop", "per_move": 120, "grace": 30}, milestones=False)
    assert w.state["clock"]["per_move"] == 120 and w.state["clock"]["grace"] == 30
    w.close()
    with pytest.raises(CheckersError, match="unknown time control 'blitz'"):
        CheckersWidget(timer="blitz")
    assert CheckersWidget(milestones=False).state["clock"] is None
    fresh = CheckersWidget(timer="quick", milestones=False).state["clock"]
    assert fresh["side"] == BLACK and fresh["remaining"] == 22.5
    assert fresh["waiting"] and not fresh["running"]  # nothing runs before the first move


def test_a_timer_board_nobody_touches_loses_nothing() -> None:
    # The report: a timer="quick" board left alone moved by itself and lost on time.
    w, fake = timed("quick", started=False)
    assert status(w) == ("turn", "Black to move · the clock starts with the first move")
    expire(w, fake, 52)
    expire(w, fake, 10_000)
    assert w.game.ply == 0 and w.game.result is None
    assert not w.clock_started and w.clock is not None and not w.clock.running
    clock = w.state["clock"]
    assert clock["waiting"] and clock["side"] == BLACK and clock["remaining"] == 22.5
    # A move from Python (a notebook cell) does not start it either.
    w.play("11-15")
    expire(w, fake, 10_000)
    assert w.game.ply == 1 and not w.clock_started and w.state["clock"]["waiting"]
    # The first move made on the board does: the next turn runs at once.
    assert click(w, 23, 19)
    assert w.clock_started and not w.state["clock"]["waiting"]
    assert w.state["clock"]["side"] == BLACK and w.state["clock"]["running"]
    assert status(w) == ("turn", "Black to move")
    fake.now += 10
    w.session.publish()
    assert w.state["clock"]["remaining"] == pytest.approx(12.5)


def test_against_the_computer_the_clock_starts_with_your_first_move() -> None:
    w, fake = timed("quick", started=False, opponent="easy", human=BLACK, seed=0)
    assert status(w) == ("turn", "Black to move · the clock starts with your first move")
    expire(w, fake, 100)
    assert w.game.ply == 0
    assert click(w, 11, 15)
    assert w.wait(30) and w.game.ply == 2
    assert w.state["clock"]["side"] == BLACK and w.state["clock"]["running"]
    expire(w, fake, 23)
    assert w.game.ply == 3  # now time runs out: the computer moved for Black
    w.close()


def test_new_game_waits_for_a_first_move_again() -> None:
    w, fake = timed("quick", started=False)
    click(w, 11, 15)
    assert w.clock_started
    command(w, "new")
    assert not w.clock_started and w.state["clock"]["waiting"]
    expire(w, fake, 100)
    assert w.game.ply == 0


def test_the_clock_times_the_side_to_move_and_restarts_each_turn() -> None:
    w, fake = timed()
    clock = w.state["clock"]
    assert clock["side"] == BLACK and clock["running"] and clock["remaining"] == 45
    fake.now += 30
    w.session.publish()
    assert w.state["clock"]["remaining"] == pytest.approx(15)
    click(w, 11, 15)
    assert w.state["clock"]["side"] == WHITE and w.state["clock"]["remaining"] == 45


def test_time_running_out_moves_for_the_player_then_forfeits() -> None:
    w, fake = timed("quick")
    expire(w, fake, 23)
    assert w.game.ply == 1  # the computer moved for Black
    _kind, text = status(w)
    assert "Black ran out of time" in text and "loses" in text
    assert w.state["clock"]["strikes"][BLACK] == 1
    assert w.state["clock"]["side"] == WHITE
    click(w, 22, 18)  # White moves in time
    expire(w, fake, 23)  # Black runs out again on the very next turn
    assert w.game.result == "0-1"
    assert w.game.termination == "Black ran out of time"
    assert not w.state["clock"]["running"]


def test_a_move_in_time_clears_the_strike() -> None:
    w, fake = timed("quick")
    expire(w, fake, 23)  # Black: strike
    click(w, 22, 18)
    fake.now += 5
    w.play(w.game.legal_moves()[0])  # Black in time
    click_white = w.game.legal_moves()[0]
    w.play(click_white)
    expire(w, fake, 23)  # Black runs out again, but not on the very next turn
    assert w.game.result is None and w.game.ply == 5


def test_desktop_grace_then_forfeit() -> None:
    w, fake = timed("desktop")
    expire(w, fake, 301)
    assert w.game.ply == 0
    assert status(w) == ("refused", "Black: time is up; 60 s of grace time left")
    assert w.state["clock"]["phase"] == "grace"
    expire(w, fake, 60)
    assert w.game.result == "0-1" and w.game.termination == "Black ran out of time"


def test_pause_stops_the_clock() -> None:
    w, fake = timed()
    fake.now += 10
    command(w, "pause")
    assert w.state["paused"] and w.state["clock"]["paused"]
    expire(w, fake, 10_000)
    assert w.game.ply == 0 and w.game.result is None
    command(w, "resume")
    assert w.state["clock"]["remaining"] == pytest.approx(35)


def test_an_expiry_that_loses_the_race_with_a_move_is_ignored() -> None:
    w, _fake = timed()
    click(w, 11, 15)  # Black moved just before the timer thread got the lock
    w.session.on_time_expired(Expiry(BLACK, "auto-move"))
    w.session.on_time_expired(Expiry(BLACK, "forfeit"))
    assert w.game.ply == 1 and w.game.result is None


def test_against_the_computer_only_the_human_is_timed() -> None:
    w = CheckersWidget(opponent="easy", human=WHITE, seed=1, timer="normal", milestones=False)
    w.wait()
    assert w.game.turn == WHITE
    # The computer's opening move does not start the clock; White's first move does.
    assert w.state["clock"]["side"] == WHITE and w.state["clock"]["waiting"]
    assert click(w, *w.game.legal_moves()[0].path)
    assert w.state["clock"]["side"] is None and not w.state["clock"]["running"]
    w.wait()
    assert w.state["clock"]["side"] == WHITE and w.state["clock"]["running"]
    assert w.state["pausable"]
    w.close()


def test_time_running_out_in_a_jump_chain_finishes_that_chain() -> None:
    w, fake = timed(game=Game(fen="B:W14,22,23,32:B9,1"))
    click(w, 9, 18)
    expire(w, fake, 46)
    assert str(w.game.moves[-1]).startswith("9x18x")


def test_restart_and_new_game_reset_the_clock() -> None:
    w, fake = timed("quick")
    expire(w, fake, 23)
    assert w.state["clock"]["strikes"][BLACK] == 1
    command(w, "new")
    assert w.state["clock"]["strikes"] == {BLACK: 0, WHITE: 0}
    assert w.state["clock"]["side"] == BLACK and w.state["clock"]["remaining"] == 22.5
