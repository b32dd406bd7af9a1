"""Each rule of each variant, shown on a small hand-made position (one test per rule).

Positions are written by (row, column), row 0 at the top of the board as
:mod:`checkers_widget.core.geometry` numbers it (square 1's row); :func:`fen` turns them
into a FEN of the variant's squares, so that a test reads as a diagram would. White
starts at the bottom and moves up in every variant but Spanish, where White starts on
1-12 (written at the top) and moves down.
"""

from __future__ import annotations

import dataclasses

import pytest

from checkers_widget import Board, Game, Move
from checkers_widget.core.errors import (
    CheckersError,
    FenError,
    IllegalMoveError,
    PositionError,
    VariantError,
)
from checkers_widget.core.move import Piece
from checkers_widget.core.variants import AMERICAN, VARIANTS, Variant, variant

Spot = tuple[int, int, bool]


def M(row: int, column: int) -> Spot:
    """A man at ``row``, ``column``."""
    return row, column, False


def K(row: int, column: int) -> Spot:
    """A king at ``row``, ``column``."""
    return row, column, True


def sq(name: str | Variant, row: int, column: int) -> int:
    square = variant(name).geometry.square_at(row, column)
    assert square is not None, f"({row}, {column}) is not a playable square of {name}"
    return square


def fen(name: str | Variant, turn: str, white: list[Spot], black: list[Spot]) -> str:
    def field(spots: list[Spot]) -> str:
        return ",".join(("K" if king else "") + str(sq(name, r, c)) for r, c, king in spots)

    return f"{turn}:W{field(white)}:B{field(black)}"


def board(name: str | Variant, turn: str, white: list[Spot], black: list[Spot]) -> Board:
    return Board(fen(name, turn, white, black), variant=name)


def path(name: str, *spots: tuple[int, int]) -> tuple[int, ...]:
    return tuple(sq(name, r, c) for r, c in spots)


def capture(name: str, spots: list[tuple[int, int]], taken: list[tuple[int, int]]) -> Move:
    return Move(path(name, *spots), captures=path(name, *taken))


# ---------------------------------------------------------------------- variants and boards


def test_unknown_variant_raises_naming_the_known_ones() -> None:
    for make in (
        lambda: Board(variant="checkerz"),
        lambda: Board.from_fen("W:W31:B1", variant="checkerz"),
        lambda: Game(variant="checkerz"),
        lambda: variant("checkerz"),
    ):
        with pytest.raises(VariantError) as info:
            make()
        assert isinstance(info.value, CheckersError)
        for name in VARIANTS:
            assert name in str(info.value)
    with pytest.raises(VariantError, match="men_capture_backward"):
        variant("american", flying_kings=True)
    with pytest.raises(VariantError):
        Board(variant=42)  # type: ignore[arg-type]


def test_a_variant_name_given_as_the_fen_says_how_to_write_it() -> None:
    with pytest.raises(FenError, match=r"Board\(variant='russian'\)"):
        Board("russian")


def test_english_is_another_name_for_american() -> None:
    assert variant("english") is AMERICAN
    assert variant(" English ") is AMERICAN
    assert Board(variant="english") == Board()
    assert Board(variant="english").key() == Board().key()


def test_american_boards_are_as_before() -> None:
    board_ = Board()
    assert board_.variant is AMERICAN
    assert board_.key() == (*board_.bitboards, "black")
    assert Board(variant="american").zobrist == board_.zobrist
    assert repr(board_) == f"Board({board_.to_fen()!r})"


def test_boards_of_two_variants_are_never_equal() -> None:
    position = "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    russian = Board(position, variant="russian")
    brazilian = Board(position, variant="brazilian")
    assert russian.to_fen() == brazilian.to_fen()
    assert russian != brazilian
    assert russian.key() != brazilian.key()
    assert russian.zobrist != brazilian.zobrist
    assert Board(variant="giveaway") != Board()
    assert Board(variant="giveaway").zobrist != Board().zobrist
    assert Board(variant="russian") == Board(variant="russian")


def test_copy_keeps_the_variant() -> None:
    original = Board(variant="international")
    original.push("32-28")
    copied = original.copy()
    assert copied.variant is original.variant
    assert copied == original and copied.move_stack == original.move_stack
    copied.pop()
    assert copied.perft(2) == 81


