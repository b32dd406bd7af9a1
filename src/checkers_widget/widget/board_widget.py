"""``CheckersWidget``: the board in a notebook, synced with a Python :class:`Game`.

A thin layer over a :class:`~checkers_widget.play.session.PlaySession`, which holds the
board's whole state and decides everything: the widget checks its arguments, keeps the
traits the front end syncs (the published ``state`` and the view preferences), passes
each message from the browser to the session, refuses front-end changes it may not make,
and puts a picture of the position beside the live board in its MIME bundle, for front
ends that cannot draw the live board (:mod:`.fallback`). The game stays the only
authority on the rules; the browser only draws and collects clicks and keys.
"""

from __future__ import annotations

import logging
import os
import pathlib
import random
from collections.abc import Callable, Iterable
from typing import Any

import anywidget
import traitlets

from ..analysis.explorer import OpeningExplorer
from ..analysis.review import Review
from ..core.color import BLACK, WHITE, Color
from ..core.drawings import Arrow, ArrowLike, Mark, MarkLike
from ..core.errors import CheckersError, VariantError
from ..core.game import DrawRules, Game
from ..core.move import Move
from ..core.variants import AMERICAN, Variant
from ..core.variants import variant as variant_named
from ..engine import Analysis, Engine
from ..formats.game_info import GameInfo
from ..network import HostSession, JoinSession
from ..play.clock import TimeControl, TurnClock
from ..play.draw_intents import redraw
from ..play.hook_runner import Observer, Validator
from ..play.milestones import MilestoneBook
from ..play.network_play import refuse_network_options
from ..play.openings import checked_explorer
from ..play.players import Player
from ..play.search_control import HintSource
from ..play.session import PlaySession
from ..play.wording import safe_text, sentence
from .arguments import check_arguments, checked_controls, make_player
from .fallback import FallbackPicture, with_picture
from .marimo_reports import DrawnReports, running_in_marimo

__all__ = ["DEFAULT_MAX_SIZE", "FRONTEND_TRAITS", "CheckersWidget"]

logger = logging.getLogger("checkers_widget")

_STATIC = pathlib.Path(__file__).parent.parent / "static"

#: The board's default largest width in pixels (it follows a narrower cell).
DEFAULT_MAX_SIZE = 560
#: The narrowest and widest ``size`` accepted, in pixels.
MIN_SIZE = 240
MAX_SIZE = 2000

#: The traits the front end may change (see :meth:`CheckersWidget.set_state`): the view
#: preferences (the screen-reader mode among them: its switch), plus ``live_eval`` (the
#: Evaluation switch) where the board offers that control, the position version a view
#: has drawn (a report Python never acts on, see :mod:`.marimo_reports`) and ipywidgets'
#: own view count. Everything else that carries authority (``interactive``, the state
#: with the players, controls, level and clock, the game header) is Python's alone.
FRONTEND_TRAITS = frozenset(
    {"orientation", "show_numbers", "animate", "size", "accessible", "drawn_version", "_view_count"}
)


