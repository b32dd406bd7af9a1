"""One message from a front end, turned into a call on a board's session.

:func:`~checkers_widget.play.intents.parse_intent` reads the message; this module decides
what becomes of it on a board's session: refused
(stale, a view-only or paused board, the editor open, not this board's turn...), a click
on the board (a move, a jump still going on, or a path that is no move, explained in a
learner's words), a move typed on the command line (its text read here, then handled as
the squares it names), an edit of the position, or a command (handed on to the
session's :class:`~checkers_widget.play.command_handling.CommandHandler`). The handler
reads the board through :class:`IntentBoard` and writes nothing into it: it returns a
:class:`~checkers_widget.play.changes.Reply`, which the session applies and publishes
once.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any, Protocol

from ..core.board import move_text_squares
from ..core.color import Color
from ..core.errors import CheckersError, HookError, IllegalMoveError
from ..core.game import Game
from ..core.move import Move
from ..network import SessionError
from .changes import Change, Reply
from .commands import TABLE
from .draw_intents import DrawIntent, handle_draw
from .editor import PositionEditor
from .hook_runner import HookRunner
from .intent_outcome import IntentOutcome
from .intents import (
    Command,
    EditIntent,
    IntentError,
    MoveIntent,
    SelectIntent,
    TypedMove,
    parse_intent,
    resolve_path,
)
from .network_play import RemotePlay
from .players import Human, Player
from .review.game_review import GameReview
from .search_control import SearchControl
from .square_layout import square_count
from .state import Status, must_capture_words
from .wording import sentence

__all__ = ["THINKING_REFUSAL", "IntentBoard", "IntentHandler", "explain_refusal"]

logger = logging.getLogger("checkers_widget")

#: The status line for a click or key on the board while the computer thinks.
THINKING_REFUSAL = "Wait: the computer is thinking; move after its reply"


class IntentBoard(Protocol):
    """What the intent handling reads of a board's session, and the few actions it asks
    of it (each part of the board is the session's; nothing here writes into it)."""

    @property
    def game(self) -> Game: ...
    @property
    def version(self) -> int: ...
    @property
    def interactive(self) -> bool: ...
    @property
    def paused(self) -> bool: ...
    @property
    def pending(self) -> tuple[int, ...] | None: ...
    @property
    def players(self) -> Mapping[Color, Player]: ...
    @property
    def remote(self) -> RemotePlay | None: ...
    @property
    def editor(self) -> PositionEditor: ...
    @property
    def search(self) -> SearchControl: ...
    @property
    def hooks(self) -> HookRunner: ...
    @property
    def review(self) -> GameReview: ...

    def edit(self, on: bool = True) -> None:
        """Open the position editor."""

    def finish_editing(self, *, keep: bool) -> None:
        """Close the position editor (``keep``: play on from the new position)."""

    def run_command(self, command: Command) -> Reply:
        """Carry out a command (see :class:`~.command_handling.CommandHandler`)."""

    def play_clicked(self, move: Move) -> None:
        """Play the person's ``move``, made on the board; raises CheckersError or
        SessionError (a network game) with nothing changed when it cannot be played."""


class IntentHandler:
    """Decides what becomes of each intent on one board (see the module docstring)."""

    def __init__(self, board: IntentBoard) -> None:
        self._board = board

    def dispatch(self, content: Any) -> Reply:
        """Refuse ``content`` or hand it to the move, edit or command handling."""
        board = self._board
        try:
            # (the board's own squares: 1-32, or 1-50 on a 10x10 board)
            intent = parse_intent(content, squares=square_count(board.game.board))
        except IntentError as exc:
            logger.warning("refused a malformed message from the board: %s", exc)
            return Reply.refused(f"Refused a malformed message: {exc}")
        if intent.version != board.version and not _holds_on_any_position(intent, board.version):
            # A control was pressed, not played: say so (issue 26: "played" after Hint/Undo).
            done = "pressed" if isinstance(intent, Command) else "played"
            return Reply.refused(
                f"That was {done} on an old position; the board has been brought up to date"
            )
        if not board.interactive:
            return Reply.refused("This board is for viewing only")
        if board.paused and not (
            isinstance(intent, Command) and intent.name in ("pause", "resume")
        ):
            return Reply.refused("The game is paused: press Resume (P) to go on")
        if isinstance(intent, EditIntent):
            return self._edit(intent)
        if board.editor.open:
            return Reply.refused("Finish editing the position first (Done or Cancel)")
        if isinstance(intent, DrawIntent):
            return Reply(handle_draw(board.game, intent, networked=board.remote is not None))
        if isinstance(intent, MoveIntent | TypedMove | SelectIntent):
            if board.search.thinking:
                # The board sends clicks made meanwhile so that this is said, not
                # swallowed; nothing is queued: the move is made once it has played.
                return Reply.refused(THINKING_REFUSAL)
            player = board.players[board.game.turn]
            if player.automatic:
                return Reply.refused("It is the computer's turn")
            if not isinstance(player, Human):  # the other notebook's turn, or nobody's yet
                return Reply.refused(self._remote_wait_text())
            if isinstance(intent, TypedMove):
                return self._typed(intent)
            if isinstance(intent, SelectIntent):
                # Why the piece clicked cannot move, worded as for a path that goes nowhere.
                return self._move(MoveIntent(intent.version, (intent.square, intent.square)))
            return self._move(intent)
        return board.run_command(intent)

    def _remote_wait_text(self) -> str:
        remote = self._board.remote
        assert remote is not None
        peer = remote.peer_name()
        if remote.local_side is None:
            return remote.status(self._board.game).text  # no game yet: why not
        return f"It is {peer or 'your opponent'}'s turn"

    def _typed(self, intent: TypedMove) -> Reply:
        """A move typed as text: the squares it names, handled as a click path would be.

        Text that is not move text is refused with the reason in words. Typed in the
        middle of a jump sequence, a move that starts where the jumping piece stands
        goes on with that sequence (``18x25`` after ``11x18``), as clicking the next
        landing square does.
        """
        try:
            # The board's own squares: 1-50 on a 10x10 board (issue 26: 33-28 was refused).
            squares = move_text_squares(intent.notation, square_count(self._board.game.board))
        except IllegalMoveError as exc:
            return Reply.refused(sentence(exc))
        pending = self._board.pending
        if pending and squares[0] == pending[-1] and squares[: len(pending)] != pending:
            squares = pending + squares[1:]
        return self._move(MoveIntent(intent.version, squares))

    def _move(self, intent: MoveIntent) -> Reply:
        board = self._board
        game = board.game
        path = intent.path
        pending = board.pending
        if game.is_over():
            return Reply.refused(
                f"The game is over ({game.result}): start a new game to play on", path
            )
        if pending and path[: len(pending)] != pending:
            # A clicked path that is no legal move: a lesson counts it as a slip.
            text = f"Keep jumping with the piece on {pending[-1]}: a jump sequence must be finished"
            return Reply(IntentOutcome("illegal", text, path=path))
        try:
            resolved = resolve_path(game.legal_moves(), path)
        except IntentError as exc:
            return Reply(IntentOutcome("illegal", explain_refusal(game, path, str(exc)), path=path))
        if isinstance(resolved, tuple):
            return Reply(IntentOutcome("pending", path=path), Change(resolved, None, bump=True))
        if board.review.learn is not None:
            return board.review.try_move(resolved)  # judged, never played
        try:
            reason = board.hooks.veto(game, resolved)
        except HookError as exc:
            return Reply(
                IntentOutcome("failed", str(exc), move=resolved, path=path),
                Change(pending=None, bump=True),
            )
        if reason is not None:
            return Reply(
                IntentOutcome("vetoed", reason, move=resolved, path=path),
                Change(pending=None, notice=Status(reason, "refused"), bump=True),
            )
        played = IntentOutcome("played", changed=True, move=resolved, path=path)
        if board.remote is None:
            board.play_clicked(resolved)
            return Reply(played)
        try:
            board.play_clicked(resolved)
        except (CheckersError, SessionError) as exc:
            return Reply(IntentOutcome.refused(sentence(exc), path), Change(pending=None))
        return Reply(played, Change(pending=None, bump=True))  # the host's answer follows

    def _edit(self, intent: EditIntent) -> Reply:
        board = self._board
        action = intent.action
        if action == "start":
            board.edit(True)
            return Reply.done()
        if not board.editor.open:
            return Reply.refused("The position editor is not open")
        if action in ("done", "cancel"):
            board.finish_editing(keep=action == "done")
            return Reply.done()
        try:
            board.editor.apply(intent)
        except CheckersError as exc:
            return Reply.refused(sentence(exc))
        return Reply(IntentOutcome.done(), Change(bump=True))


def _holds_on_any_position(intent: object, version: int) -> bool:
    """Whether ``intent``, stamped with an older position than the board's, still stands:
    a command on the game as a whole (Restart, Pause, Resign...: ``any_position`` in the
    command table). Restart confirmed while the computer's reply was on its way used to
    be refused as "played on an old position", and the game went on unrestarted. A
    version from the future is no position the board has shown: refused."""
    # (parse_intent lets through only the names of the command table)
    return (
        isinstance(intent, Command) and intent.version < version and TABLE[intent.name].any_position
    )


def explain_refusal(game: Game, path: tuple[int, ...], fallback: str) -> str:
    """Why a clicked ``path`` is not a move in ``game``, in a learner's words
    (``fallback``: the path resolver's own words, when nothing better applies)."""
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
        words = must_capture_words(game)
        return f"{words[0].upper()}{words[1:]}: " + ", ".join(str(m) for m in legal)
    return sentence(fallback)
