"""Both colours play by the same rules: White's moves are Black's on the board turned round.

movegen writes most rules for Black, and White's code is their mirror image, written out
by ``scripts/write_white_movegen.py`` (see the module docstring). Turning the board round
(square ``s`` to ``33 - s``) with the colours exchanged must then give the same moves,
counts and perft, seen from the other side, on every position; that holds whatever the
code looks like, and would fail on a slip in either colour's rules.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from checkers_widget import Board
from checkers_widget.core import movegen
from checkers_widget.core.squares import BIT, SQUARE_OF_BIT

Position = tuple[int, int, int, bool]


def turned(mask: int) -> int:
    """The bitboard seen from the other side: square s becomes square 33 - s."""
    out = 0
    while mask:
        bit = mask & -mask
        mask ^= bit
        out |= BIT[33 - SQUARE_OF_BIT[bit]]
    return out


def positions(n: int, seed: int = 33) -> Iterator[Position]:
    """Positions from random games (half with Black to move, half with White)."""
    rng = random.Random(seed)
    for _ in range(n):
        board = Board()
        for _ in range(rng.randrange(80)):
            legal = board.legal_moves()
            if not legal:
                break
            board.push(rng.choice(legal))
        black, white, kings = board.bitboards
        if board.turn == "black":
            yield black, white, kings, True
        else:
            yield white, black, kings, False


POSITIONS = list(positions(600))


def test_the_positions_have_both_colours_to_move_kings_and_captures() -> None:
    assert {black for *_, black in POSITIONS} == {True, False}
    assert sum(1 for own, _, kings, _ in POSITIONS if own & kings) > 50
    assert sum(1 for p in POSITIONS if movegen.has_capture(*p)) > 50


def test_the_tests_agree_on_the_turned_board() -> None:
    for own, opp, kings, black in POSITIONS:
        other = (turned(own), turned(opp), turned(kings), not black)
        for test in (movegen.has_capture, movegen.can_step, movegen.moves_kind):
            assert test(own, opp, kings, black) == test(*other)
        assert movegen.count_moves(own, opp, kings, black) == movegen.count_moves(*other)
        at = opp
        while at:
            bit = at & -at
            at ^= bit
            assert movegen.can_take(own, opp, kings, black, bit) == movegen.can_take(
                *other, turned(bit)
            )


def test_the_moves_are_the_turned_moves() -> None:
    def turn_all(moves: list[movegen.BitMove]) -> set[movegen.BitMove]:
        return {(turned(s), turned(d), turned(t)) for s, d, t in moves}

    for own, opp, kings, black in POSITIONS:
        other = (turned(own), turned(opp), turned(kings), not black)
        results = movegen.capture_results(own, opp, kings, black)
        assert turn_all(results) == set(movegen.capture_results(*other))
        steps = movegen.quiet_steps(own, opp, kings, black)
        assert turn_all(steps) == set(movegen.quiet_steps(*other))
        paths = {
            (tuple(map(turned, path)), tuple(map(turned, caps)), crowns)
            for path, caps, crowns in movegen.captures(own, opp, kings, black)
        }
        assert paths == set(movegen.captures(*other))
        for m in results or steps:
            o, p, k = movegen.play(own, opp, kings, black, m)
            child = movegen.play(*other, (turned(m[0]), turned(m[1]), turned(m[2])))
            assert child == (turned(o), turned(p), turned(k))


def test_perft_is_the_same_on_the_turned_board() -> None:
    for own, opp, kings, black in POSITIONS[::10]:
        other = (turned(own), turned(opp), turned(kings), not black)
        for depth in (1, 2, 3, 4):
            assert movegen.perft(own, opp, kings, black, depth) == movegen.perft(*other, depth)
