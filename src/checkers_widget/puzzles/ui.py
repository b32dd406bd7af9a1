"""``PuzzleTrainer``: puzzles on a live board in a notebook, with a rating and a streak.

Laid out as the tutorial's lessons are (both are a
:class:`~checkers_widget.guided.panel.GuidedPanel`): a theme filter and the solver's rating
and streak on top; the board on the left; on the right the task, the feedback (right or
wrong), the buttons Show solution, Try again and Next puzzle, and the puzzle's themes,
difficulty and game. The board is a :class:`~checkers_widget.CheckersWidget` made by
:func:`.play.puzzle_board`.
"""

from __future__ import annotations

import html
import os
from collections.abc import Iterable
from typing import Any

import ipywidgets as ipw

from ..core.errors import CheckersError, IllegalMoveError, MoveVetoed, brief
from ..core.move import Move
from ..data.puzzles import THEMES, Puzzle, check_theme, load, with_theme
from ..guided.feedback import Feedback
from ..guided.panel import Action, GuidedPanel, GuidedView
from .play import puzzle_board
from .progress import PuzzleProgress
from .run import PuzzleRun

__all__ = ["PuzzleTrainer"]

_ALL = "all"


class PuzzleTrainer(GuidedView[PuzzleRun]):
    """Puzzles to solve on a board, one after another, rated like games.

    ``PuzzleTrainer()`` offers the package's puzzles (:func:`~checkers_widget.puzzles.load`)
    and the solver's own (added from their reviewed games); ``puzzles=`` any others.
    ``theme`` filters them (one of :data:`THEMES`); ``progress`` is a
    :class:`PuzzleProgress` or a path to its file (default: ``puzzles.json`` in
    ``$CHECKERS_WIDGET_HOME`` or ``~/.checkers_widget``). ``start`` opens a given puzzle
    (its id or its index among those shown).

    The next puzzle is the one not yet played whose difficulty is nearest the solver's
    rating. From Python: :meth:`attempt`, :meth:`reveal`, :meth:`try_again`,
    :meth:`next`, :meth:`set_theme`, :meth:`add`; :attr:`run` is the current
    :class:`PuzzleRun` and :attr:`board` its board.
    """

    def __init__(
        self,
        puzzles: Iterable[Puzzle] | None = None,
        *,
        theme: str | None = None,
        progress: PuzzleProgress | str | os.PathLike[str] | None = None,
        start: str | int | None = None,
    ) -> None:
        self.progress = (
            progress if isinstance(progress, PuzzleProgress) else PuzzleProgress(progress)
        )
        given = list(puzzles) if puzzles is not None else None
        for p in given or ():
            if not isinstance(p, Puzzle):
                raise CheckersError(f"a PuzzleTrainer takes Puzzle values, not {brief(p)}")
        self._all: list[Puzzle] = []
        self._extend(given if given is not None else load())
        self._extend(self.progress.own_puzzles())
        if not self._all:
            raise CheckersError("a puzzle trainer needs at least one puzzle")
        self.theme = self._checked_theme(theme)
        self._changing = False
        self._build()
        self.start(start if start is not None else self._pick())

    # ------------------------------------------------------------------ puzzles
    def _extend(self, puzzles: Iterable[Puzzle]) -> int:
        known = {p.id for p in self._all}
        added = 0
        for p in puzzles:
            if p.id not in known:
                known.add(p.id)
                self._all.append(p)
                added += 1
        return added

    @property
    def puzzles(self) -> list[Puzzle]:
        """The puzzles on offer under the current theme filter."""
        return with_theme(self._all, self.theme)

    def _pick(self) -> int:
        """The unplayed puzzle nearest the solver's rating (the first, if all are played)."""
        shown = self.puzzles
        rating = self.progress.rating
        fresh = [
            (abs(p.rating - rating), i)
            for i, p in enumerate(shown)
            if self.progress.result(p.id) is None and (self.run is None or p != self.run.puzzle)
        ]
        return min(fresh)[1] if fresh else 0

    def add(self, puzzles: Iterable[Puzzle]) -> int:
        """Add puzzles (e.g. :func:`~checkers_widget.puzzles.from_review`'s) to the set on
        offer and to the solver's saved set; returns how many were new."""
        items = list(puzzles)
        self.progress.add(items)
        added = self._extend(items)
        self._changing = True
        try:
            self._filter.options = self._theme_options()
            self._filter.value = self.theme or _ALL
        finally:
            self._changing = False
        self._show_score()
        return added

    def _checked_theme(self, theme: object) -> str | None:
        """A theme of :data:`THEMES` that some puzzle here has (or None: all of them)."""
        wanted = check_theme(None if theme == _ALL else theme)
        if wanted is not None and not with_theme(self._all, wanted):
            raise CheckersError(f"none of this trainer's puzzles has the theme {wanted!r}")
        return wanted

    def set_theme(self, theme: str | None) -> PuzzleRun:
        """Offer only puzzles with ``theme`` (None: all) and open the first of them."""
        self.theme = self._checked_theme(theme)
        self._changing = True
        try:
            self._filter.value = self.theme or _ALL
        finally:
            self._changing = False
        return self.start(self._pick())

    # ------------------------------------------------------------------ layout
    def _theme_options(self) -> list[tuple[str, str]]:
        options = [(f"All themes ({len(self._all)})", _ALL)]
        for theme in THEMES:
            n = sum(1 for p in self._all if theme in p.themes)
            if n:
                options.append((f"{theme} ({n})", theme))
        return options

    def _build(self) -> None:
        self._filter = ipw.Dropdown(
            options=self._theme_options(),
            value=self.theme or _ALL,
            description="Theme",
            layout=ipw.Layout(width="20em", max_width="100%"),
        )
        self._filter.add_class("cw-puzzle-theme")
        self._filter.observe(self._on_theme, names="value")
        self._panel: GuidedPanel[PuzzleRun] = GuidedPanel(
            "puzzle",
            # A fixed width (it does not shrink when the words beside it grow).
            board_layout={"flex": "0 0 auto"},
            aid=Action("Show solution", "eye", "cw-puzzle-reveal", self.reveal),
            retry=self.try_again,
            go_on=Action("Next puzzle", "arrow-right", "cw-puzzle-next", self.next),
        )
        self._feedback = self._panel.feedback
        self._reveal_button = self._panel.buttons[0]
        self._score = ipw.HTML()
        self._head = ipw.HTML()
        top = ipw.HBox([self._filter, self._score])
        top.add_class("cw-puzzle-top")
        self.widget = self._panel.layout([top], self._head, "cw-puzzles")

    def _on_theme(self, change: dict[str, Any]) -> None:
        if not self._changing and change["new"] is not None:
            self.set_theme(change["new"])

    def _show_score(self) -> None:
        p = self.progress
        self._score.value = (
            f'<div class="cw-puzzle-score" data-role="puzzle-score" data-rating="{p.rating}"'
            f' data-streak="{p.streak}" style="margin:0.3em 1em">Rating <strong>{p.rating}</strong>'
            f" · streak <strong>{p.streak}</strong> (best {p.best_streak})"
            f" · {p.played} rated</div>"
        )

    def _show_head(self) -> None:
        puzzle = self.puzzle
        themes = ", ".join(puzzle.themes) or "material"
        self._head.value = (
            f'<div class="cw-puzzle-head" data-role="puzzle" data-puzzle="{html.escape(puzzle.id)}"'
            f' style="margin-top:0.6em;font-size:0.9em">'
            f"<div>Themes: {html.escape(themes)}</div>"
            f"<div>Difficulty: {puzzle.rating}</div>"
            f"<div>From: {html.escape(puzzle.source)}</div></div>"
        )
        self._panel.show_task(f"<strong>{html.escape(puzzle.goal)}</strong>")

    def _on_feedback(self, feedback: Feedback) -> None:
        self._panel.show_feedback(feedback)
        self._show_score()
        self._reveal_button.disabled = self.run is not None and self.run.done

    # ------------------------------------------------------------------ puzzles on show
    @property
    def puzzle(self) -> Puzzle:
        """The puzzle on show."""
        assert self.run is not None
        return self.run.puzzle

    def _find(self, which: str | int | Puzzle) -> Puzzle:
        shown = self.puzzles
        if isinstance(which, Puzzle):
            return which
        if isinstance(which, int) and not isinstance(which, bool):
            if not -len(shown) <= which < len(shown):
                raise CheckersError(f"there are {len(shown)} puzzles on offer; no puzzle {which}")
            return shown[which]
        for p in self._all:
            if p.id == which:
                return p
        raise CheckersError(f"no puzzle {brief(which)} in this trainer")

    def start(self, which: str | int | Puzzle) -> PuzzleRun:
        """Open a puzzle (its id, its index among those on offer, or the Puzzle)."""
        puzzle = self._find(which)
        self._panel.close()
        run = PuzzleRun(puzzle, play_replies=False, progress=self.progress)
        self._panel.show(run, puzzle_board(run), self._on_feedback)
        self._show_head()
        self._panel.show_feedback(Feedback(True, "", kind="info"))
        self._show_score()
        self._reveal_button.disabled = False
        return run

    def next(self) -> PuzzleRun:
        """Go on to the next puzzle (see the class docstring for which)."""
        return self.start(self._pick())

    # ------------------------------------------------------------------ actions
    def attempt(self, move: str | Move) -> Feedback:
        """Play a move as the solver would on the board; returns the feedback (after the
        reply along the solution, when one follows)."""
        run, board = self._panel.on_show()
        if run.done:
            return run.attempt(str(move))
        try:
            legal = board.game.board.parse_move(str(move))
        except IllegalMoveError as exc:
            board.say(str(exc), "refused")
            return Feedback(False, str(exc), move=str(move))
        try:
            board.play(legal)
        except MoveVetoed:
            return run.feedback
        return self._panel.wait_for_reply()

    def reveal(self) -> str:
        """Show the solution (the puzzle counts as missed if not yet rated)."""
        assert self.run is not None
        return self.run.reveal()

    def try_again(self) -> None:
        """Back to the puzzle's position (the result already rated stays)."""
        assert self.board is not None
        self.board.new_game()

    # ------------------------------------------------------------------ display
    def __repr__(self) -> str:
        where = self.run.puzzle.id if self.run else "-"
        return f"<PuzzleTrainer {len(self.puzzles)} puzzles, on {where!r}>"