def test_start_positions_follow_the_pdn_gametypes() -> None:
    expected = {
        # name: (GameType, first mover, squares, FEN of the start position)
        "american": (21, "black", 32, "B:W21-32:B1-12"),
        "international": (20, "white", 50, "W:W31-50:B1-20"),
        "italian": (22, "white", 32, "W:W21-32:B1-12"),
        "pool": (23, "black", 32, "B:W21-32:B1-12"),
        "spanish": (24, "white", 32, "W:W1-12:B21-32"),
        "russian": (25, "white", 32, "W:W21-32:B1-12"),
        "brazilian": (26, "white", 32, "W:W21-32:B1-12"),
        "giveaway": (21, "black", 32, "B:W21-32:B1-12"),
    }
    for name, (gametype, first, squares, start) in expected.items():
        v = variant(name)
        b = Board(variant=name)
        assert (v.gametype, b.turn, v.squares) == (gametype, first, squares), name
        assert b == Board(start, variant=name), name


def test_italian_and_spanish_boards_are_turned() -> None:
    """Italian and Spanish number a board whose bottom-left corner is light: square 1 is a
    corner (one diagonal neighbour, 5), not the second square of the top row."""
    for name in ("italian", "spanish"):
        geo = variant(name).geometry
        assert geo.row_column(1) == (0, 0)
        assert [ray[0] for ray in geo.rays[1] if ray] == [5]
        assert geo.square_at(7, 0) is None  # the bottom-left corner is light
    american = AMERICAN.geometry
    assert american.row_column(1) == (0, 1)
    assert american.square_at(7, 0) == 29


def test_square_51_and_malformed_10x10_fens_are_refused() -> None:
    with pytest.raises(FenError, match=r"1-50"):
        Board.from_fen("W:W51:B1", variant="international")
    with pytest.raises(FenError, match=r"1-32"):
        Board.from_fen("W:W33:B1")
    with pytest.raises(FenError, match="20 pieces"):
        Board.from_fen("W:W30-50:B1-20", variant="international")
    with pytest.raises(FenError):
        Board.from_fen("W:W31-50:B1-20:X", variant="international")
    with pytest.raises(FenError):
        Board.from_fen("X:W31-50:B1-20", variant="international")
    b = Board(variant="international")
    before = (b.to_fen(), b.zobrist)
    with pytest.raises(PositionError, match=r"1-50"):
        b.set_piece(51, Piece("white"))
    with pytest.raises(PositionError, match="crowned"):
        b.set_piece(3, Piece("white"))  # a white man on White's crown row
    assert (b.to_fen(), b.zobrist) == before


def test_men_on_their_crown_row_are_refused_per_variant() -> None:
    with pytest.raises(FenError, match="crowned"):
        Board("W:W3:B40", variant="international")
    with pytest.raises(FenError, match="crowned"):
        Board("W:W31:B48", variant="international")
    Board("W:W31:B40", variant="international")  # men anywhere else are fine
    # Spanish: White starts on 1-12 and is crowned on 29-32.
    with pytest.raises(FenError, match="crowned"):
        Board("W:W30:B20", variant="spanish")
    with pytest.raises(FenError, match="crowned"):
        Board("W:W20:B2", variant="spanish")
    assert Board("W:W2:B30", variant="spanish").count("white") == 1


def test_parse_move_knows_the_variant_squares() -> None:
    b = Board(variant="international")
    assert b.parse_move("32-28") == Move((32, 28))
    with pytest.raises(IllegalMoveError, match=r"\(1-50\)"):
        b.parse_move("51-46")
    with pytest.raises(IllegalMoveError, match=r"\(1-32\)"):
        Board().parse_move("40-44")


def test_mirror_turns_each_variant_round() -> None:
    for name in VARIANTS:
        b = Board(variant=name)
        b.push(b.legal_moves()[0])
        m = b.mirror()
        n = b.variant.squares + 1
        assert m.variant == b.variant
        assert m.turn != b.turn
        assert m.pieces == {
            n - s: Piece("white" if p.color == "black" else "black", p.king)
            for s, p in b.pieces.items()
        }
        assert m.perft(3) == b.perft(3), name
        assert m.mirror() == b.copy(stack=False), name


