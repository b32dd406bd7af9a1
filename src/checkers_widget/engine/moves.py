"""The engine's moves: :mod:`checkers_widget.core.movegen`'s moves by result, under the
names the search uses.

The search does not need every capture *path* (Board and perft do): two routes that
leave the same position are the same move to it, so here a move is the tuple
``(src, dst, taken)`` of one-bit masks (``taken`` is 0 for a step, the union of the
jumped squares for a capture), and routes with the same result appear once. The rules
themselves are written once, in :mod:`checkers_widget.core.movegen`; this module only names
them for the engine:

* :data:`EMove` is :data:`~checkers_widget.core.movegen.BitMove`;
* :func:`quiet` is :func:`~checkers_widget.core.movegen.quiet_steps` (in the order the
  search's history and killer tables break ties by);
* :func:`captures` is :func:`~checkers_widget.core.movegen.capture_results` (most taken
  first, the order the search tries them in);
* :func:`play`, :func:`has_capture`, :func:`can_step`, :func:`can_take` and
  :func:`moves_kind` (with its answers) are movegen's.

Everything works on the side-to-move's view used across the package: ``own``, ``opp``,
``kings`` and whether the side to move is Black (Black's men move towards higher
squares, i.e. left shifts).
"""

from __future__ import annotations

from ..core.movegen import (
    MUST_CAPTURE,
    NO_MOVE,
    STEPS_ONLY,
    can_step,
    can_take,
    has_capture,
    moves_kind,
    play,
)
from ..core.movegen import BitMove as EMove
from ..core.movegen import capture_results as captures
from ..core.movegen import quiet_steps as quiet

__all__ = [
    "MUST_CAPTURE",
    "NO_MOVE",
    "STEPS_ONLY",
    "EMove",
    "can_step",
    "can_take",
    "captures",
    "has_capture",
    "moves_kind",
    "play",
    "quiet",
]
