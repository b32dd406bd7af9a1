"""Shared pieces of the engine benchmarks: data files, players and a game runner.

Not a test module: the ``engine_*.py`` scripts import it to play games between
:class:`checkers_widget.engine.Engine` levels and py-draughts 1.10.1's
``SimpleEngine``, and to print small tables.
"""

from __future__ import annotations

import csv
import io
import lzma
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from checkers_widget import Board, Move, data
from checkers_widget.core.game import Game
from checkers_widget.engine import Engine

REPO = Path(__file__).resolve().parent.parent


#: The data sets only the tests and benchmarks read (the OCA archive, xz-compressed).
TEST_DATA = REPO / "tests" / "data"


def data_text(name: str) -> str:
    """A data file's text: one the package carries (``checkers_widget.data``, e.g.
    ``tinsley.pdn``, ``classic_positions.csv``) or one of ``tests/data/`` (``OCA_2.0.pdn``,
    read from its ``.xz``)."""
    if name in data.FILES:
        return data.read_bytes(name).decode("latin-1")
    return lzma.decompress((TEST_DATA / f"{name}.xz").read_bytes()).decode("latin-1")


def csv_rows(name: str) -> list[dict[str, str]]:
    """The rows of one of the package's CSV tables, as dicts."""
    return list(csv.DictReader(io.StringIO(data_text(name))))


def ballots(n: int, *, deck: bool = True) -> list[tuple[str, str, str]]:
    """The first ``n`` 3-move ballots, spread evenly over the ACF list.

    Returns ``(acf number, moves, FEN)``; with ``deck`` only the 156-opening deck (the
    barred, lost openings are left out). ``n`` openings are taken at an even stride so
    that a small match does not only play the 9-13 openings.
    """
    rows = [
        r for r in csv_rows("acf_3move_ballots.csv") if not deck or r["in_acf_156_deck"] == "yes"
    ]
    if n >= len(rows):
        picked = rows
    else:
        step = len(rows) / n
        picked = [rows[int(i * step)] for i in range(n)]
    return [(r["acf_number"], r["moves"], r["fen_after_3_moves_white_to_move"]) for r in picked]


def leaf_positions(n: int) -> list[tuple[int, int, int]]:
    """Up to ``n`` quiet positions ``(black, white, kings)`` from Tinsley's games.

    Every position of the package's 723 readable Tinsley games in which the side to move
    has no capture (what the search evaluates at a leaf), in game order: openings, middle
    games and endings as masters reach them, the same on every run.
    """
    out: list[tuple[int, int, int]] = []
    for game in data.tinsley_games():
        board = Board(game.start_fen)
        for move in game.moves:
            if not board.must_capture():
                out.append(board.bitboards)
                if len(out) == n:
                    return out
            board.push(move)
    return out


def classic(position_id: str) -> dict[str, str]:
    """A row of classic_positions.csv by id."""
    for row in csv_rows("classic_positions.csv"):
        if row["id"] == position_id:
            return row
    raise KeyError(position_id)


# ---------------------------------------------------------------------- players


class Player:
    """Something that picks a move in a game."""

    name = "player"

    def choose(self, game: Game) -> Move:  # pragma: no cover - interface
        raise NotImplementedError


class EnginePlayer(Player):
    """One of our levels, optionally with its limits overridden (time, depth, nodes).

    It plays as the widget's computer player does (``Engine.choose``: the opening book
    while in it, then search); ``book=False`` makes it search every move. ``book_moves``
    counts the moves it took from the book.
    """

    def __init__(
        self,
        level: str,
        seed: int = 0,
        name: str | None = None,
        *,
        book: bool = True,
        workers: int = 1,
        **limits: Any,
    ):
        self.engine = Engine(level, seed=seed, book=book, workers=workers)
        self.limits = limits
        self.name = name or level
        self.depths: list[int] = []
        self.book_moves = 0

    def choose(self, game: Game) -> Move:
        a = self.engine.choose(game, **self.limits)
        assert a.move is not None
        if a.source == "book":
            self.book_moves += 1
        else:
            self.depths.append(a.depth)
        return a.move

    def close(self) -> None:
        """End the engine's worker processes (``workers`` > 1)."""
        self.engine.close()


#: What a :class:`FrozenPlayer`'s process runs: it reads one request a line (the start
#: position, the moves so far and the search limits, as JSON) and answers with the move
#: its engine chooses, keeping one Engine for the whole game as EnginePlayer does.
_FROZEN_SERVER = """
import json, sys
from checkers_widget.core.game import Game
from checkers_widget.engine import Engine
engine = None
for line in sys.stdin:
    request = json.loads(line)
    if engine is None or request["fresh"]:
        engine = Engine(request["level"], seed=request["seed"])
    game = Game(fen=request["fen"], draw_rules=request["draw_rules"])
    for move in request["moves"]:
        game.play(move)
    a = engine.analyse(game, **request["limits"])
    reply = {"move": str(a.move), "depth": a.depth, "nodes": a.nodes, "time": a.time}
    print(json.dumps(reply), flush=True)
"""


