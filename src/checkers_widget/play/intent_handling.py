"""One message from a front end, turned into a call on a board's session.

:func:`~checkers_widget.play.intents.parse_intent` reads the message; this module decides
what becomes of it on a :class:`~checkers_widget.play.session.PlaySession`: refused
(stale, a view-only or paused board, the editor open, not this board's turn...), a click
on the board (a move, a jump still going on, or a path that is no move, explained in a
learner's words), a move typed on the command line (its text read here, then handled as
the squares it names), an edit of the position, or a command (handed to
:class:`~checkers_widget.play.command_handling.CommandHandler`). The session stays the
one owner of the board's state: this handler reads it and acts through it.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from ..core.board import move_text_squares
from ..core.errors import CheckersError, HookError, IllegalMoveError
from ..core.game import Game
from ..network import SessionError
from .commands import TABLE
from .drawing import DrawIntent, handle_draw
from .geometry import square_count
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
from .outcome import Outcome
from .players import Human
from .state import Status, must_capture_words
from .wording import sentence

if TYPE_CHECKING:
    from .session import PlaySession

__all__ = ["THINKING_REFUSAL", "IntentHandler", "explain_refusal"]

logger = logging.getLogger("checkers_widget")

#: The status line for a click or key on the board while the computer thinks.
THINKING_REFUSAL = "Wait: the computer is thinking; move after its reply"


class IntentHandler:
    """Decides what becomes of each intent on one session's board."""

    def __init__(self, session: PlaySession) -> None:
        self._session = session

    def dispatch(self, content: Any) -> Outcome:
        """Refuse ``content`` or hand it to the move, edit or command handling."""
        session = self._session
        try:
            # (the board's own squares: 1-32, or 1-50 on a 10x10 board)
            intent = parse_intent(content, squares=square_count(session.game.board))
        except IntentError as exc:
            logger.warning("refused a malformed message from the board: %s", exc)
            return session.refuse(f"Refused a malformed message: {exc}")
        if intent.version != session.version and not _holds_on_any_position(
            intent, session.version
        ):
            return session.refuse(
                "That was played on an old position; the board has been brought up to date"
            )
        if not session.interactive:
            return session.refuse("This board is for viewing only")
        if session.paused and not (
            isinstance(intent, Command) and intent.name in ("pause", "resume")
        ):
            return session.refuse("The game is paused: press Resume (P) to go on")
        if isinstance(intent, EditIntent):
            return self._edit(intent)
        if session.editor.open:
            return session.refuse("Finish editing the position first (Done or Cancel)")
        if isinstance(intent, DrawIntent):
            return handle_draw(session, intent)
        if isinstance(intent, MoveIntent | TypedMove | SelectIntent):
            if session.search.thinking:
                # The board sends clicks made meanwhile so that this is said, not
                # swallowed; nothing is queued: the move is made once it has played.
                return session.refuse(THINKING_REFUSAL)
            player = session.players[session.game.turn]
            if player.automatic:
                return session.refuse("It is the computer's turn")
            if not isinstance(player, Human):  # the other notebook's turn, or nobody's yet
                return session.refuse(self._remote_wait_text())
            if isinstance(intent, TypedMove):
                return self._typed(intent)
            if isinstance(intent, SelectIntent):
                # Why the piece clicked cannot move, worded as for a path that goes nowhere.
                return self._move(MoveIntent(intent.version, (intent.square, intent.square)))
            return self._move(intent)
        return session.command_handler.run(intent)

    def _remote_wait_text(self) -> str:
        remote = self._session.remote
        assert remote is not None
        peer = remote.peer_name()
        if remote.local_side is None:
            return remote.status(self._session.game).text  # no game yet: why not
        return f"It is {peer or 'your opponent'}'s turn"

    def _illegal(self, text: str, path: tuple[int, ...]) -> Outcome:
        """Refuse a clicked path that is no legal move (a lesson counts it as a slip)."""
        self._session.refuse(text)
        return Outcome("illegal", text, path=path)

    def _typed(self, intent: TypedMove) -> Outcome:
        """A move typed as text: the squares it names, handled as a click path would be.

        Text that is not move text is refused with the reason in words. Typed in the
        middle of a jump sequence, a move that starts where the jumping piece stands
        goes on with that sequence (``18x25`` after ``11x18``), as clicking the next
        landing square does.
        """
        session = self._session
        try:
            squares = move_text_squares(intent.notation)
        except IllegalMoveError as exc:
            return session.refuse(sentence(exc))
        pending = session.pending
        if pending and squares[0] == pending[-1] and squares[: len(pending)] != pending:
            squares = pending + squares[1:]
        return self._move(MoveIntent(intent.version, squares))

    def _move(self, intent: MoveIntent) -> Outcome:
        session = self._session
        game = session.game
        path = intent.path
        pending = session.pending
        if game.is_over():
            return session.refuse(
                f"The game is over ({game.result}): start a new game to play on", path
            )
        if pending and path[: len(pending)] != pending:
            return self._illegal(
                f"Keep jumping with the piece on {pending[-1]}: a jump sequence must be finished",
                path,
            )
        try:
            resolved = resolve_path(game.legal_moves(), path)
        except IntentError as exc:
            return self._illegal(explain_refusal(game, path, str(exc)), path)
        if isinstance(resolved, tuple):
            session.pending = resolved
            session.status = None
            session.publish(bump=True)
            return Outcome("pending", path=path)
        if session.review.learn is not None:
            return session.review.try_move(resolved)  # judged, never played
        try:
            reason = session.hooks.veto(game, resolved)
        except HookError as exc:
            session.pending = None
            session.publish(bump=True)
            return Outcome("failed", str(exc), move=resolved, path=path)
        if reason is not None:
            session.pending = None
            session.notice = Status(reason, "refused")
            session.publish(bump=True)
            return Outcome("vetoed", reason, move=resolved, path=path)
        session.tracker.person_move = resolved
        if session.remote is not None:
            try:
                session.remote.play(resolved)
            except (CheckersError, SessionError) as exc:
                session.pending = None
                session.tracker.person_move = None
                return session.refuse(sentence(exc), path)
            session.pending = None
            session.publish(bump=True)  # the host's answer brings the new position
            return Outcome("played", changed=True, move=resolved, path=path)
        if session.timer is not None:
            session.timer.start()  # a move made on the board starts the clock
        session.play_own(resolved)
        return Outcome("played", changed=True, move=resolved, path=path)

    def _edit(self, intent: EditIntent) -> Outcome:
        session = self._session
        action = intent.action
        if action == "start":
            session.edit(True)
            return Outcome.done()
        if not session.editor.open:
            return session.refuse("The position editor is not open")
        if action in ("done", "cancel"):
            session.finish_editing(keep=action == "done")
            return Outcome.done()
        try:
            session.editor.apply(intent)
        except CheckersError as exc:
            return session.refuse(sentence(exc))
        session.publish(bump=True)
        return Outcome.done()


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
        words = must_capture_words(game.variant)
        return f"{words[0].upper()}{words[1:]}: " + ", ".join(str(m) for m in legal)
    return sentence(fallback)
