"""Animations for slides and handouts: a game, a line or one move as animated SVG or GIF.

::

    from checkers_widget import data
    from checkers_widget.export import animate

    game = next(data.tinsley_games())
    animate(game, "tinsley.svg")                  # plays in any browser; no dependency
    animate(game, "tinsley.gif")                  # for slide tools; needs Pillow:
                                                  #   pip install 'checkers-widget[export]'
    animate("22x15x8", start=fen)                 # one move's replay, hop by hop

Every variant is animated on its own board (10x10 for international draughts, the turned
boards of Italian and Spanish), with the side that moves first at the bottom unless
``orientation=`` says otherwise, as :func:`~checkers_widget.board_svg` draws it::

    animate(data.international_sample(), "international.gif")

Pieces slide hop by hop along a multi-jump (a flying king's long hop is one slide), a taken
piece fades out in the hop that takes it, a crowned man becomes a king, and the move text
(``"12. 11-15"``, numbered from the variant's first mover) changes under the board. See
:func:`animate` for the options and :mod:`.timeline` for the schedule.

This layer sits beside ``formats`` (it imports the rules core and the picture helpers of
:mod:`checkers_widget.formats.svg` only); Pillow is imported only to write a GIF.
"""

from .animate import FORMATS, AnimatedGif, AnimatedSvg, MissingDependencyError, animate

__all__ = ["FORMATS", "AnimatedGif", "AnimatedSvg", "MissingDependencyError", "animate"]