class FrozenPlayer(Player):
    """One of our levels as another source tree has it (a frozen copy of the engine).

    ``src`` is the ``src`` folder of another checkout, e.g. one made with
    ``git worktree add /tmp/old-eval <commit>``. Its engine runs in a process of its own
    (this Python, with ``PYTHONPATH=src``), so that both versions of the package can
    play in one game; each move it is sent the game's start position and moves and
    searches with ``limits``, replaying them into a Game with the match's draw rules
    (``forty-moves``, as :func:`play_game`'s default), so it sees the same history an
    EnginePlayer would.
    """

    def __init__(self, level: str, src: str, seed: int = 0, name: str | None = None, **limits: Any):
        import os
        import subprocess
        import sys

        env = {**os.environ, "PYTHONPATH": str(Path(src).resolve())}
        self.process = subprocess.Popen(
            [sys.executable, "-c", _FROZEN_SERVER],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=str(Path(src).resolve()),
            env=env,
        )
        self.level = level
        self.seed = seed
        self.limits = limits
        self.name = name or f"frozen-{level}"
        self.depths: list[int] = []

    def analyse(self, game: Game, *, fresh: bool = False) -> dict[str, Any]:
        """The frozen engine's search of ``game``: its move (text), depth, nodes and time.

        ``fresh``: with a new Engine (an empty hash table), as for a position of its own.
        """
        import json

        assert self.process.stdin is not None and self.process.stdout is not None
        request = {
            "level": self.level,
            "seed": self.seed,
            "fen": game.start_fen,
            "draw_rules": "forty-moves",
            "moves": [str(m) for m in game.moves],
            "limits": self.limits,
            "fresh": fresh,
        }
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        answer: dict[str, Any] = json.loads(self.process.stdout.readline())
        return answer

    def choose(self, game: Game) -> Move:
        answer = self.analyse(game)
        self.depths.append(answer["depth"])
        for move in game.legal_moves():
            if str(move) == answer["move"]:
                return move
        raise RuntimeError(f"the frozen engine answered {answer['move']!r}, not a legal move")

    def close(self) -> None:
        """End the engine's process."""
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=30)


class SimplePlayer(Player):
    """py-draughts 1.10.1 ``SimpleEngine`` with compulsory captures imposed.

    py-draughts' American board treats captures as optional, and SimpleEngine skipped a
    compulsory capture in about 7% of its moves when measured. The harness therefore
    gives it a board whose ``legal_moves`` returns only the captures whenever one
    exists, so its whole search (not just its final choice) plays by the real rules.
    Its move is then matched to ours by path; an illegal move would raise.

    py-draughts' American variant puts the first mover ("White" there) on squares
    21-32, moving up, while the standard (and this package) puts Black on 1-12. The
    two are the same game turned round: square ``s`` here is square ``33 - s`` there
    and the colours swap, which is how positions and moves are converted.
    """

    def __init__(self, time_limit: float, depth_limit: int = 50, name: str = "SimpleEngine"):
        import logging

        from draughts.boards.american import Board as AmericanBoard
        from draughts.engines.simple import SimpleEngine

        try:  # py-draughts logs every move through loguru; keep the output readable
            from loguru import logger

            logger.remove()
        except Exception:
            logging.getLogger("draughts").setLevel(logging.WARNING)

        class CompulsoryBoard(AmericanBoard):
            @property
            def legal_moves(self):  # type: ignore[override]
                moves = super().legal_moves
                caps = [m for m in moves if m.captured_list]
                return caps or moves

        self._board_cls = CompulsoryBoard
        self.engine = SimpleEngine(depth_limit=depth_limit, time_limit=time_limit)
        self.name = name
        self.fixed = 0

    def _their_fen(self, board: Board) -> str:
        pieces = board.pieces
        theirs_w = [
            ("K" if p.king else "") + str(33 - s) for s, p in pieces.items() if p.color == "black"
        ]
        theirs_b = [
            ("K" if p.king else "") + str(33 - s) for s, p in pieces.items() if p.color == "white"
        ]
        turn = "W" if board.turn == "black" else "B"
        return f"{turn}:W{','.join(theirs_w)}:B{','.join(theirs_b)}"

    def choose(self, game: Game) -> Move:
        board = game.board
        theirs = self._board_cls.from_fen(self._their_fen(board))
        move = self.engine.get_best_move(theirs)
        path = tuple(32 - i for i in move.square_list)
        legal = board.legal_moves()
        for m in legal:
            if m.path == path:
                return m
        # Same start and end, another route (e.g. a king's loop): take the first such.
        for m in legal:
            if m.start == path[0] and m.end == path[-1]:
                return m
        raise RuntimeError(f"SimpleEngine proposed {path}, not legal in {board.to_fen()}")


