"""Pinned searches: fixed searches of both searchers give the iterations they gave.

The American searcher (:mod:`checkers_widget.engine.search`) and the general one
(:mod:`checkers_widget.engine.general_search`, here international and Russian draughts)
share their iterative deepening, limits and root bookkeeping. These searches were run
once, before that scaffold was shared, and their traces written down below: every
iteration's move, score, principal variation, node count and seldepth must stay the
same, through the aspiration windows, the full-window root (``all_scores``), node
budgets that cut an iteration off (one of them at depth 1, which is then finished
without limits), a share of the root's moves, the no-progress rule, the endgame tables
and ``Engine.analyse`` with its noisy levels. They are characterization tests: the
expected values come from running the code, and they guard that a refactoring changes
no search.

A trace is every iteration a search reports (depth, move, score, principal variation,
nodes, seldepth, whether it completed) and the result it returns, with the root's
scores when it keeps them, written as plain text so that a difference reads well in a
failing assertion. Moves are written with square numbers: the American search's as
``11-15`` or ``22x15/18`` (start, end and the squares taken: its moves carry no path),
the general search's as their path (``31-27``, ``28x19x8``).
"""

from __future__ import annotations

from typing import Any

import pytest

from checkers_widget import START_FEN, Board
from checkers_widget.core.color import BLACK
from checkers_widget.core.game import Game
from checkers_widget.core.movegen import BitMove, capture_results, quiet_steps
from checkers_widget.core.squares import SQUARE_OF_BIT
from checkers_widget.core.variant_movegen import RawMove
from checkers_widget.engine import Analysis, Engine
from checkers_widget.engine.general_search import GeneralSearcher, raw_position
from checkers_widget.engine.search import Searcher


def square_of(bit: int) -> int:
    """American checkers' square number of a one-bit bitboard."""
    return SQUARE_OF_BIT[bit]


def bit_move(move: BitMove) -> str:
    """An American search's move ``(from, to, taken)`` as ``from-to`` or ``fromxto``,
    with ``/`` and the taken squares for a capture (its path is not in the move)."""
    src, dst, taken = move
    if not taken:
        return f"{square_of(src)}-{square_of(dst)}"
    caps = sorted(square_of(1 << i) for i in range(taken.bit_length()) if taken >> i & 1)
    return f"{square_of(src)}x{square_of(dst)}/" + ",".join(map(str, caps))


def raw_move(move: RawMove) -> str:
    """A general search's move as its path (``-`` for a step, ``x`` for a capture)."""
    path, caps, _crowns, _taken = move
    return ("x" if caps else "-").join(map(str, path))


def iteration_text(it: Any, name: Any) -> str:
    """One iteration as ``depth move score nodes seldepth complete: pv``."""
    line = " ".join(name(m) for m in it.pv)
    done = "" if it.complete else " partial"
    bound = " bound" if getattr(it, "bound", False) else ""
    return f"d{it.depth} {name(it.move)} {it.score} n{it.nodes} s{it.seldepth}{done}{bound}: {line}"


def american_trace(fen: str, **run: Any) -> list[str]:
    """Every iteration of an American search of ``fen`` (``run``: the options of
    :class:`Searcher` and :meth:`Searcher.run`), then the result and the node count."""
    board = Board(fen)
    black = board.turn == BLACK
    b, w, kings = board.bitboards
    own, opp = (b, w) if black else (w, b)
    made = {k: run.pop(k) for k in ("endgame_tables", "quiet", "quiet_limit") if k in run}
    searcher = Searcher(**made)
    seen: list[Any] = []
    result = searcher.run(own, opp, kings, black, on_iteration=seen.append, **run)
    return _trace(seen, result, searcher.nodes, searcher.seldepth, bit_move)


def general_trace(fen: str, variant: str, **run: Any) -> list[str]:
    """Every iteration of a general search of ``fen`` in ``variant``, then the result."""
    board = Board(fen, variant=variant)
    made = {k: run.pop(k) for k in ("quiet", "quiet_limit") if k in run}
    searcher = GeneralSearcher(variant, **made)
    seen: list[Any] = []
    result = searcher.run(raw_position(board), on_iteration=seen.append, **run)
    return _trace(seen, result, searcher.nodes, searcher.seldepth, raw_move)


def _trace(seen: list[Any], result: Any, nodes: int, seldepth: int, name: Any) -> list[str]:
    out = [iteration_text(it, name) for it in seen]
    if result is None:
        return [*out, "no move"]
    out.append("result " + iteration_text(result, name))
    if result.root_scores:
        scores = sorted(result.root_scores.items(), key=lambda ms: (-ms[1], name(ms[0])))
        out.append("scores " + " ".join(f"{name(m)}={s}" for m, s in scores))
    out.append(f"searched n{nodes} s{seldepth}")
    return out


def analysis_text(found: Analysis) -> str:
    """An :class:`Analysis` without its time: move, score, mate, line, depth, nodes."""
    line = " ".join(str(m) for m in found.pv)
    return (
        f"{found.move} {found.score:+.2f} mate={found.mate} draw={found.draw}"
        f" d{found.depth} s{found.seldepth} n{found.nodes}: {line}"
    )


