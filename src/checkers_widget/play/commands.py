"""The board's commands and controls: one table, and what it decides for a board.

Every control the board draws (a button, the Evaluation and Screen reader switches, the
★ button) and every
command the browser may send is one :class:`Control` row of :data:`TABLE`: what it does,
how it is pressed, whether ``controls=`` may choose it, what it does across a network
link, what it needs. From the facts of one board (:class:`ControlFacts`: the game, who
plays, network, pause, search...) two pure functions decide:

- :func:`controls_for`: for each control the board offers, whether it is shown and
  enabled, for which side it speaks and whether a click must be confirmed: the
  ``controls`` entry of the published state, which the front end only draws;
- :func:`refusal`: why a command sent anyway is refused, in the words the status line
  shows (None: the command goes to its handler).

:data:`COMMANDS` (what an intent may name), :data:`CONTROLS` (what ``controls=`` may
list) and :data:`LOCAL_ONLY_COMMANDS` (refused across a network link) are read off the
table. Free of Jupyter, like the rest of :mod:`checkers_widget.play`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Literal, NotRequired, TypedDict

from ..core.color import COLORS, Color, opponent

__all__ = [
    "COMMANDS",
    "CONTROLS",
    "LOCAL_ONLY_COMMANDS",
    "NOT_OFFERED",
    "TABLE",
    "Control",
    "ControlFacts",
    "ControlState",
    "command_side",
    "controls_for",
    "crosses_link",
    "network_refusal",
    "offered",
    "refusal",
]

#: How a control is pressed: a button (perhaps with a key), a switch (Evaluation, Screen
#: reader), or a row of the move list.
Kind = Literal["button", "switch", "move-list"]

#: What a command does in a network game: ``"refused"`` (both players must see the
#: host's one game), ``"session"`` (sent to the network session: the draw offers,
#: resignation, a join request's answer) or ``"view"`` (each board's own business:
#: replaying a move, turning the board, the ★ panel).
NetworkUse = Literal["refused", "session", "view"]

#: The answer to a control that ``controls=`` left out of the board.
NOT_OFFERED = "That control is not offered on this board"


class ControlState(TypedDict):
    """One control the board offers, as the state publishes it (``state["controls"][name]``;
    a control the board does not offer has no entry)."""

    #: The front end draws it now.
    shown: bool
    #: It can be pressed now (drawn greyed out otherwise).
    enabled: bool
    #: Resign and the draw buttons only: the side it speaks for (accept or decline: the
    #: side answering the offer; None while there is none).
    side: NotRequired[Color | None]
    #: Resign, New game and Restart only: a click would throw a game away, so the
    #: button asks for a second one.
    confirm: NotRequired[bool]


@dataclass(frozen=True)
class ControlFacts:
    """The facts of one board that decide its controls (all Python's, none the browser's)."""

    #: Who plays each side: ``"human"``, ``"computer"``, ``"remote"`` or ``"waiting"``.
    players: Mapping[Color, str]
    turn: Color
    #: The game has a result.
    over: bool = False
    #: The side whose draw offer waits for an answer.
    draw_offer: Color | None = None
    #: A draw may be claimed now (claim-based draw rules only).
    draw_claim: bool = False
    can_undo: bool = False
    can_redo: bool = False
    #: Moves played in the current line up to the position shown.
    ply: int = 0
    #: A jump sequence is in progress.
    pending: bool = False
    #: The board accepts moves and commands (the ``interactive`` trait).
    interactive: bool = True
    #: Paused by Pause (or restored paused from an autosave file).
    paused: bool = False
    #: A pause makes sense: a clock, or a computer to hold (never in a network game).
    pausable: bool = False
    #: The computer is searching for its move.
    thinking: bool = False
    #: A search runs: the computer's move, or a hint being looked for.
    searching: bool = False
    #: A network game (hosted or joined).
    network: bool = False
    #: The network game waits for a lost connection to come back.
    network_paused: bool = False
    #: The board keeps milestones to show (the ★ button's panel).
    milestones: bool = False
    #: The board's ``controls=`` choice; None: every control that applies.
    chosen: frozenset[str] | None = None
    #: The game review (:mod:`.review.game_review`): ``"none"``, ``"running"``, ``"done"``,
    #: ``"partial"`` (done, and the game has been played on since) or ``"failed"``;
    #: whether the line has a move to review; the learn mode's phase (None: off) and
    #: how many of the user's mistakes it could ask about.
    review: str = "none"
    reviewable: bool = False
    #: The game is American checkers: the review's engine settings, thresholds and
    #: tables are American checkers' (another variant has no Review control yet).
    american: bool = True
    learn: str | None = None
    mistakes: int = 0

    @property
    def human_plays(self) -> bool:
        """A person plays a side at this board."""
        return any(self.players.get(side, "human") == "human" for side in COLORS)

    @property
    def two_players(self) -> bool:
        """Two people share this board."""
        return all(self.players.get(side, "human") == "human" for side in COLORS)

    @property
    def hidden(self) -> bool:
        """The board is covered: paused by a player, or by the network."""
        return self.paused or self.network_paused

    @property
    def local(self) -> bool:
        """An interactive board whose game is its own (not a network game's)."""
        return self.interactive and not self.network


def command_side(facts: ControlFacts) -> Color:
    """The side that presses the buttons: the only person at this board (the other side
    being the computer or a remote player), else the side to move."""
    humans = [side for side in COLORS if facts.players.get(side, "human") == "human"]
    return humans[0] if len(humans) == 1 else facts.turn


Rule = Callable[[ControlFacts], bool]
Why = Callable[[ControlFacts], str | None]


def _always(_facts: ControlFacts) -> bool:
    return True


def _local(facts: ControlFacts) -> bool:
    return facts.local


def _interactive(facts: ControlFacts) -> bool:
    return facts.interactive


def _playing(facts: ControlFacts) -> bool:
    """A person plays, and the game goes on."""
    return facts.interactive and facts.human_plays and not facts.over


def _game_on(facts: ControlFacts) -> bool:
    return not facts.over


def _answer_shown(facts: ControlFacts) -> bool:
    """Accept and Decline: an offer waits, and it is not this board's own."""
    offer = facts.draw_offer
    return (
        facts.interactive
        and not facts.over
        and offer is not None
        and (facts.two_players or offer != command_side(facts))
    )


def _pause_shown(facts: ControlFacts) -> bool:
    return facts.interactive and (facts.paused or (facts.pausable and not facts.over))


def _hint_refusal(facts: ControlFacts) -> str | None:
    if facts.learn is not None:
        return "The learn mode has a Hint of its own (it names the piece, not the move)"
    if facts.thinking or facts.players.get(facts.turn) == "computer":
        return "Hints are for your own moves: wait for the computer"
    if facts.over:
        return "The game is over: there is nothing to hint"
    return None


def _pause_refusal(facts: ControlFacts) -> str | None:
    return None if facts.pausable else "There is no clock or computer to pause"


def _speaker(facts: ControlFacts) -> Color | None:
    return command_side(facts)


def _answerer(facts: ControlFacts) -> Color | None:
    return opponent(facts.draw_offer) if facts.draw_offer is not None else None


def _under_way(facts: ControlFacts) -> bool:
    """Starting over throws away a game under way: a second click confirms it."""
    return facts.ply > 0 and not facts.over


#: The learn mode's phases in which a move is asked for.
_ASKING = ("asking", "checking", "wrong")

#: The review's phases in which there is a review to learn from.
_REVIEWED = ("done", "partial")


def _review_refusal(facts: ControlFacts) -> str | None:
    if not facts.american:
        return "The review knows American checkers only for now"
    if not facts.reviewable:
        return "There are no moves to review yet"
    if facts.review == "running":
        return "The review is already running"
    if facts.review == "done":
        return "The game is reviewed already"
    return None


def _learn_refusal(facts: ControlFacts) -> str | None:
    if facts.review not in _REVIEWED:
        return "Review the game first (the Review button)"
    if facts.mistakes == 0:
        return "The review found no mistake of yours to learn from"
    return None


def _learning_refusal(facts: ControlFacts) -> str | None:
    return None if facts.learn is not None else "The learn mode is not on"


@dataclass(frozen=True)
class Control:
    """One row of the table: a control the board draws, a command it takes, or both."""

    name: str
    #: What it does, in words (the button's tooltip says as much).
    does: str
    kind: Kind = "button"
    #: Its keyboard shortcut on the board, if any.
    key: str | None = None
    #: ``controls=`` may list it (see :data:`CONTROLS`).
    choosable: bool = True
    #: The browser sends it to Python as a command intent (see :data:`COMMANDS`);
    #: False for what the front end does itself or sends otherwise (Flip, Edit...).
    sent: bool = True
    network: NetworkUse = "refused"
    #: What the board needs for it to make sense, in words (None: nothing more).
    needs: str | None = None
    #: Whether the front end draws it, when the board offers it.
    shown: Rule = _always
    #: Whether it can be pressed when shown.
    enabled: Rule = _always
    #: The side it speaks for, if it speaks for one.
    side: Callable[[ControlFacts], Color | None] | None = None
    #: Whether a click must be confirmed by a second one.
    confirm: Rule | None = None
    #: Why the command is refused on a local board, in the status line's words (None:
    #: it goes on to its handler, which may still refuse it as the game does).
    refuse: Why | None = None
    #: The control whose ``controls=`` choice brings this one along (the review's and
    #: the learn mode's buttons come with ``"review"``); None: its own name.
    part_of: str | None = None
    #: The command acts on the game as a whole (start again, pause, resign, review), not
    #: on the position shown: stamped with an older position (the computer's reply
    #: landed between the click and Python's turn to answer it) it still does what it
    #: says. False: it is refused as stale, as a move is (Undo, a hint, a draw claim
    #: mean the position the user saw).
    any_position: bool = False


#: Every command and control, once; the board's buttons in the order they are drawn.
TABLE: Mapping[str, Control] = {
    control.name: control
    for control in (
        Control(
            "new",
            "Start a fresh game (sides drawn again when random)",
            shown=_local,
            confirm=_under_way,
            any_position=True,
        ),
        Control(
            "restart",
            "Start this game again from its opening (same sides)",
            shown=_local,
            confirm=_under_way,
            any_position=True,
        ),
        Control(
            "pause",
            "Pause the game and the clock (the button then reads Resume)",
            key="p",
            needs="a clock or a computer",
            shown=_pause_shown,
            # A network pause is lifted by the connection, not by a button.
            enabled=lambda f: not f.network_paused,
            refuse=_pause_refusal,
            any_position=True,
        ),
        Control(
            "resume",
            "Go on after a pause (the Pause button while paused, the cover's Resume)",
            key="p",
            choosable=False,
            needs="a clock or a computer",
            any_position=True,
        ),
        Control(
            "undo",
            "Take back the last move (against the computer: a move and its reply)",
            key="u",
            shown=_local,
            enabled=lambda f: f.can_undo,
        ),
        Control(
            "redo",
            "Replay the move taken back",
            key="r",
            shown=_local,
            enabled=lambda f: f.can_redo,
        ),
        Control("flip", "Turn the board round", key="f", sent=False, network="view"),
        Control(
            "hint",
            "Show a good move for the side to move",
            key="h",
            # (Not in the learn mode, which has a Hint of its own that does not give the
            # answer away.)
            shown=lambda f: f.local and f.human_plays and not f.over and f.learn is None,
            enabled=lambda f: (
                f.players.get(f.turn, "human") == "human" and not f.searching and not f.hidden
            ),
            refuse=_hint_refusal,
        ),
        Control(
            "replay",
            "Replay the last move hop by hop",
            network="view",
            shown=_interactive,
            enabled=lambda f: f.ply > 0 and not f.pending and not f.hidden,
        ),
        Control(
            "edit",
            "Set up a position (an edit intent, not a command)",
            sent=False,
            shown=_local,
            enabled=lambda f: not f.pending and not f.hidden,
        ),
        Control(
            "resign",
            "Resign the game",
            network="session",
            shown=_playing,
            enabled=_game_on,
            side=_speaker,
            confirm=_always,
            any_position=True,
        ),
        Control(
            "offer-draw",
            "Offer the opponent a draw",
            network="session",
            shown=lambda f: _playing(f) and f.draw_offer is None,
            enabled=_game_on,
            side=_speaker,
        ),
        Control(
            "accept-draw",
            "Accept the draw offered",
            network="session",
            shown=_answer_shown,
            side=_answerer,
        ),
        Control(
            "decline-draw",
            "Decline the draw offered",
            network="session",
            shown=_answer_shown,
            side=_answerer,
        ),
        Control(
            "claim-draw",
            "Claim the draw the rules allow",
            shown=lambda f: f.interactive and not f.over and f.draw_claim,
        ),
        Control(
            "evaluation",
            "Keep the computer's evaluation of the position up to date (the live_eval trait)",
            kind="switch",
            sent=False,
            needs="a game of its own: a network board leaves it out",
        ),
        Control(
            "accessible",
            "Switch the screen-reader mode on or off: a command line for typed moves and "
            "questions (the accessible trait)",
            kind="switch",
            sent=False,
            network="view",
        ),
        Control(
            "milestones",
            "Show the milestones earned and still to earn (the ★ button)",
            sent=False,
            network="view",
            needs="milestones kept for a game against the computer",
            shown=lambda f: f.milestones,
        ),
        Control(
            "review",
            "Review the game: the engine judges every move (a graph, and ?!, ?, ?? in the "
            "move list); it runs in the background",
            needs="a move to review",
            shown=lambda f: (
                f.local
                and f.american
                and f.reviewable
                and f.review not in ("running", "done")
                and f.learn is None
            ),
            enabled=lambda f: not f.pending and not f.hidden,
            refuse=_review_refusal,
        ),
        Control(
            "review-cancel",
            "Stop the review under way (the game is left as it is)",
            part_of="review",
            shown=lambda f: f.local and f.review == "running",
            refuse=lambda f: None if f.review == "running" else "No review is running",
            any_position=True,
        ),
        Control(
            "learn",
            "Learn from your mistakes: find a better move in each position where you made one",
            part_of="review",
            needs="a finished review with a mistake of yours",
            shown=lambda f: f.local and f.review in _REVIEWED and f.learn is None,
            enabled=lambda f: f.mistakes > 0 and not f.pending and not f.hidden,
            refuse=_learn_refusal,
        ),
        Control(
            "learn-hint",
            "A hint for the position asked about: which piece to move",
            part_of="review",
            shown=lambda f: f.local and f.learn in _ASKING,
            refuse=_learning_refusal,
        ),
        Control(
            "learn-skip",
            "Leave this position and go on to the next mistake",
            part_of="review",
            shown=lambda f: f.local and f.learn in _ASKING,
            refuse=_learning_refusal,
        ),
        Control(
            "learn-answer",
            "Show the engine's move in this position (the arrow) and its line",
            part_of="review",
            shown=lambda f: f.local and f.learn in _ASKING,
            refuse=_learning_refusal,
        ),
        Control(
            "learn-next",
            "Go on to the next mistake",
            part_of="review",
            shown=lambda f: f.local and f.learn in ("right", "answer"),
            refuse=_learning_refusal,
        ),
        Control(
            "learn-stop",
            "Leave the learn mode (the game is left where it is)",
            part_of="review",
            shown=lambda f: f.local and f.learn is not None,
            refuse=_learning_refusal,
            any_position=True,
        ),
        Control(
            "goto",
            "Show the position after a move of the current line",
            kind="move-list",
            choosable=False,
        ),
        Control(
            "accept-peer",
            "Let the player asking to join a hosted game in",
            choosable=False,
            network="session",
        ),
        Control(
            "refuse-peer",
            "Turn the player asking to join a hosted game away",
            choosable=False,
            network="session",
        ),
    )
}

#: The commands an intent may name (what the board's controls send).
COMMANDS = frozenset(name for name, control in TABLE.items() if control.sent)

#: What ``controls=`` may list: the board's buttons, its two switches, the ★ button.
CONTROLS = frozenset(name for name, control in TABLE.items() if control.choosable)

#: Commands refused in a network game: both players must see the host's one game.
LOCAL_ONLY_COMMANDS = frozenset(
    name for name, control in TABLE.items() if control.sent and control.network == "refused"
)


def crosses_link(name: str) -> bool:
    """Whether a network board hands command ``name`` to its session rather than keeping
    it (a replay only shows a move again: each board's own business)."""
    return TABLE[name].network != "view"


def network_refusal(name: str) -> str:
    """Why command ``name`` is not available in a network game (lower case: an error's text)."""
    return (
        f"{name.replace('-', ' ')} is not available in a network game: "
        "both players must see the same game"
    )


def offered(name: str, facts: ControlFacts) -> bool:
    """Whether the board has control ``name`` at all: its ``controls=`` choice, less the
    evaluation on a network board (an engine's view of a game against a person is the
    hint that network play leaves out)."""
    if facts.chosen is not None and _chosen_as(name) not in facts.chosen:
        return False
    return not (facts.network and name == "evaluation")


def _chosen_as(name: str) -> str:
    """The name ``controls=`` must list for control ``name`` to be offered."""
    control = TABLE.get(name)
    return control.part_of or name if control is not None else name


def controls_for(facts: ControlFacts) -> dict[str, ControlState]:
    """Each control of :data:`CONTROLS` the board offers, as the front end draws it, in
    the table's order (an entry is small: the state is sent on every change)."""
    controls: dict[str, ControlState] = {}
    for name, control in TABLE.items():
        if not control.choosable or not offered(name, facts):
            continue
        entry: ControlState = {"shown": control.shown(facts), "enabled": control.enabled(facts)}
        if control.side is not None:
            entry["side"] = control.side(facts)
        if control.confirm is not None:
            entry["confirm"] = control.confirm(facts)
        controls[name] = entry
    return controls


def refusal(name: str, facts: ControlFacts) -> str | None:
    """Why command ``name`` is refused before it reaches its handler, as the status line
    says it; None when it goes on (its handler may still refuse it, as the game does).

    In order: a control the board does not offer; a command a network game cannot take;
    a command this board's situation rules out (a hint on the computer's turn, a pause
    with nothing to pause).
    """
    control = TABLE[name]
    if control.choosable and facts.chosen is not None and _chosen_as(name) not in facts.chosen:
        return NOT_OFFERED
    if facts.network:
        if name in LOCAL_ONLY_COMMANDS:
            text = network_refusal(name)
            return text[:1].upper() + text[1:]
        return None
    return control.refuse(facts) if control.refuse is not None else None
