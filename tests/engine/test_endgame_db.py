"""The endgame databases (every position of at most four pieces): right, and used.

The shipped file is checked four ways: against the referee of the king endings
(test_engine_endgames: its own move generator, from board coordinates) and the
engine's own 2-v-1 tables (:mod:`checkers_widget.engine.endgame`) on every position
they cover; against a plain brute-force search with the rules core's Board (its
legal moves and push/pop, not the bitboard generator the databases were built with)
on a sample of 4-piece positions near the end of the game; against one ply of that
search everywhere (each sampled position's value must be the best of its moves'
values by the databases); and against the textbook endings of
:func:`checkers_widget.data.classic_positions`. Then the file itself (it reads back,
refuses damage) and the search's use of it (Hard plays the endings perfectly).
"""

from __future__ import annotations

import random
from functools import cache

import pytest
from test_engine_endgames import database, fen_of

from checkers_widget import Board, Move
from checkers_widget.core.color import BLACK
from checkers_widget.core.errors import CheckersError
from checkers_widget.core.game import Game
from checkers_widget.core.squares import BIT
from checkers_widget.data import classic_positions, read_bytes
from checkers_widget.engine import Engine, endgame, endgame_db
from checkers_widget.engine.endgame_db import (
    DATA_FILE,
    Value,
    build,
    decode,
    encode,
    probe,
    signatures,
    tables,
)
from checkers_widget.engine.search import MATE, Searcher


def value_of(board: Board) -> Value | None:
    """The databases' value of a Board's position, for the side to move."""
    black, white, kings = board.bitboards
    own, opp = (black, white) if board.turn == BLACK else (white, black)
    return probe(own, opp, kings, board.turn == BLACK)


def mask(squares: tuple[int, ...]) -> int:
    out = 0
    for s in squares:
        out |= BIT[s]
    return out


# ---------------------------------------------------------------------- the king endings


def test_every_king_ending_of_three_pieces_agrees_with_the_referee() -> None:
    win, loss = database()
    checked = 0
    for pos in set(win) | set(loss) | {((1,), (32,), True)}:
        white, black, wtm = pos
        if not white or not black:
            continue
        own, opp = (mask(white), mask(black)) if wtm else (mask(black), mask(white))
        expected = (1, win[pos]) if pos in win else (-1, loss[pos]) if pos in loss else (0, 0)
        assert probe(own, opp, own | opp, not wtm) == expected, fen_of(pos)
        checked += 1
    assert checked > 28_900


def test_every_king_ending_of_three_pieces_agrees_with_the_engines_tables() -> None:
    squares = [BIT[s] for s in range(1, 33)]
    checked = 0
    for a in squares:
        for b in squares:
            for c in [0, *squares]:
                if len({a, b, c} - {0}) < 2 + (c != 0) or (c and b > c):
                    continue
                for own, opp in ((a, b | c), (b | c, a)):
                    expected = endgame.probe(own, opp)
                    for black in (True, False):
                        assert probe(own, opp, own | opp, black) == expected
                        checked += 1
    assert checked == 4 * (32 * 31 + 32 * 496 - 32 * 31)


# ---------------------------------------------------------------------- brute force


def board_key(board: Board) -> tuple[int, int, int, bool]:
    return (*board.bitboards, board.turn == BLACK)


def solve(board: Board, depth: int, memo: dict[tuple[object, ...], int]) -> int:
    """1 if the side to move wins within ``depth`` plies (the other side left without
    a piece or a move), -1 if it loses within them, 0 if neither: plain negamax over
    Board's legal moves."""
    key = (*board_key(board), depth)
    found = memo.get(key)
    if found is not None:
        return found
    moves = board.legal_moves()
    if not moves:
        result = -1
    elif depth == 0:
        result = 0
    else:
        result = -1
        for m in moves:
            board.push(m)
            v = -solve(board, depth - 1, memo)
            board.pop()
            if v > result:
                result = v
                if v == 1:
                    break
    memo[key] = result
    return result


def random_board(rng: random.Random, sig: tuple[int, int, int, int]) -> Board:
    """A random position of a signature (side to move's men, kings, the other side's),
    Black or White to move, as a Board."""
    om, ok, pm, pk = sig
    black = rng.random() < 0.5
    while True:
        squares = rng.sample(range(1, 33), om + ok + pm + pk)
        men_own, kings_own = squares[:om], squares[om : om + ok]
        men_opp, kings_opp = squares[om + ok : om + ok + pm], squares[om + ok + pm :]
        # Black's men never stand on 29-32, White's never on 1-4.
        up, down = (men_own, men_opp) if black else (men_opp, men_own)
        if all(s <= 28 for s in up) and all(s >= 5 for s in down):
            break

    def side(men: list[int], kings: list[int]) -> str:
        return ",".join([*map(str, men), *(f"K{s}" for s in kings)])

    own_text, opp_text = side(men_own, kings_own), side(men_opp, kings_opp)
    b_text, w_text = (own_text, opp_text) if black else (opp_text, own_text)
    return Board(f"{'B' if black else 'W'}:W{w_text}:B{b_text}")


