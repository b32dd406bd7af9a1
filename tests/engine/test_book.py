"""The opening book: the shipped file, its moves, and how the engine plays from it.

The engine's book choices need no search, so these tests are fast and exact; where a
search follows (out of book, ``book=False``), it is bounded by depth.
"""

from __future__ import annotations

import gzip
import random
import threading

import pytest

from checkers_widget import Board
from checkers_widget.core.errors import CheckersError
from checkers_widget.core.game import Game
from checkers_widget.data import three_move_openings
from checkers_widget.engine import LEVELS, Engine
from checkers_widget.engine.book import BOOK_FILE, BookMove, OpeningBook
from checkers_widget.play.players import ComputerPlayer


@pytest.fixture(scope="module")
def book() -> OpeningBook:
    return OpeningBook.bundled()


def start_moves(book: OpeningBook) -> list[str]:
    return [str(m.move) for m in book.moves(Board())]


# ---------------------------------------------------------------------- the file


def test_the_shipped_book_loads_once_and_is_shared(book: OpeningBook) -> None:
    assert OpeningBook.bundled() is book
    assert book.positions > 1000 and book.move_count > book.positions
    assert "OCA" in book.source
    assert repr(book).startswith("<OpeningBook: ")


def test_from_the_start_the_book_offers_the_most_played_first_moves(book: OpeningBook) -> None:
    found = book.moves(Board())
    moves = [str(m.move) for m in found]
    # 11-15 is by far the most played first move among masters, and weighs most.
    assert moves[0] == "11-15"
    assert {"11-15", "9-14", "11-16", "10-15"} <= set(moves)
    assert all(isinstance(m, BookMove) for m in found)
    first = found[0]
    assert first.games > 1000 and 0.3 < first.score < 0.7
    assert first.weight == pytest.approx(first.games * first.score)
    assert [m.weight for m in found] == sorted((m.weight for m in found), reverse=True)
    # The tuple shape: (move, weight, games, score).
    move, weight, games, score = first
    assert (move, weight, games, score) == tuple(first)


def test_white_replies_to_11_15_from_the_book(book: OpeningBook) -> None:
    game = Game()
    game.play("11-15")
    replies = [str(m.move) for m in book.moves(game)]
    assert replies and "23-19" in replies[:2]


def test_every_book_move_is_legal_in_its_position(book: OpeningBook) -> None:
    positions = 0
    for board, paths in book.entries():
        legal = {m.path for m in board.legal_moves()}
        assert paths and set(paths) <= legal, board.to_fen()
        assert len(book.moves(board)) == len(paths)
        positions += 1
    assert positions == book.positions


def test_every_deck_opening_but_the_unplayed_has_a_continuation(book: OpeningBook) -> None:
    deck = [o for o in three_move_openings() if o.in_deck]
    missing = [o.number for o in deck if not book.moves(o.game())]
    # The script reports the deck openings that no archive game reached.
    assert len(missing) <= 1, missing


def test_the_book_holds_only_american_positions_and_moves_no_other_variant(
    book: OpeningBook,
) -> None:
    assert book.moves(Board(variant="international")) == []
    assert book.moves(Game(variant="russian")) == []
    assert book.choose(Board(variant="pool"), random.Random(1)) is None


def test_a_position_out_of_book_has_no_moves(book: OpeningBook) -> None:
    assert book.moves(Board("B:W18,K30:B5,K14")) == []
    assert book.choose(Board("B:W18,K30:B5,K14"), random.Random(1)) is None


def test_the_text_form_reads_back_the_same(book: OpeningBook) -> None:
    again = OpeningBook.from_bytes(book.to_bytes())
    assert again.positions == book.positions and again.move_count == book.move_count
    assert again.moves(Board()) == book.moves(Board())
    assert again.to_bytes() == book.to_bytes()


def _gz(text: str) -> bytes:
    return gzip.compress(text.encode("ascii"), mtime=0)


GOOD = "checkers-widget opening book 1\nsource test\n"
START = "fff fff00000 0 b"


