"""The computer player: a pure-Python alpha-beta engine for American checkers and the
other draughts variants.

``Engine(level="hard", seed=None).analyse(board_or_game)`` returns an
:class:`Analysis` (best move, score in men, proven win/loss distance, principal
variation, depth, nodes). Pure Python on purpose: it must run in Pyodide, so there is
no numpy and no extension module; speed comes from searching raw bitboards
(:mod:`.search`, with the moves of the rules core's generator,
:mod:`checkers_widget.core.movegen`) with a cheap, table-driven evaluation
(:mod:`.evaluate`). Hard and Expert know every ending of up to four pieces
exactly (:mod:`.endgame_db`, databases built by retrograde analysis and shipped with
the package; :mod:`.endgame`, the 2-v-1 king tables built on first use, is their
independent check). Every
other variant (international, Russian, Brazilian, pool, Italian, Spanish, giveaway) is
played by one general searcher (:mod:`.general_search`) and one evaluation
(:mod:`.general_eval`) that read the rules from the board's variant. Both searchers
stand on one scaffold (:mod:`.deepening`: limits, the root, iterative deepening and
its results) and one score scale (:mod:`.scores`). In American
checkers the computer opens from a book of master play (:mod:`.book`,
:class:`OpeningBook`): :meth:`Engine.choose` plays from it while the game is in it.
"""

from .book import BookMove, OpeningBook
from .engine import LEVELS, WIN_SCORE, Analysis, Engine, Level

__all__ = ["LEVELS", "WIN_SCORE", "Analysis", "BookMove", "Engine", "Level", "OpeningBook"]
