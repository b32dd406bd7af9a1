"""``PlaySession``: one board's play, without any Jupyter.

The session is the one place where a board's state lives: the game, the jump in
progress (``pending``), a jump chain taken back by Undo (the redo chain), the version
of the published state, the status line and the answer to the last action (the
notice), pause, the players, the user's hooks. :meth:`PlaySession.handle` answers each
intent from a front end with an :class:`IntentOutcome` and publishes the board's state
(:func:`~checkers_widget.play.state.build_state`) once, through the callback it is
given: the widget sets its ``state`` trait from it; a test may read
:attr:`PlaySession.state`.

It is composed of parts that never reach back into it: each reads what it needs (the
game, plain values, or a small protocol of the session's fields) and returns what
changed, which the session applies. :class:`IntentHandler` and :class:`CommandHandler`
answer with a :class:`~checkers_widget.play.changes.Reply`; :class:`ClockPolicy` with
what an expiry does; :mod:`~checkers_widget.play.board_view` with what the board shows;
:mod:`~checkers_widget.play.navigation` with what Undo and Redo take back;
:func:`play_from_python` with a move from Python checked as a click; :class:`ComputerTurns`
and :class:`SearchControl` search off the main thread; beside them the
:class:`TurnTimer`, :class:`MilestoneTracker`, :class:`PositionEditor`,
:class:`GameReview`, :class:`HookRunner`, autosave and, for a network game,
:class:`RemotePlay` (whose :meth:`RemotePlay.update` says what a network event changes).

Every change to the game, from the board or from Python, comes back through the game's
events (:meth:`Game.subscribe`) and is published at once. One re-entrant lock (shared
with a network session) orders clicks, search results, clock expiries and network
events.
"""

from __future__ import annotations

import contextlib
import os
import random
import threading
from collections.abc import Callable, Iterator
from typing import Any, cast

from ..analysis.explorer import OpeningExplorer
from ..core.color import Color
from ..core.errors import CheckersError, MoveVetoed
from ..core.game import DrawRules, Game
from ..core.listeners import Listeners
from ..core.move import Move
from ..core.variants import Variant
from ..engine import Analysis, Engine
from ..network import HostSession, JoinSession, SessionEvent
from . import commands
from .autosave import Autosave
from .board_view import (
    PAUSED_STATUS,
    BoardGoal,
    check_explorer,
    computer_waits,
    goal_reached,
    state_inputs,
)
from .changes import KEEP, Change, Reply
from .clock.policy import ClockPolicy, ExpiryAnswer
from .clock.time_control import Expiry, TimeControl
from .clock.turn_timer import TurnTimer
from .command_handling import CommandHandler
from .commands import ControlFacts
from .computer_turns import ComputerTurns
from .editor import PositionEditor, edited_game
from .hook_runner import HookRunner, Observer, Validator
from .intent_handling import THINKING_REFUSAL, IntentHandler
from .intent_outcome import IntentOutcome
from .intents import Command
from .milestones.book import Attempt, MilestoneBook
from .milestones.tracking import MilestoneTracker
from .navigation import jump_replayed, jump_taken_back, redo_turn, undo_turn
from .network_play import RemotePlay
from .players import ComputerPlayer, Player, human_sides, person_side
from .python_moves import play_from_python
from .replay_view import replay_view
from .review.game_review import GameReview
from .search_control import HintSource, SearchControl
from .session_setup import begin, draw_players, new_attempt, session_facts
from .state import (
    ReplayState,
    Status,
    StatusKind,
    build_state,
    control_facts,
)

__all__ = ["PAUSED_STATUS", "THINKING_REFUSAL", "BoardGoal", "IntentOutcome", "PlaySession"]

#: The status kinds :meth:`PlaySession.say` may show ("thinking" is the computer's).
SAY_KINDS: tuple[StatusKind, ...] = (
    "turn",
    "must-jump",
    "keep-jumping",
    "over",
    "refused",
    "error",
)


