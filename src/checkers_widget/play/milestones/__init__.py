"""The milestones, in one place: the eight stars and the book that keeps what was earned
(:mod:`.book`), and what a board's games earn as they are played (:mod:`.tracking`).

``checkers_widget.play.milestones`` keeps offering the book's names
(``from checkers_widget.play.milestones import MilestoneBook``), as it did when it was one
module.
"""

from .book import (
    CHALLENGE_LEVELS,
    MILESTONES,
    WINS_NEEDED,
    Attempt,
    Milestone,
    MilestoneBook,
    default_milestones_path,
)

__all__ = [
    "CHALLENGE_LEVELS",
    "MILESTONES",
    "WINS_NEEDED",
    "Attempt",
    "Milestone",
    "MilestoneBook",
    "default_milestones_path",
]
