"""What Python publishes: the one board state the front end draws, typed.

Data flows one way. Python publishes one JSON *state* (:class:`BoardState`: the
position, the legal moves with their full paths, the status line, counts, the clock,
what each control may do...); the front end draws it and answers with intents (see
:mod:`.intents`). :func:`build_state` builds the whole state from its inputs, the game
and :class:`StateInputs`, in one go: the front end has nothing to work out, and nothing
is patched in afterwards.

Kept free of anywidget and traitlets so it can be tested, and reused, anywhere.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Literal, TypedDict

from ..core.color import BLACK, WHITE, Color
from ..core.game import Game
from ..core.move import Move
from ..core.variants import AMERICAN, Variant
from .commands import ControlFacts, ControlState, controls_for
from .draw_intents import DrawingState, drawing_state
from .openings import ExplorerState, OpeningState, explorer_state, opening_state
from .square_layout import GeometryState, geometry_of

if TYPE_CHECKING:
    from ..analysis.explorer import OpeningExplorer
    from ..engine import Analysis

__all__ = [
    "SHOWN_VARIATIONS_PER_PLY",
    "SHOWN_VARIATION_CHARS",
    "SHOWN_VARIATION_WORDS",
    "STATE_PROTOCOL",
    "AnalysisState",
    "BoardState",
    "ClockSnapshot",
    "ClockState",
    "ControlState",
    "CountState",
    "EarnedMilestoneState",
    "EditorState",
    "ExplorerState",
    "GeometryState",
    "HistoryState",
    "JoinRequestState",
    "LearnState",
    "MilestoneState",
    "MilestonesState",
    "MoveState",
    "NetworkState",
    "OpeningState",
    "PendingState",
    "ReplayState",
    "ReviewPointState",
    "ReviewShownState",
    "ReviewState",
    "SideSummaryState",
    "StateInputs",
    "Status",
    "StatusKind",
    "StatusState",
    "analysis_state",
    "build_state",
    "control_facts",
    "crown_hop",
    "default_status",
    "move_state",
    "pending_captures",
    "pending_crowned",
    "shown_variations",
]

#: The version of the board state's shape, bumped whenever it changes incompatibly
#: (``state["protocol"]``; the network's wire format has its own, ``PROTOCOL_VERSION``).
STATE_PROTOCOL = 1

StatusKind = Literal["turn", "must-jump", "keep-jumping", "over", "refused", "error", "thinking"]


@dataclass(frozen=True)
class Status:
    """The status line: what to read and how to style it."""

    text: str
    kind: StatusKind


# ---------------------------------------------------------------------- the state's parts
class MoveState(TypedDict):
    """A move: its notation, every square it visits, the pieces it takes, a crowning."""

    notation: str
    path: list[int]
    captures: list[int]
    crowns: bool


class PendingState(TypedDict):
    """A jump sequence in progress: the squares so far, the pieces already jumped, and
    whether the man making it has been crowned on the way (a Russian man goes on
    capturing as a king: :func:`crown_hop`)."""

    path: list[int]
    captures: list[int]
    crowned: bool


class StatusState(TypedDict):
    text: str
    kind: StatusKind


class CountState(TypedDict):
    men: int
    kings: int


class HistoryState(TypedDict):
    """The move list: the current line, the ply shown, comments and variations by ply."""

    line: list[str]
    ply: int
    comments: dict[str, str]
    variations: dict[str, list[str]]
    #: The side whose move opens each numbered pair ("1. 32-28 20-25"): the variant's
    #: first mover (White in international draughts), as PDN numbers the moves.
    leads: Color


class AnalysisState(TypedDict):
    """A hint or the live evaluation: the move, the score as written, the line, the depth."""

    move: MoveState | None
    score: str
    pv: str
    depth: int


class ReplayState(TypedDict):
    """A move replayed hop by hop: the pieces before it, its ply, seconds per hop, and
    from which hop the mover is a king (see :func:`crown_hop`)."""

    move: MoveState
    before: dict[str, str]
    ply: int
    speed: float
    crown_hop: int | None


class EditorState(TypedDict):
    """The position being set up in the editor, and why the last change was refused."""

    fen: str
    turn: Color
    pieces: dict[str, str]
    error: str | None


class ClockSnapshot(TypedDict):
    """The move clock as it stands (see :meth:`~checkers_widget.play.clock.TurnClock.snapshot`)."""

    side: Color | None
    phase: Literal["idle", "move", "grace", "expired"]
    remaining: float
    per_move: float
    grace: float
    on_expiry: Literal["auto-move", "forfeit"]
    paused: bool
    running: bool
    strikes: dict[Color, int]


class ClockState(ClockSnapshot):
    """The move clock as the board shows it."""

    #: The clock waits for the first move made on the board (the full time stands still).
    waiting: bool


class MilestoneState(TypedDict):
    id: str
    title: str
    description: str


class EarnedMilestoneState(MilestoneState):
    #: When it was earned (ISO date and time).
    date: str


class MilestonesState(TypedDict):
    """Every milestone, the earned ones, and the ids just earned (to toast once)."""

    all: list[MilestoneState]
    earned: list[EarnedMilestoneState]
    new: list[str]


class JoinRequestState(TypedDict):
    name: str
    address: str


class NetworkState(TypedDict):
    """What the board shows of a network game's connection."""

    role: Literal["host", "guest"]
    status: str
    connected: bool
    paused: bool
    peer: str | None
    request: JoinRequestState | None
    port: int | None