def test_push_and_pop_restore_a_variant_position_and_its_hash() -> None:
    b = Board(
        "W:W26,27,28,32,33,37,38,39,K44,48:B8,12,13,16,17,19,23,K21,K35", variant="international"
    )
    start = (b.to_fen(), b.zobrist, b.key())
    played = []
    for _ in range(6):
        move = b.legal_moves()[-1]
        played.append(b.push(move))
        fresh = Board(b.to_fen(), variant="international")
        assert fresh.zobrist == b.zobrist and fresh == b
    for move in reversed(played):
        assert b.pop() == move
    assert (b.to_fen(), b.zobrist, b.key()) == start


def test_game_carries_the_variant() -> None:
    game = Game(variant="international")
    assert game.variant is VARIANTS["international"]
    assert game.turn == "white"
    game.play("32-28")
    game.play("19-23")
    game.play("28x19")
    assert game.board.variant is game.variant
    copied = game.copy()
    assert copied == game and copied.variant is game.variant
    assert game != Game()
    assert '[GameType "20"]' in game.to_pdn()  # PDN of every variant: tests/formats
    game.undo()
    assert game.ply == 2


def test_pictures_of_other_boards_are_drawn_and_so_is_text() -> None:
    b = Board(variant="international")
    assert b._repr_svg_().count('data-piece="') == 40  # more in tests/formats
    text = str(b)
    assert len(text.splitlines()) == 10
    assert text.splitlines()[0] == ". b . b . b . b . b"


# ---------------------------------------------------------------------- international


def test_international_men_capture_backward() -> None:
    b = board("international", "W", [M(5, 4)], [M(6, 3)])
    assert b.legal_moves() == [capture("international", [(5, 4), (7, 2)], [(6, 3)])]


def test_international_kings_fly() -> None:
    b = board("international", "W", [K(9, 0)], [M(0, 1)])
    assert {m.end for m in b.legal_moves()} == set(
        path("international", *[(9 - i, i) for i in range(1, 10)])
    )
    b = board("international", "W", [K(9, 0)], [M(5, 4)])
    assert b.legal_moves() == [
        capture("international", [(9, 0), (4 - i, 5 + i)], [(5, 4)]) for i in range(5)
    ]


def test_international_capture_taking_the_most_pieces_is_compulsory() -> None:
    # (6, 1) can take one piece, (8, 7) two: only the two-piece capture is legal.
    b = board("international", "W", [M(6, 1), M(8, 7)], [M(5, 2), M(7, 6), M(5, 6)])
    assert b.legal_moves() == [capture("international", [(8, 7), (6, 5), (4, 7)], [(7, 6), (5, 6)])]


def test_international_captured_pieces_stay_on_the_board_until_the_capture_ends() -> None:
    # The king could take (7, 2) and come back up the same diagonal to take (4, 5), or the
    # other way round, if a captured piece left at once; it stays, blocking the way back.
    b = board("international", "W", [K(6, 3)], [M(7, 2), M(4, 5)])
    moves = b.legal_moves()
    assert len(moves) == 6
    assert all(len(m.captures) == 1 for m in moves)


def test_international_a_piece_cannot_be_jumped_twice() -> None:
    # After taking (4, 5) the man could jump it again backwards onto the square it left.
    b = board("international", "W", [M(5, 4)], [M(4, 5)])
    assert b.legal_moves() == [capture("international", [(5, 4), (3, 6)], [(4, 5)])]


def test_international_man_passing_the_crown_row_during_a_capture_is_not_crowned() -> None:
    b = board("international", "W", [M(2, 3)], [M(1, 4), M(1, 6)])
    (move,) = b.legal_moves()
    assert move.path == path("international", (2, 3), (0, 5), (2, 7))
    assert not move.crowns
    # Ending the capture on the crown row crowns it.
    b = board("international", "W", [M(2, 3)], [M(1, 4)])
    (move,) = b.legal_moves()
    assert move.end == sq("international", 0, 5) and move.crowns
    b.push(move)
    assert b.piece_at(move.end) == Piece("white", True)


