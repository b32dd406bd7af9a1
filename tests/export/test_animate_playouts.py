"""Random legal games, animated: the final picture is the final position, every hop is one
slide and every taken piece vanishes at the end of the hop that takes it."""

from __future__ import annotations

import random

from export_helpers import SVG, disappears_at, frames, moves_of, parse, pieces, schedule
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers_widget import Board
from checkers_widget.export import animate
from checkers_widget.formats.svg import _center


def playout(seed: int, plies: int) -> tuple[Board, list[str]]:
    board, moves = Board(), []
    rng = random.Random(seed)
    for _ in range(plies):
        legal = board.legal_moves()
        if not legal:
            break
        move = rng.choice(legal)
        moves.append(str(move))
        board.push(move)
    return board, moves


@settings(max_examples=40)
@given(seed=st.integers(0, 10**6), plies=st.integers(1, 60))
def test_a_random_game_ends_on_its_final_position(seed: int, plies: int) -> None:
    final, moves = playout(seed, plies)
    hop, pause, hold = 0.3, 0.2, 1.0
    root = parse(animate(moves, seconds_per_hop=hop, pause=pause, hold=hold, loop=False))
    replay = Board()
    played = []
    for text in moves:
        played.append(replay.push(text))
    hops = [len(m.path) - 1 for m in played]
    ends = schedule(hops, hop, pause, hold)
    total = ends[-1]
    by_square = pieces(root)
    assert sum(len(moves_of(g)) for g in by_square.values()) == sum(hops)
    # Which hop took which piece, found by following the pieces through the moves.
    where = {square: square for square in by_square}  # start square -> square now
    taken_at: dict[int, float] = {}
    hop_index = 0
    for move in played:
        for _origin, _target, captured in move.hops:
            if captured is not None:
                start = next(s for s, now in where.items() if now == captured)
                taken_at[start] = ends[hop_index]
                del where[start]
            hop_index += 1
        mover = next(s for s, now in where.items() if now == move.start)
        where[mover] = move.end
    for start, piece in by_square.items():
        vanish = disappears_at(piece)
        if start in taken_at:
            assert vanish is not None and abs(vanish - taken_at[start] / total) < 1e-4
        else:
            assert vanish is None
            slide = piece.find(f"{SVG}animateTransform")
            last = frames(slide)[-1][1] if slide is not None else None
            x, y = _center(where[start], "black")
            standing = piece.attrib["transform"].removeprefix("translate(").removesuffix(")")
            assert (last or standing) == f"{x} {y}"
            kind = final.piece_at(where[start])
            assert kind is not None
            shapes = piece.findall(f"{SVG}use")
            assert (
                shapes[-1].attrib["href"].endswith(f"{kind.color}-{'king' if kind.king else 'man'}")
            )
    captions = next(g for g in root.iter(f"{SVG}g") if g.attrib.get("data-mark") == "captions")
    assert len(list(captions.iter(f"{SVG}text"))) == len(moves)