@pytest.mark.parametrize(
    "data",
    [
        b"not gzip at all",
        _gz("checkers-widget opening book 2\nsource x\n"),
        _gz("checkers-widget opening book 1\n"),
        _gz(GOOD + "fff fff00000 0 b\n"),  # a position without moves
        _gz(GOOD + "fff fff00000 0 x 11-15:10:500\n"),  # no side to move
        _gz(GOOD + "fff fff 0 b 11-15:10:500\n"),  # pieces overlap
        _gz(GOOD + "fff fff00000 1000 b 11-15:10:500\n"),  # a king on an empty square
        _gz(GOOD + f"{START} 11-15:0:500\n"),  # no games
        _gz(GOOD + f"{START} 11-15:10:1001\n"),  # a score above 1
        _gz(GOOD + f"{START} 11-33:10:500\n"),  # square 33
        _gz(GOOD + f"{START} 11-15:10\n"),  # a field missing
        _gz(GOOD + f"{START} 11-15:10:500 11-15:3:400\n"),  # a move twice
        _gz(GOOD + f"{START} 11-15:10:500\n{START} 9-14:3:400\n"),  # a position twice
    ],
)
def test_a_malformed_book_is_refused_with_checkers_error(data: bytes) -> None:
    with pytest.raises(CheckersError):
        OpeningBook.from_bytes(data)


def test_a_malformed_bundled_file_is_a_checkers_error(monkeypatch: pytest.MonkeyPatch) -> None:
    import checkers_widget.data
    from checkers_widget.engine import book as book_module

    monkeypatch.setattr(checkers_widget.data, "read_bytes", lambda name: b"\x1f\x8b broken")
    book_module._bundled.cache_clear()
    try:
        with pytest.raises(CheckersError):
            OpeningBook.bundled()
        with pytest.raises(CheckersError):
            Engine("hard").choose(Board())
    finally:
        book_module._bundled.cache_clear()


def test_a_row_the_book_cannot_hold_is_refused() -> None:
    board = Board()
    with pytest.raises(CheckersError):
        OpeningBook.from_rows([(board, (11, 16, 20), 3, 0.5)])  # not a legal move
    with pytest.raises(CheckersError):
        OpeningBook.from_rows([(board, (11, 15), 0, 0.5)])  # no games
    with pytest.raises(CheckersError):
        OpeningBook.from_rows([(board, (11, 15), 3, 1.5)])  # score above 1
    with pytest.raises(CheckersError):
        OpeningBook.from_rows([(board, (11, 15), 3, "half")])  # type: ignore[list-item]
    with pytest.raises(CheckersError):
        OpeningBook.from_rows([(Board(variant="russian"), (22, 18), 3, 0.5)])


def test_a_book_move_not_legal_in_the_position_is_never_offered() -> None:
    # A book whose start position lists 11-15 and 15-19 (not legal there): only 11-15.
    made = OpeningBook.from_bytes(_gz(GOOD + f"{START} 15-19:90:500 11-15:10:500\n"))
    assert [str(m.move) for m in made.moves(Board())] == ["11-15"]
    for seed in range(20):
        chosen = made.choose(Board(), random.Random(seed), 1.0)
        assert chosen is not None and str(chosen.move) == "11-15"


def test_choose_checks_its_arguments(book: OpeningBook) -> None:
    with pytest.raises(CheckersError):
        book.choose(Board(), random.Random(1), -1)
    with pytest.raises(CheckersError):
        book.choose(Board(), random.Random(1), True)
    with pytest.raises(CheckersError):
        book.choose(Board(), 7, 1.0)  # type: ignore[arg-type]
    with pytest.raises(CheckersError):
        book.moves("11-15")  # type: ignore[arg-type]


def test_variety_zero_takes_the_heaviest_and_variety_one_varies(book: OpeningBook) -> None:
    heaviest = book.moves(Board())[0].move
    for seed in range(10):
        chosen = book.choose(Board(), random.Random(seed), 0)
        assert chosen is not None and chosen.move == heaviest
    drawn = {
        str(m.move)
        for seed in range(60)
        if (m := book.choose(Board(), random.Random(seed), 1.0)) is not None
    }
    assert len(drawn) > 1 and "11-15" in drawn


# ---------------------------------------------------------------------- the engine


def test_book_must_be_a_bool() -> None:
    for bad in (1, 0, "yes", None):
        with pytest.raises(CheckersError, match="book"):
            Engine("hard", book=bad)  # type: ignore[arg-type]
    assert Engine().book is True and Engine(book=False).book is False
    assert "book=False" in repr(Engine(book=False))


def test_choose_checks_its_arguments_in_book_as_out_of_it() -> None:
    engine = Engine("hard")
    for bad in ({"depth": 0}, {"time": -1}, {"nodes": "many"}, {"stop": 3}):
        with pytest.raises(CheckersError):
            engine.choose(Board(), **bad)  # type: ignore[arg-type]
    with pytest.raises(CheckersError):
        engine.choose("B:W18:B10")  # type: ignore[arg-type]


