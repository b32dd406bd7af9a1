"""``Tutorial``: the lessons in a notebook, on a live board, with hints and stars.

The layout: at the top a lesson picker (showing the stars earned) with Previous and
Next, and the lesson's title and rule; under them the board and, beside it (under it in
a narrow cell), the task, a feedback line, the Hint, Try again and (once solved) Next
lesson buttons, and the lesson's explanation. Every decision is
:class:`~.run.LessonRun`'s; this module only wires it to a
:class:`~checkers_widget.CheckersWidget`:

- a validator vetoes legal moves that are not the lesson's answer, so the reason shows
  on the board's status line;
- illegal attempts are refused by the board itself with :meth:`Game.explain`'s words
  (or the lesson's own, when it has some) and counted as mistakes;
- the opponent's scripted replies are played by the board's scripted player, so Undo
  takes back a whole turn;
- the board's own Hint control shows the lesson's expected move, not an engine's.

The board itself is :func:`~.lesson_board.lesson_board`'s; the task, the feedback line and
the buttons beside it are a :class:`~checkers_widget.guided.panel.GuidedPanel`, as the
puzzle trainer's are.
"""

from __future__ import annotations

import html
import os
from collections.abc import Iterable, Sequence
from typing import Any

import ipywidgets as ipw

from ..core.errors import CheckersError, IllegalMoveError, MoveVetoed, brief
from ..core.move import Move
from ..guided.panel import Action, GuidedPanel, GuidedView
from ..guided.wiring import continue_script
from ..play.intents import IntentError, resolve_path
from .chapters import CHAPTERS
from .lesson import Lesson, LessonError, NoSuchLessonError
from .lesson_board import lesson_board
from .lesson_play import LESSON_CONTROLS, lesson_controls, star_text
from .lessons import LESSONS
from .progress import Progress
from .run import Feedback, Hint, LessonRun
from .text import to_html

__all__ = ["LESSON_CONTROLS", "Tutorial", "lesson_board", "lesson_controls"]


