"""When each piece moves, is taken or is crowned in an animation: the plan both formats draw.

An animation replays moves from a start position on one clock. The schedule, in seconds:

* the start position shows for ``pause``;
* each move then plays hop by hop, ``seconds_per_hop`` a hop (a simple move is one hop, a
  double jump two), and its position shows for ``pause`` after it;
* the final position shows for ``hold`` more before the animation starts over (or stops);
  a finished game's result (``"1-0: Black wins"``) is the caption for that time.

So the whole lasts ``pause * (moves + 1) + seconds_per_hop * hops + hold``. A piece taken
in a hop fades out from the moment the jumper passes over it to the end of that hop, and is
gone when the hop ends: over the second half of a short jump (to the square just past the
piece), later or sooner in a flying king's long hop (:attr:`Hop.over`). In every variant
the taken pieces go hop by hop, as the board widget's replay shows them, although the rules
lift them only once the capture is complete (so that none is jumped twice). A man crowned by
a move becomes a king when its last hop ends. The caption of a move (``"12. 11-15"``,
``"12... 22x15x8"``, ``x`` for jumps) shows from the start of the move until the next move
starts; moves are numbered from the variant's first mover (Black in American checkers,
White in international draughts).

A hop is one straight slide, however many squares it spans (a flying king's), and squares
are the variant's (1-32 on 8x8, 1-50 on 10x10, :attr:`Timeline.variant`).

The SVG writer (:mod:`.animated_svg`) and the GIF writer (:mod:`.gif`) both draw this plan,
so the two formats agree on every time.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.board import Board
from ..core.move import Move
from ..core.variants import AMERICAN, Variant

__all__ = ["AnimatedMove", "Caption", "Hop", "Timeline", "Track", "caption_text", "plan"]


@dataclass(frozen=True, slots=True)
class Hop:
    """One hop of a move: the mover goes from ``origin`` to ``target`` between the times.

    ``over`` is the fraction of the hop at which the mover is over the ``captured`` piece:
    one half for a hop to the next square but one, another for a flying king's long hop
    (a king two squares before a piece and one past it: two thirds).
    """

    begin: float
    end: float
    origin: int
    target: int
    captured: int | None  # the square of the piece taken in this hop, if any
    over: float = 0.5

    @property
    def passed(self) -> float:
        """When the mover is over the captured piece (the time a taken piece starts to fade)."""
        if self.over == 0.5:
            return (self.begin + self.end) / 2
        return self.begin + self.over * (self.end - self.begin)


@dataclass(frozen=True, slots=True)
class Track:
    """One piece's life in the animation: where it starts, its hops, its crowning and end."""

    color: str  # "black" or "white"
    king: bool  # a king from the start
    square: int  # where it stands at the start
    hops: tuple[Hop, ...]  # its own hops, in time order
    crowned_at: float | None  # when it becomes a king (the end of its crowning move)
    taken: Hop | None  # the hop (of another piece) that takes it


@dataclass(frozen=True, slots=True)
class Caption:
    """Text shown under the board from ``begin`` to ``end``."""

    text: str
    begin: float
    end: float


@dataclass(frozen=True, slots=True)
class AnimatedMove:
    """One move of the animation, with the position before it (square -> piece kind)."""

    move: Move
    caption: str
    hops: tuple[Hop, ...]
    before: dict[int, str]  # e.g. {11: "black-man", 22: "white-king"}


@dataclass(frozen=True, slots=True)
class Timeline:
    """Everything an animation shows, with times in seconds from its start."""

    start: dict[int, str]  # the start position, square -> piece kind
    steps: tuple[AnimatedMove, ...]
    tracks: tuple[Track, ...]
    captions: tuple[Caption, ...]
    end: dict[int, str]  # the final position
    duration: float
    pause: float
    seconds_per_hop: float
    variant: Variant = AMERICAN  # whose board the squares are on


def _kind(board: Board, square: int) -> str | None:
    piece = board.piece_at(square)
    if piece is None:
        return None
    return f"{piece.color}-{'king' if piece.king else 'man'}"