def test_international_two_routes_taking_the_same_pieces_to_the_same_square_are_one_move() -> None:
    # The king can go round the four men either way and come back to (1, 2).
    spots = [M(2, 1), M(2, 3), M(4, 1), M(4, 3)]
    b = board("international", "W", [K(1, 2)], spots)
    moves = b.legal_moves()
    results = {(m.start, m.end, frozenset(m.captures)) for m in moves}
    assert len(results) == len(moves)
    assert all(len(m.captures) == 4 for m in moves)
    home = sq("international", 1, 2)
    assert [m.end for m in moves].count(home) == 1
    routes = dataclasses.replace(VARIANTS["international"], distinct_routes=True)
    both = board(routes, "W", [K(1, 2)], spots).legal_moves()
    assert [m.end for m in both].count(home) == 2
    # The route not listed may still be played, or written in full.
    (listed,) = [m for m in moves if m.end == home]
    (other,) = [m for m in both if m.end == home and m.path != listed.path]
    assert other not in moves and b.is_legal(other)
    assert b.parse_move("x".join(map(str, other.path))) == other
    after_other = b.copy()
    after_other.push(other)
    b.push(listed)
    assert after_other == b and after_other.zobrist == b.zobrist


# ---------------------------------------------------------------------- Russian


def test_russian_men_capture_backward() -> None:
    b = board("russian", "W", [M(4, 3)], [M(5, 2)])
    assert b.legal_moves() == [capture("russian", [(4, 3), (6, 1)], [(5, 2)])]


def test_russian_kings_fly() -> None:
    b = board("russian", "W", [K(7, 0)], [M(4, 3)])
    assert b.legal_moves() == [
        capture("russian", [(7, 0), (3 - i, 4 + i)], [(4, 3)]) for i in range(4)
    ]


def test_russian_any_capture_may_be_chosen() -> None:
    b = board("russian", "W", [M(5, 0), M(7, 4)], [M(4, 1), M(6, 5), M(4, 5)])
    assert sorted(len(m.captures) for m in b.legal_moves()) == [1, 2]


def test_russian_man_crowned_during_a_capture_goes_on_as_a_king() -> None:
    # The man reaches the crown row at (0, 3) and takes (2, 1) from afar, as a king.
    b = board("russian", "W", [M(2, 5)], [M(1, 4), M(2, 1)])
    assert b.legal_moves() == [
        Move(path("russian", (2, 5), (0, 3), (3, 0)), path("russian", (1, 4), (2, 1)), True)
    ]


# ---------------------------------------------------------------------- Brazilian


def test_brazilian_capture_taking_the_most_pieces_is_compulsory() -> None:
    b = board("brazilian", "W", [M(5, 0), M(7, 4)], [M(4, 1), M(6, 5), M(4, 5)])
    assert b.legal_moves() == [capture("brazilian", [(7, 4), (5, 6), (3, 4)], [(6, 5), (4, 5)])]


def test_brazilian_man_passing_the_crown_row_during_a_capture_is_not_crowned() -> None:
    b = board("brazilian", "W", [M(2, 5)], [M(1, 4), M(1, 2)])
    assert b.legal_moves() == [capture("brazilian", [(2, 5), (0, 3), (2, 1)], [(1, 4), (1, 2)])]


# ---------------------------------------------------------------------- pool


def test_pool_men_capture_backward() -> None:
    b = board("pool", "W", [M(4, 3)], [M(5, 2)])
    assert b.legal_moves() == [capture("pool", [(4, 3), (6, 1)], [(5, 2)])]


def test_pool_kings_fly() -> None:
    b = board("pool", "B", [M(3, 4)], [K(0, 7)])
    assert b.legal_moves() == [
        capture("pool", [(0, 7), (4 + i, 3 - i)], [(3, 4)]) for i in range(4)
    ]


def test_pool_any_capture_may_be_chosen() -> None:
    b = board("pool", "W", [M(5, 0), M(7, 4)], [M(4, 1), M(6, 5), M(4, 5)])
    assert sorted(len(m.captures) for m in b.legal_moves()) == [1, 2]


