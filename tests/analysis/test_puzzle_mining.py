"""The puzzle miner: a real game's shot is found and verified, a quiet or ambiguous
position is not a puzzle, and mining runs on any executor with the same result.

The shot is from Marion Tinsley's games (tinsley.pdn game 33, US National 1946, Tinsley v
Ryan, ply 46): White's 21-17 gives a man and takes two back, landing on the king row.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from checkers_widget import Board, data
from checkers_widget.analysis.puzzle_mining import (
    THEMES,
    GameRecord,
    MiningStats,
    as_puzzle,
    find_puzzle,
    mine,
    mine_games,
    move_wins,
    rating_of,
    realised,
    themes_of,
)

#: Tinsley game 33 before ply 46: White to play 21-17, 14x21, 23x14x5.
SHOT = "W:W21,23,27,32,K2:B9,12,14,16,18,20"
SHOT_SOURCE = "tinsley.pdn game 33, ply 46"
#: White takes the loose man on 15 with either of two men: two moves win it.
TWO_WAYS = "W:W17,18,19:B15,22,23"
#: Tinsley game 46 before ply 34: Black has just taken a man (11x18); White's 26-23 wins
#: two for one, which only gets the man back.
REGAIN = "W:W20,26,28,29,31:B5,6,7,12,18,19"


def _replay(fen: str, moves: tuple[str, ...]) -> Board:
    board = Board(fen)
    for text in moves:
        board.push(board.parse_move(text))
    return board


def test_the_shot_of_a_real_game_is_a_puzzle_with_its_forcing_line() -> None:
    stats = MiningStats()
    puzzle = find_puzzle(Board(SHOT), source=SHOT_SOURCE, stats=stats)
    assert puzzle is not None, stats
    assert puzzle.solution == ("21-17", "14x21", "23x14x5")
    assert len(puzzle.solution) % 2 == 1  # it ends with the solver's winning move
    # The line replays legally and wins a man net on the board.
    start = Board(SHOT)
    moves = []
    board = start.copy()
    for text in puzzle.solution:
        moves.append(board.parse_move(text))
        board.push(moves[-1])
    assert realised(start, moves) == len(moves)
    assert board.count("white") - board.count("black") > start.count("white") - start.count("black")
    assert puzzle.themes == ("two-for-one",)  # the jump ends on 5, not on the king row
    assert set(puzzle.themes) <= set(THEMES)
    assert puzzle.gain >= 90 and 800 <= puzzle.rating <= 2200
    assert stats.candidates == 1 and stats.puzzles == 1
    as_package = as_puzzle(puzzle)
    assert as_package.fen == SHOT and [str(m) for m in as_package.solution] == list(puzzle.solution)


def test_the_start_position_is_no_puzzle() -> None:
    stats = MiningStats()
    assert find_puzzle(Board(), stats=stats) is None
    assert stats.candidates == 0  # turned down by the cheap search already


def test_a_position_with_two_winning_moves_is_no_puzzle() -> None:
    board = Board(TWO_WAYS)
    winners = [m for m in board.legal_moves() if move_wins(board, [m])]
    assert len(winners) == 2  # the fixture is what it says: both captures win a man
    assert find_puzzle(board) is None


def test_a_single_legal_move_is_no_puzzle() -> None:
    board = Board("W:W22:B18,1")  # White must take 22x15 (its only move), winning a man
    assert len(board.legal_moves()) == 1 and move_wins(board, board.legal_moves())
    assert find_puzzle(board) is None


def test_themes_and_rating_come_from_the_line() -> None:
    start = Board(REGAIN)
    line = [start.parse_move("26-23")]
    probe = start.copy()
    probe.push(line[0])
    line.append(probe.parse_move("19x26"))
    probe.push(line[1])
    line.append(probe.parse_move("31x22x15"))
    assert themes_of(start, line) == ("two-for-one",)  # 11 pieces: not yet an ending
    assert themes_of(start, line, forced_win=True) == ("two-for-one", "forced-win")
    slow = rating_of(line, min_depth=3, plausible=2, board=start)
    fast = rating_of(line, min_depth=1, plausible=0, board=start)
    assert slow > fast  # deeper to find and more lures: harder


def _tinsley_game(number: int) -> GameRecord:
    for index, game in enumerate(data.tinsley_games(variations="skip"), start=1):
        if index == number:
            return GameRecord(
                f"tinsley.pdn game {number}", game.start_fen, tuple(str(m) for m in game.moves)
            )
    raise AssertionError(number)


@pytest.mark.timeout(300)
def test_mining_a_real_game_finds_its_shot_on_any_executor() -> None:
    record = _tinsley_game(33)
    here, stats = mine_games([record])
    assert stats.games == 1 and stats.positions > 20
    shot = [p for p in here if p.fen == SHOT]
    assert shot and shot[0].source == SHOT_SOURCE
    for p in here:  # every puzzle's line replays from its position
        _replay(p.fen, p.solution)
    with ThreadPoolExecutor(1) as pool:
        there, _ = mine([record], executor=pool)
    assert there == here


@pytest.mark.timeout(300)
def test_winning_back_a_man_just_taken_is_not_mined() -> None:
    """A position straight after the opponent's capture is not tried: the shot there only
    regains the man (game 46, ply 34), though on its own it gains one over the board."""
    assert find_puzzle(Board(REGAIN)) is not None
    found, _ = mine_games([_tinsley_game(46)])
    assert REGAIN not in {p.fen for p in found}


def test_a_position_met_in_two_games_of_one_batch_is_kept_once() -> None:
    """The same position in several games (a match's games often share openings) gives
    one puzzle, from the first game, whether the games go out together or apart."""
    game = _tinsley_game(33)
    board = Board(game.start_fen)
    for text in game.moves[:40]:
        board.push(board.parse_move(text))
    # Plies 41-46 of game 33: the shot comes at the sixth, the first the miner tries.
    record = GameRecord("a", board.to_fen(), game.moves[40:46])
    again = GameRecord("b", record.start_fen, record.moves)
    with ThreadPoolExecutor(1) as pool:
        together, stats = mine([record, again], executor=pool, batch=2)
    with ThreadPoolExecutor(1) as pool:
        apart, _ = mine([record, again], executor=pool, batch=1)
    assert [(p.fen, p.source) for p in together] == [(SHOT, "a, ply 6")]
    assert together == apart
    assert stats.puzzles == 1