class ReviewPointState(TypedDict):
    """One point of the review's graph: the evaluation after ``ply`` moves (0: the start)."""

    ply: int
    #: Black's evaluation there, in men (+100.0: a proven win for Black).
    value: float
    #: The same as the graph draws it, from -1.0 (White winning) to +1.0 (Black winning).
    bar: float
    #: The judgement of the move that led there, and its mark ("?!", "?", "??" or "").
    judgement: str | None
    symbol: str


class ReviewShownState(TypedDict):
    """What the review says about the position shown (``ply`` moves into the line)."""

    ply: int
    #: The words about the move that led here (empty at the start).
    text: str
    #: The engine's move in this position, drawn as an arrow (None while the learn mode
    #: asks for it, at the end of the game, or where the review has none).
    best: MoveState | None
    #: The words about that move: "Best here: 9-14 (+0.30)".
    best_text: str


class SideSummaryState(TypedDict):
    """One side's figures in the review."""

    moves: int
    inaccuracies: int
    mistakes: int
    blunders: int
    accuracy: float


class LearnState(TypedDict):
    """The learn mode: which mistake is asked about, where it stands, what to say."""

    index: int
    total: int
    #: The ply of the mistake (the position asked about is the one before it).
    ply: int
    side: Color
    phase: Literal["asking", "checking", "wrong", "right", "answer", "done"]
    text: str
    #: After Hint, while the question stands: the square of the piece to move (the board
    #: marks it, as a hint's starting square).
    hint_square: int | None


class ReviewState(TypedDict):
    """The game review: its progress, then its graph, marks, words and the learn mode."""

    phase: Literal["running", "done", "failed"]
    done: int
    total: int
    error: str | None
    #: The move list's marks: ply (as a string key) -> "?!", "?" or "??".
    symbols: dict[str, str]
    points: list[ReviewPointState]
    shown: ReviewShownState | None
    summary: dict[Color, SideSummaryState] | None
    learn: LearnState | None


