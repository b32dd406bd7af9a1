"""``checkers_widget.tutorial``: short interactive lessons on the rules of checkers.

Each lesson is a position, a short explanation and a task. The learner plays on a live
board; a wrong attempt is refused with the reason (the rule it breaks, or the lesson's
own words), hints come on request, and every solved lesson earns stars that are saved
and survive reopening the notebook::

    from checkers_widget.tutorial import Tutorial
    Tutorial()                       # the built-in series (LESSONS), from the first lesson
    Tutorial(start="multi-jump")     # from a given lesson
    Tutorial("other-draughts")       # the chapter on the other draughts (OTHER_DRAUGHTS)

Lessons are data
----------------
A lesson is a frozen :class:`Lesson`; a teacher writes one in a notebook cell::

    from checkers_widget.tutorial import Lesson, Step, Tutorial

    two_for_one = Lesson(
        id="two-for-one",                   # a slug: the key of saved progress
        title="Two for one",
        fen="B:W13,22,24:B8,11,16",         # the start; the side to move is the learner
        text="White **must** jump a piece you put in the way.",
        task="Give White one man so that you can take two back.",
        solution=[                          # the learner's steps, with White's replies
            Step("16-19", reply="24x15"),
            Step("11x18x25", task="White had to jump: now take two."),
        ],
        feedback={"11-15": "Safe, but it wins nothing: which man must White take?"},
        hints=["White has to jump any man you put next to one of its men."],
    )
    Tutorial([two_for_one])

The fields:

``id``, ``title``, ``fen``, ``task``
    Required. ``task`` is one sentence saying what to do.
``solution``
    The learner's steps, in order: :class:`Step` values or plain move text. A step is
    ``Step(move, reply=None, also=(), task="")``: ``move`` the model answer (hints show
    it), ``also`` other moves that count as right (``"*"``, :data:`ANY_MOVE`, accepts
    any legal move in the last step), ``reply`` the opponent's scripted answer and
    ``task`` what to do once the earlier steps are played.
``rule``, ``text``
    The rule taught (one line) and the explanation: paragraphs separated by blank
    lines, ``- `` bullets, ``**bold**``, ``*italic*`` and ```code```.
``feedback``, ``wrong``
    What to say about a wrong attempt: ``feedback`` maps move text (legal or not) to a
    message; ``wrong`` covers any other legal move that is not the answer. Illegal
    attempts without a message of their own are explained by
    :meth:`~checkers_widget.Game.explain` (the rule they break).
``hints``
    From gentle to strong. After the last one, a hint shows the move on the board.
``success``
    Said when the lesson is done.
``result``, ``goal``
    ``result`` is checked to be what the solution reaches (``"1-0"``: Black wins,
    ``"1/2-1/2"``: a draw). ``goal="offer-draw"`` ends a lesson with a draw offer that
    the opponent accepts, after the steps (if any).
``draw_rules``, ``side_names``, ``orientation``, ``show_numbers``
    As for :class:`~checkers_widget.Game` and the board; numbers are shown by default,
    since lessons talk about squares.

A lesson checks itself when it is made: a FEN that does not read, a move or reply that
is not legal where it is played, or a result that the moves do not reach raises
:class:`LessonError` naming the lesson, the step and the legal moves.
:meth:`Lesson.to_dict` and :meth:`Lesson.from_dict` turn lessons into JSON and back.

Stars
-----
A solved lesson earns 3 stars when solved at the first try without help, 2 after one
mistake or one hint, and 1 otherwise (being shown the move counts as two hints). The
best score per lesson is kept in a JSON file (:class:`Progress`):
``$CHECKERS_WIDGET_HOME/progress.json`` or ``~/.checkers_widget/progress.json``, or a
path given with ``Tutorial(progress=...)``.

Without a notebook
------------------
:class:`LessonRun` is the teaching logic alone: ``LessonRun(lesson).attempt("9x18")``
returns a :class:`Feedback` (``ok``, ``message``, ``done``, ``stars``); ``hint()``,
``offer_draw()`` and ``restart()`` do the rest. :class:`Tutorial` (which needs
ipywidgets) puts a run on a :class:`~checkers_widget.CheckersWidget`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .chapters import CHAPTERS, lesson
from .lesson import ANY_MOVE, Lesson, LessonError, NoSuchLessonError, Step
from .lessons import LESSONS
from .other_draughts import OTHER_DRAUGHTS
from .progress import Progress, default_progress_path
from .run import Feedback, Hint, LessonRun, stars_for

if TYPE_CHECKING:
    from .ui import Tutorial

__all__ = [
    "ANY_MOVE",
    "CHAPTERS",
    "LESSONS",
    "OTHER_DRAUGHTS",
    "Feedback",
    "Hint",
    "Lesson",
    "LessonError",
    "LessonRun",
    "NoSuchLessonError",
    "Progress",
    "Step",
    "Tutorial",
    "default_progress_path",
    "lesson",
    "stars_for",
]


def __getattr__(name: str) -> object:
    """Import the notebook front end only when asked for (it needs ipywidgets)."""
    if name == "Tutorial":
        from .ui import Tutorial

        return Tutorial
    raise AttributeError(f"module 'checkers_widget.tutorial' has no attribute {name!r}")