FOUR = [s for s in signatures() if sum(s) == 4]


@cache
def near_the_end() -> list[tuple[str, Value]]:
    """200 random 4-piece positions (every signature) whose game ends within 7 plies
    by the databases, and 40 drawn ones: (FEN, value)."""
    rng = random.Random(16)
    ended: list[tuple[str, Value]] = []
    drawn: list[tuple[str, Value]] = []
    while len(ended) < 200 or len(drawn) < 40:
        board = random_board(rng, rng.choice(FOUR))
        v = value_of(board)
        assert v is not None
        if v[0] and v[1] <= 7 and len(ended) < 200:
            ended.append((board.to_fen(), v))
        elif not v[0] and len(drawn) < 40:
            drawn.append((board.to_fen(), v))
    return ended + drawn


def test_positions_near_the_end_agree_with_a_brute_force_search() -> None:
    memo: dict[tuple[object, ...], int] = {}
    kinds = set()
    for fen, (result, plies) in near_the_end():
        board = Board(fen)
        if result:
            assert solve(board, plies, memo) == result, fen
            if plies >= 1:
                # Not sooner: a win ends on the winner's move, so two plies fewer.
                assert solve(board, plies - 1, memo) == 0, fen
            kinds.add(result)
        else:
            assert solve(board, 5, memo) == 0, fen
    assert kinds == {1, -1}


def test_each_value_is_the_best_of_its_moves_values() -> None:
    """One ply of negamax over Board's moves, the children valued by the databases,
    gives the databases' value: on 3,000 random positions of every signature."""
    rng = random.Random(4)
    sigs = signatures()
    for _ in range(3_000):
        board = random_board(rng, rng.choice(sigs))
        best: Value | None = None
        rank = -1_000
        for m in board.legal_moves():
            board.push(m)
            child = value_of(board)
            board.pop()
            if child is None:  # the last piece taken
                mine: Value = (1, 1)
            else:
                result, n = child
                mine = (-result, n + 1) if result else (0, 0)
            # Wins first, the fastest; draws; losses, the longest.
            r = 1_000 - mine[1] if mine[0] > 0 else mine[1] - 1_000 if mine[0] < 0 else 0
            if r > rank:
                best, rank = mine, r
        assert value_of(board) == (best or (-1, 0)), board.to_fen()


def test_the_classic_endings_of_four_pieces() -> None:
    expected = {
        "first_position": (1, 61),
        "first_position_without_opposition": (0, 0),
        "first_position_man_on_4": (1, 69),
        "payne_single_corner_b": (-1, 40),
        "payne_single_corner_w": (1, 11),
        "2k_v_1k_win": (1, 27),
        "2k_v_1k_draw_single_corner": (0, 0),
        "first_position_without_newell": (1, 39),
    }
    seen = {}
    for c in classic_positions():
        board = Board(c.fen)
        v = value_of(board)
        if len(board.pieces) > 4:
            assert v is None
            continue
        seen[c.id] = v
        winner = "white" if "White" in c.stated_result else "black"
        if v is not None and v[0]:
            mover = "black" if board.turn == BLACK else "white"
            assert (mover == winner) == (v[0] > 0), c.id
        else:
            assert "draw" in c.stated_result.lower(), c.id
    assert seen == expected


# ---------------------------------------------------------------------- the file


def test_the_file_reads_back_and_writes_the_same_bytes() -> None:
    data = read_bytes(DATA_FILE)
    decoded = decode(data)
    assert decoded == tables()
    assert encode(decoded) == data
    assert len(data) < 3_000_000


def test_the_smallest_signatures_rebuild_to_the_shipped_tables() -> None:
    """Three pieces (a second or two): the build is deterministic, and the file's."""
    small = build(3)
    shipped = tables()
    assert small == {s: shipped[s] for s in signatures(3)}


@pytest.mark.slow
@pytest.mark.rebuild
@pytest.mark.timeout(900)
def test_the_whole_build_gives_the_shipped_file() -> None:
    """Every signature (about a minute on an idle core): run by ``make data-check``, not in
    the default suite, which rebuilds the smallest signatures (the test above)."""
    assert encode(build()) == read_bytes(DATA_FILE)