def test_choose_plays_a_book_move_without_search_and_says_so() -> None:
    analysis = Engine("hard", seed=1).choose(Game())
    assert analysis.source == "book"
    assert analysis.move is not None and analysis.move in Board().legal_moves()
    assert analysis.pv == [analysis.move] and analysis.depth == 0 and analysis.nodes == 0
    assert analysis.book_games > 0 and 0 <= analysis.book_score <= 1
    assert "book" in str(analysis)


def test_expert_plays_the_heaviest_book_move_every_time(book: OpeningBook) -> None:
    game = Game()
    for _ in range(6):
        heaviest = book.moves(game)[0].move
        moves = {Engine("expert", seed=seed).choose(game).move for seed in (None, 1, 2, 3)}
        assert moves == {heaviest}
        game.play(heaviest)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_the_levels_below_expert_vary_among_book_moves(level: str) -> None:
    assert LEVELS[level].book_variety > 0
    firsts = {Engine(level, seed=seed).choose(Board()).move for seed in range(40)}
    assert len(firsts) > 1


def test_the_same_seed_plays_the_same_book_moves() -> None:
    def line(seed: int) -> list[str]:
        engine = Engine("normal", seed=seed)
        game = Game()
        out = []
        for _ in range(8):
            analysis = engine.choose(game)
            if analysis.source != "book":
                break
            assert analysis.move is not None
            out.append(str(analysis.move))
            game.play(analysis.move)
        return out

    assert line(5) == line(5)
    assert len(line(5)) >= 4
    assert len({tuple(line(seed)) for seed in range(8)}) > 1


def test_book_false_never_consults_the_book(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(cls: type) -> OpeningBook:
        raise AssertionError("the book was consulted")

    monkeypatch.setattr(OpeningBook, "bundled", classmethod(refuse))
    analysis = Engine("hard", book=False).choose(Game(), depth=2)
    assert analysis.source == "search" and analysis.depth == 2
    # With the book on, the same call asks it.
    with pytest.raises(AssertionError, match="consulted"):
        Engine("hard").choose(Game(), depth=2)


def test_analyse_always_searches_even_in_book(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(cls: type) -> OpeningBook:
        raise AssertionError("the book was consulted")

    monkeypatch.setattr(OpeningBook, "bundled", classmethod(refuse))
    analysis = Engine("hard").analyse(Game(), depth=3)
    assert analysis.source == "search" and analysis.depth == 3 and analysis.nodes > 0


def test_out_of_book_the_engine_searches() -> None:
    board = Board("B:W18,K30:B5,K14")
    analysis = Engine("hard").choose(board, depth=3)
    assert analysis.source == "search" and analysis.move in board.legal_moves()


@pytest.mark.parametrize("variant", ["international", "russian", "pool", "giveaway"])
def test_other_variants_never_use_the_book(variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(cls: type) -> OpeningBook:
        raise AssertionError("the book was consulted")

    monkeypatch.setattr(OpeningBook, "bundled", classmethod(refuse))
    game = Game(variant=variant)
    analysis = Engine("easy", seed=1).choose(game, depth=2)
    assert analysis.source == "search" and analysis.move in game.legal_moves()


def test_a_book_move_is_never_illegal_for_the_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    from checkers_widget.engine import book as book_module

    made = OpeningBook.from_bytes(_gz(GOOD + f"{START} 15-19:90:500\n"))
    monkeypatch.setattr(book_module, "_bundled", lambda: made)
    analysis = Engine("expert").choose(Board(), depth=2)
    assert analysis.source == "search" and analysis.move in Board().legal_moves()


def test_a_finished_game_gets_no_book_move() -> None:
    game = Game(fen="B:W18:B")  # Black has no piece: White has won
    assert Engine("hard").choose(game).move is None


def test_the_computer_player_opens_from_the_book() -> None:
    player = ComputerPlayer(Engine("expert", seed=3))
    move = player.choose(Game(), threading.Event())
    assert move is not None and str(move) == "11-15"
    searching = ComputerPlayer(Engine("easy", seed=3, book=False))
    assert searching.choose(Game(), threading.Event()) in Board().legal_moves()


def test_the_book_file_is_package_data() -> None:
    from checkers_widget.data import FILES, read_bytes

    assert BOOK_FILE in FILES and read_bytes(BOOK_FILE)[:2] == b"\x1f\x8b"