def _position(board: Board) -> dict[int, str]:
    position = {}
    for square in range(1, board.variant.squares + 1):
        kind = _kind(board, square)
        if kind is not None:
            position[square] = kind
    return position


def caption_text(ply: int, first_mover_starts: bool, move: Move) -> str:
    """The move text with its number: ``"12. 11-15"`` for the side that moves first in the
    variant (Black in American checkers, White in international draughts: ``"1. 32-28"``),
    ``"12... 23-19"`` for the other.

    ``ply`` counts from 0 at the start position; ``first_mover_starts`` says whether the
    variant's first mover is the one to move there (a position with the other side to move
    starts at ``"1... "``). Jumps read with ``x`` and list every landing square
    (``"22x15x8"``), so a multi-jump's route is written as it is shown.
    """
    index = ply + (0 if first_mover_starts else 1)
    number = index // 2 + 1
    dots = "." if index % 2 == 0 else "..."
    return f"{number}{dots} {move}"


def _over(rules: Variant, origin: int, target: int, captured: int) -> float:
    """The fraction of the hop ``origin``-``target`` at which the mover is over ``captured``
    (all three on one diagonal: the rows count the squares along it)."""
    grid = rules.geometry
    row = grid.row_column(origin)[0]
    passed = abs(grid.row_column(captured)[0] - row)
    whole = abs(grid.row_column(target)[0] - row)
    return 0.5 if 2 * passed == whole else passed / whole


@dataclass
class _Life:
    """A piece being followed while the plan is built (mutable; becomes a :class:`Track`)."""

    color: str
    king: bool
    square: int
    hops: list[Hop]
    crowned_at: float | None = None
    taken: Hop | None = None


def plan(
    start: Board,
    moves: list[Move],
    *,
    seconds_per_hop: float,
    pause: float,
    hold: float,
    title: str = "",
    ending: str = "",
) -> Timeline:
    """The timeline of ``moves`` (legal, in order) played from ``start`` (not changed).

    ``title`` is the caption shown over the start position, ``ending`` the one shown for the
    ``hold`` after the last move's pause (empty for none: the last move's text stays).
    """
    board = start.copy(stack=False)
    rules = board.variant
    first_mover_starts = board.turn == rules.first
    lives: list[_Life] = []
    at: dict[int, _Life] = {}
    for square, kind in _position(board).items():
        color, rank = kind.split("-")
        life = _Life(color, rank == "king", square, [])
        lives.append(life)
        at[square] = life
    steps: list[AnimatedMove] = []
    captions: list[Caption] = []
    begins: list[float] = []
    clock = pause
    for ply, move in enumerate(moves):
        before = _position(board)
        mover = at.pop(move.start)
        hops: list[Hop] = []
        for origin, target, captured in move.hops:
            over = 0.5 if captured is None else _over(rules, origin, target, captured)
            hop = Hop(clock, clock + seconds_per_hop, origin, target, captured, over)
            clock = hop.end
            hops.append(hop)
            mover.hops.append(hop)
            if captured is not None:
                at.pop(captured).taken = hop
        at[move.end] = mover
        if move.crowns:
            mover.crowned_at = clock
        begins.append(hops[0].begin)
        board.push(move)
        steps.append(
            AnimatedMove(move, caption_text(ply, first_mover_starts, move), tuple(hops), before)
        )
        clock += pause
    duration = clock + hold
    if title:
        captions.append(Caption(title, 0.0, begins[0] if begins else duration))
    final = duration if not ending or hold <= 0 else clock
    for index, step in enumerate(steps):
        end = begins[index + 1] if index + 1 < len(begins) else final
        captions.append(Caption(step.caption, begins[index], end))
    if final < duration:
        captions.append(Caption(ending, final, duration))
    tracks = tuple(
        Track(life.color, life.king, life.square, tuple(life.hops), life.crowned_at, life.taken)
        for life in lives
    )
    return Timeline(
        start=_position(start),
        steps=tuple(steps),
        tracks=tracks,
        captions=tuple(captions),
        end=_position(board),
        duration=duration,
        pause=pause,
        seconds_per_hop=seconds_per_hop,
        variant=rules,
    )
