"""Solving one puzzle: judging the solver's moves, the replies of the line, the result.

:class:`PuzzleRun` is the trainer's logic without any widget, as the tutorial's
:class:`~checkers_widget.tutorial.run.LessonRun` is a lesson's: it owns (or is given) the
:class:`Game`, says whether a move is right, gives the opponent's reply from the solution,
and records the result once (a rating and a streak, in a :class:`PuzzleProgress`)::

    run = PuzzleRun(puzzle)
    run.attempt("22-18")   # Feedback(ok=False, "22-18 does not win ...")  (nothing played)
    run.attempt("18-14")   # Feedback(ok=True, ...): played, and the reply along the solution
    run.done, run.solved   # True, False (a slip came first: the puzzle counts as missed)

A move other than the solution's that also wins counts as right: the engine checks it
with the miner's verification search (:func:`~checkers_widget.analysis.puzzle_mining.
move_wins`); the puzzle is then solved at that move. Where the run stands is worked out
from the game's moves every time, so moves played on ``run.game`` from Python or the board
keep it in step.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..analysis.puzzle_mining import move_wins
from ..core.board import Board
from ..core.color import Color
from ..core.errors import CheckersError, IllegalMoveError
from ..core.game import Game
from ..core.move import Move
from ..data.puzzles import Puzzle
from ..guided.feedback import Feedback
from ..guided.guided_run import GuidedRun
from .progress import PuzzleProgress

__all__ = ["PuzzleRun", "Stand"]


@dataclass(frozen=True, slots=True)
class Stand:
    """Where the game's moves stand against the solution.

    ``matched``: solution moves played in order; ``alternative``: the solver's other
    winning move that ended the puzzle (the last move played), if any; ``on_line``: False
    once a move was played that neither follows the solution nor was accepted.
    """

    matched: int
    alternative: Move | None
    on_line: bool


class PuzzleRun(GuidedRun):
    """One attempt at a puzzle: the game, the solver's slips, the result.

    ``game``: play on an existing game (the board's) instead of a new one. ``progress``: the
    store the result is rated in (none: nothing is saved). ``play_replies``: whether
    :meth:`attempt` plays the opponent's reply itself (a board leaves it to its scripted
    player). ``check_alternatives``: whether a different move is searched to see if it
    also wins (else only the solution's moves count).
    """

    def __init__(
        self,
        puzzle: Puzzle,
        game: Game | None = None,
        *,
        progress: PuzzleProgress | None = None,
        play_replies: bool = True,
        check_alternatives: bool = True,
    ) -> None:
        if not isinstance(puzzle, Puzzle):
            raise CheckersError(f"a PuzzleRun needs a Puzzle, not {type(puzzle).__name__}")
        self.puzzle = puzzle
        self.game = game = game if game is not None else puzzle.game()
        if not _same_position(game.start_fen, puzzle.fen):
            raise CheckersError(f"the game does not start from puzzle {puzzle.id!r}'s position")
        self.progress = progress
        self.play_replies = play_replies
        self.check_alternatives = check_alternatives
        self.solver: Color = puzzle.solver
        #: Wrong moves tried so far.
        self.mistakes = 0
        #: Whether the solution was shown.
        self.revealed = False
        #: The rating before and after this puzzle's result, once it is recorded.
        self.rating_change: tuple[int, int] | None = None
        self._rated = False  # a puzzle's first result is its only one
        self._accepted: dict[int, Move] = {}  # ply index -> an accepted other winning move
        super().__init__(game, Feedback(True, puzzle.goal, kind="info"))

    # ------------------------------------------------------------------ state
    def stand(self) -> Stand:
        """Replay the game's moves against the solution."""
        solution = self.puzzle.solution
        moves = self.game.moves
        for i, move in enumerate(moves):
            if i < len(solution) and move == solution[i]:
                continue
            if self._accepted.get(i) == move and i == len(moves) - 1:
                return Stand(i, move, True)
            return Stand(i, None, False)
        return Stand(len(moves), None, True)

    @property
    def done(self) -> bool:
        """Whether the puzzle is solved on the board (its line played, or a winning
        alternative)."""
        s = self.stand()
        return s.on_line and (s.alternative is not None or s.matched == len(self.puzzle.solution))

    @property
    def solved(self) -> bool:
        """Done at the first try: no wrong move, solution not shown."""
        return self.done and self.mistakes == 0 and not self.revealed

    @property
    def expected(self) -> Move | None:
        """The solution's next move for the solver, when it is the solver's turn."""
        s = self.stand()
        if not s.on_line or s.alternative is not None or self.game.turn != self.solver:
            return None
        solution = self.puzzle.solution
        return solution[s.matched] if s.matched < len(solution) else None

    def scripted_reply(self) -> Move | None:
        """The opponent's reply along the solution, when it is due now (else None)."""
        s = self.stand()
        solution = self.puzzle.solution
        if not s.on_line or s.alternative is not None or self.game.turn == self.solver:
            return None
        return solution[s.matched] if s.matched < len(solution) else None

    # ------------------------------------------------------------------ judging
    def judge(self, move: Move) -> str | None:
        """Whether the solver may play the legal ``move`` now: None, or why not.

        The board's validator: a refusal keeps the move off the board, shows the reason
        on the status line, counts as a slip, and (at the first one) rates the puzzle as
        missed.
        """
        reason = self._objection(move)
        if reason is not None and not self.done and self.game.turn == self.solver:
            with self._lock:
                self.mistakes += 1
            self._record(solved=False)
            self._say(Feedback(False, reason, move=str(move)))
        return reason

    def _objection(self, move: Move) -> str | None:
        if self.done:
            return "Puzzle solved: press Next for another"
        if self.game.turn != self.solver:
            return f"It is {self.game.side_name(self.game.turn)}'s turn: the puzzle answers"
        s = self.stand()
        if not s.on_line:
            return "The game has left the puzzle's line: press Try again"
        if move == self.expected:
            return None
        if self.check_alternatives and move_wins(self.puzzle.board(), [*self.game.moves, move]):
            with self._lock:
                self._accepted[len(self.game.moves)] = move
            return None
        return f"Wrong: {move} does not win. {self.puzzle.goal}: try again, or show the solution"

    def attempt(self, attempt: str | Move) -> Feedback:
        """Try a move (text such as ``"18-14"`` or a Move) as the solver.

        A right move is played, followed by the reply along the solution (with
        ``play_replies``); a wrong one changes nothing and the feedback says why.
        """
        if self.done:
            return self._say(Feedback(True, "Puzzle solved: press Next for another", True))
        try:
            move = attempt if isinstance(attempt, Move) else self.game.board.parse_move(attempt)
        except IllegalMoveError as exc:
            return self._say(Feedback(False, str(exc), move=str(attempt)))
        if move not in self.game.legal_moves():
            return self._say(Feedback(False, f"{move} is not a legal move here", move=str(move)))
        if self.judge(move) is not None:
            return self.feedback
        self.game.play(move)
        if self.play_replies and (reply := self.scripted_reply()) is not None:
            self.game.play(reply)
        return self.feedback

    def reveal(self) -> str:
        """The solution as text (the puzzle then counts as missed, if not yet rated)."""
        with self._lock:
            if not self.done:
                self.revealed = True
        if not self.done:
            self._record(solved=False)
        text = " ".join(str(m) for m in self.puzzle.solution)
        self._say(Feedback(False, f"Solution: {text}", kind="hint"))
        return text

    # ------------------------------------------------------------------ events
    def _on_game_event(self, event: str, game: Game) -> None:
        if event not in ("move", "redo"):
            return
        if self.done:
            self._finish()
        elif self.stand().on_line and game.turn == self.solver:
            self._say(Feedback(True, f"Right. Go on: {self.puzzle.goal.lower()}", kind="right"))

    def _finish(self) -> None:
        clean = self.mistakes == 0 and not self.revealed
        self._record(solved=clean)
        s = self.stand()
        how = f"{s.alternative} wins too" if s.alternative is not None else "that wins"
        if clean:
            text = f"Right! {how.capitalize()}."
        else:
            text = "Solved, after a slip or help: the puzzle counts as missed."
        if self.rating_change is not None:
            before, after = self.rating_change
            text += f" Rating {after} ({after - before:+d})."
        self._say(Feedback(True, text, done=True, kind="done"))

    def _record(self, *, solved: bool) -> None:
        with self._lock:
            if self._rated:
                return
            self._rated = True
            if self.progress is not None:
                self.rating_change = self.progress.record(self.puzzle, solved)

    def __repr__(self) -> str:
        state = "done" if self.done else f"move {self.stand().matched + 1}"
        return f"<PuzzleRun {self.puzzle.id!r}: {state}, {self.mistakes} slips>"


def _same_position(fen: str, other: str) -> bool:
    """Whether two FENs name one position, however written (``B:W21-32:B1-12`` is the
    start position as surely as the squares listed one by one)."""
    return Board(fen).to_fen() == Board(other).to_fen()
