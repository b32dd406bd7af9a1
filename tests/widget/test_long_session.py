"""A long session stays small: variations made by undo and a different move are stored
once and capped, and the state sent on each update does not grow with the session.

Issue 11, "State that grows without bound": after 10,000 undo/different-move cycles
8,555 variations were kept and sent in every widget update (74 KB an update). These
tests count and measure (sizes, never times); a timeout guards against a cost that
grows with the session.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from checkers_widget import CheckersWidget, Game
from checkers_widget.core.game import MAX_VARIATIONS, MAX_VARIATIONS_PER_PLY
from checkers_widget.play.state import SHOWN_VARIATION_WORDS, SHOWN_VARIATIONS_PER_PLY

OPENING = ["11-15", "23-19", "8-11"]


def lines_kept(game: Game) -> int:
    """Every line kept as a variation, nested ones included."""
    return sum(text.count("(") + 1 for texts in game.variations.values() for text in texts)


def branch(target: CheckersWidget | Game, game: Game, rng: random.Random) -> None:
    """Undo, then a move other than the one Redo would replay: a new line."""
    target.undo()
    redo = game.redo_moves[:1]
    others = [m for m in game.legal_moves() if m not in redo]
    if others:
        target.play(rng.choice(others))
    else:  # a forced move: nothing else to try
        target.redo()


def assert_bounded_and_deduplicated(game: Game) -> None:
    for ply, texts in game.variations.items():
        assert len(texts) <= MAX_VARIATIONS_PER_PLY, (ply, texts)
        assert len(set(texts)) == len(texts), f"a variation of move {ply} is stored twice"
        played = str(game.line[ply - 1]) if ply <= len(game.line) else None
        assert played not in texts, f"move {ply}'s variation repeats the line itself"
    assert lines_kept(game) <= MAX_VARIATIONS


class Wire:
    """The update messages a widget sends, serialised as ipywidgets sends them."""

    def __init__(self, widget: CheckersWidget) -> None:
        self.sizes: list[int] = []
        self.states: list[dict[str, Any]] = []
        send = widget._send

        def record(msg: dict[str, Any], buffers: Any = None) -> None:
            self.sizes.append(len(json.dumps(msg)))
            if "state" in msg.get("state", {}):
                self.states.append(msg["state"]["state"])
            send(msg, buffers=buffers)

        widget._send = record  # type: ignore[method-assign]


# ---------------------------------------------------------------------- the reproducer
@pytest.mark.timeout(120)
def test_ten_thousand_new_lines_on_a_game_keep_a_bounded_set_of_variations() -> None:
    game = Game()
    for move in OPENING:
        game.play(move)
    rng = random.Random(11)
    for _ in range(10_000):
        branch(game, game, rng)
    assert_bounded_and_deduplicated(game)
    # Only move 3 was ever replaced: one of Black's moves there is played, each other
    # one is kept once at most.
    before = Game()
    for move in OPENING[:2]:
        before.play(move)
    assert set(game.variations) == {3}
    assert len(game.variations[3]) <= len(before.legal_moves()) - 1
    again = Game.from_pdn(game.to_pdn())
    assert again.variations == game.variations and again.moves == game.moves


@pytest.mark.timeout(300)
def test_a_widget_sends_the_same_size_of_update_after_thousands_of_new_lines() -> None:
    widget = CheckersWidget()
    for move in OPENING:
        widget.play(move)
    wire = Wire(widget)
    start_size = len(json.dumps(widget.get_state()))
    rng = random.Random(11)
    for _ in range(4_000):
        branch(widget, widget.game, rng)
    assert_bounded_and_deduplicated(widget.game)
    first, last = wire.sizes[:200], wire.sizes[-200:]
    assert max(last) <= max(first) + 600, (max(first), max(last))
    assert max(wire.sizes) < 6_000
    assert len(json.dumps(widget.get_state())) < start_size + 2_000
    history = wire.states[-1]["history"]
    assert history["variations"] == {
        str(ply): texts for ply, texts in widget.game.variations.items()
    }


def test_undo_and_the_same_two_moves_in_turn_keep_one_variation() -> None:
    game = Game()
    game.play("11-15")
    for _ in range(50):
        for move in ("9-13", "11-15"):
            game.undo()
            game.play(move)
    assert game.variations == {1: ["9-13"]}
    game.undo()
    game.play("9-13")
    assert game.variations == {1: ["11-15"]}


# ---------------------------------------------------------------------- deduplication
def test_a_line_that_starts_a_stored_one_adds_nothing() -> None:
    game = Game()
    for move in OPENING:
        game.play(move)
    game.goto(0)
    game.play("9-13")
    assert game.variations == {1: ["11-15 23-19 8-11"]}
    game.undo()
    game.play("11-15")  # the stored line's first move: a new line all the same
    game.play("23-19")
    game.goto(0)
    game.play("9-13")  # "11-15 23-19" is the start of the stored line
    assert game.variations == {1: ["11-15 23-19 8-11"]}


def test_a_longer_line_replaces_a_bare_stored_line_it_starts_with() -> None:
    game = Game()
    game.play("9-13")
    game.undo()
    game.play("11-15")
    assert game.variations == {1: ["9-13"]}
    game.undo()
    game.play("9-13")
    game.play("22-18")
    game.goto(0)
    game.play("10-14")
    assert game.variations == {1: ["11-15", "9-13 22-18"]}


def test_lines_with_notes_are_never_merged() -> None:
    game = Game()
    for move in OPENING:
        game.play(move)
    game.comments[2] = "the usual reply"
    game.goto(1)
    game.play("22-18")  # "23-19 {the usual reply} 8-11" becomes a variation
    game.undo()
    game.play("23-19")
    game.play("8-11")
    game.goto(1)
    game.play("22-18")  # the same moves, no note: the stored one already says it
    game.undo()
    game.play("23-19")
    game.play("8-11")
    game.comments[2] = "another view"
    game.goto(1)
    game.play("22-18")  # the same moves with another note: kept as well
    assert game.variations[2] == [
        "23-19 {the usual reply} 8-11",
        "23-19 {another view} 8-11",
    ]


# ---------------------------------------------------------------------- the caps
def test_at_most_the_most_recent_lines_of_one_move_are_kept() -> None:
    game = Game()
    made: list[str] = []
    # Black's first moves, each with one of White's replies: many distinct lines.
    for reply in ("22-18", "23-19", "24-20", "21-17", "22-17", "23-18", "24-19"):
        for first in ("11-15", "9-13"):
            game.goto(0)
            game.play(first)  # a new line: the one before becomes a variation
            game.play(reply)
            made.append(f"{first} {reply}")
    assert [str(m) for m in game.line] == made[-1].split()
    assert game.variations[1] == made[-MAX_VARIATIONS_PER_PLY - 1 : -1]


@pytest.mark.timeout(120)
def test_the_total_cap_drops_the_least_recently_made_lines() -> None:
    game = Game(draw_rules="none")
    rng = random.Random(5)
    while game.ply < 120 and not game.is_over():
        game.play(rng.choice(game.legal_moves()))
    for _ in range(1_000):
        game.goto(rng.randrange(game.ply))
        branch(game, game, rng)
        while game.ply < 120 and not game.is_over():
            game.play(rng.choice(game.legal_moves()))
    assert_bounded_and_deduplicated(game)
    assert lines_kept(game) > MAX_VARIATIONS // 2  # the cap is reached, not avoided
    again = Game.from_pdn(game.to_pdn())
    assert again.variations == game.variations


def test_variations_read_from_pdn_are_never_dropped() -> None:
    alternatives = ["9-13", "9-14", "10-14", "10-15", "11-16", "12-16", "8-11", "9-14 22-18"]
    text = "1. 11-15 " + " ".join(f"({a})" for a in alternatives * 2) + " 23-19 *"
    game = Game.from_pdn(text)
    loaded = list(game.variations[1])
    assert len(loaded) > MAX_VARIATIONS_PER_PLY
    rng = random.Random(3)
    for _ in range(200):
        branch(game, game, rng)
    assert game.variations[1] == loaded  # new lines went to move 2, move 1 kept whole
    game.goto(1)
    for _ in range(50):
        branch(game, game, rng)
    assert game.variations[1][: len(loaded)] == loaded


# ---------------------------------------------------------------------- what is sent
def test_the_state_sends_a_summary_and_pdn_keeps_the_whole_line() -> None:
    widget = CheckersWidget()
    rng = random.Random(2)
    for _ in range(60):
        widget.play(rng.choice(widget.game.legal_moves()))
        if widget.game.is_over():
            break
    widget.goto(0)
    widget.play(next(m for m in widget.game.legal_moves() if m != widget.game.redo_moves[0]))
    whole = widget.game.variations[1][0]
    assert len(whole.split()) > SHOWN_VARIATION_WORDS
    sent = widget.state["history"]["variations"]["1"][0]
    assert sent.endswith(" …") and whole.startswith(sent[: -len(" …")])
    assert len(sent.split()) == SHOWN_VARIATION_WORDS + 1
    assert Game.from_pdn(widget.game.to_pdn()).variations[1] == [whole]


def test_only_variations_of_the_line_are_sent_and_at_most_a_few_a_move() -> None:
    game = Game()
    game.play("11-15")
    game.variations[1] = [f"{a}" for a in ("9-13", "9-14", "10-14", "10-15", "11-16")] * 3
    game.variations[40] = ["22-18"]  # beyond the line: no row to draw it under
    widget = CheckersWidget(game=game)
    sent = widget.state["history"]["variations"]
    assert set(sent) == {"1"}
    assert sent["1"] == game.variations[1][-SHOWN_VARIATIONS_PER_PLY:]


@pytest.mark.timeout(300)
def test_a_mixed_session_sends_the_line_as_it_is_and_stays_small() -> None:
    """Moves, undo, new lines, redo and goto in a seeded mix, as the benchmark plays them:
    the line sent is always the game's (its texts are kept between updates) and no
    update grows with the session."""
    widget = CheckersWidget()
    game = widget.game
    wire = Wire(widget)
    rng = random.Random(7)
    for _ in range(2_000):
        roll = rng.random()
        if game.is_over():
            widget.undo()
        elif roll < 0.45 or not game.can_undo:
            widget.play(rng.choice(game.legal_moves()))
        elif roll < 0.60:
            widget.undo()
        elif roll < 0.85:
            branch(widget, game, rng)
        elif roll < 0.97 and game.can_redo:
            widget.redo()
        else:
            widget.goto(rng.randrange(len(game.line) + 1))
        assert widget.state["history"]["line"] == [str(m) for m in game.line]
        assert widget.state["history"]["ply"] == game.ply
    assert_bounded_and_deduplicated(game)
    assert max(wire.sizes) < 8_000
    again = Game.from_pdn(game.to_pdn())
    assert again.variations == game.variations and again.moves == game.moves


def test_a_new_game_forgets_the_variations_and_notes_of_the_last_one() -> None:
    """New game after a session of new lines: the old variations showed under the new
    game's moves and piled up game after game."""
    widget = CheckersWidget()
    rng = random.Random(4)
    for _ in range(30):
        for move in OPENING:
            widget.play(move)
        widget.game.comments[2] = "a note"
        branch(widget, widget.game, rng)
        assert widget.game.variations
        widget.new_game()
        assert widget.game.variations == {} and widget.game.comments == {}
    for move in OPENING:
        widget.play(move)
    history = widget.state["history"]
    assert history["variations"] == {} and history["comments"] == {}
    assert "(" not in widget.game.to_pdn() and "{" not in widget.game.to_pdn()