def test_pool_man_is_crowned_only_if_the_move_ends_on_the_crown_row() -> None:
    # It cannot go on as a king (Russian rules would take (2, 1) from afar).
    b = board("pool", "W", [M(2, 5)], [M(1, 4), M(2, 1)])
    assert b.legal_moves() == [Move(path("pool", (2, 5), (0, 3)), path("pool", (1, 4)), True)]
    # It goes on as a man, backwards, and leaves the crown row uncrowned.
    b = board("pool", "W", [M(2, 5)], [M(1, 4), M(1, 2)])
    assert b.legal_moves() == [capture("pool", [(2, 5), (0, 3), (2, 1)], [(1, 4), (1, 2)])]


# ---------------------------------------------------------------------- Italian


def test_italian_white_moves_first_from_21_32_on_the_turned_board() -> None:
    b = Board(variant="italian")
    assert b.turn == "white"
    assert [str(m) for m in b.legal_moves()] == [
        "21-17", "21-18", "22-18", "22-19", "23-19", "23-20", "24-20"
    ]  # fmt: skip


def test_italian_men_capture_forward_only() -> None:
    behind = board("italian", "W", [M(4, 4)], [M(5, 3)])
    assert not behind.must_capture()
    ahead = board("italian", "W", [M(4, 4)], [M(3, 3)])
    assert ahead.legal_moves() == [capture("italian", [(4, 4), (2, 2)], [(3, 3)])]


def test_italian_men_cannot_capture_kings() -> None:
    b = board("italian", "W", [M(4, 4)], [K(3, 3)])
    assert not b.must_capture()
    assert b.legal_moves() == [Move(path("italian", (4, 4), (3, 5)))]


def test_italian_kings_move_one_square() -> None:
    b = board("italian", "W", [K(4, 4)], [M(0, 0)])
    assert sorted(m.end for m in b.legal_moves()) == sorted(
        path("italian", (3, 3), (3, 5), (5, 3), (5, 5))
    )


def test_italian_precedence_most_pieces() -> None:
    b = board("italian", "W", [M(6, 2), M(6, 6)], [M(5, 1), M(5, 5), M(3, 3)])
    assert b.legal_moves() == [capture("italian", [(6, 6), (4, 4), (2, 2)], [(5, 5), (3, 3)])]


def test_italian_precedence_capture_with_a_king() -> None:
    b = board("italian", "W", [K(6, 2), M(6, 6)], [M(5, 1), M(5, 5)])
    assert b.legal_moves() == [capture("italian", [(6, 2), (4, 0)], [(5, 1)])]


def test_italian_precedence_most_kings() -> None:
    b = board("italian", "W", [K(4, 4)], [M(3, 3), K(3, 5)])
    assert b.legal_moves() == [capture("italian", [(4, 4), (2, 6)], [(3, 5)])]


def test_italian_precedence_the_king_met_first() -> None:
    # Both take a man and a king with the king; the one that takes the king first wins.
    b = board("italian", "W", [K(4, 4)], [M(3, 3), K(1, 3), K(5, 3), M(5, 1)])
    assert b.legal_moves() == [capture("italian", [(4, 4), (6, 2), (4, 0)], [(5, 3), (5, 1)])]


# ---------------------------------------------------------------------- Spanish


def test_spanish_white_moves_first_from_1_12() -> None:
    b = Board(variant="spanish")
    assert b.turn == "white"
    assert b.squares("white") == list(range(1, 13))
    assert {m.start for m in b.legal_moves()} == {9, 10, 11, 12}


def test_spanish_kings_fly() -> None:
    b = board("spanish", "W", [K(0, 0)], [M(7, 1)])
    assert [m.end for m in b.legal_moves()] == list(path("spanish", *[(i, i) for i in range(1, 8)]))


def test_spanish_men_capture_forward_only() -> None:
    behind = board("spanish", "W", [M(3, 3)], [M(2, 2)])
    assert not behind.must_capture()
    ahead = board("spanish", "W", [M(3, 3)], [M(4, 4)])
    assert ahead.legal_moves() == [capture("spanish", [(3, 3), (5, 5)], [(4, 4)])]


