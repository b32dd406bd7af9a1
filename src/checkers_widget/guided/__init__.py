"""The guided board: what a lesson and a puzzle share, under the tutorial and the puzzles.

A lesson (:mod:`checkers_widget.tutorial`) and a puzzle (:mod:`checkers_widget.puzzles`) are
played the same way: the person plays one side against a script, a judge vetoes wrong moves
with words, the board's hint shows the answer, and the feedback beside the board says how
it goes. This layer holds that once, so that neither of the two imports the other:

- :mod:`.feedback`: :class:`~.feedback.Feedback`, what a run says about an attempt;
- :mod:`.guided_run`: :class:`~.guided_run.GuidedRun`, a run's game, its feedback and the
  listeners told of it;
- :mod:`.wiring`: a run on a :class:`~checkers_widget.play.session.PlaySession` (the
  scripted reply, the judge as validator, the goal) and on a live board;
- :mod:`.panel`: the notebook's part (needs ipywidgets): the board box, the task, the
  feedback line, the row of buttons and their layout.

Only :mod:`.panel` and :func:`.wiring.guided_board` need Jupyter; the rest runs anywhere
the session does.
"""
