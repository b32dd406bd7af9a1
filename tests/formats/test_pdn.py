"""PDN reading and writing on small hand-written snippets, plus random round trips."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers_widget.core.board import START_FEN, Board
from checkers_widget.core.color import BLACK, WHITE
from checkers_widget.core.errors import AmbiguousMoveError, IllegalMoveError, PdnError
from checkers_widget.core.game import Game, Result
from checkers_widget.formats.pdn import (
    PdnNote,
    PdnReader,
    read_game,
    read_games,
    write_game,
    write_games,
)

# The first moves of the first game of OCA_2.0.pdn (Moorhead v Wyllie, 1841).
OPENING = "1. 11-15 24-20 2. 8-11 28-24 3. 9-13 22-18 4. 15x22 25x18"
OPENING_MOVES = ["11-15", "24-20", "8-11", "28-24", "9-13", "22-18", "15x22", "25x18"]


def notations(game: Game) -> list[str]:
    return [str(m) for m in game.moves]


def locate(text: str, needle: str, occurrence: int = 1) -> tuple[int, int]:
    """The 1-based line and column of the n-th occurrence of ``needle`` in ``text``."""
    pos = -1
    for _ in range(occurrence):
        pos = text.index(needle, pos + 1)
    line = text.count("\n", 0, pos) + 1
    column = pos - (text.rfind("\n", 0, pos) + 1) + 1
    return line, column


def read_error(text: str, **options: object) -> PdnError:
    with pytest.raises(PdnError) as info:
        list(read_games(text, **options))  # type: ignore[arg-type]
    return info.value


# ---------------------------------------------------------------------- tags
def test_tags_are_read_with_escaped_quotes_and_backslashes() -> None:
    game = read_game(
        '[Event "Club \\"A\\" night"]\n[Site "C:\\\\clubs"]\n[Black "Ann"]\n'
        '[White "Bob"]\n[Result "1/2-1/2"]\n\n1. 11-15 *\n'
    )
    assert game.tags == {
        "Event": 'Club "A" night',
        "Site": "C:\\clubs",
        "Black": "Ann",
        "White": "Bob",
    }


def test_result_fen_and_setup_live_in_the_game_not_in_tags() -> None:
    game = read_game('[SetUp "1"]\n[FEN "W:W21-32:B1-12"]\n[Result "0-1"]\n1... 22-18 0-1')
    assert game.tags == {}
    assert game.start_fen == "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    assert game.result == "0-1"


def test_placeholder_tag_values_mean_unknown() -> None:
    game = read_game(
        '[Event "?"]\n[Date "????.??.??"]\n[Round ""]\n[Site "-"]\n[Date2 "1841-??-??"]\n*'
    )
    assert game.tags == {"Site": "-", "Date2": "1841-??-??"}


def test_tag_with_unescaped_quotes_is_read_leniently() -> None:
    game = read_game('[Event "The "Big" match"]\n[Round 3]\n1. 11-15 *')
    assert game.tags == {"Event": 'The "Big" match', "Round": "3"}


def test_special_tag_names_are_matched_without_regard_to_case() -> None:
    game = read_game('[fen "W:W21-32:B1-12"]\n[RESULT "1-0"]\n*')
    assert game.turn == WHITE
    assert game.tags == {}


# ---------------------------------------------------------------------- move text
@pytest.mark.parametrize(
    "movetext",
    [
        OPENING,
        "1.11-15 24-20 2.8-11 28-24 3.9-13 22-18 4.15x22 25x18",
        "1. 11-15 1... 24-20 2. 8-11 2... 28-24 3. 9-13 3... 22-18 4. 15x22 4... 25x18",
        "1.11-15 1...24-20 2.8-11 2...28-24 3.9-13 3...22-18 4.15x22 4...25x18",
        "11-15 24-20 8-11 28-24 9-13 22-18 15x22 25x18",
        "1. 11-15 24-20 2. 8-11 28-24 3. 9-13 22-18 4. 15:22 25:18",
        "1. 11-15 24-20 2. 8-11 28-24 3. 9-13 22-18 4. 15X22 25X18",
    ],
)
def test_move_number_styles_and_separators(movetext: str) -> None:
    game = read_game(movetext + " *")
    assert notations(game) == OPENING_MOVES
    assert game.result is None


def test_multi_jump_with_every_landing_square() -> None:
    game = read_game('[FEN "B:W9,17:B6"]\n1. 6x13x22 *')
    assert game.moves[0].path == (6, 13, 22)
    assert game.moves[0].captures == (9, 17)


def test_multi_jump_written_with_start_and_end_only() -> None:
    game = read_game('[FEN "B:W9,17:B6"]\n1. 6x22 *')
    assert game.moves[0].path == (6, 13, 22)


def test_start_end_jump_over_the_same_pieces_by_two_routes_takes_the_first() -> None:
    # A king takes the same four men going round either way and lands where it started:
    # the same position either way, which is how archives write such a jump.
    board = Board("W:WK2:B6,7,14,15")
    routes = board.legal_moves()
    assert len(routes) == 2
    game = read_game('[FEN "W:WK2:B6,7,14,15"]\n1... 2x2 *')
    assert game.moves == [routes[0]]
    assert game.result == "0-1"  # Black has no pieces left
    with pytest.raises(AmbiguousMoveError):
        board.parse_move("2x2")  # the board alone refuses it; the reader resolves it


def test_truly_ambiguous_jump_names_both_routes() -> None:
    text = '[FEN "B:W8,9,10,17,18:B6"]\n1. 6x22 *'
    error = read_error(text)
    assert "ambiguous move 6x22 for Black" in str(error)
    assert "6x13x22" in str(error) and "6x15x22" in str(error)
    assert (error.game, error.ply, error.move) == (1, 1, "6x22")
    assert (error.line, error.column) == (2, 4)
    assert isinstance(error.__cause__, AmbiguousMoveError)
    assert {str(m) for m in error.__cause__.candidates} == {"6x13x22", "6x15x22"}
    # ... and with the whole route, either one is read.
    assert notations(read_game('[FEN "B:W8,9,10,17,18:B6"]\n1. 6x15x22 *')) == ["6x15x22"]


# ---------------------------------------------------------------------- comments
def test_comments_before_after_multiline_and_line_comments() -> None:
    text = (
        "{Before the first move}\n"
        "1. 11-15 {The Old Fourteenth?\n   no, just a   start} 24-20 ; line comment\n"
        "2. 8-11 {one} {two} *"
    )
    game = read_game(text)
    assert game.comments == {
        0: "Before the first move",
        1: "The Old Fourteenth? no, just a start",
        2: "line comment",
        3: "one two",
    }
    assert notations(game) == ["11-15", "24-20", "8-11"]


def test_comment_before_the_tags_belongs_to_the_next_game() -> None:
    games = list(read_games('1. 11-15 *\n\n{Game two}\n[Event "Two"]\n1. 9-14 *\n{trailing}\n'))
    assert len(games) == 2  # the trailing comment is no game of its own
    assert games[1].comments == {0: "Game two"}
    assert games[1].tags == {"Event": "Two"}


def test_escape_lines_are_ignored() -> None:
    game = read_game('%a private line\n[Event "E"]\n1. 11-15\n% another 24-20\n24-19 *')
    assert notations(game) == ["11-15", "24-19"]


def test_text_glued_to_a_move_is_kept_as_a_comment_with_a_note() -> None:
    text = "1. 11-15 24-20 2. 8-11Redoverstepped. 1-0"
    reader = read_games(text)
    (game,) = list(reader)
    assert notations(game) == ["11-15", "24-20", "8-11"]
    assert game.comments == {3: "Redoverstepped."}
    column = locate(text, "Red")[1]
    assert [str(n) for n in reader.notes] == [
        f"game 1, line 1, column {column}: text glued to move 8-11 kept as a comment: "
        "Redoverstepped."
    ]
    assert game.result == "1-0"


# ---------------------------------------------------------------------- variations
NESTED = (
    "1. 11-15 23-19 ( 22-18 15x22 (1... 12-16 {also} 2. 24-20) 25x18 ) "
    "(21-17 {another try}) 2. 8-11 (9-14 $1) *"
)


def test_nested_variations_are_kept_as_pdn_text() -> None:
    game = read_game(NESTED)
    assert notations(game) == ["11-15", "23-19", "8-11"]
    assert game.variations == {
        2: ["22-18 15x22 (1... 12-16 {also} 2. 24-20) 25x18", "21-17 {another try}"],
        3: ["9-14 $1"],
    }
    assert game.comments == {} and game.nags == {}


def test_variations_can_be_skipped() -> None:
    game = read_game(NESTED, variations="skip")
    assert notations(game) == ["11-15", "23-19", "8-11"]
    assert game.variations == {}


def test_a_result_inside_a_variation_does_not_end_the_game() -> None:
    game = read_game("1. 11-15 23-19 (22-18 1-0) 2. 8-11 1/2-1/2")
    assert game.variations == {2: ["22-18 1-0"]}
    assert notations(game) == ["11-15", "23-19", "8-11"]
    assert game.result == "1/2-1/2"


# ---------------------------------------------------------------------- NAGs and marks
def test_marks_and_nags_glued_or_separate() -> None:
    game = read_game("1. 11-15! 23-19?! $6 2. 8-11 $1 !! 22-17 ?? 3. 9-13!? 17-14? *")
    assert game.nags == {
        1: ["!"],
        2: ["?!", "$6"],
        3: ["$1", "!!"],
        4: ["??"],
        5: ["!?"],
        6: ["?"],
    }


# ---------------------------------------------------------------------- results
@pytest.mark.parametrize(
    ("token", "expected"),
    [
        ("1-0", "1-0"),
        ("2-0", "1-0"),
        ("0-1", "0-1"),
        ("0-2", "0-1"),
        ("1/2-1/2", "1/2-1/2"),
        ("1-1", "1/2-1/2"),
        ("\u00bd-\u00bd", "1/2-1/2"),
        ("*", None),
    ],
)
def test_each_result_spelling(token: str, expected: str | None) -> None:
    game = read_game(f"1. 11-15 23-19 {token}")
    assert game.result == expected
    assert game.ply == 2


@pytest.mark.parametrize(("tag", "expected"), [("2-0", "1-0"), ("0-2", "0-1"), ("1-1", "1/2-1/2")])
def test_result_tag_alone_with_checkers_spellings(tag: str, expected: str) -> None:
    game = read_game(f'[Result "{tag}"]\n1. 11-15 23-19\n')
    assert game.result == expected
    assert game.termination == "result recorded in the PDN"


def test_the_result_token_beats_the_tag_and_the_conflict_is_noted() -> None:
    reader = read_games('[Result "1-0"]\n1. 11-15 23-19 0-1')
    (game,) = list(reader)
    assert game.result == "0-1"
    assert len(reader.notes) == 1
    note = reader.notes[0]
    assert isinstance(note, PdnNote)
    assert (note.game, note.line, note.column) == (1, 2, 16)
    assert "1-0" in note.message and "keeping 0-1" in note.message


def test_no_result_anywhere_means_the_game_goes_on() -> None:
    game = read_game("1. 11-15 23-19")
    assert game.result is None
    assert not game.is_over()


def test_a_result_decided_by_the_moves_is_kept_and_a_disagreement_noted() -> None:
    # Black takes White's last piece: Black has won, whatever the record says.
    reader = read_games('[FEN "B:W9:B6"]\n1. 6x13 0-1\n\n[FEN "B:W9:B6"]\n1. 6x13 1-0\n')
    wrong, right = list(reader)
    assert wrong.result == right.result == "1-0"
    assert wrong.termination == "White has no pieces left"
    assert len(reader.notes) == 1
    assert reader.notes[0].game == 1 and "keeping 1-0" in reader.notes[0].message


def test_results_end_games_without_blank_lines_or_tags() -> None:
    games = list(read_games("1. 11-15 23-19 1-0 1. 9-14 22-18 0-1 11-16 *"))
    assert [g.result for g in games] == ["1-0", "0-1", None]
    assert [notations(g) for g in games] == [["11-15", "23-19"], ["9-14", "22-18"], ["11-16"]]


# ---------------------------------------------------------------------- start positions
def test_fen_with_setup_and_white_to_move() -> None:
    game = read_game('[SetUp "1"]\n[FEN "W:W18,K3:B14,K27"]\n1... 18x9 (3-7) 2. 27-23 *')
    assert game.start_fen == "W:W18,K3:B14,K27"
    assert notations(game) == ["18x9", "27-23"]
    assert game.variations == {1: ["3-7"]}


def test_fen_without_setup_and_fen_ranges() -> None:
    game = read_game('[FEN "B:W21-32:B1-12"]\n1. 11-15 *')
    assert game.start_fen == START_FEN
    white_first = read_game('[FEN "W:WK1-4,32:B9-11"]\n*')
    assert white_first.turn == WHITE
    assert white_first.board.squares(WHITE, king=True) == [1, 2, 3, 4]
    assert white_first.board.squares(BLACK) == [9, 10, 11]


@pytest.mark.parametrize("value", ["21", "21,W,8,8,A1,0", " 21 ", "21,B,8,8,N1,0"])
def test_gametype_21_is_accepted_and_kept(value: str) -> None:
    game = read_game(f'[GameType "{value}"]\n1. 11-15 *')
    assert game.tags == {"GameType": value}
    assert notations(game) == ["11-15"]


@pytest.mark.parametrize(
    ("value", "why"),
    [
        ("27", "(Canadian draughts) is not a game this package plays"),
        ("checkers", "is not a game this package plays"),
        ("21,W,10,10,N2,0", "says the board is 10x10"),
        ("20,W,8,8,N2,0", "says the board is 8x8"),
    ],
)
def test_other_game_types_are_refused(value: str, why: str) -> None:
    # The variants' GameTypes are read (tests/formats/test_pdn_variants.py); these are not.
    text = f'[Event "E"]\n[GameType "{value}"]\n1. 11-15 *'
    error = read_error(text)
    assert f'GameType "{value}" {why}' in str(error)
    assert (error.game, error.line, error.column) == (1, 2, 1)


def test_setup_without_fen_is_refused() -> None:
    error = read_error('[SetUp "1"]\n1. 11-15 *')
    assert "SetUp" in str(error) and (error.line, error.column) == (1, 1)


def test_bad_fen_is_reported_at_its_tag() -> None:
    error = read_error('[Event "E"]\n  [FEN "B:W21-32:B1-12,33"]\n1. 11-15 *')
    assert "bad FEN tag" in str(error) and "33" in str(error)
    assert (error.game, error.line, error.column) == (1, 2, 3)


def test_two_different_fen_tags_are_refused() -> None:
    error = read_error('[FEN "B:W21-32:B1-12"]\n[FEN "W:W21-32:B1-12"]\n*')
    assert "two different FEN tags" in str(error)
    assert (error.line, error.column) == (2, 1)


# ---------------------------------------------------------------------- errors
def test_illegal_move_names_game_line_column_ply_move_and_legal_moves() -> None:
    text = (
        '[Event "one"]\n1. 11-15 *\n\n[Event "two"]\n1. 11-15 24-20\n2. 8-11 28-24 3. 9-14 9-13 *'
    )
    error = read_error(text)
    line, column = locate(text, "9-13")
    assert (error.game, error.line, error.column, error.ply, error.move) == (
        2,
        line,
        column,
        6,
        "9-13",
    )
    assert str(error).startswith(f"game 2, line {line}, column {column}, ply 6: ")
    assert "illegal move 9-13 for White; legal moves: " in str(error)
    assert isinstance(error.__cause__, IllegalMoveError)
    legal = {str(m) for m in error.__cause__.legal}
    assert legal and "9-13" not in legal
    assert all(m in str(error) for m in legal)


def test_side_names_appear_in_messages() -> None:
    error = read_error("1. 11-15 11-16 *", side_names="red-white")
    assert "illegal move 11-16 for White" in str(error)
    error = read_error("1. 22-18 *", side_names="red-white")
    assert "illegal move 22-18 for Red" in str(error)


@pytest.mark.parametrize(
    ("text", "needle", "message"),
    [
        ("1. 11-15 {never closed 23-19 *", "{", "the comment opened here is never closed"),
        ("1. 11-15 } 23-19 *", "}", "'}' without a '{'"),
        ("1. 11-15 23-19 (22-18 2. 8-11 *", "(", "the variation opened here is never closed"),
        ("1. 11-15 23-19 2. 8-11 ) *", ")", "')' without a '('"),
        ('[Event "E"\n1. 11-15 *', "[", "tag without a closing bracket"),
        ("[Event E\n1. 11-15 *", "[", "tag without a closing bracket"),
        ('[Event "E" x]\n1. 11-15 *', "[", "malformed tag"),
        ("1. 11-15 23-19 Red wins *", "Red", "unknown token 'Red'"),
        ("1. 11-15 23-19 2. 8-11.. *", "..", "unknown token '..'"),
        ("1. 11-15 23-19 100% *", "100%", "unknown token '100%'"),
        ("$1 1. 11-15 *", "$1", "$1 must follow the move it annotates"),
        ("(9-14) 1. 11-15 *", "(", "a variation must follow the move it replaces"),
        ('[Result "Black wins"]\n1. 11-15 *', "[", "is not a result"),
        ("1. 11-15 23-19 2. 8-11 22-1 *", "22-1", "illegal move 22-1 for White"),
        ("1. 11-15 23-19 2. 8-11 33-28 *", "33-28", "illegal move 33-28 for White"),
    ],
)
def test_malformed_pdn_reports_line_and_column(text: str, needle: str, message: str) -> None:
    line, column = locate(text, needle)
    error = read_error('[Event "E"]\n' + text)  # one line more
    assert message in str(error)
    assert (error.game, error.line, error.column) == (1, line + 1, column)


def test_a_comment_that_runs_into_the_next_game_is_caught() -> None:
    text = (
        '[Event "one"]\n1. 11-15 {oops 23-19 *\n\n'
        '[Event "two"]\n1. 9-14 {fine} 22-18 *\n\n[Event "three"]\n1. 11-16 *\n'
    )
    error = read_error(text)
    assert "runs into a tag section at line 4" in str(error)
    assert (error.game, error.line, error.column) == (1, 2, 10)
    # With errors="skip" the reader resumes at the swallowed tag section.
    reader = read_games(text, errors="skip")
    assert [g.tags["Event"] for g in reader] == ["two", "three"]
    assert [e.game for e in reader.errors] == [1]


def test_automatic_draw_rules_refuse_a_record_that_plays_on() -> None:
    # Two kings each shuffle back and forth: 40 moves each without a capture or a man
    # moving, then one move more.
    shuffle = " ".join(["1-6 32-28 6-1 28-32"] * 20) + " 1-6"
    text = f'[FEN "B:WK32:BK1"]\n{shuffle} *'
    assert read_game(text).ply == 81  # default draw_rules="claim": replayed in full
    error = read_error(text, draw_rules="forty-moves")
    assert error.ply == 81
    assert "already over after ply 80" in str(error) and "draw_rules='claim'" in str(error)


def test_no_game_at_all() -> None:
    for text in ["", "   \n\n", "{just a comment}\n"]:
        with pytest.raises(PdnError, match="no game found"):
            read_game(text)
        assert list(read_games(text)) == []


def test_bad_options_are_refused_up_front() -> None:
    with pytest.raises(ValueError, match="variations"):
        read_games("*", variations="drop")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="errors"):
        read_games("*", errors="ignore")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="draw rules"):
        read_games("*", draw_rules="sometimes")


# ---------------------------------------------------------------------- errors="skip"
THREE_GAMES = (
    '[Event "one"]\n1. 11-15 23-19 1-0\n\n'
    '[Event "two"]\n1. 11-15 23-19 2. 8-11 19x10 *\n\n'
    '[Event "three"]\n1. 9-14 22-18 0-1\n'
)


def test_skip_leaves_out_the_failing_game_and_keeps_its_error() -> None:
    reader = read_games(THREE_GAMES, errors="skip")
    assert isinstance(reader, PdnReader)
    games = list(reader)
    assert [g.tags["Event"] for g in games] == ["one", "three"]
    assert [g.result for g in games] == ["1-0", "0-1"]
    (error,) = reader.errors
    assert (error.game, error.ply, error.move, error.line) == (2, 4, "19x10", 5)
    assert "illegal move 19x10 for White" in str(error)


def test_skip_recovers_from_lexical_errors_too() -> None:
    text = THREE_GAMES.replace("2. 8-11 19x10", "2. 8-11 (22-18 {unclosed) 24-20")
    reader = read_games(text, errors="skip")
    assert [g.tags["Event"] for g in reader] == ["one", "three"]
    assert len(reader.errors) == 1 and reader.errors[0].game == 2


def test_read_game_with_skip_returns_the_first_good_game() -> None:
    assert read_game(THREE_GAMES.replace("1-0", "19-16 1-0", 1), errors="skip").tags == {
        "Event": "three"
    }
    with pytest.raises(PdnError, match="illegal move 9-14"):
        read_game("1. 9-13 9-14 *", errors="skip")


def test_a_failing_read_hands_out_no_half_built_game() -> None:
    seen: list[Game] = []
    reader = read_games(THREE_GAMES)
    with pytest.raises(PdnError, match="game 2"):
        for game in reader:
            seen.append(game)
    # Game one is complete and untouched; game two was never handed out; reading is over.
    assert len(seen) == 1
    assert notations(seen[0]) == ["11-15", "23-19"] and seen[0].result == "1-0"
    assert next(reader, None) is None
    assert reader.errors == []


def test_a_failing_read_changes_nothing() -> None:
    game = read_game(OPENING + " *")
    before = (write_game(game), game.ply, game.turn)
    with pytest.raises(PdnError):
        Game.from_pdn(OPENING + " 2-7 *")
    with pytest.raises(PdnError):
        read_game(write_game(game).replace("25x18", "25x9"))
    assert (write_game(game), game.ply, game.turn) == before


def test_games_are_read_lazily() -> None:
    reader = read_games('1. 11-15 *\n\n1. 9-14 *\n\n[Event "E"]\n1. 12-16 zz *')
    assert notations(next(reader)) == ["11-15"]
    assert notations(next(reader)) == ["9-14"]  # the broken third game is not read yet
    with pytest.raises(PdnError, match="unknown token 'zz'"):
        next(reader)


# ---------------------------------------------------------------------- sources
def test_games_separated_by_blank_lines_or_by_tag_sections() -> None:
    text = '1. 11-15 23-19\n\n1. 9-14 22-18\n\n\n[Event "x"]\n11-16 24-20\n[Event "y"]\n10-14\n'
    games = list(read_games(text))
    assert [notations(g) for g in games] == [
        ["11-15", "23-19"],
        ["9-14", "22-18"],
        ["11-16", "24-20"],
        ["10-14"],
    ]
    assert [g.tags for g in games] == [{}, {}, {"Event": "x"}, {"Event": "y"}]


def test_one_record_per_line_fen_and_result() -> None:
    text = '[FEN "B:W21-32:B1-12"] *\r\n[FEN "W:W21-32:B1-12"] *\r\n[FEN "B:W18:B14"] *\r\n'
    games = list(read_games(text))
    assert [g.turn for g in games] == [BLACK, WHITE, BLACK]
    assert all(g.ply == 0 and g.result is None for g in games)


def test_bom_crlf_and_cr_line_ends() -> None:
    text = '\ufeff[Event "E"]\r\n[Black "B"]\r\n\r\n1. 11-15 {a\r\ncomment}\r\n23-19 bad *'
    error = read_error(text)
    assert (error.line, error.column) == (6, 7)
    game = read_game(text.replace("bad ", "").replace("\r\n", "\r"))
    assert game.tags == {"Event": "E", "Black": "B"}
    assert game.comments == {1: "a comment"}


def test_paths_bytes_and_files(tmp_path: Path) -> None:
    text = '[Event "Café Noël"]\n[Black "Ægir"]\n1. 11-15 23-19 *\n'
    latin = tmp_path / "latin.pdn"
    latin.write_bytes(text.replace("Noël", "Noël \u2019").encode("cp1252"))
    utf8 = tmp_path / "utf8.pdn"
    utf8.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    raw = tmp_path / "raw.pdn"
    raw.write_bytes(text.encode("latin-1").replace(b"\xeb", b"\x81"))  # undefined in cp1252
    assert read_game(latin).tags["Event"] == "Café Noël \u2019"
    assert read_game(str(latin)).tags["Black"] == "Ægir"
    assert read_game(utf8).tags == {"Event": "Café Noël", "Black": "Ægir"}
    assert read_game(raw).tags["Event"] == "Café No\x81l"
    assert read_game(text.encode("utf-16")).tags["Black"] == "Ægir"
    assert read_game(io.StringIO(text)).tags["Event"] == "Café Noël"
    assert read_game(io.BytesIO(text.encode("cp1252"))).tags["Event"] == "Café Noël"
    assert notations(read_game(text)) == ["11-15", "23-19"]
    with pytest.raises(FileNotFoundError):
        read_game(str(tmp_path / "missing.pdn"))
    with pytest.raises(TypeError):
        read_game(42)  # type: ignore[arg-type]


# ---------------------------------------------------------------------- writing
def test_write_game_layout() -> None:
    game = read_game(
        '[White "Wyllie, J."]\n[Black "Moorhead, W."]\n[Event "Manchester 1841"]\n'
        '[Opening "Old Fourteenth"]\n[Site "Manchester"]\n'
        "{Start} 1. 11-15 24-20! $3 2. 8-11 {quiet} 28-24 (22-18) 3. 9-13 0-1"
    )
    text = write_game(game)
    assert text == (
        '[Event "Manchester 1841"]\n'
        '[Site "Manchester"]\n'
        '[Date "????.??.??"]\n'
        '[Black "Moorhead, W."]\n'
        '[White "Wyllie, J."]\n'
        '[Result "0-1"]\n'
        '[Opening "Old Fourteenth"]\n'
        "\n"
        "{Start} 1. 11-15 24-20! $3 2. 8-11 {quiet} 2... 28-24 (22-18) 3. 9-13 0-1\n"
    )


def test_write_game_from_a_position_with_white_to_move() -> None:
    game = Game("W:W18,K3:B14,K27")
    game.play("18x9")
    game.play("27-23")
    game.play("9-6")
    text = write_game(game)
    assert '[SetUp "1"]\n[FEN "W:W18,K3:B14,K27"]\n' in text
    assert text.endswith("\n1... 18x9 2. 27-23 9-6 *\n")


def test_write_game_writes_full_paths() -> None:
    game = read_game('[FEN "B:W9,17:B6"]\n1. 6x22 *')
    assert write_game(game).endswith("\n1. 6x13x22 1-0\n")


def test_write_game_wraps_lines_at_79_characters() -> None:
    game = read_game(OPENING + " 5. 4-8 26-22 6. 10-14 18x9 7. 5x14 22-18 *")
    game.comments[3] = "a long comment " * 12
    movetext = write_game(game).split("\n\n", 1)[1].splitlines()
    assert len(movetext) > 3
    assert max(map(len, movetext)) <= 79
    assert movetext[0].startswith("1. 11-15 24-20 2. 8-11 {a long comment")
    assert read_game(write_game(game)).comments[3] == ("a long comment " * 12).strip()


def test_write_game_drops_braces_it_cannot_hold() -> None:
    game = read_game(OPENING + " *")
    game.comments[2] = "a } b"
    assert read_game(write_game(game)).comments[2] == "a b"


def test_write_game_refuses_what_pdn_cannot_hold() -> None:
    game = read_game(OPENING + " *")
    game.tags["Bad name"] = "x"
    with pytest.raises(PdnError, match="tag name"):
        write_game(game)
    del game.tags["Bad name"]
    game.nags[1] = ["!!!"]
    with pytest.raises(PdnError, match="annotation '!!!' of move 1"):
        write_game(game)
    game.nags[1] = ["!"]
    for broken in ["22-18 (15x22", "22-18) (15x22", "22-18 ; note", "22-18 {x", "Red wins"]:
        game.variations[2] = [broken]
        with pytest.raises(PdnError, match="cannot write variation"):
            write_game(game)


def test_write_games_and_game_methods() -> None:
    one = read_game(OPENING + " 1/2-1/2")
    two = Game.from_pdn('[Event "Two"]\n1. 9-14 22-18 *')
    text = write_games([one, two])
    assert text == one.to_pdn() + "\n" + two.to_pdn()
    assert list(read_games(text)) == [one, two]


# ---------------------------------------------------------------------- round trips
def assert_same_game(a: Game, b: Game) -> None:
    assert a == b  # start position, moves, result
    assert a.start_fen == b.start_fen
    assert a.tags == b.tags
    assert a.comments == b.comments
    assert a.nags == b.nags
    assert a.variations == b.variations


def test_round_trip_of_a_richly_annotated_game() -> None:
    text = (
        '[Event "Club \\"A\\" night"]\n[Site "Back\\\\room"]\n[GameType "21"]\n'
        '[FEN "W:W22,K3:B14,K27"]\n{Before} 1... 3-7! {Waiting (22-18?)} (22-17 $2 (3-8)) '
        "2. 27-23 $14 7-10 {nearly} 3. 14-17 22x13 1/2-1/2"
    )
    game = read_game(text)
    again = read_game(write_game(game))
    assert_same_game(game, again)
    assert write_game(again) == write_game(game)
    assert again.result == "1/2-1/2"
    assert again.tags == {"Event": 'Club "A" night', "Site": "Back\\room", "GameType": "21"}


_COMMENT_ALPHABET = st.characters(
    blacklist_categories=("Cc", "Cs", "Zl", "Zp"), blacklist_characters="}"
)
_TAG_ALPHABET = st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp"))
_MARKS = ["!", "?", "!!", "??", "!?", "?!", "$1", "$2", "$14", "$255"]


@st.composite
def random_games(draw: st.DrawFn) -> Game:
    """A random legal game with random tags, comments, marks, variations and result."""
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    start = Board()
    for _ in range(draw(st.integers(0, 5))):  # sometimes a later start, maybe White to move
        start.push(rng.choice(start.legal_moves()))
    game = Game(None if start == Board() else start.to_fen(), draw_rules="claim")
    boards = [game.board]
    for _ in range(draw(st.integers(0, 90))):
        legal = game.legal_moves()
        if not legal:
            break
        game.play(rng.choice(legal))
        boards.append(game.board)
    plies = game.ply
    text = st.text(_COMMENT_ALPHABET, max_size=40).map(lambda s: " ".join(s.split()))
    game.comments = draw(st.dictionaries(st.integers(0, plies), text, max_size=5))
    if plies:
        marks = st.lists(st.sampled_from(_MARKS), min_size=1, max_size=3)
        game.nags = draw(st.dictionaries(st.integers(1, plies), marks, max_size=5))
        for ply in draw(st.sets(st.integers(1, plies), max_size=3)):
            board = boards[ply - 1].copy()
            alternative = rng.choice(board.legal_moves())
            board.push(alternative)
            line = [str(alternative)]
            if board.legal_moves():
                line.append(str(rng.choice(board.legal_moves())))
            if rng.random() < 0.3:
                line.insert(1, "{" + draw(text) + "}")
            if rng.random() < 0.3:
                line.append(f"({line[0]} $2)")
            game.variations[ply] = [" ".join(line)]
    name = st.from_regex(r"[A-Za-z][A-Za-z0-9_]{0,12}", fullmatch=True).filter(
        lambda n: n.lower() not in {"fen", "setup", "result", "gametype"}
    )
    # Values that only say "unknown" (blank, "?", "????.??.??") are dropped on reading.
    value = st.text(_TAG_ALPHABET, max_size=30).filter(lambda v: v.strip().strip("?.-/ ") != "")
    game.tags = draw(st.dictionaries(name, value, max_size=5))
    if not game.is_over():
        choices: list[Result | None] = [None, "1-0", "0-1", "1/2-1/2"]
        result = draw(st.sampled_from(choices))
        if result is not None:
            game.set_result(result)
    return game


@settings(max_examples=150, deadline=None)
@given(random_games())
def test_random_games_round_trip(game: Game) -> None:
    text = write_game(game)
    again = read_game(text)
    assert_same_game(game, again)
    assert write_game(again) == text
    movetext = text.split("\n\n", 1)[1].splitlines()
    # Only a single over-long word, or one starting with "[", may stretch a line.
    assert all(len(line) <= 79 or " " not in line or "[" in line for line in movetext)


@settings(max_examples=20, deadline=None)
@given(st.lists(random_games(), min_size=1, max_size=4))
def test_random_game_lists_round_trip(games: list[Game]) -> None:
    again = list(read_games(write_games(games)))
    assert len(again) == len(games)
    for a, b in zip(games, again, strict=True):
        assert_same_game(a, b)