def analyses(level: str, seed: int, position: Board | Game, **limits: Any) -> list[str]:
    """The live analyses ``Engine(level, seed).analyse`` reports, then its answer."""
    seen: list[Analysis] = []
    engine = Engine(level, seed, book=False)
    found = engine.analyse(position, on_info=seen.append, **limits)
    return [*(analysis_text(a) for a in seen), "answer " + analysis_text(found)]


# ---------------------------------------------------------------------- the searches

#: A 3-move ballot (the tenth of the deck) and an 11-man ballot, White and Black to move.
BALLOT = "W:W18,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,10,11,13,16"
ELEVEN_MAN = "B:W18,21,22,24,25,26,27,29,30,31,32:B1,2,3,4,5,6,7,9,10,11,12"
KINGS = "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29"
FIRST_POSITION = "W:WK19,K23:B12,K28"
# Five pieces: the search meets the four-piece tables below the root.
FIVE_PIECES = "W:WK19,K23,K14:B12,K28"

AMERICAN: dict[str, tuple[str, dict[str, Any]]] = {
    "start-6": (START_FEN, {"max_depth": 6}),
    "ballot-7": (BALLOT, {"max_depth": 7}),
    "eleven-man-5": (ELEVEN_MAN, {"max_depth": 5}),
    "kings-6": (KINGS, {"max_depth": 6}),
    "ballot-all-scores-5": (BALLOT, {"max_depth": 5, "all_scores": True}),
    "ballot-budget-3000": (BALLOT, {"node_limit": 3000}),
    "kings-budget-3": (KINGS, {"node_limit": 3}),
    "start-budget-3-all": (START_FEN, {"node_limit": 3, "all_scores": True}),
    "kings-quiet-76": (KINGS, {"max_depth": 6, "quiet": 76, "quiet_limit": 80}),
    "first-position-tables": (FIRST_POSITION, {"max_depth": 6, "endgame_tables": True}),
    "five-pieces-tables": (FIVE_PIECES, {"max_depth": 6, "endgame_tables": True}),
    "first-position-12": (FIRST_POSITION, {"max_depth": 12}),
    "ballot-root-share": (BALLOT, {"max_depth": 5, "root_moves": "share"}),
    "ballot-root-floor": (BALLOT, {"max_depth": 5, "root_floor": "floor"}),
}

#: Positions of seeded random international games: a middlegame, and one with a king.
INTERNATIONAL_MIDDLE = (
    "B:W31,33,35,36,38,39,40,41,44,45,46,48,50:B1,2,3,4,5,6,8,9,10,11,15,16,17,19,20,25"
)
INTERNATIONAL_KINGS = "W:W30,33,37,38,40,42,43,48,50,K35:B1,4,6,12,16,20,21,26"
RUSSIAN_KINGS = "W:WK18,22,23,K30:BK11,6,7,K3"

GENERAL: dict[str, tuple[str, str, dict[str, Any]]] = {
    "international-start-4": ("", "international", {"max_depth": 4}),
    "international-middle-4": (INTERNATIONAL_MIDDLE, "international", {"max_depth": 4}),
    "international-kings-5": (INTERNATIONAL_KINGS, "international", {"max_depth": 5}),
    "international-all-scores-3": ("", "international", {"max_depth": 3, "all_scores": True}),
    "international-budget-2000": (INTERNATIONAL_MIDDLE, "international", {"node_limit": 2000}),
    "international-budget-3": (INTERNATIONAL_KINGS, "international", {"node_limit": 3}),
    "russian-start-6": ("", "russian", {"max_depth": 6}),
    "russian-kings-quiet-76": (
        RUSSIAN_KINGS,
        "russian",
        {"max_depth": 5, "quiet": 76, "quiet_limit": 80},
    ),
    "giveaway-start-6": ("", "giveaway", {"max_depth": 6}),
}


def american_options(fen: str, options: dict[str, Any]) -> dict[str, Any]:
    """``options`` with the root-split stand-ins made real: ``root_moves="share"`` the
    root's odd-numbered moves, ``root_floor="floor"`` a floor of 0 from depth 3 on."""
    run = dict(options)
    if run.get("root_moves") == "share":
        board = Board(fen)
        black = board.turn == BLACK
        b, w, kings = board.bitboards
        own, opp = (b, w) if black else (w, b)
        legal = capture_results(own, opp, kings, black) or quiet_steps(own, opp, kings, black)
        run["root_moves"] = legal[1::2]
    if run.get("root_floor") == "floor":
        run["root_floor"] = lambda depth: 0 if depth >= 3 else None
    return run


def general_fen(fen: str, variant: str) -> str:
    return fen or Board(variant=variant).to_fen()