class BoardState(TypedDict):
    """Everything the front end draws, and nothing it must work out."""

    protocol: int
    version: int
    #: How many states the board has published: every one differs, so a repeated
    #: refusal still reaches the front end.
    seq: int
    fen: str
    turn: Color
    ply: int
    #: The board's size and where each numbered square is drawn (see :mod:`.geometry`).
    geometry: GeometryState
    pieces: dict[str, str]
    #: The moves the board offers to click (none while it is not this board's turn).
    legal: list[MoveState]
    pending: PendingState | None
    last_move: MoveState | None
    must_capture: bool
    status: StatusState
    result: str | None
    termination: str | None
    counts: dict[Color, CountState]
    names: dict[Color, str]
    can_undo: bool
    can_redo: bool
    draw_offer: Color | None
    draw_claim: str | None
    players: dict[Color, str]
    history: HistoryState
    thinking: bool
    level: str | None
    hint: AnalysisState | None
    evaluation: AnalysisState | None
    replay: ReplayState | None
    editor: EditorState | None
    paused: bool
    pausable: bool
    clock: ClockState | None
    milestones: MilestonesState | None
    network: NetworkState | None
    #: The ACF three-move opening the game starts with (see :mod:`.openings`).
    opening: OpeningState | None
    #: The opening explorer's moves from this position, when the board has an explorer.
    explorer: ExplorerState | None
    #: The arrows and marked squares drawn on the position shown (see :mod:`.drawing`).
    drawings: DrawingState
    #: Each control the board offers (of :data:`~checkers_widget.play.commands.CONTROLS`):
    #: shown, enabled, and where it applies its side and whether it confirms (see
    #: :mod:`.commands`).
    controls: dict[str, ControlState]
    #: The game review and the learn mode (None: no review asked for).
    review: ReviewState | None


@dataclass(frozen=True)
class StateInputs:
    """Everything besides the game that the board's state shows."""

    version: int
    #: The jump sequence in progress (the piece's square and the landings so far).
    pending: tuple[int, ...] | None = None
    #: A jump chain taken back by undo that redo can replay.
    redo_chain: bool = False
    #: The status line (None: whose turn it is, see :func:`default_status`).
    status: Status | None = None
    players: Mapping[Color, str] | None = None
    #: Whether the board offers this position's moves to click.
    offers_moves: bool = True
    thinking: bool = False
    level: str | None = None
    hint: AnalysisState | None = None
    evaluation: AnalysisState | None = None
    replay: ReplayState | None = None
    editor: EditorState | None = None
    paused: bool = False
    pausable: bool = False
    clock: ClockState | None = None
    milestones: MilestonesState | None = None
    network: NetworkState | None = None
    #: The board accepts moves and commands.
    interactive: bool = True
    #: The board's ``controls=`` choice (None: every control that applies).
    chosen_controls: frozenset[str] | None = None
    #: The game review and the learn mode (see :mod:`.review.game_review`).
    review: ReviewState | None = None
    #: The facts of the review that decide its controls: the review's phase, the
    #: learn mode's phase and the number of mistakes it could ask about.
    review_phase: str = "none"
    learn_phase: str | None = None
    mistakes: int = 0
    #: The opening explorer whose moves the board shows beside it (None: no panel).
    explorer: OpeningExplorer | None = None


# ---------------------------------------------------------------------- building it
def move_state(move: Move) -> MoveState:
    """A move as the state carries it."""
    return {
        "notation": str(move),
        "path": list(move.path),
        "captures": list(move.captures),
        "crowns": move.crowns,
    }


def crown_hop(move: Move, variant: Variant, mover: Color) -> int | None:
    """The hop of ``move`` (played by ``mover``'s man) after which the man is a king:
    None when the move crowns nothing. A man is crowned where the move ends, except in
    the variants whose man crowned during a capture goes on capturing as a king (Russian):
    there it is a king from its first landing on its crown row."""
    if not move.crowns:
        return None
    last = len(move.path) - 1
    if variant.crowning != "continues":
        return last
    squares = variant.geometry
    row = squares.bottom_row if mover == variant.top else squares.top_row
    return next((k for k in range(1, last) if squares.bit[move.path[k]] & row), last)


def analysis_state(analysis: Analysis, *, scored: bool = True) -> AnalysisState:
    """What the board shows of an analysis: the move's path, the score and the line
    (``scored=False``: no score, for a hint that is an answer rather than a judgement)."""
    return {
        "move": move_state(analysis.move) if analysis.move else None,
        "score": analysis.score_text if scored else "",
        "pv": " ".join(str(m) for m in analysis.pv),
        "depth": analysis.depth,
    }


def pending_captures(legal: list[Move], path: tuple[int, ...]) -> list[int]:
    """The pieces already jumped by a sequence in progress (they stay until it ends)."""
    for move in legal:
        if move.path[: len(path)] == path:
            return list(move.captures[: len(path) - 1])
    return []


