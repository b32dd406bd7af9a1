"""A long session on one board: is the cost of an action, and what it sends, flat?

Plays the same seeded mix of actions on a :class:`CheckersWidget` (no front end:
anywidget runs headless, and every update message is serialised as ipywidgets would
send it) and on a plain :class:`Game`, the fastest peer (no state to publish). The mix:
a move, Undo, Undo followed by a *different* move (a new line, whose old line becomes a
variation), Redo and a jump to a random ply of the line (goto); a finished game is
walked back. Every 1,000 actions it prints, for the window just ended:

* the median time of one action on the widget and on the game, in milliseconds;
* the bytes the widget sent per update (mean and largest message, JSON as on the wire);
* the variations each keeps (lines, nested ones included) and the length of the line.

A flat table means no action does work that grows with the session. The issue's
reference scale is the browser game's journal of 20,000 actions (``--journal``)::

    python benchmarks/long_session.py                 # 10,000 actions, ~1 min
    python benchmarks/long_session.py --journal       # 20,000 actions
    python benchmarks/long_session.py --profile       # and the top of a cProfile run
    python benchmarks/long_session.py --cycles        # only undo + a different move

Times depend on the machine's load (print ``uptime`` alongside); the sizes and counts
do not.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from checkers_widget import CheckersWidget, Game


class Driver:
    """Plays the action mix on a widget or a game, timing each action."""

    def __init__(self, target: CheckersWidget | Game, seed: int, *, cycles: bool = False) -> None:
        self.target = target
        self.cycles = cycles  # only undo and a different move, as in the reproducer
        self.game: Game = target.game if isinstance(target, CheckersWidget) else target
        self.rng = random.Random(seed)
        self.times: list[float] = []

    def timed(self, action: Callable[[], Any]) -> None:
        start = time.perf_counter()
        action()
        self.times.append(time.perf_counter() - start)

    def step(self) -> None:
        """One or two actions (a new line is an undo and a move)."""
        game, target, rng = self.game, self.target, self.rng
        roll = rng.random()
        if self.cycles and game.can_undo:
            roll = 0.7  # undo, then a different move
        if game.is_over():
            if rng.random() < 0.5:
                self.timed(target.undo)
            else:
                ply = rng.randrange(game.ply)
                self.timed(lambda: target.goto(ply))
        elif roll < 0.45 or not game.can_undo:
            move = rng.choice(game.legal_moves())
            self.timed(lambda: target.play(move))
        elif roll < 0.60:
            self.timed(target.undo)
        elif roll < 0.85:
            self.timed(target.undo)
            redo = game.redo_moves[:1]
            others = [m for m in game.legal_moves() if m not in redo]
            if others:
                move = rng.choice(others)
                self.timed(lambda: target.play(move))
        elif roll < 0.99:
            if game.can_redo:
                self.timed(target.redo)
            else:
                move = rng.choice(game.legal_moves())
                self.timed(lambda: target.play(move))
        else:
            ply = rng.randrange(len(game.line) + 1)
            self.timed(lambda: target.goto(ply))


def variation_count(game: Game) -> int:
    """Every line kept as a variation, nested ones included."""
    return sum(text.count("(") + 1 for texts in game.variations.values() for text in texts)


def run(actions: int, seed: int, every: int, cycles: bool = False) -> None:
    widget = CheckersWidget()
    sent: list[int] = []
    send = widget._send

    def record(msg: dict[str, Any], buffers: Any = None) -> None:
        sent.append(len(json.dumps(msg)))
        send(msg, buffers=buffers)

    widget._send = record  # type: ignore[method-assign]
    on_widget = Driver(widget, seed, cycles=cycles)
    on_game = Driver(Game(), seed, cycles=cycles)
    if cycles:  # the reproducer: three moves in, then undo and a different move
        for move in ("11-15", "23-19", "8-11"):
            widget.play(move)
            on_game.game.play(move)
    print(
        f"{'actions':>8} {'widget ms':>10} {'game ms':>8} {'bytes/update':>13} "
        f"{'largest':>8} {'variations':>11} {'game var.':>10} {'line':>5}"
    )
    mark = 0
    while len(on_widget.times) < actions:
        sent_before = len(sent)
        while len(on_widget.times) < mark + every:
            on_widget.step()
        while len(on_game.times) < len(on_widget.times):
            on_game.step()
        window = sent[sent_before:]
        mark += every
        print(
            f"{len(on_widget.times):>8,} "
            f"{1000 * statistics.median(on_widget.times[-every:]):>10.2f} "
            f"{1000 * statistics.median(on_game.times[-every:]):>8.3f} "
            f"{statistics.mean(window) if window else 0:>13,.0f} {max(window, default=0):>8,} "
            f"{variation_count(on_widget.game):>11} {variation_count(on_game.game):>10} "
            f"{len(on_widget.game.line):>5}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=10_000)
    parser.add_argument("--journal", action="store_true", help="20,000 actions")
    parser.add_argument("--every", type=int, default=1_000, help="actions per printed row")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--profile", action="store_true", help="print the top of a cProfile")
    parser.add_argument(
        "--cycles", action="store_true", help="only undo + a different move (the reproducer)"
    )
    args = parser.parse_args()
    actions = 20_000 if args.journal else args.actions
    mix = "undo + different move" if args.cycles else "mixed"
    print(f"load average {os.getloadavg()[0]:.2f}, {actions:,} actions ({mix}), seed {args.seed}")
    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(run, actions, args.seed, args.every, args.cycles)
        pstats.Stats(profile).sort_stats("cumulative").print_stats(25)
    else:
        run(actions, args.seed, args.every, args.cycles)


if __name__ == "__main__":
    main()