def simple_search(fen: str, seconds: float) -> tuple[int, int, float, str]:
    """py-draughts' SimpleEngine on one position for ``seconds`` (a fresh engine, as
    ours is fresh for each search): ``(depth completed, nodes, seconds, move)``.

    Its own iterative deepening logs each depth it finishes; when time runs out it
    unwinds returning alpha and logs that depth too, so a depth counts as completed
    only if the engine had not been stopped when it was logged. Its node count takes
    in its quiescence nodes (a stand-pat search), as ours takes in our capture search.
    """
    from loguru import logger

    player = SimplePlayer(seconds)
    engine = player.engine
    completed = [0]

    def sink(message: Any) -> None:
        text = message.record["message"]
        if text.startswith("Depth ") and not engine.stop_search:
            completed[0] = int(text.split()[1].rstrip(":"))

    handler = logger.add(sink, level="DEBUG", filter=lambda r: r["message"].startswith("Depth"))
    try:
        board = player._board_cls.from_fen(player._their_fen(Board(fen)))
        started = time.perf_counter()
        move = engine.get_best_move(board)
        took = time.perf_counter() - started
    finally:
        logger.remove(handler)
    path = "-".join(str(32 - s) for s in move.square_list) if move is not None else "-"
    return completed[0], engine.nodes, took, path


# ---------------------------------------------------------------------- games


@dataclass
class GameRecord:
    """One finished game: who had Black, the result and why."""

    opening: str
    black: str
    white: str
    result: str
    termination: str
    plies: int
    seconds: float


def play_game(
    fen: str,
    black: Player,
    white: Player,
    *,
    opening: str = "",
    max_plies: int = 300,
    draw_rules: str = "forty-moves",
    on_move: Callable[[Game, Move], None] | None = None,
) -> GameRecord:
    """Play one game from ``fen`` to its end (or ``max_plies``, adjudicated a draw)."""
    game = Game(fen=fen, draw_rules=draw_rules)
    started = time.perf_counter()
    while not game.is_over() and game.ply < max_plies:
        player = black if game.turn == "black" else white
        move = player.choose(game)
        game.play(move)
        if on_move is not None:
            on_move(game, move)
    result = game.result or "1/2-1/2"
    termination = game.termination or f"adjudicated a draw after {max_plies} plies"
    return GameRecord(
        opening,
        black.name,
        white.name,
        result,
        termination,
        game.ply,
        time.perf_counter() - started,
    )


def score_of(records: list[GameRecord], name: str) -> tuple[float, int, int, int]:
    """(points, wins, draws, losses) of ``name`` over ``records``."""
    wins = draws = losses = 0
    for r in records:
        if name not in (r.black, r.white):
            continue
        if r.result == "1/2-1/2":
            draws += 1
        elif (r.result == "1-0") == (r.black == name):
            wins += 1
        else:
            losses += 1
    return wins + draws / 2, wins, draws, losses


def elo_difference(wins: int, draws: int, losses: int) -> tuple[float, float, float]:
    """The Elo difference a score implies, with a 95% interval: ``(elo, low, high)``.

    The logistic model (a score ``s`` is ``400 * log10(s / (1 - s))`` Elo), and the
    interval from the score's standard error over the games (each game 1, 1/2 or 0, so
    draws narrow it), clipped to scores strictly between 0 and 1 (a clean sweep has no
    finite Elo: its bound is shown at a score of 1 - 1/(2n) instead)."""
    n = wins + draws + losses
    if n == 0:
        return 0.0, 0.0, 0.0
    score = (wins + draws / 2) / n
    variance = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score**2) / n
    margin = 1.96 * math.sqrt(variance / n)
    edge = 1 / (2 * n)

    def elo(s: float) -> float:
        s = min(max(s, edge), 1 - edge)
        return 400 * math.log10(s / (1 - s))

    return elo(score), elo(score - margin), elo(score + margin)


def table(rows: list[list[str]], header: list[str]) -> str:
    """A plain-text table with aligned columns."""
    widths = [max(len(str(x)) for x in col) for col in zip(header, *rows, strict=False)]
    line = "  ".join(h.ljust(w) for h, w in zip(header, widths, strict=False))
    out = [line, "  ".join("-" * w for w in widths)]
    for r in rows:
        out.append("  ".join(str(x).ljust(w) for x, w in zip(r, widths, strict=False)))
    return "\n".join(out)
