"""When each piece moves, is taken or is crowned in an animation: the plan both formats draw.

An animation replays moves from a start position on one clock. The schedule, in seconds:

* the start position shows for ``pause``;
* each move then plays hop by hop, ``seconds_per_hop`` a hop (a simple move is one hop, a
  double jump two), and its position shows for ``pause`` after it;
* the final position shows for ``hold`` more before the animation starts over (or stops);
  a finished game's result (``"1-0: Black wins"``) is the caption for that time.

So the whole lasts ``pause * (moves + 1) + seconds_per_hop * hops + hold``. A piece taken
in a hop fades out over the second half of that hop (the jumper passes over it halfway) and
is gone when the hop ends; a man crowned by a move becomes a king when its last hop ends. The
caption of a move (``"12. 11-15"``, ``"12... 22x15x8"``, ``x`` for jumps) shows from the
start of the move until the next move starts.

The SVG writer (:mod:`.animated_svg`) and the GIF writer (:mod:`.gif`) both draw this plan,
so the two formats agree on every time.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.board import Board
from ..core.color import BLACK
from ..core.move import Move

__all__ = ["Caption", "Hop", "Step", "Timeline", "Track", "caption_text", "plan"]


@dataclass(frozen=True, slots=True)
class Hop:
    """One hop of a move: the mover goes from ``origin`` to ``target`` between the times."""

    begin: float
    end: float
    origin: int
    target: int
    captured: int | None  # the square of the piece taken in this hop, if any


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
class Step:
    """One move of the animation, with the position before it (square -> piece kind)."""

    move: Move
    caption: str
    hops: tuple[Hop, ...]
    before: dict[int, str]  # e.g. {11: "black-man", 22: "white-king"}


@dataclass(frozen=True, slots=True)
class Timeline:
    """Everything an animation shows, with times in seconds from its start."""

    start: dict[int, str]  # the start position, square -> piece kind
    steps: tuple[Step, ...]
    tracks: tuple[Track, ...]
    captions: tuple[Caption, ...]
    end: dict[int, str]  # the final position
    duration: float
    pause: float
    seconds_per_hop: float


def _kind(board: Board, square: int) -> str | None:
    piece = board.piece_at(square)
    if piece is None:
        return None
    return f"{piece.color}-{'king' if piece.king else 'man'}"


def _position(board: Board) -> dict[int, str]:
    position = {}
    for square in range(1, 33):
        kind = _kind(board, square)
        if kind is not None:
            position[square] = kind
    return position


def caption_text(ply: int, black_first: bool, move: Move) -> str:
    """The move text with its number: ``"12. 11-15"`` for Black, ``"12... 23-19"`` for White.

    ``ply`` counts from 0 at the start position; ``black_first`` says who moved first (a
    position with White to move starts at ``"1... "``). Jumps read with ``x`` and list every
    landing square (``"22x15x8"``), so a multi-jump's route is written as it is shown.
    """
    index = ply + (0 if black_first else 1)
    number = index // 2 + 1
    dots = "." if index % 2 == 0 else "..."
    return f"{number}{dots} {move}"


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
    black_first = board.turn == BLACK
    lives: list[_Life] = []
    at: dict[int, _Life] = {}
    for square, kind in _position(board).items():
        color, rank = kind.split("-")
        life = _Life(color, rank == "king", square, [])
        lives.append(life)
        at[square] = life
    steps: list[Step] = []
    captions: list[Caption] = []
    begins: list[float] = []
    clock = pause
    for ply, move in enumerate(moves):
        before = _position(board)
        mover = at.pop(move.start)
        hops: list[Hop] = []
        for origin, target, captured in move.hops:
            hop = Hop(clock, clock + seconds_per_hop, origin, target, captured)
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
        steps.append(Step(move, caption_text(ply, black_first, move), tuple(hops), before))
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
    )