class Tutorial(GuidedView[LessonRun]):
    """The lessons in a notebook: picker, explanation, task, live board, hints and stars.

    ``Tutorial()`` opens the built-in :data:`LESSONS` at the first lesson not solved
    yet; ``Tutorial("other-draughts")`` a built-in chapter (:data:`CHAPTERS`: ``"rules"``,
    ``"other-draughts"``); ``Tutorial(lessons)`` any sequence of :class:`Lesson`;
    ``start`` picks the first lesson (an id or an index). ``progress`` is a
    :class:`Progress` or a path to its JSON file (default: :func:`default_progress_path`).

    From Python: :meth:`start`, :meth:`next`, :meth:`previous`, :meth:`attempt`,
    :meth:`hint`, :meth:`offer_draw`, :meth:`try_again`; :attr:`run` is the current
    :class:`LessonRun` and :attr:`board` its board (a :class:`CheckersWidget` made by
    :func:`lesson_board`).
    """

    def __init__(
        self,
        lessons: Iterable[Lesson] | str | None = None,
        *,
        progress: Progress | str | os.PathLike[str] | None = None,
        start: str | int | None = None,
    ) -> None:
        if isinstance(lessons, str):  # a built-in chapter's name
            if lessons not in CHAPTERS:
                raise LessonError(
                    f"no chapter {brief(lessons)}; the chapters are: {', '.join(CHAPTERS)}"
                )
            lessons = CHAPTERS[lessons]
        self.lessons: tuple[Lesson, ...] = tuple(LESSONS if lessons is None else lessons)
        if isinstance(lessons, Lesson):
            self.lessons = (lessons,)
        if not self.lessons:
            raise LessonError("a tutorial needs at least one lesson")
        seen: set[str] = set()
        for item in self.lessons:
            if not isinstance(item, Lesson):
                raise LessonError(f"a tutorial takes Lesson values, not {type(item).__name__}")
            if item.id in seen:
                raise LessonError(f"two lessons have the id {item.id!r}; ids must be unique")
            seen.add(item.id)
        self.progress = progress if isinstance(progress, Progress) else Progress(progress)
        self.index = 0
        self._changing = False
        self._build()
        if start is None:
            start = next(
                (i for i, x in enumerate(self.lessons) if not self.progress.solved(x.id)), 0
            )
        self.start(start)

    # ------------------------------------------------------------------ layout
    def _build(self) -> None:
        self._picker = ipw.Dropdown(
            options=self._picker_options(),
            description="Lesson",
            layout=ipw.Layout(width="32em", max_width="100%"),  # the title and its stars
        )
        self._picker.add_class("cw-lesson-picker")
        self._picker.observe(self._on_pick, names="value")
        self._prev = ipw.Button(description="Previous", icon="arrow-left")
        self._next = ipw.Button(description="Next", icon="arrow-right")
        self._prev.add_class("cw-lesson-previous")
        self._next.add_class("cw-lesson-next")
        self._prev.on_click(lambda _b: self.previous())
        self._next.on_click(lambda _b: self.next())
        self._head = ipw.HTML()
        self._text = ipw.HTML()
        self._panel: GuidedPanel[LessonRun] = GuidedPanel(
            "lesson",
            aid=Action("Hint", "lightbulb-o", "cw-lesson-hint", self.hint),
            retry=self.try_again,
            # Next, where the feedback says the lesson is solved (the one at the top stays).
            go_on=Action("Next lesson", "arrow-right", "cw-lesson-continue", self.next),
        )
        self._task, self._feedback = self._panel.task, self._panel.feedback
        self._hint_button, self._retry_button, self._continue = self._panel.buttons
        nav = ipw.HBox([self._prev, self._picker, self._next])
        nav.add_class("cw-lesson-nav")
        # Beside the board: the task, the feedback and the buttons, then the explanation.
        self.widget = self._panel.layout([nav, self._head], self._text, "cw-tutorial")

    def _picker_options(self) -> list[tuple[str, int]]:
        options = []
        for i, item in enumerate(self.lessons):
            stars = self.progress.stars(item.id)
            mark = f"  {star_text(stars)}" if stars else ""
            options.append((f"{i + 1}. {item.title}{mark}", i))
        return options

    def _refresh_picker(self) -> None:
        self._changing = True
        try:
            # New options reset the selection (to the first); select again afterwards.
            # (Inside hold_trait_notifications the reset would win.)
            self._picker.options = self._picker_options()
            self._picker.index = self.index
        finally:
            self._changing = False

    def _on_pick(self, change: dict[str, Any]) -> None:
        if not self._changing and change["new"] is not None and change["new"] != self.index:
            self.start(change["new"])

    def _show_head(self) -> None:
        item = self.lesson
        stars = self.progress.stars(item.id)
        rule = f'<div class="cw-lesson-rule"><em>{html.escape(item.rule)}</em></div>'
        self._head.value = (
            f'<div class="cw-lesson-head" data-role="lesson" data-lesson="{html.escape(item.id)}"'
            f' data-stars="{stars}">'
            f'<h3 style="margin:0.4em 0 0.1em">{html.escape(item.title)} '
            f'<span data-role="lesson-stars" aria-label="{stars} of 3 stars" '
            f'title="best: {stars} of 3 stars" style="color:#d4a017">{star_text(stars)}</span>'
            f"</h3>{rule if item.rule else ''}</div>"
        )

    def _show_task(self) -> None:
        run = self.run
        assert run is not None
        self._panel.show_task(f"<strong>Your task:</strong> {html.escape(run.task)}")

    def _show_feedback(self, feedback: Feedback) -> None:
        stars = (
            f' <span style="color:#d4a017">{star_text(feedback.stars)}</span>'
            if feedback.done
            else ""
        )
        self._panel.show_feedback(feedback, data={"stars": feedback.stars}, after=stars)

    def _on_feedback(self, feedback: Feedback) -> None:
        self._show_feedback(feedback)
        self._show_task()
        self._show_continue()
        if feedback.done:
            self._show_head()
            self._refresh_picker()

    def _show_continue(self) -> None:
        """Offer Next beside the feedback once the lesson is solved (and one follows)."""
        solved = self.run is not None and self.run.done
        last = self.index == len(self.lessons) - 1
        self._continue.layout.display = "" if solved and not last else "none"
        self._hint_button.disabled = solved  # nothing left to find

    # ------------------------------------------------------------------ lessons
    @property
    def lesson(self) -> Lesson:
        """The lesson on show."""
        return self.lessons[self.index]

    def _index_of(self, which: str | int | Lesson) -> int:
        if isinstance(which, Lesson):
            which = which.id
        if isinstance(which, int) and not isinstance(which, bool):
            if not -len(self.lessons) <= which < len(self.lessons):
                raise NoSuchLessonError(f"there are {len(self.lessons)} lessons; no lesson {which}")
            return which % len(self.lessons)
        for i, item in enumerate(self.lessons):
            if item.id == which:
                return i
        ids = ", ".join(x.id for x in self.lessons)
        raise NoSuchLessonError(f"no lesson {brief(which)}; the lessons are: {ids}")

    def start(self, which: str | int | Lesson) -> LessonRun:
        """Open a lesson (by id, index or the Lesson itself) for a fresh attempt."""
        self.index = self._index_of(which)
        self._panel.close()
        run = LessonRun(self.lesson, play_replies=False, progress=self.progress)
        self._panel.show(run, lesson_board(run), self._on_feedback)
        self._text.value = f'<div class="cw-lesson-text">{to_html(self.lesson.text)}</div>'
        self._show_head()
        self._show_task()
        self._show_feedback(Feedback(True, "", kind="info"))
        self._show_continue()
        self._prev.disabled = self.index == 0
        self._next.disabled = self.index == len(self.lessons) - 1
        self._refresh_picker()
        return run

    def next(self) -> LessonRun | None:
        """Go on to the next lesson (None after the last)."""
        if self.index + 1 >= len(self.lessons):
            return None
        return self.start(self.index + 1)

    def previous(self) -> LessonRun | None:
        """Go back to the previous lesson (None before the first)."""
        if self.index == 0:
            return None
        return self.start(self.index - 1)

    # ------------------------------------------------------------------ actions
    def attempt(self, move: str | Sequence[int] | Move) -> Feedback:
        """Try a move as the learner would on the board; returns the lesson's feedback.

        Waits for the opponent's scripted reply, if one follows.
        """
        run, board = self._panel.on_show()
        if isinstance(move, str | Move):
            text = str(move)
            try:
                legal = board.game.board.parse_move(text)
            except IllegalMoveError:
                legal = None
        else:
            squares = tuple(int(s) for s in move)
            text = "-".join(map(str, squares))
            try:
                found = resolve_path(board.game.legal_moves(), squares)
            except IntentError:
                found = None
            legal = found if isinstance(found, Move) else None  # a jump half-done is wrong
        if board.game.is_over() or run.done:
            return run.attempt(text)  # says why nothing more can be played
        if legal is None:
            feedback = run.refused(text)
            board.say(feedback.message, "refused")
            return feedback
        try:
            board.play(legal)
        except MoveVetoed:
            return run.feedback
        except CheckersError as exc:
            return Feedback(False, str(exc), kind="info")
        continue_script(board.session, run)
        return self._panel.wait_for_reply()

    def hint(self) -> Hint:
        """The next hint for the current lesson; the strongest shows the move on the board."""
        run, board = self._panel.on_show()
        hint = run.hint()
        if hint.move is not None:
            board.hint()  # draws the arrow (the hint engine reads the lesson, at no extra cost)
        return hint

    def offer_draw(self) -> Feedback:
        """Offer a draw for the learner, as the board's Offer draw button does."""
        run, _board = self._panel.on_show()
        return run.offer_draw()

    def try_again(self) -> None:
        """Back to the lesson's start position (the slips and hints so far still count)."""
        _run, board = self._panel.on_show()
        board.new_game()

    @property
    def stars(self) -> dict[str, int]:
        """Best stars per lesson of this tutorial (0 for lessons not solved yet)."""
        return {item.id: self.progress.stars(item.id) for item in self.lessons}

    # ------------------------------------------------------------------ display
    def __repr__(self) -> str:
        return f"<Tutorial lesson {self.index + 1}/{len(self.lessons)}: {self.lesson.id!r}>"
