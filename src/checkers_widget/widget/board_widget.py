"""``CheckersWidget``: the board in a notebook, synced with a Python :class:`Game`.

A thin layer: it publishes the state built by :mod:`~checkers_widget.play.state` through
one traitlet,
turns intents from the browser into calls on the game, and runs the user's hooks
(validators that may veto a move, observers told of every move). The game stays the
only authority on the rules; the browser only draws and collects clicks and keys.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import pathlib
import random
import threading
import traceback
import uuid
from collections.abc import Callable, Iterable, Iterator
from typing import Any, cast

import anywidget
import traitlets

from ..core.board import Board
from ..core.color import BLACK, COLORS, WHITE, Color, opponent
from ..core.errors import CheckersError, HookError, MoveVetoed
from ..core.game import DrawRules, Game
from ..core.move import Move
from ..engine import LEVELS, Analysis, Engine
from ..formats.game_info import GameInfo
from ..network import SessionError
from ..play import commands
from ..play.autosave import Autosave
from ..play.clock import TimeControl
from ..play.commands import CONTROLS, ControlFacts
from ..play.editor import PositionEditing
from ..play.hooks import GameView, guarded
from ..play.intents import Command, EditIntent, IntentError, MoveIntent, parse_intent, resolve_path
from ..play.milestone_tracking import MilestoneTracking
from ..play.milestones import Attempt, MilestoneBook
from ..play.network_play import NetworkPlay, RemotePlay
from ..play.search_runner import SearchRunner
from ..play.state import (
    AnalysisState,
    ReplayState,
    StateInputs,
    Status,
    StatusKind,
    analysis_state,
    build_state,
    control_facts,
    move_state,
)
from ..play.timekeeper import Timekeeper
from ..play.turn_timer import TurnTimer
from .fallback import StaticFallback

__all__ = ["CONTROLS", "FRONTEND_TRAITS", "CheckersWidget", "GameView", "HookError", "MoveVetoed"]

logger = logging.getLogger("checkers_widget")

_STATIC = pathlib.Path(__file__).parent.parent / "static"

#: The board's default largest width in pixels (it follows a narrower cell).
DEFAULT_MAX_SIZE = 560
#: The narrowest and widest ``size`` accepted, in pixels.
MIN_SIZE = 240
MAX_SIZE = 2000

#: A validator: ``fn(game, move)`` returns None to allow the move or a str to veto it.
Validator = Callable[[GameView, Move], Any]
#: An observer: ``fn(game, move)`` after every move; what it returns is ignored.
Observer = Callable[[GameView, Move], Any]

#: The status kinds :meth:`CheckersWidget.say` may show ("thinking" is the computer's).
_SAY_KINDS: tuple[StatusKind, ...] = (
    "turn",
    "must-jump",
    "keep-jumping",
    "over",
    "refused",
    "error",
)

#: A veto's reason is cut to this many characters on the status line and in MoveVetoed.
MAX_REASON_CHARS = 500
#: The reason given for a veto whose text is empty.
DEFAULT_VETO = "That move is not allowed here"


#: The status line of a paused board (by Pause, or restored from an autosave file): the
#: board is covered, so the line says why and how to go on rather than whose turn it is.
PAUSED_STATUS = Status("Paused: press Resume (P) to go on", "turn")


class CheckersWidget(
    NetworkPlay,
    TurnTimer,
    MilestoneTracking,
    PositionEditing,
    StaticFallback,
    anywidget.AnyWidget,
):
    """An interactive checkers board for Jupyter.

    ``CheckersWidget()`` is a two-player board from the start position;
    ``CheckersWidget(game)`` shows an existing :class:`Game` (moves made on it from
    Python appear on the board at once). ``orientation`` is the side drawn at the
    bottom (default: the side that moves first), ``size`` is the board's width in pixels
    (default: the cell's width, at most :data:`DEFAULT_MAX_SIZE`), ``show_numbers`` writes
    1-32 on the squares, ``interactive=False`` makes a board that only shows, and ``controls=[...]``
    lists the only controls it offers (e.g. ``["undo", "redo", "flip"]``; see
    :data:`CONTROLS`). The play options (``opponent``, ``timer``, ``autosave``,
    ``milestones``) and network play (:meth:`host`, :meth:`join`) are described with
    each in the README.
    """

    _esm = _STATIC / "widget.js"
    _css = _STATIC / "widget.css"

    #: Everything the front end draws (see :func:`~checkers_widget.play.state.build_state`).
    state = traitlets.Dict().tag(sync=True)
    #: The side drawn at the bottom: ``"black"`` or ``"white"``; the Flip control changes it.
    orientation = traitlets.Enum([BLACK, WHITE], default_value=BLACK).tag(sync=True)
    #: Write the square numbers 1-32 on the board.
    show_numbers = traitlets.Bool(False).tag(sync=True)
    #: Accept moves and commands from the board (False: a picture that follows the game).
    interactive = traitlets.Bool(True).tag(sync=True)
    #: Animate moves (the front end also honours prefers-reduced-motion).
    animate = traitlets.Bool(True).tag(sync=True)
    #: Keep an evaluation of the position up to date after every move.
    live_eval = traitlets.Bool(False).tag(sync=True)
    #: The header of a game with PDN tags: players, event, date, result (see
    #: :mod:`game_info`); ``{}`` for a game without them. Follows ``game.tags`` when redrawn.
    game_info = traitlets.Dict().tag(sync=True)
    #: The board's width in pixels, frame included (None: the cell's width, at most
    #: :data:`DEFAULT_MAX_SIZE`); never wider than the cell. A view preference.
    size = traitlets.Int(None, allow_none=True).tag(sync=True)

    @traitlets.validate("size")
    def _valid_size(self, proposal: dict[str, Any]) -> int | None:
        value: int | None = proposal["value"]  # a traitlets.Int(allow_none=True) already
        if value is not None and not MIN_SIZE <= value <= MAX_SIZE:
            raise CheckersError(f"size must be {MIN_SIZE}-{MAX_SIZE} pixels or None, not {value}")
        return value

    def __init__(
        self,
        game: Game | None = None,
        *,
        orientation: Color | None = None,
        show_numbers: bool = False,
        interactive: bool = True,
        animate: bool = True,
        draw_rules: DrawRules | str | None = None,
        side_names: tuple[str, str] | str | None = None,
        opponent: str | Engine | None = None,
        human: Color | str = BLACK,
        seed: int | None = None,
        hint_engine: Engine | None = None,
        eval_engine: Engine | None = None,
        live_eval: bool = False,
        autosave: str | os.PathLike[str] | None = None,
        timer: TimeControl | str | float | dict[str, Any] | None = None,
        milestones: MilestoneBook | bool = True,
        controls: Iterable[str] | None = None,
        size: int | None = None,
        **kwargs: Any,
    ) -> None:
        # What close() needs exists before anything can fail: ipywidgets closes even a
        # widget whose constructor raised, when it is collected.
        self._computer = SearchRunner()
        self._analyst = SearchRunner()
        self._unsubscribe: Callable[[], None] | None = None
        _check_arguments(
            game=game,
            orientation=orientation,
            flags={
                "show_numbers": show_numbers,
                "interactive": interactive,
                "animate": animate,
                "live_eval": live_eval,
            },
            engines={"hint_engine": hint_engine, "eval_engine": eval_engine},
            autosave=autosave,
            milestones=milestones,
            size=size,
            extra=kwargs,
        )
        super().__init__(
            size=size,
            show_numbers=show_numbers,
            interactive=interactive,
            animate=animate,
            live_eval=live_eval,
            **kwargs,
        )
        #: Whether the board accepts moves and commands: Python's own record of the
        #: ``interactive`` trait, which the front end cannot change (see set_state).
        self._interactive = bool(interactive)
        self._autosave = Autosave(autosave) if autosave is not None else None
        resumed = None
        if self._autosave is not None and game is None:
            resumed = self._autosave.resume()
            if resumed is not None:
                game = resumed.game
        if game is None:
            options: dict[str, Any] = {}
            if draw_rules is not None:
                options["draw_rules"] = draw_rules
            if side_names is not None:
                options["side_names"] = side_names
            game = Game(**options)
        elif resumed is None and (draw_rules is not None or side_names is not None):
            raise CheckersError("draw_rules and side_names belong to the Game; set them there")
        self._validators: list[Validator] = []
        self._observers: list[Observer] = []
        self._pending: tuple[int, ...] | None = None
        self._redo_chain: tuple[int, ...] | None = None  # a jump chain taken back by undo
        self._remote: RemotePlay | None = None  # set by host() / join()
        self._controls = _checked_controls(controls)
        self._paused = False
        #: What the game's situation puts on the status line (the computer thinking,
        #: paused...), until the game changes; None: whose turn it is (default_status).
        self._status: Status | None = None
        #: The answer to the last action (a refusal, a vetoed move, a hook's error):
        #: shown over ``_status`` until the next action or change, then forgotten.
        self._notice: Status | None = None
        self._version = 0
        self._hook_failure: BaseException | None = None
        #: While a hook runs: what it tried to change (see _run_hook); else None.
        self._hook_attempts: list[str] | None = None
        #: The last errors raised by hooks, newest last (also logged and shown on the board).
        self.errors: list[str] = []
        self._fallback_id = f"checkers-{uuid.uuid4().hex}"
        self._fallback_shown = False
        self._lock = threading.RLock()
        self._rng = random.Random(seed)
        self._engine = _make_engine(opponent, seed)
        self._hint_engine = hint_engine or Engine("hard", seed=seed)
        self._eval_engine = eval_engine or self._hint_engine
        if human not in (BLACK, WHITE, "random"):
            raise CheckersError(f"human must be 'black', 'white' or 'random', not {human!r}")
        self._human_choice = human
        self._players = self._draw_players()
        if resumed is not None and self._engine is not None:
            saved = resumed.session.get("HumanSide")
            if saved in COLORS:
                other = WHITE if saved == BLACK else BLACK  # (``opponent`` is a parameter here)
                self._players = {saved: "human", other: "computer"}
        self._thinking = False
        # True after undo, redo or a move-list jump, until the next move: the user is
        # looking back through the game and the computer waits for them.
        self._looking_back = False
        self._hint: AnalysisState | None = None
        self._evaluation: AnalysisState | None = None
        self._suspended = False
        self._replay: ReplayState | None = None
        self._editor: Board | None = None
        self._editor_error: str | None = None
        self._game = game
        self._game_info = GameInfo()
        self._attach(game)
        self.orientation = orientation or self._human_side()
        self.on_msg(self._on_message)
        self.observe(self._on_live_eval, names="live_eval")
        self.observe(self._on_interactive, names="interactive")
        self.observe(self._on_view_change, names=["orientation", "live_eval"])
        self._timekeeper = (
            Timekeeper(TimeControl.of(timer), self._on_time_expired) if timer is not None else None
        )
        self._clock_turn: tuple[int, Color] | None = None  # (ply, side) the clock is timing
        # The clock waits for a first move made on the board (see turn_timer); a game
        # resumed from its autosave was started before.
        self._clock_started = resumed is not None and game.ply > 0
        self._auto_moving = False
        if milestones is True:
            milestones = MilestoneBook()
        self._book: MilestoneBook | None = milestones or None
        self._attempt = self._new_attempt()
        if resumed is not None and "Attempt" in resumed.session:
            try:
                self._attempt = Attempt.from_dict(json.loads(resumed.session["Attempt"]))
            except (ValueError, KeyError, TypeError, CheckersError):
                logger.warning("the autosaved milestone attempt was unreadable; starting a new one")
        self._new_milestones: list[str] = []
        # The move a person just made on the board, until the game reports it (the
        # milestones count only those; a network guest's move comes back later).
        self._person_move: Move | None = None
        if self._autosave is not None and self._autosave.notice:
            self._status = Status(self._autosave.notice, "error")
            self.errors.append(self._autosave.notice)
        if resumed is not None and self._pausable() and not game.is_over() and game.ply:
            # A restored game waits for Resume, as in the browser game: nobody's clock
            # runs and the computer does not move until the player is back.
            self._paused = True
        self._sync_clock()
        self._publish(bump=True)
        self._save()
        self._after_change()

    # ------------------------------------------------------------------ the game
    @property
    def game(self) -> Game:
        """The live game the board shows."""
        return self._game

    @game.setter
    def game(self, game: Game) -> None:
        if not isinstance(game, Game):
            raise CheckersError(f"game must be a Game, not {type(game).__name__}")
        self._refuse_in_hook("game = ")
        self._attach(game)
        self._game = game
        self._pending = None
        self._status = None
        self._notice = None
        self._publish(bump=True)

    def _attach(self, game: Game) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
        self._unsubscribe = game.subscribe(self._on_game_event)

    def _on_game_event(self, event: str, game: Game) -> None:
        """Any change to the game, from the board or from Python, is redrawn at once."""
        with self._lock:
            if event == "offer":
                # A draw offer changes nothing on the board: a search goes on.
                self._publish()
                return
            self._pending = None
            self._redo_chain = None
            self._status = None
            self._notice = None
            self._hint = None
            self._evaluation = None
            self._replay = None
            self._computer.cancel()
            self._analyst.cancel()
            self._thinking = False
            self._looking_back = event in ("undo", "redo")
            self._note_milestones(event, game)
            if self._suspended:
                self._version += 1  # one state is published when the whole walk is done
            else:
                self._sync_clock()
                self._publish(bump=True)
            if event in ("move", "redo"):
                move = game.moves[-1]
                for observer in list(self._observers):
                    # A failure is reported (and kept for play() to raise): the move stands.
                    with contextlib.suppress(HookError):
                        self._run_hook("observer", observer, move)
            if not self._suspended:
                self._save()
                self._after_change()

    def _after_change(self) -> None:
        """Start whatever follows a change: the clock, the computer's reply, a live evaluation."""
        game = self._game
        self._sync_clock()
        if game.is_over() or self._editor is not None or self._paused:
            return
        if self._players[game.turn] == "computer" and not self._computer_waits():
            self._start_computer()
        elif self.live_eval:
            self._start_evaluation()

    # ------------------------------------------------------------------ computer
    @property
    def players(self) -> dict[Color, str]:
        """Who plays each side: ``{"black": "human", "white": "computer"}``."""
        return dict(self._players)

    @property
    def engine(self) -> Engine | None:
        """The computer opponent's engine, or None in two-player play."""
        return self._engine

    @property
    def thinking(self) -> bool:
        """Whether the computer is searching for its move."""
        return self._thinking

    def _computer_waits(self) -> bool:
        """Whether the computer holds its move because the user is looking back.

        After Undo, Redo or a jump in the move list the computer waits while moves
        remain to redo, so that walking through a game never plays over it. Any move
        ends that: the computer always answers a human move (a move replayed after
        Undo included).
        """
        return self._looking_back and self._game.can_redo

    def _waiting_status(self) -> Status | None:
        """Why nothing happens when the computer holds its move (see :meth:`_computer_waits`)."""
        game = self._game
        if (
            self._players.get(game.turn) != "computer"
            or self._thinking
            or self._paused
            or game.is_over()
            or not self._computer_waits()
        ):
            return None
        name = game.side_name(game.turn)
        return Status(
            f"{name} to move: the computer waits while you look back (Redo goes on)",
            "turn",
        )

    def _draw_players(self) -> dict[Color, str]:
        if self._engine is None:
            return {BLACK: "human", WHITE: "human"}
        choice = self._human_choice
        human = choice if choice in COLORS else self._rng.choice(COLORS)  # else "random"
        return {human: "human", opponent(human): "computer"}

    def _human_side(self) -> Color:
        for color in COLORS:
            if self._players[color] == "human":
                return color
        return BLACK

    def _start_computer(self) -> None:
        engine = self._engine
        assert engine is not None
        version = self._version
        snapshot = self._game.copy()
        self._thinking = True
        name = self._game.side_name(self._game.turn)
        self._status = Status(f"{name}: the computer ({engine.level}) is thinking…", "thinking")
        self._publish()
        self._computer.start(
            lambda stop: engine.analyse(snapshot, stop=stop),
            lambda analysis: self._computer_done(version, analysis),
            self._computer_failed,
        )

    def _computer_done(self, version: int, analysis: Analysis) -> None:
        with self._lock:
            if version != self._version or not self._thinking:
                return  # the game moved on (undo, new game, a move from Python)
            self._thinking = False
            self._status = None
            if analysis.move is None:
                self._publish()
                return
            self._game.play(analysis.move)

    def _computer_failed(self, exc: BaseException) -> None:
        with self._lock:
            logger.error("the computer player failed\n%s", "".join(traceback.format_exception(exc)))
            self._thinking = False
            self._status = Status(f"The computer failed: {type(exc).__name__}: {exc}", "error")
            self.errors.append(self._status.text)
            self._publish()

    def _answer_draw_offer(self) -> None:
        """The computer accepts a draw when it stands worse, or level in a bare ending."""
        game = self._game
        offerer = game.draw_offer
        assert offerer is not None
        computer = opponent(offerer)
        if self._players[computer] != "computer":
            return
        analysis = self._eval_engine.analyse(game.copy(), depth=6)
        mine = analysis.score if game.turn == computer else -analysis.score
        board = game.board
        bare = board.count(BLACK) <= 3 and board.count(WHITE) <= 3
        name = game.side_name(computer)
        if mine <= -0.3 or (bare and abs(mine) <= 0.1):
            game.accept_draw(computer)
        else:
            game.decline_draw(computer)
            self._notice = Status(f"{name}: the computer declines the draw", "refused")
            self._publish()

    def wait(self, timeout: float | None = 30.0) -> bool:
        """Wait until the computer has made its move (and any analysis has finished).

        Handy in scripts, tests and lessons; returns False if ``timeout`` ran out.
        """
        done = self._computer.wait(timeout) and self._analyst.wait(timeout)
        with self._lock:  # a search's result may still be being played: let it finish
            return done

    # ------------------------------------------------------------------ hints
    def hint(self, *, time: float | None = None, depth: int | None = None) -> Analysis:
        """The best move for the side to move, shown on the board with its evaluation.

        Searches in place (the cell waits, about a second at the default level) and
        returns the :class:`~checkers_widget.engine.Analysis`: ``.move``, ``.score``,
        ``.pv``. The Hint control runs the same search without blocking the notebook.
        With the live evaluation on, the evaluation line then shows this same analysis,
        so that the hint and the evaluation never disagree.
        """
        if self._remote is not None:
            self._remote.command("hint")  # raises: no hints against a person
        version = self._version
        analysis = self._hint_engine.analyse(self._game.copy(), time=time, depth=depth)
        with self._lock:
            if version == self._version:
                self._show_hint(analysis)
        return analysis

    def _show_hint(self, analysis: Analysis) -> None:
        """Draw a hint; a live evaluation shows the same analysis (one search, one answer)."""
        self._hint = analysis_state(analysis)
        if self.live_eval:
            self._analyst.cancel()  # an evaluation still searching would say otherwise
            self._evaluation = self._hint
        self._publish()

    def _start_hint(self) -> None:
        version = self._version
        snapshot = self._game.copy()
        engine = self._hint_engine
        self._status = Status("Looking for a good move…", "thinking")
        self._publish()

        def done(analysis: Analysis) -> None:
            with self._lock:
                if version == self._version:
                    self._status = None
                    self._show_hint(analysis)

        self._analyst.start(
            lambda stop: engine.analyse(snapshot, stop=stop), done, self._computer_failed
        )

    def _start_evaluation(self) -> None:
        if self._hint is not None:
            # A hint is shown for this position: the evaluation is that same analysis.
            self._evaluation = self._hint
            self._publish()
            return
        version = self._version
        snapshot = self._game.copy()
        engine = self._eval_engine

        def progress(analysis: Analysis) -> None:
            with self._lock:
                # (A hint asked for meanwhile replaces the evaluation: see _show_hint.)
                if version == self._version and self.live_eval and self._hint is None:
                    self._evaluation = analysis_state(analysis)
                    self._publish()

        self._analyst.start(
            lambda stop: engine.analyse(snapshot, stop=stop, on_info=progress),
            progress,
            self._computer_failed,
        )

    def _on_view_change(self, _change: dict[str, Any]) -> None:
        """Flip and the Evaluation switch are actions too: the last answer goes."""
        with self._lock:
            if self._notice is not None:
                self._notice = None
                self._publish()

    def _on_live_eval(self, change: dict[str, Any]) -> None:
        with self._lock:
            if change["new"] and self._remote is not None:
                self.live_eval = False  # not offered on a network board (see above)
                return
            if change["new"]:
                if not self._thinking and not self._game.is_over():
                    self._start_evaluation()
            else:
                self._analyst.cancel()
                self._evaluation = None
                self._publish()

    def close(self) -> None:
        """Stop any search, the clock and any network game, and close the widget."""
        self._computer.cancel()
        self._analyst.cancel()
        # getattr: close() may run on a widget whose __init__ stopped before these were set.
        remote: RemotePlay | None = getattr(self, "_remote", None)
        if remote is not None:
            remote.close()
        timekeeper: Timekeeper | None = getattr(self, "_timekeeper", None)
        if timekeeper is not None:
            timekeeper.close()
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        super().close()

    # ------------------------------------------------------------------ hooks
    def validate(self, fn: Validator) -> Validator:
        """Register ``fn(game, move)``, asked about every legal move before it is played.

        ``fn`` returns None to allow the move, or a ``str`` to veto it: the text is the
        reason on the status line and in :class:`MoveVetoed` (read as a plain ``str``,
        cut to :data:`MAX_REASON_CHARS`; an empty one reads :data:`DEFAULT_VETO`). Any
        other return value (True, False, a number, bytes, an object) is a mistake in the
        validator: it refuses the move with a :class:`HookError`, as raising does.

        ``game`` is a read-only :class:`~checkers_widget.play.hooks.GameView` of the live
        game (``game.copy()`` gives a Game to try moves on). While a validator runs,
        nothing may change the game, through the view, ``widget.game`` or the widget:
        the attempt raises :class:`HookError`, and the move is refused with the game
        exactly as before, even if the validator caught that error. Validators run in
        registration order; usable as a decorator. Moves played directly on
        ``widget.game`` bypass them (the widget is where the house rules live).
        """
        if not callable(fn):
            raise HookError(f"a validator must be callable, not {type(fn).__name__}")
        self._validators.append(fn)
        return fn

    def on_move(self, fn: Observer) -> Observer:
        """Register ``fn(game, move)``, called after every move; usable as a decorator.

        ``game`` is a read-only view, as for :meth:`validate`: an observer cannot change
        the game either (the attempt is reported as an error; the move stands).
        """
        if not callable(fn):
            raise HookError(f"an observer must be callable, not {type(fn).__name__}")
        self._observers.append(fn)
        return fn

    def say(self, text: str, kind: str = "refused") -> None:
        """Show ``text`` on the status line until the next action or change (lessons,
        house rules); then the status line says what is true again."""
        if kind not in _SAY_KINDS:
            raise CheckersError(f"unknown status kind {kind!r}")
        with self._lock:
            self._notice = Status(str(text), kind)
            self._publish()

    def clear_hooks(self) -> None:
        """Remove every validator and observer."""
        self._validators.clear()
        self._observers.clear()

    def _veto(self, move: Move) -> str | None:
        """The first validator's objection to a legal move, or None.

        Raises :class:`HookError` (already reported) when a validator raises, returns
        something other than None or a str, or tries to change the game; the game is
        then exactly as before.
        """
        for validator in list(self._validators):
            value = self._run_hook("validator", validator, move)
            if value is None:
                continue
            if not isinstance(value, str):
                text = (
                    f"validator {_name(validator)} returned a {type(value).__name__}: "
                    "a validator returns None to allow a move or a str to veto it"
                )
                self._report_hook_error(text)
                raise HookError(text)
            return _reason_text(value)
        return None

    def _run_hook(self, kind: str, fn: Callable[..., Any], move: Move) -> Any:
        """Call a hook with a read-only view of the game, the live game locked meanwhile.

        Whatever the hook tries, the game comes out as it went in (see :mod:`hooks`): a
        hook that raises, or that tried to change the game (even if it caught the
        refusal), is reported on the board and raises :class:`HookError`.
        """
        what = f"{kind} {_name(fn)}"
        outer = self._hook_attempts
        attempts: list[str] = []
        self._hook_attempts = attempts
        try:
            with guarded(self._game, what, attempts) as view:
                value = fn(view, move)
        except Exception as exc:
            self._hook_attempts = outer
            text = f"Error in {what}: {type(exc).__name__}: {_safe_text(exc)}"
            self._report_hook_error(text, exc)
            raise HookError(f"{what} raised {type(exc).__name__}: {_safe_text(exc)}") from exc
        finally:
            self._hook_attempts = outer  # (a KeyboardInterrupt too)
        if attempts:
            text = (
                f"{what} tried to change the game ({attempts[0]}): hooks must not change "
                "the game, which is unchanged"
            )
            self._report_hook_error(text)
            raise HookError(text)
        return value

    def _refuse_in_hook(self, action: str) -> None:
        """Refuse a widget call that changes the game while a hook runs (see _run_hook)."""
        attempts = self._hook_attempts
        if attempts is not None:
            attempts.append(f"widget.{action}()")
            raise HookError(f"a hook cannot call widget.{action}(): hooks must not change the game")

    def _report_hook_error(self, text: str, exc: BaseException | None = None) -> None:
        trace = "".join(traceback.format_exception(exc)) if exc is not None else ""
        logger.error("%s\n%s", text, trace)
        self.errors.append(text)
        del self.errors[:-20]
        self._hook_failure = exc or HookError(text)
        self._notice = Status(text, "error")
        self._publish()

    # ------------------------------------------------------------------ Python API
    def play(self, move: Move | str) -> Move:
        """Play a move from Python as if it were made on the board (validators included).

        Raises :class:`IllegalMoveError` for an illegal move, :class:`MoveVetoed` when a
        validator objects and :class:`HookError` when a hook raises; the game is
        unchanged in all three cases (an observer that raises after the move leaves the
        move played).
        """
        self._refuse_in_hook("play")
        self._check_not_paused()
        if self._remote is not None:
            return self._remote.play(move)
        if self._game.is_over():
            return self._game.play(move)  # raises GameOverError with the reason
        if self._players[self._game.turn] == "computer":
            raise CheckersError(
                f"it is the computer's turn ({self._game.side_name(self._game.turn)}); "
                "play on game directly to override it"
            )
        if isinstance(move, str):
            move = self._game.board.parse_move(move)
        if move not in self._game.legal_moves():
            return self._game.play(move)  # raises IllegalMoveError naming the legal moves
        reason = self._veto(move)
        if reason is not None:
            self._notice = Status(reason, "refused")
            self._publish()
            raise MoveVetoed(reason, [move])
        self._hook_failure = None
        self._play_own(move)
        failure, self._hook_failure = self._hook_failure, None
        if failure is not None:
            raise HookError(
                f"{move} was played, but an observer failed: {_safe_text(failure)}"
            ) from failure
        return move

    def _play_own(self, move: Move) -> None:
        """Play a move of the player's (from the board or :meth:`play`).

        Against the computer, a move replayed after Undo drops the rest of the line
        that Redo would have replayed: the computer answers it afresh (its earlier reply
        is not kept waiting in the move list). In two-player play the line is followed.
        """
        self._game.play(move, follow_line=self._engine is None)

    def undo(self) -> Move | None:
        """Take back a jump in progress, or else the last turn.

        In two-player play a turn is one move; against the computer it is your last
        move and the computer's reply together (a search in progress is cancelled).
        A jump chain in progress goes back to the start of its turn. Returns the
        earliest move taken back (None for a chain in progress, or nothing to undo).
        """
        with self._lock:
            self._check_not_paused("undo")
            if self._pending:
                self._redo_chain, self._pending = self._pending, None
                self._status = None
                self._publish(bump=True)
                return None
            if self._engine is None:
                return self._game.undo()
            self._computer.cancel()
            self._thinking = False
            taken = None
            with self._walk():
                while self._game.can_undo:
                    taken = self._game.undo()
                    if self._players[self._game.turn] == "human":
                        break
            return taken

    def redo(self) -> Move | None:
        """Replay what undo took back, by the same path (a jump chain in progress too).

        Against the computer, a turn is your move and its reply. Every turn taken back
        stays available to redo until a different move is played.
        """
        with self._lock:
            self._check_not_paused("redo")
            chain = self._redo_chain
            if chain is not None:
                self._redo_chain = None
                if any(m.path[: len(chain)] == chain for m in self._game.legal_moves()):
                    self._pending = chain
                    self._status = None
                    self._publish(bump=True)
                return None
            if self._engine is None:
                return self._game.redo()
            replayed = None
            with self._walk():
                while self._game.can_redo:
                    replayed = self._game.redo() or replayed
                    if self._players[self._game.turn] == "human":
                        break
            return replayed

    def new_game(self) -> None:
        """Start a fresh game from the start position (sides drawn again when random)."""
        with self._lock:
            self._start_over(fresh=True)

    def restart(self) -> None:
        """Play this game again from its start position, with the same sides.

        Unlike :meth:`new_game` this is the same attempt: it counts as practice for
        the milestones that ask for a win without undo or restart.
        """
        with self._lock:
            self._start_over(fresh=False)

    def _start_over(self, *, fresh: bool) -> None:
        self._refuse_in_hook("new_game" if fresh else "restart")
        if self._remote is not None:
            self._remote.command("new" if fresh else "restart")  # raises: not across the link
        self._computer.cancel()
        self._analyst.cancel()
        self._thinking = False
        if self._paused:
            self._paused = False
            if self._timekeeper is not None:
                self._timekeeper.resume()
        if self._timekeeper is not None:
            self._timekeeper.reset()
        self._clock_turn = None
        self._clock_started = False  # the clock waits for a first move again
        with self._walk(bump=True):
            self._game.reset()
            if fresh and self._human_choice == "random":
                self._players = self._draw_players()
                self.orientation = self._human_side()
            if fresh:
                self._attempt = self._new_attempt()
            elif self._book is not None:
                self._book.note_restart(self._attempt)

    @contextlib.contextmanager
    def _walk(self, *, bump: bool = False) -> Iterator[None]:
        """Change the game in several steps, then redraw, save and go on once."""
        self._suspended = True
        try:
            yield
        finally:
            self._suspended = False
        self._sync_clock()
        self._publish(bump=bump)
        self._save()
        self._after_change()

    # ------------------------------------------------------------------ pause
    @property
    def paused(self) -> bool:
        """Whether the game is paused (board hidden, clock and computer stopped)."""
        return self._paused

    def _pausable(self) -> bool:
        if self._remote is not None:
            return False  # a network game pauses only when the connection drops
        return self._engine is not None or self._timekeeper is not None

    def pause(self) -> None:
        """Pause: hide the board and stop the computer (and the clock) until :meth:`resume`."""
        with self._lock:
            self._refuse_in_hook("pause")
            if self._paused:
                return
            self._paused = True
            self._computer.cancel()
            self._analyst.cancel()
            self._thinking = False
            if self._timekeeper is not None:
                self._timekeeper.pause()
            self._status = None  # the computer's "thinking" is over; _publish says "Paused"
            self._publish()

    def resume(self) -> None:
        """Go on after :meth:`pause`: the board comes back and the computer plays on."""
        with self._lock:
            self._refuse_in_hook("resume")
            if not self._paused:
                return
            self._paused = False
            if self._timekeeper is not None:
                self._timekeeper.resume()
            self._status = None
            self._publish()
            self._after_change()

    def _check_not_paused(self, action: str | None = None) -> None:
        """Refuse an action while paused, or one that a network game cannot allow."""
        if action is not None:
            self._refuse_in_hook(action)
        if self._paused:
            raise CheckersError("the game is paused: resume it first")
        if action is not None and self._remote is not None:
            self._remote.command(action)  # raises: not available across the link

    # ------------------------------------------------------------------ walking a game
    def goto(self, ply: int) -> None:
        """Show the position after ``ply`` moves of the current line (0: the start).

        Moves after it stay in the line (the move list shows them) until a different
        move is played, which starts a new line and keeps the old one as a variation.
        """
        with self._lock:
            self._check_not_paused("goto")
            self._computer.cancel()
            self._thinking = False
            with self._walk():
                self._game.goto(ply)

    def load_pdn(self, text: str) -> Game:
        """Load the first game of a PDN text (or file path) and show its start position."""
        from ..formats.pdn import read_game

        game = read_game(text)
        game.goto(0)
        self.game = game
        return game

    def replay(self, move: Move | str | None = None, *, speed: float = 0.8) -> None:
        """Step through a move hop by hop on the board (default: the last move played).

        ``move`` may be a move of the game (replayed from the position before it) or a
        legal move in the current position (shown without playing it). The board offers
        first / back / forward / last and play / pause; ``speed`` is seconds per hop.
        """
        with self._lock:
            game = self._game
            line = game.moves
            if move is None:
                if not line:
                    raise CheckersError("no move has been played yet: there is nothing to replay")
                index = len(line) - 1
                chosen = line[-1]
            else:
                board = game.board
                if isinstance(move, str):
                    candidates = [m for m in line if str(m) == move.strip()]
                    chosen = candidates[-1] if candidates else board.parse_move(move)
                else:
                    chosen = move
                index = max((i for i, m in enumerate(line) if m == chosen), default=len(line))
                if index == len(line) and chosen not in board.legal_moves():
                    raise CheckersError(
                        f"{chosen} was not played in this game and is not legal now"
                    )
            before = Board(game.start_fen)
            for m in line[:index]:
                before.push(m)
            self._replay = {
                "move": move_state(chosen),
                "before": {str(s): p.name for s, p in before.pieces.items()},
                "ply": index,
                "speed": float(speed),
            }
            self._publish()

    def flip(self) -> None:
        """Turn the board round."""
        self.orientation = WHITE if self.orientation == BLACK else BLACK

    # ------------------------------------------------------------------ front-end state
    def set_state(self, sync_data: Any) -> None:
        """Take from the front end only what it may change (see :data:`FRONTEND_TRAITS`).

        ipywidgets calls this for every comm ``update`` message. Anything else (the
        ``interactive`` switch, the game's state, the controls, any other key) is Python's
        to decide: it is refused, logged, and Python's value is sent back so that the
        front end shows the truth again. A value the trait itself refuses likewise.
        """
        if not isinstance(sync_data, dict):
            logger.warning("refused a front-end update that is not an object")
            return
        with self._lock:
            refused = []
            for key, value in sync_data.items():
                if not self._frontend_may_set(key):
                    refused.append(key)
                    continue
                old = getattr(self, key)
                try:
                    super().set_state({key: value})
                except (traitlets.TraitError, TypeError, ValueError):
                    # (A validator that raises inside ipywidgets' held notifications
                    # may leave the value set: put Python's back.)
                    self.set_trait(key, old)
                    refused.append(key)
            if refused:
                logger.warning("refused a front-end change of %s", _safe_text(refused, limit=200))
                known = [key for key in refused if isinstance(key, str) and key in self.keys]
                if known:
                    self.send_state(key=known)

    def _frontend_may_set(self, key: Any) -> bool:
        """Whether the front end may set trait ``key`` now: a view preference, or the
        Evaluation switch where the board offers it (an interactive board, with the
        "evaluation" control)."""
        if key == "live_eval":
            return self._interactive and commands.offered("evaluation", self._control_facts())
        return isinstance(key, str) and key in FRONTEND_TRAITS

    def _on_interactive(self, change: dict[str, Any]) -> None:
        """``widget.interactive = ...`` from Python: the board's record follows it, and
        so do the controls it publishes."""
        with self._lock:
            self._interactive = bool(change["new"])
            self._publish()

    # ------------------------------------------------------------------ intents
    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        try:
            self.handle_intent(content)
        except CheckersError as exc:  # refused deeper down: shown as the refusal it is
            logger.warning("refused a message from the board: %s", _safe_text(exc))
            self._notice = Status(_sentence(_safe_text(exc)), "refused")
            self._publish()
        except Exception as exc:  # a bug here must show, not vanish into the comm
            logger.exception("checkers-widget failed to handle %r", content)
            self._notice = Status(f"Internal error: {type(exc).__name__}: {exc}", "error")
            self._publish()

    def handle_intent(self, content: Any) -> bool:
        """Act on one message from the front end; returns whether it changed the game.

        Public so that tests and other front ends can drive the widget exactly as the
        browser does. Refusals are shown on the status line and change nothing; each is
        shown until the next action, after which the status line says what is true now.
        """
        self._refuse_in_hook("handle_intent")
        with self._lock:
            # Every message is the user's next action: the answer to the last one goes.
            self._notice = None
            published = self._seq
            try:
                return self._handle_intent(content)
            finally:
                if self._seq == published:
                    # Every intent is answered with a state, even one that changed
                    # nothing (the old answer goes): the board holds the next action
                    # until this answer has come (js/outbox.js).
                    self._publish()

    def _handle_intent(self, content: Any) -> bool:
        try:
            intent = parse_intent(content)
        except IntentError as exc:
            logger.warning("refused a malformed message from the board: %s", exc)
            return self._refuse(f"Refused a malformed message: {exc}")
        if intent.version != self._version:
            return self._refuse(
                "That was played on an old position; the board has been brought up to date"
            )
        if not self._interactive:
            return self._refuse("This board is for viewing only")
        with self._lock:
            if self._paused and not (
                isinstance(intent, Command) and intent.name in ("pause", "resume")
            ):
                return self._refuse("The game is paused: press Resume (P) to go on")
            if isinstance(intent, EditIntent):
                return self._edit_intent(intent)
            if self._editor is not None:
                return self._refuse("Finish editing the position first (Done or Cancel)")
            if isinstance(intent, MoveIntent):
                if self._thinking:
                    # The board sends clicks made meanwhile so that this is said, not
                    # swallowed; nothing is queued: the move is made once it has played.
                    return self._refuse(THINKING_REFUSAL)
                if self._players[self._game.turn] == "computer":
                    return self._refuse("It is the computer's turn")
                if self._players[self._game.turn] in ("remote", "waiting"):
                    return self._refuse(self._remote_wait_text())
                return self._move_intent(intent)
            return self._command(intent)

    def _refuse(self, text: str) -> bool:
        """Answer an action with ``text`` on the status line, until the next action."""
        self._notice = Status(text, "refused")
        self._publish()
        return False

    def _move_intent(self, intent: MoveIntent) -> bool:
        game = self._game
        if game.is_over():
            return self._refuse(f"The game is over ({game.result}): start a new game to play on")
        path = intent.path
        if self._pending and path[: len(self._pending)] != self._pending:
            return self._refuse(
                f"Keep jumping with the piece on {self._pending[-1]}: "
                "a jump sequence must be finished"
            )
        legal = game.legal_moves()
        try:
            resolved = resolve_path(legal, path)
        except IntentError as exc:
            return self._refuse(self._explain(path, str(exc)))
        if isinstance(resolved, tuple):
            self._pending = resolved
            self._status = None
            self._publish(bump=True)
            return False
        try:
            reason = self._veto(resolved)
        except HookError:
            self._pending = None
            self._publish(bump=True)
            return False
        if reason is not None:
            self._pending = None
            self._notice = Status(reason, "refused")
            self._publish(bump=True)
            return False
        self._person_move = resolved
        if self._remote is not None:
            try:
                self._remote.play(resolved)
            except (CheckersError, SessionError) as exc:
                self._pending = None
                self._person_move = None
                return self._refuse(str(exc)[:1].upper() + str(exc)[1:])
            self._pending = None
            self._publish(bump=True)  # the host's answer brings the new position
            return True
        self._start_clock()  # a move made on the board starts the clock
        self._play_own(resolved)
        return True

    def _remote_wait_text(self) -> str:
        assert self._remote is not None
        peer = self._remote.peer_name()
        if self._remote.local_side is None:
            return self._remote.status().text  # no game yet: why not
        return f"It is {peer or 'your opponent'}'s turn"

    def _explain(self, path: tuple[int, ...], fallback: str) -> str:
        """Why a clicked path is not a move, in a learner's words."""
        game = self._game
        piece = game.board.piece_at(path[0])
        if piece is None:
            return f"There is no piece on {path[0]}"
        if piece.color != game.turn:
            return f"It is {game.side_name(game.turn)}'s turn"
        explain = getattr(game, "explain", None)
        if callable(explain):
            try:
                return str(explain(path))
            except Exception:  # explanations are a courtesy; never fail a refusal on them
                logger.exception("explain failed for %s", path)
        legal = game.legal_moves()
        if legal and legal[0].is_capture and not any(m.start == path[0] for m in legal):
            return "You must jump: " + ", ".join(str(m) for m in legal)
        return fallback[:1].upper() + fallback[1:]

    # ------------------------------------------------------------------ commands
    def _command(self, command: Command) -> bool:
        """A control pressed on the board: refused as the table says, else handed on.

        The refusals and what each command does across a network link are
        :mod:`~checkers_widget.play.commands`'s; the handlers are this board's.
        """
        refusal = commands.refusal(command.name, self._control_facts())
        if refusal is not None:
            return self._refuse(refusal)
        try:
            if self._remote is not None and commands.crosses_link(command.name):
                self._remote.command(command.name)  # the draw offers, resigning, join requests
                return True
            return self._command_handlers()[command.name](command)
        except (CheckersError, SessionError) as exc:
            return self._refuse(_sentence(str(exc)))

    def _command_handlers(self) -> dict[str, Callable[[Command], bool]]:
        """What each command of :data:`~checkers_widget.play.commands.COMMANDS` does on
        this board's own game; each returns whether it was done."""
        game = self._game
        return {
            "undo": lambda _c: self.undo() is not None,
            "redo": lambda _c: self.redo() is not None,
            "new": _done(lambda _c: self.new_game()),
            "restart": _done(lambda _c: self.restart()),
            "pause": _done(lambda _c: self.pause()),
            "resume": _done(lambda _c: self.resume()),
            "goto": _done(lambda c: self.goto(_ply(c))),
            "replay": _done(lambda _c: self.replay()),
            "hint": _done(lambda _c: self._start_hint()),
            "resign": _done(lambda c: game.resign(self._speaker(c))),
            "offer-draw": _done(self._offer_draw),
            "accept-draw": _done(lambda c: game.accept_draw(c.side)),
            "decline-draw": _done(lambda c: game.decline_draw(c.side)),
            "claim-draw": _done(lambda _c: game.claim_draw()),
            # A local board has no join request to answer: nothing to do (as ever).
            "accept-peer": _done(lambda _c: None),
            "refuse-peer": _done(lambda _c: None),
        }

    def _speaker(self, command: Command) -> Color:
        """The side a resignation or a draw offer speaks for: the one named, else the
        person playing the computer, else the side to move."""
        side = command.side
        if self._engine is not None:
            side = side or self._human_side()
        return side or self._game.turn

    def _offer_draw(self, command: Command) -> None:
        game = self._game
        game.offer_draw(self._speaker(command))
        if self._engine is not None and game.draw_offer is not None:
            self._answer_draw_offer()  # the computer answers at once

    def _control_facts(self) -> ControlFacts:
        """The facts of this board that decide its controls (see :mod:`.commands`)."""
        return control_facts(self._game, self._state_inputs())

    # ------------------------------------------------------------------ state out
    def _publish(self, *, bump: bool = False) -> None:
        if bump:
            self._version += 1
        state = build_state(self._game, self._state_inputs(), seq=self._next_seq())
        self.state = cast("dict[str, Any]", state)  # (the trait holds any dict)
        self.game_info = self._game_info(self._game)
        self._update_fallback()

    def _state_inputs(self) -> StateInputs:
        """Everything besides the game that the published state shows."""
        engine = self._engine
        return StateInputs(
            version=self._version,
            pending=self._pending,
            redo_chain=self._redo_chain is not None,
            status=self._notice
            or (PAUSED_STATUS if self._paused else None)
            or self._status
            or (self._remote.status(self._pending) if self._remote is not None else None)
            or self._waiting_status()
            or self._clock_note(self._pending),
            players=self._players,
            offers_moves=self._offers_moves(),
            thinking=self._thinking,
            level=engine.level if engine is not None else None,
            hint=self._hint,
            evaluation=self._evaluation,
            replay=self._replay,
            editor=self._editor_state(),
            paused=self._paused,
            pausable=self._pausable(),
            clock=self._clock_state(),
            milestones=self._milestones_state(),
            network=self._remote.state() if self._remote is not None else None,
            interactive=self._interactive,
            chosen_controls=frozenset(self._controls) if self._controls is not None else None,
        )

    def _offers_moves(self) -> bool:
        """Whether the board offers this position's legal moves to click.

        Not on a network board while it is the other player's turn (or nobody's yet); a
        lesson board offers none once the lesson is solved.
        """
        return self._remote is None or self._players.get(self._game.turn) == "human"

    def _save(self) -> None:
        """Autosave the game (when asked for); a failure is reported, never raised."""
        autosave = self._autosave
        if autosave is None or self._editor is not None:
            return
        failed_before = autosave.error is not None
        if not autosave.write(self._game, self._session_facts()):
            assert autosave.error is not None
            if not failed_before:
                self.errors.append(autosave.error)
                self._status = Status(autosave.error, "error")
                self._publish()

    def _session_facts(self) -> dict[str, str]:
        """What the autosave file keeps besides the game (see :mod:`autosave`)."""
        facts: dict[str, str] = {}
        if self._engine is not None:
            facts["HumanSide"] = self._human_side()
        if self._book is not None:
            facts["Attempt"] = json.dumps(self._attempt.to_dict(), sort_keys=True)
        return facts

    #: How many states have been published (each publish counts one).
    _seq = 0

    def _next_seq(self) -> int:
        self._seq += 1
        return self._seq


#: The status line for a click or key on the board while the computer thinks.
THINKING_REFUSAL = "Wait: the computer is thinking; move after its reply"

#: The traits the front end may change (see :meth:`CheckersWidget.set_state`): the view
#: preferences, plus ``live_eval`` (the Evaluation switch) where the board offers that
#: control, and ipywidgets' own view count. Everything else that carries authority
#: (``interactive``, the state with the players, controls, level and clock, the game
#: header) is Python's alone.
FRONTEND_TRAITS = frozenset({"orientation", "show_numbers", "animate", "size", "_view_count"})

#: Keyword arguments passed on to ipywidgets (layout and the like); anything else unknown
#: is a mistake in the call, refused rather than silently ignored.
_WIDGET_KWARGS = frozenset({"layout", "tabbable", "tooltip", "_dom_classes"})


def _check_arguments(
    *,
    game: object,
    orientation: object,
    flags: dict[str, object],
    engines: dict[str, object],
    autosave: object,
    milestones: object,
    size: object,
    extra: dict[str, object],
) -> None:
    """Refuse a constructor argument of the wrong kind with a CheckersError naming it.

    Checked before anything is built, so a bad call changes nothing and never surfaces
    as a traitlets ``TraitError``, a ``TypeError`` or an ``AttributeError`` later on.
    """
    if game is not None and not isinstance(game, Game):
        raise CheckersError(
            f"game must be a Game (for a position, pass Game(fen)), not {type(game).__name__}"
        )
    if orientation is not None and orientation not in COLORS:
        raise CheckersError(f"orientation must be 'black', 'white' or None, not {orientation!r}")
    for name, value in flags.items():
        if not isinstance(value, bool):
            raise CheckersError(f"{name} must be True or False, not {value!r}")
    for name, value in engines.items():
        if value is not None and not isinstance(value, Engine):
            raise CheckersError(f"{name} must be an Engine or None, not {type(value).__name__}")
    if autosave is not None and not isinstance(autosave, str | os.PathLike):
        raise CheckersError(f"autosave must be a file path or None, not {type(autosave).__name__}")
    if not isinstance(milestones, bool | MilestoneBook):
        raise CheckersError(
            f"milestones must be True, False or a MilestoneBook, not {type(milestones).__name__}"
        )
    if size is not None and (isinstance(size, bool) or not isinstance(size, int)):
        raise CheckersError(f"size must be a whole number of pixels or None, not {size!r}")
    unknown = sorted(set(extra) - _WIDGET_KWARGS)
    if unknown:
        raise CheckersError(f"CheckersWidget() got an unknown argument {unknown[0]!r}")


def _checked_controls(controls: Iterable[str] | None) -> list[str] | None:
    """The controls a board offers (None: all that apply); unknown names are refused."""
    if controls is None:
        return None
    if isinstance(controls, str) or not isinstance(controls, Iterable):
        raise CheckersError(f"controls must be a list of names, not {controls!r}")
    chosen = list(controls)
    if not all(isinstance(name, str) for name in chosen):
        raise CheckersError("controls must be a list of names (strings)")
    unknown = sorted(set(chosen) - CONTROLS)
    if unknown:
        raise CheckersError(
            f"unknown control {unknown[0]!r}; choose from {', '.join(sorted(CONTROLS))}"
        )
    return chosen


def _make_engine(opponent: str | Engine | None, seed: int | None) -> Engine | None:
    if opponent is None or isinstance(opponent, Engine):
        return opponent
    if isinstance(opponent, str) and opponent.lower() in LEVELS:
        return Engine(opponent.lower(), seed=seed)
    raise CheckersError(
        f"opponent must be a level ({', '.join(LEVELS)}), an Engine or None, not {opponent!r}"
    )


def _done(action: Callable[[Command], object]) -> Callable[[Command], bool]:
    """A command handler that does ``action`` and says it was done."""

    def handle(command: Command) -> bool:
        action(command)
        return True

    return handle


def _ply(command: Command) -> int:
    assert command.ply is not None  # parse_intent requires a ply for goto
    return command.ply


def _name(fn: Callable[..., Any]) -> str:
    """A hook's name for messages (its qualified name), whatever the object."""
    name = getattr(fn, "__qualname__", None)
    return name[:100] if isinstance(name, str) and name else _safe_text(fn, limit=100)


def _safe_text(value: object, *, limit: int = MAX_REASON_CHARS) -> str:
    """``str(value)`` for a message, at most ``limit`` characters; never raises (a
    user's object may have a ``__str__`` that does)."""
    try:
        text = str(value)
    except Exception:
        return f"<{type(value).__name__} whose text cannot be read>"
    return _cut(str.__getitem__(text, slice(0, limit + 1)), limit)


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _reason_text(value: str) -> str:
    """A validator's reason as plain text for the status line: a plain ``str`` (not the
    validator's str subclass, whose methods could do anything), cut to
    :data:`MAX_REASON_CHARS`; an empty or blank reason gets :data:`DEFAULT_VETO`."""
    text = str.__getitem__(value, slice(0, MAX_REASON_CHARS + 1))
    return _cut(text, MAX_REASON_CHARS) if text.strip() else DEFAULT_VETO