class CheckersWidget(anywidget.AnyWidget):
    """An interactive checkers board for Jupyter.

    ``CheckersWidget()`` is a two-player board from the start position;
    ``CheckersWidget(game)`` shows an existing :class:`Game` (moves made on it from
    Python appear on the board at once). ``orientation`` is the side drawn at the
    bottom (default: the side that moves first), ``size`` is the board's width in pixels
    (default: the cell's width, at most :data:`DEFAULT_MAX_SIZE`), ``show_numbers`` writes
    1-32 on the squares, ``accessible=True`` opens the screen-reader mode (a command line
    for typed moves and questions; the Screen reader switch does the same),
    ``interactive=False`` makes a board that only shows, and ``controls=[...]``
    lists the only controls it offers (e.g. ``["undo", "redo", "flip"]``; see
    :data:`CONTROLS`). The play options (``opponent``, ``timer``, ``autosave``,
    ``milestones``) and network play (:meth:`host`, :meth:`join`) are described with
    each in the README. ``explorer=`` shows an opening explorer beside the board (an
    :class:`~checkers_widget.analysis.explorer.OpeningExplorer`, or ``"oca"`` /
    ``"tinsley"`` for a bundled one): the moves its games played from the position on the
    board, with their results; a click on one plays it. ``variant`` chooses the rules of
    a new game (``"international"``, ``"russian"``, ... see
    :data:`~checkers_widget.core.variants.VARIANTS`; a ``game`` carries its own).
    :attr:`session` is the Jupyter-free session that plays the board.
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
    #: The position version (``state["version"]``) the front end last reported having
    #: drawn; it reports only when asked, in marimo, whose cells re-run on a change from
    #: the browser (:mod:`.marimo_reports`). A view-side report: Python never acts on it.
    drawn_version = traitlets.Int(0).tag(sync=True)
    #: The screen-reader mode: a command line above the board where moves are typed
    #: (``11-15``, ``9x18x27``) and questions asked (``m 11``, ``p``, ``l``, ``c``, ``s 3``),
    #: the answers read through the live region. A view preference (its switch sets it).
    accessible = traitlets.Bool(False).tag(sync=True)

    #: The session, once built: None on a widget whose constructor stopped before it
    #: (ipywidgets closes such a widget when it is collected; see :meth:`close`).
    _session: PlaySession | None = None

    @traitlets.validate("size")
    def _valid_size(self, proposal: dict[str, Any]) -> int | None:
        value: int | None = proposal["value"]  # a traitlets.Int(allow_none=True) already
        if value is not None and not MIN_SIZE <= value <= MAX_SIZE:
            raise CheckersError(f"size must be {MIN_SIZE}-{MAX_SIZE} pixels or None, not {value}")
        return value

    @traitlets.validate("drawn_version")
    def _valid_drawn_version(self, proposal: dict[str, Any]) -> int:
        value: int = proposal["value"]
        if not 0 <= value <= self.session.version:
            raise CheckersError(f"drawn_version {value} is no version this board published")
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
        variant: Variant | str | None = None,
        opponent: str | Engine | Player | None = None,
        human: Color | str | None = None,
        seed: int | None = None,
        hint_engine: HintSource | None = None,
        eval_engine: HintSource | None = None,
        live_eval: bool = False,
        autosave: str | os.PathLike[str] | None = None,
        timer: TimeControl | str | float | dict[str, Any] | None = None,
        milestones: MilestoneBook | bool = True,
        controls: Iterable[str] | None = None,
        size: int | None = None,
        accessible: bool = False,
        explorer: OpeningExplorer | str | None = None,
        **kwargs: Any,
    ) -> None:
        check_arguments(
            game=game,
            orientation=orientation,
            flags={
                "show_numbers": show_numbers,
                "interactive": interactive,
                "animate": animate,
                "live_eval": live_eval,
                "accessible": accessible,
            },
            engines={"hint_engine": hint_engine, "eval_engine": eval_engine},
            autosave=autosave,
            milestones=milestones,
            size=size,
            extra=kwargs,
        )
        opening_explorer = checked_explorer(explorer)
        rules = game.variant if game is not None else variant_named(variant or AMERICAN)
        if opening_explorer is not None and rules is not AMERICAN:
            raise VariantError(
                f"the opening explorer's games are American checkers games, not {rules.describe()}"
            )
        super().__init__(
            size=size,
            show_numbers=show_numbers,
            interactive=interactive,
            animate=animate,
            live_eval=live_eval,
            accessible=accessible,
            **kwargs,
        )
        self._game_info = GameInfo()
        self._reports = DrawnReports(self._ask_for_report, enabled=running_in_marimo())
        self._session = PlaySession(
            game,
            draw_rules=draw_rules,
            side_names=side_names,
            variant=variant,
            opponent=make_player(opponent, seed),
            human=human,
            seed=seed,
            hint_engine=hint_engine,
            eval_engine=eval_engine,
            autosave=autosave,
            timer=TimeControl.of(timer) if timer is not None else None,
            milestones=(MilestoneBook() if milestones is True else milestones) or None,
            controls=checked_controls(controls),
            live_eval=live_eval,
            interactive=interactive,
            on_publish=self._show,
            turn_board=self._turn_to,
        )
        self.session.explorer = opening_explorer
        self.orientation = orientation or self.session.human_side()
        self.on_msg(self._on_message)
        self.observe(self._on_live_eval, names="live_eval")
        self.observe(self._on_interactive, names="interactive")
        self.observe(self._on_view_change, names="orientation")
        with self._reports.setting_up():
            self.session.start()

    @property
    def session(self) -> PlaySession:
        """The :class:`PlaySession` playing this board (Jupyter-free)."""
        session = self._session
        if session is None:
            raise CheckersError("this board was not built: its constructor failed")
        return session

    # ------------------------------------------------------------------ wiring
    def _show(self, state: dict[str, Any]) -> None:
        """The session published ``state``: sync it and the game's header."""
        self.state = state
        game = self.session.game
        self.game_info = self._game_info(game)
        self._reports.published(state["version"])

    def _ask_for_report(self, version: int) -> None:
        """Ask the front end to report, once drawn, the position ``version`` (marimo)."""
        self.send({"kind": "report-drawn", "version": version})

    def _turn_to(self, side: Color) -> None:
        self.orientation = side

    def _on_live_eval(self, change: dict[str, Any]) -> None:
        if not self.session.set_live_eval(bool(change["new"])):
            self.live_eval = False  # not offered on this board
        self.session.view_changed()

    def _on_view_change(self, _change: dict[str, Any]) -> None:
        self.session.view_changed()

    def _on_interactive(self, change: dict[str, Any]) -> None:
        """``widget.interactive = ...`` from Python: the session's record follows it, and
        so do the controls it publishes."""
        self.session.set_interactive(bool(change["new"]))

    def close(self) -> None:
        """Stop any search, the clock and any network game, and close the widget."""
        if self._session is not None:
            self._session.close()
        super().close()

    # ------------------------------------------------------------------ the game
    @property
    def game(self) -> Game:
        """The live game the board shows."""
        return self.session.game

    @game.setter
    def game(self, game: Game) -> None:
        self.session.set_game(game)

    @property
    def explorer(self) -> OpeningExplorer | None:
        """The opening explorer shown beside the board (``explorer=``), or None.

        Set it to an :class:`~checkers_widget.analysis.explorer.OpeningExplorer`, to
        ``"oca"`` or ``"tinsley"`` (the bundled collections), or to None to close the panel.
        """
        return self.session.explorer

    @explorer.setter
    def explorer(self, explorer: OpeningExplorer | str | None) -> None:
        self.session.set_explorer(checked_explorer(explorer))

    @property
    def players(self) -> dict[Color, str]:
        """Who plays each side: ``{"black": "human", "white": "computer"}``."""
        return {side: player.kind for side, player in self.session.players.items()}

    @property
    def engine(self) -> Engine | None:
        """The computer opponent's engine, or None in two-player play."""
        return self.session.engine

    @property
    def thinking(self) -> bool:
        """Whether the computer is searching for its move."""
        return self.session.search.thinking

    @property
    def paused(self) -> bool:
        """Whether the game is paused (board hidden, clock and computer stopped)."""
        return self.session.paused

    @property
    def errors(self) -> list[str]:
        """The last errors raised by hooks (and the computer, autosave), newest last."""
        return self.session.errors

    @property
    def clock(self) -> TurnClock | None:
        """The turn clock (``timer=``), or None: ``widget.clock.remaining()`` etc."""
        timer = self.session.timer
        return timer.clock if timer is not None else None

    @property
    def clock_started(self) -> bool:
        """Whether the turn clock has started: it waits for the first move made on the board."""
        return self.session.clock_started

    @property
    def milestones(self) -> MilestoneBook | None:
        """The milestones earned so far (shows as a table in a notebook), or None if off."""
        return self.session.tracker.book

    @property
    def network(self) -> HostSession | JoinSession | None:
        """The network session (``.port``, ``.status``, ``.errors``...), or None."""
        remote = self.session.remote
        return remote.session if remote is not None else None

    # ------------------------------------------------------------------ drawings
    @property
    def arrows(self) -> list[Arrow]:
        """The arrows drawn on the position shown (right-drag on the board), in the
        order drawn; set a list of :class:`Arrow` or ``(start, end[, colour])`` to
        replace them (a bad square or colour raises CheckersError, nothing changes)."""
        return list(self.game.drawing().arrows)

    @arrows.setter
    def arrows(self, arrows: Iterable[ArrowLike]) -> None:
        redraw(self.session, arrows=arrows)

    @property
    def marks(self) -> list[Mark]:
        """The squares marked on the position shown (right-click on the board); set a
        list of :class:`Mark`, squares or ``(square, colour)`` to replace them."""
        return list(self.game.drawing().marks)

    @marks.setter
    def marks(self, marks: Iterable[MarkLike]) -> None:
        redraw(self.session, marks=marks)

    # ------------------------------------------------------------------ Python API
    def play(self, move: Move | str) -> Move:
        """Play a move from Python as if it were made on the board (validators included).

        Raises :class:`IllegalMoveError` for an illegal move, :class:`MoveVetoed` when a
        validator objects and :class:`HookError` when a hook raises; the game is
        unchanged in all three cases (an observer that raises after the move leaves the
        move played).
        """
        return self.session.play(move)

    def undo(self) -> Move | None:
        """Take back a jump in progress, or else the last turn.

        In two-player play a turn is one move; against the computer it is your last
        move and the computer's reply together (a search in progress is cancelled).
        A jump chain in progress goes back to the start of its turn. Returns the
        earliest move taken back (None for a chain in progress, or nothing to undo).
        """
        return self.session.undo()

    def redo(self) -> Move | None:
        """Replay what undo took back, by the same path (a jump chain in progress too).

        Against the computer, a turn is your move and its reply. Every turn taken back
        stays available to redo until a different move is played.
        """
        return self.session.redo()

    def new_game(self) -> None:
        """Start a fresh game from the start position (sides drawn again when random)."""
        self.session.new_game()

    def restart(self) -> None:
        """Play this game again from its start position, with the same sides.

        Unlike :meth:`new_game` this is the same attempt: it counts as practice for
        the milestones that ask for a win without undo or restart.
        """
        self.session.restart()

    def pause(self) -> None:
        """Pause: hide the board and stop the computer (and the clock) until :meth:`resume`."""
        self.session.pause()

    def resume(self) -> None:
        """Go on after :meth:`pause`: the board comes back and the computer plays on."""
        self.session.resume()

    def goto(self, ply: int) -> None:
        """Show the position after ``ply`` moves of the current line (0: the start).

        Moves after it stay in the line (the move list shows them) until a different
        move is played, which starts a new line and keeps the old one as a variation.
        """
        self.session.goto(ply)

    def load_pdn(self, text: str) -> Game:
        """Load the first game of a PDN text (or file path) and show its start position."""
        return self.session.load_pdn(text)

    def replay(self, move: Move | str | None = None, *, speed: float = 0.8) -> None:
        """Step through a move hop by hop on the board (default: the last move played).

        ``move`` may be a move of the game (replayed from the position before it) or a
        legal move in the current position (shown without playing it). The board offers
        first / back / forward / last and play / pause; ``speed`` is seconds per hop.
        """
        self.session.replay(move, speed=speed)

    def flip(self) -> None:
        """Turn the board round."""
        self.orientation = WHITE if self.orientation == BLACK else BLACK

    def edit(self, on: bool = True) -> None:
        """Enter (or leave, keeping the new position) the position editor."""
        self.session.edit(on)

    def hint(self, *, time: float | None = None, depth: int | None = None) -> Analysis:
        """The best move for the side to move, shown on the board with its evaluation.

        Searches in place (the cell waits, about a second at the default level) and
        returns the :class:`~checkers_widget.engine.Analysis`: ``.move``, ``.score``,
        ``.pv``. The Hint control runs the same search without blocking the notebook.
        With the live evaluation on, the evaluation line then shows this same analysis,
        so that the hint and the evaluation never disagree.
        """
        return self.session.hint(time=time, depth=depth)

    def wait(self, timeout: float | None = 30.0) -> bool:
        """Wait until the computer has made its move (and any analysis has finished).

        Handy in scripts, tests and lessons; returns False if ``timeout`` ran out.
        """
        return self.session.wait(timeout)

    # ------------------------------------------------------------------ review
    def review(self, *, time_per_move: float | None = None, depth: int | None = None) -> None:
        """Review the game: the engine judges every move of the line, in the background.

        Returns at once; the board shows the progress and a Cancel button, then the
        evaluation graph (click a point to go to that move), the marks ``?!``, ``?`` and
        ``??`` in the move list and, for the position shown, the engine's move as an
        arrow. ``time_per_move`` and ``depth`` limit each search (default: the review's
        own). :attr:`review_result` is the :class:`Review` once done (:meth:`wait_review`
        waits for it); the Review button does the same as this.
        """
        self.session.review.start(time_per_move=time_per_move, depth=depth)

    @property
    def review_result(self) -> Review | None:
        """The finished review of the game shown, or None (not reviewed, running, or the
        game has left the line reviewed)."""
        return self.session.review.result

    def wait_review(self, timeout: float | None = 600.0) -> Review | None:
        """Wait for the review under way (the cell waits); the Review, or None if it was
        cancelled, failed or ``timeout`` ran out."""
        self.session.review.control.wait(timeout)
        return self.review_result

    def cancel_review(self) -> None:
        """Stop the review under way; the game is left as it was."""
        self.session.review.cancel()

    def learn(self, side: Color | str | None = "auto") -> None:
        """Learn from your mistakes: the board goes to the position before each mistake
        (and blunder) of ``side`` in the review and asks for a better move.

        ``side``: ``"auto"`` (default) is your side against the computer and both sides
        between two people; ``"black"``, ``"white"`` or None (both). A move counts when
        the review would not mark it (searched as the review searches, it loses less
        than an inaccuracy's worth of expected score: see
        :func:`~checkers_widget.play.review.learn_mode.counts`); the move is judged, never
        played. Hint, Skip, Show answer and Next are on the board.
        """
        self.session.review.start_learning(side)

    def stop_learning(self) -> None:
        """Leave the learn mode (the board stays on the position shown)."""
        self.session.review.stop_learning()

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
        return self.session.validate(fn)

    def on_move(self, fn: Observer) -> Observer:
        """Register ``fn(game, move)``, called after every move; usable as a decorator.

        ``game`` is a read-only view, as for :meth:`validate`: an observer cannot change
        the game either (the attempt is reported as an error; the move stands).
        """
        return self.session.on_move(fn)

    def say(self, text: str, kind: str = "refused") -> None:
        """Show ``text`` on the status line until the next action or change (lessons,
        house rules); then the status line says what is true again."""
        self.session.say(text, kind)

    def clear_hooks(self) -> None:
        """Remove every validator and observer."""
        self.session.hooks.clear()

    # ------------------------------------------------------------------ network
    @classmethod
    def host(
        cls,
        port: int = 0,
        *,
        bind: str = "127.0.0.1",
        name: str = "Host",
        accept: bool | Callable[[Any], bool] | None = None,
        reconnect_timeout: float = 60.0,
        seed: int | None = None,
        game: Game | None = None,
        **options: Any,
    ) -> CheckersWidget:
        """Host a game for a player in another notebook, who joins with :meth:`join`.

        Listens on ``bind``:``port`` (``port=0`` picks a free port: see
        ``widget.network.port``; ``bind="0.0.0.0"`` lets other machines in). A join
        request shows Accept and Refuse on the board, unless ``accept`` decides (True,
        False, or a function of the request). Who plays Black is drawn at random (``seed``
        repeats the draw). This game is the authority: every move from the other side is
        checked here. A player whose connection drops has ``reconnect_timeout`` seconds
        to come back before losing. Other options are the constructor's.
        """
        refuse_network_options(options)
        widget = cls(game, seed=seed, **options)
        session = widget.session
        widget._connect(
            HostSession(
                session.game,
                port=port,
                bind=bind,
                accept=accept,
                reconnect_timeout=reconnect_timeout,
                rng=random.Random(seed),
                name=name,
                lock=session.lock,
                on_change=session.on_network_event,
            )
        )
        return widget

    @classmethod
    def join(
        cls,
        address: str,
        port: int,
        *,
        name: str = "Guest",
        token: str | None = None,
        **options: Any,
    ) -> CheckersWidget:
        """Join the game hosted at ``address``:``port`` by :meth:`host` in another notebook.

        Returns at once; the board says when the host has accepted (or refused) and
        shows the host's game from then on. Moves made here are sent to the host, which
        checks them; the board shows them once the host confirms. ``token`` (from an
        earlier ``widget.network.token``) rejoins a game after a restart.
        """
        refuse_network_options(options)
        widget = cls(Game(), **options)
        session = widget.session
        widget._connect(
            JoinSession(
                address,
                port,
                name=name,
                token=token,
                lock=session.lock,
                on_change=session.on_network_event,
            )
        )
        return widget

    def _connect(self, remote: HostSession | JoinSession) -> None:
        """Play across the network: connecting is part of setting the board up."""
        with self._reports.setting_up():
            self.session.connect(remote)

    # ------------------------------------------------------------------ front end
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
        with self.session.lock:
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
                logger.warning("refused a front-end change of %s", safe_text(refused, limit=200))
                known = [key for key in refused if isinstance(key, str) and key in self.keys]
                if known:
                    self.send_state(key=known)

    def _frontend_may_set(self, key: Any) -> bool:
        """Whether the front end may set trait ``key`` now: a view preference, or the
        Evaluation switch where the board offers it."""
        if key == "live_eval":
            return self.session.evaluation_offered()
        return isinstance(key, str) and key in FRONTEND_TRAITS

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        session = self.session
        try:
            self.handle_intent(content)
        except CheckersError as exc:  # refused deeper down: shown as the refusal it is
            logger.warning("refused a message from the board: %s", safe_text(exc))
            session.say(sentence(safe_text(exc)), "refused")
        except Exception as exc:  # a bug here must show, not vanish into the comm
            logger.exception("checkers-widget failed to handle %r", content)
            session.say(f"Internal error: {type(exc).__name__}: {exc}", "error")

    def handle_intent(self, content: Any) -> bool:
        """Act on one message from the front end; returns whether it changed the game.

        Public so that tests and other front ends can drive the widget exactly as the
        browser does (:meth:`PlaySession.handle` says what became of it in full).
        Refusals are shown on the status line and change nothing; each is shown until
        the next action, after which the status line says what is true now.
        """
        with self._reports.from_the_board():
            return self.session.handle(content).changed

    # ------------------------------------------------------------------ display
    def _picture(self) -> FallbackPicture:
        return FallbackPicture(
            self.session.game.board,
            self.orientation,
            self.show_numbers,
            self.state.get("status", {}).get("text", ""),
            self.session.game.drawing(),
        )

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        """One output for each display: the live board and, beside it, a picture of the
        position for front ends that cannot draw it (see :mod:`.fallback`)."""
        return with_picture(super()._repr_mimebundle_(**kwargs), self._picture())

    def __repr__(self) -> str:
        """One line for where only text shows (an untrusted notebook in JupyterLab shows
        the widget's text/plain): the position and the status line."""
        status = self.state.get("status", {}).get("text", "")
        fen = self._session.game.board.to_fen() if self._session is not None else "?"
        return f"<CheckersWidget {fen}: {status}>"
