"""Learning from games: reviews of played games, puzzles mined from them, an opening explorer.

This layer sits on the engine (it searches) and below the network, the play session and the
widget (which show what it finds). It imports no Jupyter module, so a review runs in a
script, a process pool or a cluster worker as well as in a notebook.
"""

from .explorer import ExplorerMove, OpeningExplorer
from .review import Judgement, PlyReview, Review, SideSummary, review, review_games

__all__ = [
    "ExplorerMove",
    "Judgement",
    "OpeningExplorer",
    "PlyReview",
    "Review",
    "SideSummary",
    "review",
    "review_games",
]