def test_spanish_capture_taking_the_most_pieces_is_compulsory() -> None:
    b = board("spanish", "W", [M(1, 1), M(1, 5)], [M(2, 2), M(2, 6), M(4, 6)])
    assert b.legal_moves() == [capture("spanish", [(1, 5), (3, 7), (5, 5)], [(2, 6), (4, 6)])]


def test_spanish_then_the_capture_taking_the_most_kings() -> None:
    b = board("spanish", "W", [K(3, 3)], [M(4, 4), K(4, 2)])
    assert b.legal_moves() == [
        capture("spanish", [(3, 3), (5, 1)], [(4, 2)]),
        capture("spanish", [(3, 3), (6, 0)], [(4, 2)]),
    ]


# ---------------------------------------------------------------------- giveaway


def test_giveaway_a_player_with_no_pieces_wins() -> None:
    assert Board("B:W21:B", variant="giveaway").outcome().result == "1-0"  # type: ignore[union-attr]
    assert Board("B:W21:B").outcome().result == "0-1"  # type: ignore[union-attr]


def test_giveaway_a_player_with_no_legal_move_wins() -> None:
    b = Board("W:W5:B1", variant="giveaway")  # the white man on 5 is blocked
    outcome = b.outcome()
    assert outcome is not None and outcome.winner == "white"
    assert "wins" in outcome.termination
    game = Game(fen="W:W5:B1", variant="giveaway")
    assert game.result == "0-1" and game.winner == "white"
    assert Game(fen="W:W5:B1").result == "1-0"


def test_giveaway_moves_are_american_moves() -> None:
    b = Board("B:W18,22,25,K30,31:B6,9,11,K15,K27", variant="giveaway")
    assert b.legal_moves() == Board("B:W18,22,25,K30,31:B6,9,11,K15,K27").legal_moves()


# ---------------------------------------------------------------------- American house rules


def test_american_house_rule_men_capture_backward() -> None:
    rules = variant("american", men_capture_backward=True)
    assert rules != AMERICAN and not rules.uses_bitboards
    assert "men capture backward" in rules.describe()
    assert not Board("B:W14:B18").must_capture()
    b = Board("B:W14:B18", variant=rules)
    assert b.legal_moves() == [Move((18, 9), captures=(14,))]
    assert Board(variant=rules).perft(4) == Board().perft(4)


def test_explain_on_another_variant_names_its_rules_and_squares() -> None:
    game = Game(variant="international")
    assert game.explain("32-28") == "32-28 is legal"
    assert "1-50" in game.explain("51-46")
    assert "pieces move diagonally" in game.explain("32-26")
    assert "White's turn" in game.explain("20-25")
    russian = Game(fen="W:W18:B22", variant="russian")
    assert "capturing is compulsory" in russian.explain("18-14")


def test_game_draw_rules_work_on_another_variant() -> None:
    game = Game(fen="W:WK29:BK1", variant="russian", draw_rules="browser")
    for _ in range(2):
        for move in ("29-25", "1-5", "25-29", "5-1"):
            game.play(move)
    assert game.result == "1/2-1/2"
    assert game.termination is not None and "repetition" in game.termination
    quiet = Game(fen="W:WK29:BK1", variant="brazilian")
    moves = ("29-25", "1-5", "25-29", "5-1")
    for ply in range(80):
        quiet.play(moves[ply % 4])
    assert quiet.result == "1/2-1/2" and "40-move" in (quiet.termination or "")


def test_a_variant_of_ones_own_is_checked_and_played() -> None:
    for bad in ({"size": 12}, {"first": "red"}, {"capture_rule": "max"}, {"flying_kings": 1}):
        with pytest.raises(VariantError):
            Variant("mine", "My rules", 0, **bad)  # type: ignore[arg-type]
    flying = Variant("mine", "American checkers with flying kings", 0, flying_kings=True)
    b = Board("W:WK29:B1", variant=flying)
    assert len(b.legal_moves()) == 7
    assert b.variant is flying and "variant=Variant(" in repr(b)


def test_a_games_variant_is_fixed_when_it_is_made() -> None:
    game = Game(variant="russian")
    with pytest.raises(CheckersError, match="fixed"):
        game.variant = "pool"
    assert game.variant is VARIANTS["russian"] and game.board.variant is game.variant