def engine_games() -> dict[str, tuple[str, int, Board | Game, dict[str, Any]]]:
    """``Engine.analyse`` calls: level, seed, position and limits."""
    game = Game()
    for text in ("11-15", "23-19", "8-11", "22-17", "9-13", "17-14", "10x17", "21x14"):
        game.play(text)
    kings = Game(KINGS)  # kings back and forth: the start position is on the game's record
    for text in ("22-26", "15-11", "26-22", "11-15"):
        kings.play(text)
    return {
        "easy-start": ("easy", 7, Board(), {}),
        "normal-game-5": ("normal", 3, game, {"depth": 5}),
        "hard-kings-repeats-6": ("hard", 1, kings, {"depth": 6}),
        "hard-first-position-5": ("hard", 1, Board(FIRST_POSITION), {"depth": 5}),
        "normal-budget-4000": ("normal", 5, Board(BALLOT), {"nodes": 4000}),
        "easy-international": ("easy", 11, Board(variant="international"), {}),
        "normal-international-4": (
            "normal",
            2,
            Board(INTERNATIONAL_MIDDLE, variant="international"),
            {"depth": 4},
        ),
        "hard-russian-kings-4": ("hard", 4, Board(RUSSIAN_KINGS, variant="russian"), {"depth": 4}),
    }


# ---------------------------------------------------------------------- the traces
# Written down from a run of the code before the shared scaffold (commit 9b7e4db).


