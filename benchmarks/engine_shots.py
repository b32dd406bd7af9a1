"""Find "shots" in master games and (re)build the engine's shot test set.

A shot is a quiet move that gives material away to win more back by force: the
two-for-one, the breeches, the three-for-two... This script scans the games of
``tinsley.pdn`` (and optionally ``OCA_2.0.pdn``) for them:

1. **Candidates** (cheap): a position in a game where the side to move has no capture,
   the move played is a step after which the opponent must capture (a sacrifice), and
   within the next ``--window`` plies of the game the mover is at least a man up
   compared with before the move.
2. **Verification** (a deep search): every legal move of the position is searched to
   ``--depth`` plies with exact scores. The position is kept when the move played is
   the engine's best, it wins at least ``--gain`` men compared with the static
   material, and every other move is at least ``--margin`` men worse, so that the key
   move is a unique, forced win of material.

It prints the kept positions, and ``--write tests/data/shots.csv`` stores them
(``fen,key_move,gain,second_gap,source``) for ``tests/engine/test_engine_shots.py``.

    .venv/bin/python benchmarks/engine_shots.py --games 400 --depth 12 --limit 16
"""

from __future__ import annotations

import argparse
import csv
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine_common import data_text

from checkers_widget import Board
from checkers_widget.core.squares import BIT
from checkers_widget.engine.evaluate import KING, MAN
from checkers_widget.engine.search import MATE_BOUND, Searcher

_TAG = re.compile(r"\[[^\]]*\]")
_COMMENT = re.compile(r"\{[^}]*\}")
_MOVE = re.compile(r"^\d+(?:[-x]\d+)+$")


def read_games(name: str, limit: int) -> list[tuple[str, list[str]]]:
    """``(event, move texts)`` of the first ``limit`` games of a PDN data file (a light
    reader: tags and comments dropped, move numbers and results skipped)."""
    text = data_text(name)
    games = []
    for chunk in re.split(r"\n\s*\n(?=\[)", text):
        event = re.search(r'\[Event "([^"]*)"', chunk)
        body = _COMMENT.sub(" ", _TAG.sub(" ", chunk))
        moves = [t for t in body.split() if _MOVE.match(t)]
        if moves:
            games.append((event.group(1) if event else "?", moves))
        if len(games) >= limit:
            break
    return games


def material(board: Board, color: str) -> int:
    """``color``'s material minus the other side's, in hundredths of a man."""
    other = "white" if color == "black" else "black"
    return (
        MAN * board.count(color, king=False)
        + KING * board.count(color, king=True)
        - MAN * board.count(other, king=False)
        - KING * board.count(other, king=True)
    )


def candidates(games, window: int):
    """Yield ``(fen, move text, source)`` for positions where the game move is a shot."""
    for gi, (event, moves) in enumerate(games):
        board = Board()
        played = []
        try:
            for t in moves:
                played.append(board.parse_move(t))
                board.push(played[-1])
        except Exception:
            pass  # keep the legal prefix of a damaged game
        replay = Board()
        for i, move in enumerate(played):
            if (
                i >= 6
                and not move.is_capture
                and not replay.must_capture()
                and i + window <= len(played)
            ):
                mover = replay.turn
                before = material(replay, mover)
                fen = replay.to_fen()
                replay.push(move)
                if replay.must_capture():
                    probe = replay.copy(stack=False)
                    for m in played[i + 1 : i + window]:
                        probe.push(m)
                    # Only count it once the exchange is over.
                    if not probe.must_capture() and material(probe, mover) - before >= MAN:
                        yield fen, str(move), f"game {gi + 1} ({event}), ply {i + 1}"
                continue
            replay.push(move)


def verify(fen: str, key: str, depth: int) -> tuple[int, int] | None:
    """``(gain, gap)`` in hundredths of a man when ``key`` is the unique best move."""
    board = Board(fen)
    b, w, k = board.bitboards
    black = board.turn == "black"
    own, opp = (b, w) if black else (w, b)
    it = Searcher(quiet_limit=None).run(own, opp, k, black, max_depth=depth, all_scores=True)
    if it is None:
        return None
    mv = board.parse_move(key)
    taken = 0
    for c in mv.captures:
        taken |= BIT[c]
    key_e = (BIT[mv.start], BIT[mv.end], taken)
    scores = sorted(it.root_scores.values(), reverse=True)
    if it.move != key_e or len(scores) < 2 or abs(scores[0]) > MATE_BOUND:
        return None
    return scores[0] - material(board, board.turn), scores[0] - scores[1]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=400, help="games of tinsley.pdn to scan")
    parser.add_argument("--oca", type=int, default=0, help="also scan this many OCA games")
    parser.add_argument("--window", type=int, default=6, help="plies to see the gain")
    parser.add_argument("--depth", type=int, default=12, help="verification depth")
    parser.add_argument("--gain", type=float, default=0.8, help="minimum gain in men")
    parser.add_argument("--margin", type=float, default=0.7, help="gap to the second move")
    parser.add_argument("--limit", type=int, default=16, help="positions to keep")
    parser.add_argument("--write", help="write the kept positions to this CSV")
    args = parser.parse_args(argv)
    games = read_games("tinsley.pdn", args.games)
    if args.oca:
        games += read_games("OCA_2.0.pdn", args.oca)
    kept = []
    seen = set()
    n = 0
    for fen, key, source in candidates(games, args.window):
        if fen in seen:
            continue
        seen.add(fen)
        n += 1
        res = verify(fen, key, args.depth)
        if res is None:
            continue
        gain, gap = res
        if gain >= args.gain * 100 and gap >= args.margin * 100:
            kept.append((fen, key, gain / 100, gap / 100, source))
            print(f"{fen}  {key:7s} gain {gain / 100:+.2f} gap {gap / 100:.2f}  {source}")
            if len(kept) >= args.limit:
                break
    print(f"{n} candidate positions verified, {len(kept)} kept")
    if args.write:
        with open(args.write, "w", newline="") as f:
            out = csv.writer(f)
            out.writerow(["fen", "key_move", "gain", "second_gap", "source"])
            for fen, key, gain, gap, source in kept:
                out.writerow([fen, key, f"{gain:.2f}", f"{gap:.2f}", source])


if __name__ == "__main__":
    main()