def pending_crowned(game: Game, legal: list[Move], path: tuple[int, ...]) -> bool:
    """Whether the man making the sequence in progress ``path`` is a king by now."""
    for move in legal:
        if move.path[: len(path)] == path:
            hop = crown_hop(move, game.variant, game.turn)
            return hop is not None and hop < len(path)
    return False


def default_status(game: Game, pending: tuple[int, ...] | None) -> Status:
    """The status line when nothing special happened: whose turn, must jump, or the result."""
    if game.is_over():
        winner = game.winner
        headline = f"{game.side_name(winner)} wins" if winner else "Draw"
        return Status(f"{headline}: {game.termination}", "over")
    name = game.side_name(game.turn)
    if pending:
        return Status(f"{name}: keep jumping", "keep-jumping")
    if game.board.must_capture():
        return Status(f"{name} to move: {must_capture_words(game)}", "must-jump")
    return Status(f"{name} to move", "turn")


def must_capture_words(game: Game) -> str:
    """What the status line says when a capture is compulsory, in the variant's terms and
    for this position: "you must jump" in American checkers (and giveaway), "you must take
    the most pieces" where the capture taking the most pieces must be chosen (international,
    Brazilian, Italian, Spanish) and one capture here takes more than one piece, "you must
    capture" in the other draughts (any capture may be chosen: Russian, pool) and where
    every capture takes one piece (the rule then chooses nothing: Italian after 21-17 10-13)."""
    variant = game.variant
    if variant.capture_rule != "free" and any(
        len(move.captures) > 1 for move in game.legal_moves()
    ):
        return "you must take the most pieces"
    return "you must jump" if variant.uses_bitboards else "you must capture"


#: The move list draws at most this many alternatives per move (the most recent ones).
SHOWN_VARIATIONS_PER_PLY = 8

#: It shows a variation's first six words and, in a tooltip, at most this many; a longer
#: one is sent cut, with a last word "…" (its whole text stays in ``game.variations``).
SHOWN_VARIATION_WORDS = 24

#: And at most this many characters of it (a single long comment is cut too).
SHOWN_VARIATION_CHARS = 240


def shown_variations(game: Game, end: int | None = None) -> dict[str, list[str]]:
    """The variations as the move list draws them: a bounded summary, not the whole text.

    Only moves of the current line (and the start, ply 0) have a row to draw them
    under; each shows its :data:`SHOWN_VARIATIONS_PER_PLY` most recent alternatives,
    each cut to :data:`SHOWN_VARIATION_WORDS` words and :data:`SHOWN_VARIATION_CHARS`
    characters. So the state sent on every update stays small however many variations
    a long session or a heavily annotated PDN file holds. ``end`` is the length of the
    current line, when the caller has it.
    """
    if end is None:
        end = len(game.line)
    shown: dict[str, list[str]] = {}
    for ply, texts in game.variations.items():
        if texts and 0 <= ply <= end:
            shown[str(ply)] = [_summary(t) for t in texts[-SHOWN_VARIATIONS_PER_PLY:]]
    return shown


@lru_cache(maxsize=4096)
def _summary(text: str) -> str:
    """A variation's first words, ending with "…" when some were left out.

    Cached: the same texts are summarised again on every update.
    """
    words = text[: SHOWN_VARIATION_CHARS * 2].split(maxsplit=SHOWN_VARIATION_WORDS)
    cut = len(words) > SHOWN_VARIATION_WORDS or len(text) > SHOWN_VARIATION_CHARS * 2
    summary = " ".join(words[:SHOWN_VARIATION_WORDS])
    if len(summary) > SHOWN_VARIATION_CHARS:
        summary, cut = summary[:SHOWN_VARIATION_CHARS], True
    return summary + " …" if cut else summary


#: Who plays when nobody said: two people at one board.
_TWO_PEOPLE: Mapping[Color, str] = {BLACK: "human", WHITE: "human"}


def _draw_claim(game: Game) -> str | None:
    """Why a draw may be claimed now, where the rules wait for a claim (else None)."""
    return game.draw_claim if game.draw_rules.automatic is False else None