AMERICAN_TRACES: dict[str, list[str]] = {
    "ballot-7": [
        "d1 21-17 5 n25 s4: 21-17 13x22/17 26x17/22",
        "d2 21-17 -2 n94 s7: 21-17 13x22/17 26x17/22 10-14 17x10/14 6x22/10,18 25x18/22",
        "d3 24-19 6 n382 s9: 24-19 8-12 21-17 13x22/17 26x17/22",
        "d4 24-19 4 n632 s9: 24-19 8-12 18-15 11x18/15 23x14/18 10x17/14 21x14/17 16x23/19 "
        "26x19/23",
        "d5 24-19 4 n1202 s11: 24-19 8-12 18-15 11x18/15 23x14/18 10x17/14 21x14/17 16x23/19 "
        "26x19/23",
        "d6 24-19 2 n2616 s12: 24-19 8-12 18-15 11x18/15 23x14/18 10x17/14 21x14/17 16x23/19 "
        "26x19/23 13-17",
        "d7 24-19 2 n5667 s14: 24-19 8-12 18-15 11x18/15 23x14/18 10x17/14 21x14/17 16x23/19 "
        "27x18/23 12-16 18-15",
        "result d7 24-19 2 n5667 s14: 24-19 8-12 18-15 11x18/15 23x14/18 10x17/14 21x14/17 "
        "16x23/19 27x18/23 12-16 18-15",
        "scores 18-14=2 18-15=2 21-17=2 23-19=2 24-19=2 24-20=2 25-22=2 26-22=2",
        "searched n5667 s14",
    ],
    "ballot-all-scores-5": [
        "d1 21-17 5 n22 s4: 21-17 13x22/17 26x17/22",
        "d2 21-17 -2 n179 s7: 21-17 13x22/17 26x17/22 10-14 17x10/14 6x22/10,18 25x18/22",
        "d3 24-19 6 n915 s9: 24-19 8-12 21-17 13x22/17 26x17/22",
        "d4 24-19 4 n2562 s11: 24-19 8-12 18-15 11x18/15 23x14/18 10x17/14 "
        "21x14/17 16x23/19 26x19/23",
        "d5 24-19 4 n5513 s14: 24-19 8-12 18-15 11x18/15 23x14/18 10x17/14 "
        "21x14/17 16x23/19 26x19/23",
        "result d5 24-19 4 n5513 s14: 24-19 8-12 18-15 11x18/15 23x14/18 10x17/14 "
        "21x14/17 16x23/19 26x19/23",
        "scores 24-19=4 18-14=2 25-22=0 26-22=0 24-20=-1 18-15=-2 23-19=-4 21-17=-6",
        "searched n5513 s14",
    ],
    "ballot-budget-3000": [
        "d1 21-17 5 n25 s4: 21-17 13x22/17 26x17/22",
        "d2 21-17 -2 n94 s7: 21-17 13x22/17 26x17/22 10-14 17x10/14 6x22/10,18 25x18/22",
        "d3 24-19 6 n382 s9: 24-19 8-12 21-17 13x22/17 26x17/22",
        "d4 24-19 4 n632 s9: 24-19 8-12 18-15 11x18/15 23x14/18 10x17/14 21x14/17 "
        "16x23/19 26x19/23",
        "d5 24-19 4 n1202 s11: 24-19 8-12 18-15 11x18/15 23x14/18 10x17/14 "
        "21x14/17 16x23/19 26x19/23",
        "d6 24-19 2 n2616 s12: 24-19 8-12 18-15 11x18/15 23x14/18 10x17/14 "
        "21x14/17 16x23/19 26x19/23 13-17",
        "result d6 24-19 2 n2616 s12: 24-19 8-12 18-15 11x18/15 23x14/18 10x17/14 "
        "21x14/17 16x23/19 26x19/23 13-17",
        "scores 18-14=2 23-19=2 24-19=2 24-20=2 25-22=2 26-22=2 18-15=1 21-17=0",
        "searched n3000 s14",
    ],
    "ballot-root-floor": [
        "d1 21-17 5 n25 s4: 21-17 13x22/17 26x17/22",
        "d2 21-17 -2 n94 s7: 21-17 13x22/17 26x17/22 10-14 17x10/14 6x22/10,18 25x18/22",
        "d3 24-19 6 n349 s8: 24-19 8-12 21-17 13x22/17 26x17/22",
        "d4 24-19 4 n599 s9: 24-19 8-12 18-15 11x18/15 23x14/18 10x17/14 21x14/17 "
        "16x23/19 26x19/23",
        "d5 24-19 4 n1169 s11: 24-19 8-12 18-15 11x18/15 23x14/18 10x17/14 21x14/17 "
        "16x23/19 26x19/23",
        "result d5 24-19 4 n1169 s11: 24-19 8-12 18-15 11x18/15 23x14/18 10x17/14 "
        "21x14/17 16x23/19 26x19/23",
        "scores 18-14=4 18-15=4 24-19=4 24-20=4 23-19=2 25-22=1 21-17=-2 26-22=-3",
        "searched n1169 s11",
    ],
    "ballot-root-share": [
        "d1 21-17 5 n8 s2: 21-17 13x22/17 26x17/22",
        "d2 21-17 -2 n45 s7: 21-17 13x22/17 26x17/22 10-14 17x10/14 6x22/10,18 25x18/22",
        "d3 18-14 0 n348 s9: 18-14 10x17/14 21x14/17 16-19 23x16/19 11x20/16",
        "d4 18-14 1 n794 s10: 18-14 10x17/14 21x14/17 13-17 23-19 16x23/19 27x18/23",
        "d5 18-14 2 n1637 s13: 18-14 10x17/14 21x14/17 13-17 24-19 8-12 23-18 16x23/19 26x19/23",
        "result d5 18-14 2 n1637 s13: 18-14 10x17/14 21x14/17 13-17 24-19 8-12 "
        "23-18 16x23/19 26x19/23",
        "scores 18-14=2 24-20=2 26-22=2 21-17=-6",
        "searched n1637 s13",
    ],
    "eleven-man-5": [
        "d1 9-14 4 n18 s2: 9-14 18x9/14 6x13/9",
        "d2 9-14 4 n46 s3: 9-14 18x9/14 6x13/9",
        "d3 9-13 2 n347 s7: 9-13 21-17 11-15 18x11/15 7x16/11",
        "d4 11-16 0 n831 s9: 11-16 22-17 9-14 18x9/14 5x14/9",
        "d5 11-16 2 n1555 s12: 11-16 22-17 16-19 24x15/19 10x19/15 18-15 9-14 17x10/14 7x14/10",
        "result d5 11-16 2 n1555 s12: 11-16 22-17 16-19 24x15/19 10x19/15 18-15 9-14 "
        "17x10/14 7x14/10",
        "scores 10-14=2 11-16=2 9-13=2 11-15=0 9-14=0 10-15=-20 4-8=-20 12-16=-22 3-8=-39",
        "searched n1555 s12",
    ],
    "first-position-12": [
        "d1 19-15 419 n10 s1: 19-15",
        "d2 23-18 419 n36 s2: 23-18 28-32",
        "d3 23-18 442 n94 s4: 23-18 28-32 19-15",
        "d4 23-18 412 n206 s5: 23-18 28-32 19-23 32-28",
        "d5 23-18 417 n376 s7: 23-18 28-32 19-23 12-16 18-15",
        "d6 23-18 387 n741 s9: 23-18 28-32 19-23 32-28 23-27 12-16",
        "d7 23-18 410 n1157 s9: 23-18 28-32 19-23 32-28 23-27 12-16 27-23",
        "d8 23-18 378 n1991 s9: 23-18 28-32 18-15 32-28 15-11 28-32 19-23 32-28",
        "d9 23-18 419 n2799 s11: 23-18 28-32 18-15 32-28 15-11 28-32 19-23 32-28 11-15",
        "d10 23-18 417 n4435 s12: 23-18 28-32 18-15 32-28 15-10 28-32 19-23 12-16 10-15 32-28",
        "d11 23-18 404 n6416 s14: 23-18 28-32 19-23 32-28 23-27 12-16 18-23 16-20 "
        "23-19 28-32 27-23",
        "d12 23-18 396 n8067 s15: 23-18 28-32 19-23 32-28 23-27 28-32 18-23 32-28 "
        "23-19 28-32 27-24 32-28",
        "result d12 23-18 396 n8067 s15: 23-18 28-32 19-23 32-28 23-27 28-32 18-23 "
        "32-28 23-19 28-32 27-24 32-28",
        "scores 23-18=396 23-26=396 23-27=396 19-15=389 19-16=-29998 19-24=-29998",
        "searched n8067 s15",
    ],
    "first-position-tables": [
        "d61 23-27 29939 n6 s61: 23-27 28-32 19-23 32-28 27-32 28-24 23-18 "
        "24-28 18-22 28-24 32-28 24-27 22-18 12-16 28-32 27-24 18-15 16-20 "
        "15-11 24-19 32-27 19-16 11-15 16-12 15-19 12-8 27-23 8-11 23-18 11-8 "
        "18-15 8-12 15-11 12-16 19x12/16 20-24 11-15 24-27 12-16 27-32 15-18 "
        "32-28 16-19 28-32 19-23 32-28 23-27 28-32 18-23 32-28 27-32 28-24 "
        "32-28 24-20 23-18 20-16 18-15 16-12 15-11 12-16 11x20/16",
        "result d61 23-27 29939 n6 s61: 23-27 28-32 19-23 32-28 27-32 28-24 "
        "23-18 24-28 18-22 28-24 32-28 24-27 22-18 12-16 28-32 27-24 18-15 "
        "16-20 15-11 24-19 32-27 19-16 11-15 16-12 15-19 12-8 27-23 8-11 23-18 "
        "11-8 18-15 8-12 15-11 12-16 19x12/16 20-24 11-15 24-27 12-16 27-32 "
        "15-18 32-28 16-19 28-32 19-23 32-28 23-27 28-32 18-23 32-28 27-32 "
        "28-24 32-28 24-20 23-18 20-16 18-15 16-12 15-11 12-16 11x20/16",
        "searched n6 s0",
    ],
    "five-pieces-tables": [
        "d1 14-18 757 n14 s1: 14-18",
        "d2 14-18 764 n40 s2: 14-18 28-32",
        "d3 23-27 29965 n197 s3: 23-27 28-32 19-24 32x23/27",
        "d4 23-27 29965 n280 s4: 23-27 28-32 19-24 32x23/27",
        "d5 23-27 29965 n478 s6: 23-27 28-32 19-24 32x23/27",
        "d6 23-27 29965 n851 s6: 23-27 28-32 19-24 32x23/27",
        "result d6 23-27 29965 n851 s6: 23-27 28-32 19-24 32x23/27",
        "scores 23-27=29965 14-10=787 14-18=779 23-18=772 19-15=765 14-17=757 "
        "23-26=711 14-9=697 19-24=-29956 19-16=-29964",
        "searched n851 s6",
    ],
    "kings-6": [
        "d1 16-19 -3 n5 s0: 16-19",
        "d2 16-19 -5 n26 s3: 16-19 18-14",
        "d3 16-19 3 n146 s5: 16-19 10-14 19-23",
        "d4 16-19 138 n380 s7: 16-19 18-14 22-18 15x22/18 25x9/14,22 24x15/19 29-25",
        "d5 16-19 145 n759 s9: 16-19 18-14 19-23 27x18/23 20x27/24 14-9 27-32",
        "d6 16-19 179 n1371 s10: 16-19 18-14 22-18 15x22/18 25x9/14,22 24x15/19 29-25 15-11 25-22",
        "result d6 16-19 179 n1371 s10: 16-19 18-14 22-18 15x22/18 25x9/14,22 24x15/19 29-25 "
        "15-11 25-22",
        "scores 16-19=179 22-17=171 22-26=81 25-21=19 25-30=0",
        "searched n1371 s10",
    ],
    "kings-budget-3": [
        "d1 16-19 -3 n8 s0: 16-19",
        "result d1 16-19 -3 n8 s0: 16-19",
        "scores 16-19=-3 25-21=-39 25-30=-39 22-17=-41 22-26=-41",
        "searched n8 s0",
    ],
    "kings-quiet-76": [
        "d1 16-19 -3 n5 s0: 16-19",
        "d2 16-19 -5 n26 s3: 16-19 18-14",
        "d3 16-19 3 n146 s5: 16-19 10-14 19-23",
        "d4 16-19 138 n381 s7: 16-19 18-14 22-18 15x22/18 25x9/14,22 24x15/19 29-25",
        "d5 16-19 145 n685 s9: 16-19 18-14 19-23 27x18/23 20x27/24 14-9 27-32",
        "d6 16-19 179 n1281 s10: 16-19 18-14 22-18 15x22/18 25x9/14,22 24x15/19 29-25 15-11 25-22",
        "result d6 16-19 179 n1281 s10: 16-19 18-14 22-18 15x22/18 25x9/14,22 24x15/19 "
        "29-25 15-11 25-22",
        "scores 16-19=179 25-21=175 22-17=171 22-26=0 25-30=0",
        "searched n1281 s10",
    ],
    "start-6": [
        "d1 9-13 2 n7 s0: 9-13",
        "d2 9-13 -3 n59 s3: 9-13 22-17 13x22/17 25x18/22",
        "d3 9-13 -3 n100 s3: 9-13 22-17 13x22/17 25x18/22",
        "d4 9-13 2 n292 s8: 9-13 22-17 13x22/17 25x18/22 10-14 18x9/14 5x14/9",
        "d5 11-15 2 n1461 s10: 11-15 23-19 9-14 22-18 14x23/18 27x11/15,23 7x23/11,19 26x19/23",
        "d6 11-15 0 n2600 s13: 11-15 24-19 15x24/19 27x20/24 12-16 20x11/16 7x16/11 23-19 "
        "16x23/19 26x19/23",
        "result d6 11-15 0 n2600 s13: 11-15 24-19 15x24/19 27x20/24 12-16 20x11/16 7x16/11 "
        "23-19 16x23/19 26x19/23",
        "scores 10-14=0 10-15=0 11-15=0 11-16=0 9-14=0 12-16=-2 9-13=-2",
        "searched n2600 s13",
    ],
    "start-budget-3-all": [
        "d1 9-13 2 n10 s0: 9-13",
        "result d1 9-13 2 n10 s0: 9-13",
        "scores 10-14=2 10-15=2 11-15=2 11-16=2 12-16=2 9-13=2 9-14=2",
        "searched n10 s0",
    ],
}
GENERAL_TRACES: dict[str, list[str]] = {
    "giveaway-start-6": [
        "d1 9-13 0 n7 s1: 9-13",
        "d2 9-13 0 n32 s4: 9-13 21-17",
        "d3 9-13 0 n184 s8: 9-13 21-17 5-9",
        "d4 9-13 0 n372 s11: 9-13 21-17 10-14 17x10 6x15",
        "d5 9-13 0 n805 s11: 9-13 21-17 10-14 17x10 6x15 22-17 13x22 25x18 15x22 26x17",
        "d6 9-13 0 n1652 s13: 9-13 21-17 10-14 17x10 6x15 22-17 13x22 25x18 15x22 26x17",
        "result d6 9-13 0 n1652 s13: 9-13 21-17 10-14 17x10 6x15 22-17 13x22 25x18 15x22 26x17",
        "scores 10-15=0 11-15=0 11-16=0 12-16=0 9-13=0 10-14=-100 9-14=-100",
        "searched n1652 s13",
    ],
    "international-all-scores-3": [
        "d1 31-27 3 n9 s1: 31-27",
        "d2 31-27 -2 n177 s4: 31-27 18-22 27x18 12x23",
        "d3 31-27 -2 n604 s7: 31-27 18-22 27x18 12x23",
        "result d3 31-27 -2 n604 s7: 31-27 18-22 27x18 12x23",
        "scores 31-27=-2 35-30=-2 31-26=-4 34-30=-4 32-27=-6 34-29=-6 32-28=-8 33-28=-8 33-29=-8",
        "searched n604 s7",
    ],
    "international-budget-2000": [
        "d1 8-12 356 n18 s3: 8-12",
        "d2 8-12 351 n66 s4: 8-12 31-27",
        "d3 19-23 359 n609 s7: 19-23 31-27 23-28 33x22 17x28",
        "d4 19-23 354 n1472 s9: 19-23 31-27 23-29 33x24 20x29 38-32",
        "result d4 19-23 354 n1472 s9: 19-23 31-27 23-29 33x24 20x29 38-32",
        "scores 1-7=354 19-23=354 19-24=354 2-7=354 10-14=351 16-21=351 "
        "20-24=351 8-12=351 8-13=351 9-13=351 9-14=351 17-22=349 17-21=347 "
        "25-30=239",
        "searched n2000 s11",
    ],
    "international-budget-3": [
        "d1 37-31 479 n21 s3: 37-31 26x37 42x31",
        "result d1 37-31 479 n21 s3: 37-31 26x37 42x31",
        "scores 37-31=479 30-24=461 33-28=460 37-32=460 38-32=460 40-34=460 "
        "43-39=460 30-25=458 33-29=458 50-44=452 50-45=452",
        "searched n21 s3",
    ],
    "international-kings-5": [
        "d1 37-31 479 n18 s3: 37-31 26x37 42x31",
        "d2 37-31 472 n73 s5: 37-31 26x37 42x31 12-18",
        "d3 37-31 488 n353 s8: 37-31 26x37 42x31 21-26 30-25 26x37 25x14",
        "d4 37-31 481 n903 s9: 37-31 26x37 42x31 21-26 30-25 26x37 25x14 12-18",
        "d5 37-31 489 n1397 s11: 37-31 26x37 42x31 21-26 30-25 26x37 25x14 12-18 35-19",
        "result d5 37-31 489 n1397 s11: 37-31 26x37 42x31 21-26 30-25 26x37 25x14 12-18 35-19",
        "scores 37-31=489 38-32=489 33-29=487 33-28=480 40-34=480 43-39=480 "
        "30-24=479 50-44=472 50-45=472 37-32=470 30-25=423",
        "searched n1397 s11",
    ],
    "international-middle-4": [
        "d1 8-12 356 n18 s3: 8-12",
        "d2 8-12 351 n66 s4: 8-12 31-27",
        "d3 19-23 359 n609 s7: 19-23 31-27 23-28 33x22 17x28",
        "d4 19-23 354 n1472 s9: 19-23 31-27 23-29 33x24 20x29 38-32",
        "result d4 19-23 354 n1472 s9: 19-23 31-27 23-29 33x24 20x29 38-32",
        "scores 1-7=354 19-23=354 19-24=354 2-7=354 10-14=351 16-21=351 "
        "20-24=351 8-12=351 8-13=351 9-13=351 9-14=351 17-22=349 17-21=347 "
        "25-30=239",
        "searched n1472 s9",
    ],
    "international-start-4": [
        "d1 31-27 3 n10 s1: 31-27",
        "d2 31-27 -2 n59 s4: 31-27 18-22 27x18 12x23",
        "d3 31-27 -2 n205 s7: 31-27 18-22 27x18 12x23",
        "d4 31-27 6 n432 s11: 31-27 20-24 33-29 24x33 39x28",
        "result d4 31-27 6 n432 s11: 31-27 20-24 33-29 24x33 39x28",
        "scores 31-27=6 35-30=-2 31-26=-4 34-29=-4 34-30=-4 32-27=-6 33-29=-6 32-28=-8 33-28=-8",
        "searched n432 s11",
    ],
    "russian-kings-quiet-76": [
        "d1 18x4 387 n5 s2: 18x4",
        "d2 18x4 378 n19 s3: 18x4 6-10",
        "d3 18x4 390 n96 s6: 18x4 6-10 4-18",
        "d4 18x4 390 n181 s7: 18x4 6-10 4-18 3-12",
        "d5 18x4 400 n527 s8: 18x4 6-10 22-18 3-12 18-15 10x19x26 30x16x2",
        "result d5 18x4 400 n527 s8: 18x4 6-10 22-18 3-12 18-15 10x19x26 30x16x2",
        "scores 18x4=400 18x8=340",
        "searched n527 s8",
    ],
    "russian-start-6": [
        "d1 21-17 3 n7 s1: 21-17",
        "d2 21-17 -4 n46 s4: 21-17 10-14 17x10 6x15",
        "d3 21-17 -4 n123 s5: 21-17 10-14 17x10 6x15",
        "d4 21-17 -4 n296 s10: 21-17 9-14 25-21 5-9",
        "d5 22-18 0 n2149 s12: 22-18 9-14 18x9 5x14 23-18 14x23 27x18",
        "d6 24-20 2 n4266 s13: 24-20 9-14 28-24 11-16 20x11 8x15 24-19 15x24 27x20",
        "result d6 24-20 2 n4266 s13: 24-20 9-14 28-24 11-16 20x11 8x15 24-19 15x24 27x20",
        "scores 22-17=2 24-20=2 23-19=-2 24-19=-2 21-17=-4 22-18=-4 23-18=-4",
        "searched n4266 s13",
    ],
}
ANALYSES: dict[str, list[str]] = {
    "easy-international": [
        "31-27 +0.03 mate=None draw=False d1 s1 n9: 31-27",
        "31-27 -0.02 mate=None draw=False d2 s4 n177: 31-27 18-22 27x18 12x23",
        "31-27 -0.02 mate=None draw=False d3 s7 n604: 31-27 18-22 27x18 12x23",
        "31-26 +0.03 mate=None draw=False d4 s11 n1603: 31-26 17-21 26x17 11x22 33-28 22x33 39x28",
        "answer 33-28 +0.01 mate=None draw=False d4 s11 n1603: 33-28 17-22 28x17 "
        "11x22 31-27 22x31 36x27",
    ],
    "easy-start": [
        "9-13 +0.02 mate=None draw=False d1 s0 n7: 9-13",
        "9-13 -0.03 mate=None draw=False d2 s3 n92: 9-13 22-17 13x22 25x18",
        "9-13 -0.03 mate=None draw=False d3 s3 n233: 9-13 22-17 13x22 25x18",
        "10-14 +0.04 mate=None draw=False d4 s9 n795: 10-14 23-18 14x23 26x19 11-15 19x10 6x15",
        "answer 11-16 +0.04 mate=None draw=False d4 s9 n795: 11-16 23-19 16x23 26x19 10-15 "
        "19x10 6x15",
    ],
    "hard-first-position-5": [
        "23-27 +100.00 mate=31 draw=False d61 s61 n6: 23-27 28-32 19-23 32-28 "
        "27-32 28-24 23-18 24-28 18-22 28-24 32-28 24-27 22-18 12-16 28-32 "
        "27-24 18-15 16-20 15-11 24-19 32-27 19-16 11-15 16-12 15-19 12-8 27-23 "
        "8-11 23-18 11-8 18-15 8-12 15-11 12-16 19x12 20-24 11-15 24-27 12-16 "
        "27-32 15-18 32-28 16-19 28-32 19-23 32-28 23-27 28-32 18-23 32-28 "
        "27-32 28-24 32-28 24-20 23-18 20-16 18-15 16-12 15-11 12-16 11x20",
        "answer 23-27 +100.00 mate=31 draw=False d61 s0 n6: 23-27 28-32 19-23 "
        "32-28 27-32 28-24 23-18 24-28 18-22 28-24 32-28 24-27 22-18 12-16 "
        "28-32 27-24 18-15 16-20 15-11 24-19 32-27 19-16 11-15 16-12 15-19 12-8 "
        "27-23 8-11 23-18 11-8 18-15 8-12 15-11 12-16 19x12 20-24 11-15 24-27 "
        "12-16 27-32 15-18 32-28 16-19 28-32 19-23 32-28 23-27 28-32 18-23 "
        "32-28 27-32 28-24 32-28 24-20 23-18 20-16 18-15 16-12 15-11 12-16 "
        "11x20",
    ],
    "hard-kings-repeats-6": [
        "16-19 -0.03 mate=None draw=False d1 s0 n5: 16-19",
        "22-26 +0.00 mate=None draw=False d2 s3 n26: 22-26",
        "16-19 +0.03 mate=None draw=False d3 s5 n117: 16-19 10-14 19-23",
        "16-19 +1.38 mate=None draw=False d4 s7 n329: 16-19 18-14 22-18 15x22 25x18x9 24x15 29-25",
        "16-19 +1.45 mate=None draw=False d5 s9 n622: 16-19 18-14 19-23 27x18 20x27 14-9 27-32",
        "16-19 +1.79 mate=None draw=False d6 s11 n1308: 16-19 18-14 22-18 15x22 "
        "25x18x9 24x15 29-25 15-11 25-22",
        "answer 16-19 +1.79 mate=None draw=False d6 s11 n1308: 16-19 18-14 22-18 "
        "15x22 25x18x9 24x15 29-25 15-11 25-22",
    ],
    "hard-russian-kings-4": [
        "18x4 +3.87 mate=None draw=False d1 s2 n5: 18x4",
        "18x4 +3.78 mate=None draw=False d2 s3 n19: 18x4 6-10",
        "18x4 +3.90 mate=None draw=False d3 s6 n96: 18x4 6-10 4-18",
        "18x4 +3.90 mate=None draw=False d4 s7 n181: 18x4 6-10 4-18 3-12",
        "answer 18x4 +3.90 mate=None draw=False d4 s7 n181: 18x4 6-10 4-18 3-12",
    ],
    "normal-budget-4000": [
        "21-17 +0.05 mate=None draw=False d1 s4 n22: 21-17 13x22 26x17",
        "21-17 -0.02 mate=None draw=False d2 s7 n179: 21-17 13x22 26x17 10-14 17x10 6x15x22 25x18",
        "24-19 +0.06 mate=None draw=False d3 s9 n915: 24-19 8-12 21-17 13x22 26x17",
        "24-19 +0.04 mate=None draw=False d4 s11 n2562: 24-19 8-12 18-15 11x18 "
        "23x14 10x17 21x14 16x23 26x19",
        "answer 18-15 -0.03 mate=None draw=False d4 s14 n4000: 18-15 10x19 24x15 "
        "11x18 23x14 13-17 25-22",
    ],
    "normal-game-5": [
        "15-18 +0.03 mate=None draw=False d1 s3 n29: 15-18",
        "6-10 +0.00 mate=None draw=False d2 s7 n221: 6-10 25-21 10x17 21x14",
        "15-18 +0.01 mate=None draw=False d3 s9 n886: 15-18 24-20 13-17",
        "6-10 +0.02 mate=None draw=False d4 s10 n2083: 6-10 25-21 10x17 21x14 15-18",
        "15-18 +0.00 mate=None draw=False d5 s13 n5734: 15-18 24-20 11-15 19x10 6x15 26-22 7-11",
        "answer 15-18 +0.00 mate=None draw=False d5 s13 n5734: 15-18 24-20 11-15 19x10 "
        "6x15 26-22 7-11",
    ],
    "normal-international-4": [
        "8-12 +3.56 mate=None draw=False d1 s3 n17: 8-12",
        "8-12 +3.51 mate=None draw=False d2 s4 n220: 8-12 31-27",
        "19-23 +3.59 mate=None draw=False d3 s7 n1416: 19-23 31-27 23-28 33x22 17x28",
        "19-23 +3.54 mate=None draw=False d4 s10 n3217: 19-23 31-27 23-29 33x24 20x29 38-32",
        "answer 19-23 +3.54 mate=None draw=False d4 s10 n3217: 19-23 31-27 23-29 33x24 20x29 38-32",
    ],
}

# ---------------------------------------------------------------------- the tests


@pytest.mark.parametrize("name", sorted(AMERICAN))
def test_an_american_search_gives_its_pinned_iterations(name: str) -> None:
    fen, options = AMERICAN[name]
    assert american_trace(fen, **american_options(fen, options)) == AMERICAN_TRACES[name]


@pytest.mark.parametrize("name", sorted(GENERAL))
def test_a_general_search_gives_its_pinned_iterations(name: str) -> None:
    fen, variant, options = GENERAL[name]
    assert general_trace(general_fen(fen, variant), variant, **options) == GENERAL_TRACES[name]


@pytest.mark.parametrize("name", sorted(ANALYSES))
def test_engine_analyse_gives_its_pinned_analyses(name: str) -> None:
    level, seed, position, limits = engine_games()[name]
    assert analyses(level, seed, position, **limits) == ANALYSES[name]
