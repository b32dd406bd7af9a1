"""The notebook's part of a guided board: the board box, the task, the feedback line and the
row of buttons beside it, laid out as a lesson's and a puzzle's are.

:class:`GuidedPanel` builds those widgets (their CSS classes carry a prefix, ``cw-lesson-``
or ``cw-puzzle-``, which ``js/widget.css`` styles alike), shows the feedback in its colour,
and holds the run and the board on show: :meth:`GuidedPanel.show` puts a new pair up and
listens to the run, :meth:`GuidedPanel.close` takes them down. The tutorial and the puzzle
trainer put their own parts (a lesson picker, a theme filter, a score) around it.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import ipywidgets as ipw

from .feedback import Feedback
from .guided_run import GuidedRun
from .wiring import BOARD_SIZE

if TYPE_CHECKING:
    from ..widget.board_widget import CheckersWidget

__all__ = ["KIND_COLOURS", "REPLY_TIMEOUT", "Action", "GuidedPanel", "GuidedView"]

#: Seconds to wait for the board's scripted reply when moving from Python.
REPLY_TIMEOUT = 10.0

#: The feedback line's colour for each kind of :class:`Feedback`.
KIND_COLOURS = {
    "right": "var(--jp-success-color1, #2e7d32)",
    "done": "var(--jp-success-color1, #2e7d32)",
    "wrong": "var(--jp-error-color1, #c62828)",
    "hint": "var(--jp-warn-color1, #b26a00)",
    "info": "var(--jp-content-font-color1, inherit)",
}

R = TypeVar("R", bound=GuidedRun)


@dataclass(frozen=True)
class Action:
    """A button of the row beside the board: its words, icon and CSS class, and what a
    press does."""

    label: str
    icon: str
    css_class: str
    press: Callable[[], Any]


def _button(action: Action, style: str = "") -> ipw.Button:
    # As wide as the words, so that the buttons fit in a row.
    button = ipw.Button(
        description=action.label,
        icon=action.icon,
        button_style=style,
        layout=ipw.Layout(width="auto"),
    )
    button.add_class(action.css_class)

    def on_click(pressed: ipw.Button) -> None:
        # A click message can be forged for a button shown disabled or hidden: each
        # button acts only while Python offers it.
        if not pressed.disabled and pressed.layout.display != "none":
            action.press()

    button.on_click(on_click)
    return button


class GuidedPanel(Generic[R]):
    """The widgets beside and around a guided board, and the run and board on show.

    ``prefix`` names the CSS classes and the ``data-role`` of the task and the feedback
    (``"lesson"``: ``cw-lesson-task``, ``lesson-feedback``...). The buttons under the
    feedback (:attr:`buttons`, in this order) are ``aid`` (a hint, the solution), Try
    again (``retry``) and ``go_on`` (to the next task). ``board_layout`` adds to the board
    box's layout (its width is the board's).
    """

    def __init__(
        self,
        prefix: str,
        *,
        aid: Action,
        retry: Callable[[], Any],
        go_on: Action,
        board_layout: Mapping[str, str] | None = None,
    ) -> None:
        self.prefix = prefix
        self.task = ipw.HTML()
        self.feedback = ipw.HTML()
        # As wide as the board, so that it keeps its size when its move list appears
        # (the list goes under the board).
        self.board_box = ipw.Box(
            layout=ipw.Layout(width=f"{BOARD_SIZE}px", max_width="100%", **(board_layout or {}))
        )
        self.board_box.add_class(f"cw-{prefix}-board")
        again = Action("Try again", "refresh", f"cw-{prefix}-retry", retry)
        self.buttons = (_button(aid), _button(again), _button(go_on, "success"))
        self.actions = ipw.HBox(list(self.buttons))
        self.actions.add_class(f"cw-{prefix}-actions")
        self.run: R | None = None
        self.board: CheckersWidget | None = None
        self._stop_listening: Callable[[], None] | None = None

    def layout(self, top: Sequence[ipw.Widget], below: ipw.Widget, css_class: str) -> ipw.VBox:
        """The whole: ``top`` above, then the board and beside it (under it in a narrow
        cell) the task, the feedback, the buttons and ``below``."""
        side = ipw.VBox([self.task, self.feedback, self.actions, below])
        side.add_class(f"cw-{self.prefix}-side")
        main = ipw.HBox([self.board_box, side])
        main.add_class(f"cw-{self.prefix}-main")  # (wraps in a narrow cell: js/widget.css)
        whole = ipw.VBox([*top, main], layout=ipw.Layout(max_width="920px"))
        whole.add_class(css_class)
        return whole

    # ------------------------------------------------------------------ showing
    def show_task(self, words_html: str) -> None:
        """The task above the feedback (``words_html`` is already HTML)."""
        self.task.value = (
            f'<div class="cw-{self.prefix}-task" data-role="{self.prefix}-task"'
            f' style="margin:0.3em 0">{words_html}</div>'
        )

    def show_feedback(
        self, feedback: Feedback, *, data: Mapping[str, object] | None = None, after: str = ""
    ) -> None:
        """The feedback line in the colour of its kind; ``data`` adds ``data-`` attributes
        and ``after`` HTML after the words."""
        colour = KIND_COLOURS.get(feedback.kind or "info", "inherit")
        extra = "".join(f' data-{name}="{value}"' for name, value in (data or {}).items())
        self.feedback.value = (
            f'<div class="cw-{self.prefix}-feedback" data-role="{self.prefix}-feedback"'
            f' data-kind="{feedback.kind}" data-done="{str(feedback.done).lower()}"{extra}'
            f' style="color:{colour};min-height:1.5em;margin:0.3em 0" aria-live="polite">'
            f"{html.escape(feedback.message)}{after}</div>"
        )

    # ------------------------------------------------------------------ the run on show
    def show(self, run: R, board: CheckersWidget, on_feedback: Callable[[Feedback], Any]) -> None:
        """Put ``run`` and its ``board`` up (after :meth:`close`), telling ``on_feedback``
        of every feedback of the run."""
        self.run = run
        self.board = board
        self._stop_listening = run.listen(on_feedback)
        self.board_box.children = (board,)

    def close(self) -> None:
        """Stop listening to the run on show, and close it and its board."""
        if self._stop_listening is not None:
            self._stop_listening()
            self._stop_listening = None
        if self.board is not None:
            self.board.close()
        if self.run is not None:
            self.run.close()

    def on_show(self) -> tuple[R, CheckersWidget]:
        """The run and the board on show."""
        assert self.run is not None and self.board is not None
        return self.run, self.board

    def wait_for_reply(self) -> Feedback:
        """Wait (at most :data:`REPLY_TIMEOUT` seconds) for the board's scripted reply to a
        move played from Python; then the run's feedback."""
        run, board = self.on_show()
        board.wait(REPLY_TIMEOUT)
        return run.feedback


class GuidedView(Generic[R]):
    """The base of a notebook object built on a :class:`GuidedPanel` (the tutorial, the
    puzzle trainer): the run and the board on show, and its display in a notebook.

    The subclass makes :attr:`_panel` and :attr:`widget` (the whole, from
    :meth:`GuidedPanel.layout`).
    """

    _panel: GuidedPanel[R]
    widget: ipw.VBox

    @property
    def run(self) -> R | None:
        """The attempt on show (a lesson's or a puzzle's run)."""
        return self._panel.run

    @property
    def board(self) -> CheckersWidget | None:
        """The board on show, playing :attr:`run`."""
        return self._panel.board

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)