@pytest.mark.parametrize(
    "damage",
    [
        pytest.param(lambda d: d[: len(d) // 2], id="truncated"),
        pytest.param(lambda d: b"X" + d[1:], id="magic"),
        pytest.param(lambda d: d[:-5000] + bytes([d[-5000] ^ 1]) + d[-4999:], id="payload"),
        pytest.param(lambda d: d[:12] + bytes([d[12] ^ 1]) + d[13:], id="header"),
        pytest.param(lambda d: b"", id="empty"),
    ],
)
def test_a_damaged_file_is_refused(damage: object) -> None:
    data = read_bytes(DATA_FILE)
    assert callable(damage)
    with pytest.raises(CheckersError, match="damaged endgame database"):
        decode(damage(data))


def test_a_missing_file_is_a_checkers_error(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(name: str) -> bytes:
        raise FileNotFoundError(name)

    monkeypatch.setattr(endgame_db, "_tables", None)
    monkeypatch.setattr("checkers_widget.data.read_bytes", missing)
    with pytest.raises(CheckersError, match="missing"):
        tables()


def test_threads_share_one_load(monkeypatch: pytest.MonkeyPatch) -> None:
    """The first probes from several threads at once read the file once."""
    from concurrent.futures import ThreadPoolExecutor

    import checkers_widget.data

    reads: list[str] = []
    real = checkers_widget.data.read_bytes

    def counted(name: str) -> bytes:
        reads.append(name)
        return real(name)

    monkeypatch.setattr(endgame_db, "_tables", None)
    monkeypatch.setattr(checkers_widget.data, "read_bytes", counted)
    with ThreadPoolExecutor(4) as pool:
        loaded = list(pool.map(lambda _: tables(), range(4)))
    assert reads == [DATA_FILE]
    assert all(t is loaded[0] for t in loaded)


def test_what_is_not_in_the_databases() -> None:
    five = Board("W:W22,23,K5:BK15,K6")
    assert value_of(five) is None
    assert probe(0, BIT[5], 0, True) is None
    # A man on its own crown row is no position.
    assert probe(BIT[30], BIT[5], 0, True) is None


# ---------------------------------------------------------------------- the search


def test_the_search_answers_an_ending_from_the_databases() -> None:
    board = Board("W:WK19,K23:B12,K28")  # First Position: White wins in 61 plies
    black, white, kings = board.bitboards
    found = Searcher(endgame_tables=True).run(white, black, kings, False, max_depth=1)
    assert found is not None and found.score == MATE - 61
    assert len(found.pv) == 61
    # The line is the databases': each move keeps the distance.
    game = Game(board.to_fen())
    for i, m in enumerate(found.pv):
        v = value_of(game.board)
        assert v is not None and v[1] == 61 - i
        match = [mv for mv in game.legal_moves() if _bits(mv) == m]
        assert len(match) == 1
        game.play(match[0])
    assert game.is_over() and game.winner == "white"


def _bits(move: Move) -> tuple[int, int, int]:
    """A Move as the search's ``(src, dst, taken)`` masks."""
    taken = 0
    for s in move.captures:
        taken |= BIT[s]
    return BIT[move.path[0]], BIT[move.path[-1]], taken


@pytest.mark.parametrize(
    ("fen", "plies"),
    [
        pytest.param("W:WK6,K9:BK15", 27, id="2K-v-1K"),
        pytest.param("W:WK19,K23:B12,K28", 61, id="first-position"),
        pytest.param("B:WK13:B4,K32", 47, id="man-and-king-v-king"),
        pytest.param("B:W22,K5:BK6,K15", 39, id="2K-v-man-and-king"),
    ],
)
def test_hard_plays_the_ending_perfectly_against_itself(fen: str, plies: int) -> None:
    """Both sides play Hard: the winner takes the fastest win and the loser the longest
    defence, so the game lasts exactly the databases' distance."""
    game = Game(fen)
    engine = Engine("hard", nodes=2_000)
    while not game.is_over():
        a = engine.analyse(game)
        assert a.move is not None
        game.play(a.move)
    assert game.ply == plies
    assert game.winner == ("white" if fen.startswith("W") else "black")


def test_a_hint_in_a_drawn_ending_says_it_is_a_proven_draw() -> None:
    """Two kings each: the databases call it drawn, so Hard's analysis says "draw" (not
    "+0.00"), the review and the learn mode count it as a proven draw; a won ending keeps
    its distance, and a level without the databases (Normal) proves nothing."""

    drawn = Game("W:WK19,K27:BK5,K1")
    found = Engine("hard").analyse(drawn, time=0.2)
    assert found.draw and found.mate is None and found.score == 0.0
    assert found.score_text == "draw" and found.move in drawn.legal_moves()
    assert endgame_db.table_drawn(drawn.board)
    assert not Engine("normal").analyse(drawn).draw
    won = Engine("hard").analyse(Game("W:WK19,K23:BK5"), time=0.2)
    assert not won.draw and won.mate is not None and won.mate > 0
    assert not endgame_db.table_drawn(Game("W:WK19,K23:BK5").board)
    # Other variants have no databases.
    assert not endgame_db.table_drawn(Board("W:WK19,K27:BK5,K1", variant="russian"))
