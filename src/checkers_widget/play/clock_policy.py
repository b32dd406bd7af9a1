"""What a board's clock means for its game: which turns are timed, what the status line
says while the clock waits, and what an expiry does.

:class:`~checkers_widget.play.turn_timer.TurnTimer` keeps the time and knows nothing of
players; this policy, composed into a :class:`~checkers_widget.play.session.PlaySession`,
decides for it: only a person's turn is timed (never the computer's, nor a finished
game's, nor the editor's); when the time runs out, grace time begins, then the computer
plays a quick move for the player (``on_expiry="auto-move"``: a second time loses) or the
game is lost on time (``"forfeit"``). The session stays the one owner of the board's
state: the policy reads it and acts through it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.color import Color, opponent
from ..core.outcome import WIN
from .clock import Expiry
from .players import Human
from .state import Status, default_status

if TYPE_CHECKING:
    from .session import PlaySession

__all__ = ["ClockPolicy"]


class ClockPolicy:
    """The clock's rules for one session's game (see the module docstring)."""

    def __init__(self, session: PlaySession) -> None:
        self._session = session

    def timed_turn(self) -> bool:
        """Whether the turn to move is one to time: a person's, in a game going on."""
        session = self._session
        game = session.game
        return (
            not game.is_over()
            and not session.editor.open
            and isinstance(session.players[game.turn], Human)
        )

    def sync(self) -> None:
        """Time the person to move; no clock on the computer's turn or once it is over."""
        session = self._session
        timer = session.timer
        if timer is not None:
            game = session.game
            timer.sync(timed=self.timed_turn(), ply=game.ply, side=game.turn, paused=session.paused)

    def waits(self) -> bool:
        """Whether the clock waits for the first move made on the board."""
        timer = self._session.timer
        return timer is not None and timer.waits(timed=self.timed_turn())

    def note(self) -> Status | None:
        """The status line of a clock that waits: whose turn, and when the clock starts."""
        if not self.waits():
            return None
        session = self._session
        status = default_status(session.game, session.pending)
        automatic = any(player.automatic for player in session.players.values())
        first = "your first move" if automatic else "the first move"
        return Status(f"{status.text} · the clock starts with {first}", status.kind)

    def on_expired(self, expiry: Expiry) -> None:
        """Runs on the timer's thread: grace begins, the computer moves for you, or you lose."""
        session = self._session
        with session.lock:
            timer = session.timer
            game = session.game
            if timer is None or game.is_over() or expiry.side != game.turn:
                return
            if not timer.expiry_applies(expiry) or session.paused:
                return  # the player moved (or paused) just as the time ran out
            name = game.side_name(expiry.side)
            if expiry.action == "grace":
                grace = round(timer.control.grace)
                session.status = Status(
                    f"{name}: time is up; {grace} s of grace time left", "refused"
                )
                session.publish()
            elif expiry.action == "forfeit":
                game.set_result(WIN[opponent(expiry.side)], f"{name} ran out of time")
            else:
                self.move_for(expiry.side)

    def move_for(self, side: Color) -> None:
        """Time ran out: a quick search picks the move (finishing a jump chain in progress)."""
        session = self._session
        game = session.game
        pending = session.pending
        legal = game.legal_moves()
        if pending:
            legal = [m for m in legal if m.path[: len(pending)] == pending] or legal
        if len(legal) == 1:
            move = legal[0]
        else:
            analysis = session.search.hints.analyse(game.copy(), depth=4)
            move = analysis.move if analysis.move in legal else legal[0]
        session.play_automatic(move)
        name = game.side_name(side)
        session.status = Status(
            f"{name} ran out of time: the computer played {move} instead. "
            f"If it happens again on {name}'s next turn, {name} loses",
            "refused",
        )
        session.publish()