def control_facts(game: Game, inputs: StateInputs) -> ControlFacts:
    """The facts of the board that decide its controls (see :mod:`.commands`)."""
    status = inputs.status
    network = inputs.network
    return ControlFacts(
        players=inputs.players or _TWO_PEOPLE,
        turn=game.turn,
        over=game.result is not None,
        draw_offer=game.draw_offer,
        draw_claim=bool(_draw_claim(game)),
        can_undo=game.can_undo or bool(inputs.pending),
        can_redo=game.can_redo or inputs.redo_chain,
        ply=game.ply,
        pending=bool(inputs.pending),
        interactive=inputs.interactive,
        paused=inputs.paused,
        pausable=inputs.pausable,
        thinking=inputs.thinking,
        searching=inputs.thinking or (status is not None and status.kind == "thinking"),
        network=network is not None,
        network_paused=network is not None and network["paused"],
        milestones=inputs.milestones is not None,
        chosen=inputs.chosen_controls,
        review=inputs.review_phase,
        reviewable=game.ply > 0 or game.can_redo,
        american=game.variant is AMERICAN,
        learn=inputs.learn_phase,
        mistakes=inputs.mistakes,
    )


def build_state(game: Game, inputs: StateInputs, *, seq: int = 0) -> BoardState:
    """The whole state the front end draws, from the game and the board's inputs.

    ``seq`` counts the states published (see :attr:`BoardState.seq`).
    """
    board = game.board
    pending = inputs.pending
    legal = game.legal_moves()
    if pending:
        legal = [m for m in legal if m.path[: len(pending)] == pending]
    last = board.peek()
    status = inputs.status or default_status(game, pending)
    line = game._line_notation()
    return {
        "protocol": STATE_PROTOCOL,
        "version": inputs.version,
        "seq": seq,
        "fen": board.to_fen(),
        "turn": game.turn,
        "ply": game.ply,
        "geometry": geometry_of(board),
        "pieces": {str(s): p.name for s, p in board.pieces.items()},
        # Nothing to click on a board whose turn it is not: no piece is lit as movable.
        "legal": [move_state(m) for m in legal] if inputs.offers_moves else [],
        "pending": (
            {
                "path": list(pending),
                "captures": pending_captures(legal, pending),
                "crowned": pending_crowned(game, legal, pending),
            }
            if pending
            else None
        ),
        "last_move": move_state(last) if last else None,
        "must_capture": bool(legal) and legal[0].is_capture,
        "status": {"text": status.text, "kind": status.kind},
        "result": game.result,
        "termination": game.termination,
        "counts": {
            color: {"men": board.count(color, king=False), "kings": board.count(color, king=True)}
            for color in (BLACK, WHITE)
        },
        "names": {BLACK: game.side_name(BLACK), WHITE: game.side_name(WHITE)},
        "can_undo": game.can_undo or bool(pending),
        "can_redo": game.can_redo or inputs.redo_chain,
        "draw_offer": game.draw_offer,
        "draw_claim": _draw_claim(game),
        "players": dict(inputs.players or _TWO_PEOPLE),
        "history": {
            "line": line,
            "ply": game.ply,
            "comments": {str(k): v for k, v in game.comments.items() if v},
            "variations": shown_variations(game, len(line)),
            "leads": game.variant.first,
        },
        "thinking": inputs.thinking,
        "level": inputs.level,
        "hint": inputs.hint,
        "evaluation": inputs.evaluation,
        "replay": inputs.replay,
        "editor": inputs.editor,
        "paused": inputs.paused,
        "pausable": inputs.pausable,
        "clock": inputs.clock,
        "milestones": inputs.milestones,
        "network": inputs.network,
        "opening": opening_state(game),
        # (not while a position is being set up: the panel speaks of the game's position;
        # its collections are American checkers games)
        "explorer": (
            explorer_state(
                inputs.explorer,
                game,
                legal if inputs.offers_moves and not inputs.thinking else (),
                interactive=inputs.interactive
                and (inputs.players or _TWO_PEOPLE)[game.turn] == "human",
            )
            if inputs.explorer is not None and inputs.editor is None and game.variant is AMERICAN
            else None
        ),
        "drawings": drawing_state(game.drawing()),
        "controls": controls_for(control_facts(game, inputs)),
        "review": inputs.review,
    }
