"""Animations for slides and handouts: a game, a line or one move as animated SVG or GIF.

::

    from checkers_widget import data
    from checkers_widget.export import animate

    game = next(data.tinsley_games())
    animate(game, "tinsley.svg")                  # plays in any browser; no dependency
    animate(game, "tinsley.gif")                  # for slide tools; needs Pillow:
                                                  #   pip install 'checkers-widget[export]'
    animate("22x15x8", start=fen)                 # one move's replay, hop by hop

Pieces slide hop by hop along a multi-jump, a taken piece fades out in the hop that takes
it, a crowned man becomes a king, and the move text (``"12. 11-15"``) changes under the
board. See :func:`animate` for the options and :mod:`.timeline` for the schedule.

This layer sits beside ``formats`` (it imports the rules core and the picture helpers of
:mod:`checkers_widget.formats.svg` only); Pillow is imported only to write a GIF.
"""

from .animate import FORMATS, AnimatedGif, AnimatedSvg, MissingDependencyError, animate

__all__ = ["FORMATS", "AnimatedGif", "AnimatedSvg", "MissingDependencyError", "animate"]