class PlaySession:
    """One board's game and everything around it (see the module docstring).

    ``game`` (default: a new game, with ``draw_rules`` and ``side_names``); ``opponent``:
    the player of the side the human does not play (None: two people at one board);
    ``variant``: the rules of a new game (a name or a Variant; a ``game`` carries its own);
    ``human``: that side (``"random"``: drawn with ``seed``; None: the side that moves
    first, Black in American checkers, White in international draughts); ``hint_engine``
    and ``eval_engine`` (default: one hard engine); ``autosave``: a file path to keep the
    game in (and resume from); ``timer``, ``milestones``, ``controls`` (None: all that apply).
    ``live_eval`` and ``interactive`` are the view's settings (see :meth:`set_live_eval`
    and :attr:`interactive`); ``on_publish`` receives every state published,
    ``turn_board`` is asked to turn the board to a side (a new game with a random side,
    a network game's seat). Call :meth:`start` once the caller is ready for states.
    """

    def __init__(
        self,
        game: Game | None = None,
        *,
        draw_rules: DrawRules | str | None = None,
        side_names: tuple[str, str] | str | None = None,
        variant: Variant | str | None = None,
        opponent: Player | None = None,
        human: Color | str | None = None,
        seed: int | None = None,
        hint_engine: HintSource | None = None,
        eval_engine: HintSource | None = None,
        autosave: str | os.PathLike[str] | None = None,
        timer: TimeControl | None = None,
        milestones: MilestoneBook | None = None,
        controls: list[str] | None = None,
        live_eval: bool = False,
        interactive: bool = True,
        on_publish: Callable[[dict[str, Any]], None] | None = None,
        turn_board: Callable[[Color], None] | None = None,
    ) -> None:
        self.lock = threading.RLock()
        self._on_publish = on_publish
        self._turn_board = turn_board
        hint_source = hint_engine or Engine("hard", seed=seed)
        self.search = SearchControl(hint_source, eval_engine or hint_source)
        self.hooks = HookRunner(self._report_hook_error)
        self.editor = PositionEditor()
        #: What the clock means for the game (timed turns, grace, expiry).
        self.clock_policy = ClockPolicy(self)
        #: What becomes of each intent, and of each command.
        self.intents = IntentHandler(self)
        self.command_handler = CommandHandler(self)
        #: The game review and its learn mode (their commands join the handler's).
        self.review = GameReview(self)
        self.command_handler.handlers.update(self.review.command_handlers())
        #: The computer's moves, the hints and the live evaluation.
        self.computer = ComputerTurns(self)
        self.remote: RemotePlay | None = None
        self.timer: TurnTimer | None = None
        self._unsubscribe: Callable[[], None] | None = None
        self._listeners: Listeners[IntentOutcome] = Listeners()
        self.goal: BoardGoal | None = None
        #: The last errors (hooks, the computer, autosave), newest last.
        self.errors: list[str] = []
        #: The last state published (also handed to ``on_publish``).
        self.state: dict[str, Any] = {}
        #: The view's settings, kept up to date by the view.
        self.live_eval = live_eval
        #: Whether the board accepts moves and commands: the session's own record (a
        #: front end cannot change it).
        self.interactive = interactive

        self.autosave = Autosave(autosave) if autosave is not None else None
        self._rng = random.Random(seed)
        beginning = begin(
            game,
            autosave=self.autosave,
            draw_rules=draw_rules,
            side_names=side_names,
            variant=variant,
            human=human,
            against=opponent,
            rng=self._rng,
        )
        self._human_choice = beginning.human

        #: The opening explorer shown beside the board (see :meth:`set_explorer`), or None.
        self.explorer: OpeningExplorer | None = None
        self.pending: tuple[int, ...] | None = None
        self.redo_chain: tuple[int, ...] | None = None  # a jump chain taken back by undo
        self.version = 0
        self._seq = 0  # how many states have been published
        self._held = 0  # > 0 while an intent is handled: one state goes out at its end
        self.paused = False
        #: What the game's situation puts on the status line (the computer thinking...),
        #: until the game changes; None: whose turn it is.
        self.status: Status | None = None
        #: The answer to the last action (a refusal, a veto, a hook's error): shown over
        #: ``status`` until the next action or change, then forgotten.
        self.notice: Status | None = None
        self.replay_view: ReplayState | None = None
        self.controls = controls
        # True after undo, redo or a move-list jump, until the next move: the user is
        # looking back through the game and the computer waits for them.
        self.looking_back = False
        self._suspended = False
        self._auto_moving = False

        self.opponent = opponent
        self.players = beginning.players
        self.game = game = beginning.game
        self._attach(game)
        if timer is not None:
            # The clock waits for a first move made on the board; a game resumed from
            # its autosave was started before.
            started = beginning.resumed and game.ply > 0
            self.timer = TurnTimer(timer, self.on_time_expired, started=started)
        self.tracker = MilestoneTracker(milestones, new_attempt(opponent, self.human_side()))
        self.tracker.attempt = beginning.attempt or self.tracker.attempt
        if self.autosave is not None and self.autosave.notice:
            self.status = Status(self.autosave.notice, "error")
            self.errors.append(self.autosave.notice)
        if beginning.resumed and self.pausable and not game.is_over() and game.ply:
            # A restored game waits for Resume, as in the browser game: nobody's clock
            # runs and the computer does not move until the player is back.
            self.paused = True

    def start(self) -> None:
        """Publish the first state and set the game going (the computer may move first)."""
        with self.lock:
            self.sync_clock()
            self.publish(bump=True)
            self._save()
            self._after_change()

    def close(self) -> None:
        """Stop every search, the clock and any network game; stop following the game."""
        self.search.stop_all()
        self.review.close()
        if self.remote is not None:
            self.remote.close()
        if self.timer is not None:
            self.timer.close()
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None

    # ------------------------------------------------------------------ the game
    def set_explorer(self, explorer: OpeningExplorer | None) -> None:
        """Show ``explorer``'s moves from each position beside the board (None: no panel).

        Its games are American checkers games: a board of another variant refuses it."""
        with self.lock:
            check_explorer(explorer, self.game)
            self.explorer = explorer
            self.publish()

    def set_game(self, game: Game) -> None:
        """Show ``game`` from now on (``widget.game = game``)."""
        if not isinstance(game, Game):
            raise CheckersError(f"game must be a Game, not {type(game).__name__}")
        self.hooks.refuse_during_hook("game = ")
        self._attach(game)
        self.game = game
        self._change(Change(pending=None, status=None, notice=None, bump=True))

    def _attach(self, game: Game) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
        self._unsubscribe = game.subscribe(self._on_game_event)

    def _on_game_event(self, event: str, game: Game) -> None:
        """Any change to the game, from the board or from Python, is published at once."""
        with self.lock:
            if event == "offer":
                # A draw offer changes nothing on the board: a search goes on.
                self.publish()
                return
            if event == "drawing":
                # Arrows drawn: the same position (no new version), kept in the autosave.
                self.publish()
                self._save()
                return
            self._make(Change(pending=None, status=None, notice=None))
            self.redo_chain = self.replay_view = None
            self.search.forget()
            self.search.stop_all()
            self.looking_back = event in ("undo", "redo")
            self.tracker.note(
                event,
                game,
                played=self.played_game,
                humans=human_sides(self.players),
                auto=self._auto_moving,
            )
            if self._suspended:
                self.version += 1  # one state is published when the whole walk is done
            else:
                self.sync_clock()
                self.publish(bump=True)
            if event in ("move", "redo"):
                self.hooks.observe(self.game, game.moves[-1])
            if not self._suspended:
                self._save()
                self._after_change()

    def _after_change(self) -> None:
        """Start whatever follows a change: the clock, the computer's reply, a live evaluation."""
        game = self.game
        self.sync_clock()
        if game.is_over() or self.editor.open or self.paused or goal_reached(self):
            return
        if self.players[game.turn].automatic and not computer_waits(self):
            self.computer.play()
        elif self.live_eval:
            self.computer.evaluate()

    @contextlib.contextmanager
    def _walk(self, *, bump: bool = False) -> Iterator[None]:
        """Change the game in several steps, then publish, save and go on once."""
        self._suspended = True
        try:
            yield
        finally:
            self._suspended = False
        self.sync_clock()
        self.publish(bump=bump)
        self._save()
        self._after_change()

    # ------------------------------------------------------------------ players
    @property
    def engine(self) -> Engine | None:
        """The computer opponent's engine, or None (two players, a script, the network)."""
        player = self.opponent
        return player.engine if isinstance(player, ComputerPlayer) else None

    @property
    def played_game(self) -> bool:
        """Whether this board's games are played (against the computer or a person)."""
        return self.opponent is not None or self.remote is not None

    def human_side(self) -> Color:
        """The side the person at this board plays (when both are people, the side that
        moves first: Black in American checkers, White in international draughts)."""
        return person_side(self.players, self.game.variant.first)

    def show_status(self, status: Status | None, *, error: bool = False) -> None:
        """Put ``status`` on the status line (``error``: keep it among the errors too)."""
        self.status = status
        if error and status is not None:
            self.errors.append(status.text)
        self.publish()

    def wait(self, timeout: float | None = 30.0) -> bool:
        """Wait until the computer has moved (and any analysis has finished)."""
        done = self.search.wait(timeout)
        with self.lock:  # a search's result may still be being played: let it finish
            return done

    # ------------------------------------------------------------------ hints
    def hint(self, *, time: float | None = None, depth: int | None = None) -> Analysis:
        """The best move for the side to move, searched in place and shown on the board."""
        if self.remote is not None:
            self.remote.command("hint")  # raises: no hints against a person
        return self.computer.hint_now(time=time, depth=depth)

    def start_hint(self) -> None:
        """Look for a hint in the background (the board's Hint)."""
        self.computer.start_hint()

    def set_live_eval(self, on: bool) -> bool:
        """The Evaluation switch; False (and nothing changes) where it is not offered."""
        with self.lock:
            if on and self.remote is not None:
                return False  # not offered on a network board (see commands.offered)
            self.live_eval = on
            self.computer.live_eval_switched(on)
            return True

    def view_changed(self) -> None:
        """Flip and the Evaluation switch are actions too: the last answer goes."""
        with self.lock:
            if self.notice is not None:
                self.notice = None
                self.publish()

    # ------------------------------------------------------------------ hooks
    def validate(self, fn: Validator) -> Validator:
        return self.hooks.validate(fn)

    def on_move(self, fn: Observer) -> Observer:
        return self.hooks.on_move(fn)

    def on_outcome(self, fn: Callable[[IntentOutcome], Any]) -> Callable[[], None]:
        """Call ``fn(outcome)`` after every intent handled; returns a function that stops it."""
        return self._listeners.add(fn)

    def set_goal(self, goal: BoardGoal | None) -> None:
        """What the board is for (see :class:`BoardGoal`); None: plain play."""
        with self.lock:
            self.goal = goal
            self.publish()

    def say(self, text: str, kind: str = "refused") -> None:
        """Show ``text`` on the status line until the next action or change."""
        if kind not in SAY_KINDS:
            raise CheckersError(f"unknown status kind {kind!r}")
        with self.lock:
            self.notice = Status(str(text), kind)
            self.publish()

    def _report_hook_error(self, text: str) -> None:
        self.errors.append(text)
        del self.errors[:-20]
        self.notice = Status(text, "error")
        self.publish()

    # ------------------------------------------------------------------ from Python
    def play(self, move: Move | str) -> Move:
        """Play a move as if it were made on the board (validators included); see
        :meth:`CheckersWidget.play` for what it raises."""
        self.hooks.refuse_during_hook("play")
        self._check_not_paused()
        if self.remote is not None:
            return self.remote.play(move)
        played = play_from_python(self, move)
        if played.veto is not None:
            self.say(played.veto)
            raise MoveVetoed(played.veto, [played.move])
        return played.move

    def play_own(self, move: Move) -> None:
        """Play a move of the player's (from the board or :meth:`play`).

        Against the computer, a move replayed after Undo drops the rest of the line
        that Redo would have replayed: the computer answers it afresh. In two-player
        play the line is followed.
        """
        self.game.play(move, follow_line=self.opponent is None)

    def undo(self) -> Move | None:
        """Take back a jump in progress, or else the last turn (see CheckersWidget.undo)."""
        with self.lock:
            self._check_not_paused("undo")
            if self.pending:
                self.redo_chain = self.pending
                self._change(jump_taken_back())
                return None
            if self.opponent is None:
                return self.game.undo()
            self.search.stop_move()
            with self._walk():
                return undo_turn(self.game, self.players)

    def redo(self) -> Move | None:
        """Replay what undo took back, by the same path (see CheckersWidget.redo)."""
        with self.lock:
            self._check_not_paused("redo")
            chain, self.redo_chain = self.redo_chain, None
            if chain is not None:
                self._change(jump_replayed(self.game, chain))
                return None
            if self.opponent is None:
                return self.game.redo()
            with self._walk():
                return redo_turn(self.game, self.players)

    def new_game(self) -> None:
        """A fresh game from the start position (sides drawn again when random)."""
        with self.lock:
            self._start_over(fresh=True)

    def restart(self) -> None:
        """This game again from its start position, with the same sides (same attempt)."""
        with self.lock:
            self._start_over(fresh=False)

    def _start_over(self, *, fresh: bool) -> None:
        self.hooks.refuse_during_hook("new_game" if fresh else "restart")
        if self.remote is not None:
            self.remote.command("new" if fresh else "restart")  # raises: not across the link
        self.search.stop_all()
        if self.timer is not None:
            self.timer.start_over(paused=self.paused)  # waits for a first move again
        self.paused = False
        with self._walk(bump=True):
            self.game.reset()
            if fresh and self._human_choice == "random":
                self.players = draw_players(self.opponent, self._human_choice, self._rng)
                if self._turn_board is not None:
                    self._turn_board(self.human_side())
            if fresh:
                self.tracker.new_attempt(new_attempt(self.opponent, self.human_side()))
            else:
                self.tracker.restart()

    @property
    def pausable(self) -> bool:
        if self.remote is not None:
            return False  # a network game pauses only when the connection drops
        return self.opponent is not None or self.timer is not None

    def pause(self) -> None:
        """Cover the board and stop the computer (and the clock) until :meth:`resume`."""
        with self.lock:
            self.hooks.refuse_during_hook("pause")
            if not self.paused:
                self.search.stop_all()
                self._set_paused(True)

    def resume(self) -> None:
        """Go on after :meth:`pause`: the board comes back and the computer plays on."""
        with self.lock:
            self.hooks.refuse_during_hook("resume")
            if self.paused:
                self._set_paused(False)
                self._after_change()

    def _set_paused(self, on: bool) -> None:
        """Pause or resume the clock too; the status line says "Paused" or whose turn it is
        (the computer's "thinking" is over)."""
        self.paused = on
        if self.timer is not None:
            self.timer.pause() if on else self.timer.resume()
        self.status = None
        self.publish()

    def _check_not_paused(self, action: str | None = None) -> None:
        """Refuse an action while paused, or one that a network game cannot allow."""
        if action is not None:
            self.hooks.refuse_during_hook(action)
        if self.paused:
            raise CheckersError("the game is paused: resume it first")
        if action is not None and self.remote is not None:
            self.remote.command(action)  # raises: not available across the link

    def goto(self, ply: int) -> None:
        """Show the position after ``ply`` moves of the current line (0: the start)."""
        with self.lock:
            self._check_not_paused("goto")
            self.search.stop_move()
            with self._walk():
                self.game.goto(ply)

    def load_pdn(self, text: str) -> Game:
        """Load the first game of a PDN text (or file path) and show its start position."""
        from ..formats.pdn import read_game

        game = read_game(text)
        game.goto(0)
        self.set_game(game)
        return game

    def replay(self, move: Move | str | None = None, *, speed: float = 0.8) -> None:
        """Step through a move hop by hop on the board (see CheckersWidget.replay)."""
        with self.lock:
            self.replay_view = replay_view(self.game, move, speed=speed)
            self.publish()

    # ------------------------------------------------------------------ the editor
    def edit(self, on: bool = True) -> None:
        """Enter (or leave, keeping the new position) the position editor."""
        with self.lock:
            if on:
                if self.remote is not None:
                    raise CheckersError("the position editor is not available in a network game")
                self.search.stop_all()
                self.editor.start(self.game.board)
                self.publish(bump=True)
            elif self.editor.open:
                self.finish_editing(keep=True)

    def finish_editing(self, *, keep: bool) -> None:
        board = self.editor.finish()
        if keep and board is not None:
            self.set_game(edited_game(board, self.game))
        else:
            self.publish(bump=True)
        self._after_change()

    # ------------------------------------------------------------------ the clock
    @property
    def clock_started(self) -> bool:
        return self.timer is not None and self.timer.started

    def sync_clock(self) -> None:
        """Time the human to move (see :meth:`ClockPolicy.sync`)."""
        self.clock_policy.sync()

    def on_time_expired(self, expiry: Expiry) -> None:
        """Runs on the timer's thread (see :meth:`ClockPolicy.on_expired`)."""
        with self.lock:
            self._after_expiry(self.clock_policy.on_expired(expiry))

    def move_for(self, side: Color) -> None:
        """Time ran out: the computer plays a quick move for ``side``."""
        with self.lock:
            self._after_expiry(self.clock_policy.move_for(side))

    def _after_expiry(self, answer: ExpiryAnswer | None) -> None:
        """Carry out what an expiry does: the move played for the player who did not
        choose it, then the status line that says so."""
        if answer is None:
            return
        if answer.move is not None:
            self._auto_moving = True
            try:
                self.game.play(answer.move)
            finally:
                self._auto_moving = False
        self.status = answer.status
        self.publish()

    # ------------------------------------------------------------------ network
    def connect(self, session: HostSession | JoinSession) -> None:
        """Play this board's game across the network (see CheckersWidget.host/join)."""
        with self.lock:
            self.remote = RemotePlay(session)
            self.players = self.remote.players()
            self.tracker.new_attempt(Attempt())
        try:
            session.start()
        except BaseException:
            with self.lock:
                self.remote = None
            raise
        with self.lock:
            self.publish(bump=True)

    def on_network_event(self, event: SessionEvent) -> None:
        """Runs on the network thread: bring the board up to date with the network session."""
        remote = self.remote
        if remote is None:
            return
        with self.lock:
            update = remote.update(event)
            if update.mirror is not None:
                self.set_game(update.mirror)
            if update.seat is not None:
                self.players = remote.players()
                if self._turn_board is not None:
                    self._turn_board(update.seat)
            if update.publish:
                self.publish()

    # ------------------------------------------------------------------ intents
    def handle(self, content: Any) -> IntentOutcome:
        """Act on one message from a front end and say what became of it.

        Refusals are shown on the status line and change nothing; each is shown until
        the next action, after which the status line says what is true now.
        """
        self.hooks.refuse_during_hook("handle_intent")
        with self.lock:
            # Every message is the user's next action: the answer to the last one goes.
            self.notice = None
            # Every intent is answered with exactly one state, even one that changed
            # nothing (the old answer goes): the board holds the next action until this
            # answer has come (js/outbox.js).
            self._held += 1
            try:
                reply = self.intents.dispatch(content)
                self._apply(reply)
            finally:
                self._held -= 1
                if not self._held:
                    self.publish()
        self._listeners.tell(reply.outcome)
        return reply.outcome

    def _apply(self, reply: Reply) -> None:
        """Make the change a part answered with (a refusal's words become the notice)."""
        outcome = reply.outcome
        if outcome.kind in ("refused", "illegal"):
            self.notice = Status(outcome.text, "refused")
        self._make(reply.change)

    def _change(self, change: Change | None) -> None:
        """Make ``change`` (None: nothing) and publish it."""
        if change is not None:
            self._make(change)
            self.publish()

    def _make(self, change: Change) -> None:
        if change.pending is not KEEP:
            self.pending = change.pending
        if change.status is not KEEP:
            self.status = change.status
        if change.notice is not KEEP:
            self.notice = change.notice
        if change.bump:
            self.version += 1

    def run_command(self, command: Command) -> Reply:
        """Carry out a command from the board (see :class:`CommandHandler`)."""
        return self.command_handler.run(command)

    def play_clicked(self, move: Move) -> None:
        """Play the person's ``move``, made on the board: sent to the host in a network
        game (raising, with nothing changed, when the link refuses it), else played
        here, which starts a waiting clock."""
        self.tracker.person_move = move
        if self.remote is not None:
            try:
                self.remote.play(move)
            except BaseException:
                self.tracker.person_move = None
                raise
            return
        if self.timer is not None:
            self.timer.start()  # a move made on the board starts the clock
        self.play_own(move)

    # ------------------------------------------------------------------ state out
    def control_facts(self) -> ControlFacts:
        """The facts of this board that decide its controls (see :mod:`.commands`)."""
        return control_facts(self.game, state_inputs(self))

    def evaluation_offered(self) -> bool:
        """Whether the front end may turn the Evaluation switch (an interactive board
        offering the "evaluation" control)."""
        return self.interactive and commands.offered("evaluation", self.control_facts())

    def set_interactive(self, on: bool) -> None:
        """``widget.interactive = ...``: the session's record follows it, and so do the
        controls it publishes."""
        with self.lock:
            self.interactive = on
            self.publish()

    def publish(self, *, bump: bool = False, now: bool = False) -> None:
        """Build the board's state and hand it on (``bump``: a new version of the
        position, which makes intents sent for the old one stale; ``now``: even while an
        intent is handled, for a state the board must draw before a search in place)."""
        # Under the lock: a state built by one thread (an outcome listener, say) and
        # handed on after another thread's newer one would put the old state back on
        # the board (a puzzle's status stuck on "thinking" after it was solved).
        with self.lock:
            if bump:
                self.version += 1
            if self._held and not now:
                return  # an intent is being handled: its one state goes out at its end
            self._seq += 1  # every publish differs: a repeated refusal still reaches the board
            state = cast(
                "dict[str, Any]", build_state(self.game, state_inputs(self), seq=self._seq)
            )
            self.state = state
            if self._on_publish is not None:
                self._on_publish(state)

    def _save(self) -> None:
        """Autosave the game (when asked for); a failure is reported, never raised."""
        if self.autosave is None or self.editor.open:
            return
        facts = session_facts(self.opponent, self.human_side(), self.tracker)
        error = self.autosave.save(self.game, facts)
        if error is not None:
            self.show_status(Status(error, "error"), error=True)
