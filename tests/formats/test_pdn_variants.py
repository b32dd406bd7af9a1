"""PDN of every variant (issue 15): the GameType (and Variant) tag read and written, the
FEN and moves in the variant's squares, results from the first mover's side, round trips,
and the errors: an unknown GameType, board fields that contradict it, a 10x10 FEN in an
8x8 game, square 51. American checkers' files stay as they were (tests/formats/test_pdn.py).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checkers_widget import Game, data, read_game, read_games, write_game
from checkers_widget.core.drawings import Drawing
from checkers_widget.core.errors import CheckersError, FenError, PdnError, VariantError
from checkers_widget.core.variants import VARIANTS, Variant, variant

DATA = Path(__file__).resolve().parent.parent / "data"

#: Each named variant's tags in PDN (American checkers: none, as ever).
TAGS = {
    "american": {},
    "international": {"GameType": "20"},
    "italian": {"GameType": "22"},
    "pool": {"GameType": "23"},
    "spanish": {"GameType": "24"},
    "russian": {"GameType": "25"},
    "brazilian": {"GameType": "26"},
    "giveaway": {"GameType": "21", "Variant": "giveaway"},
}


def tags_of(text: str) -> dict[str, str]:
    """The GameType and Variant tags of a PDN text."""
    found = {}
    for line in text.splitlines():
        for name in ("GameType", "Variant"):
            if line.startswith(f'[{name} "'):
                found[name] = line[len(name) + 3 : -2]
    return found


def playout(name: str | Variant, plies: int, seed: int) -> Game:
    """A game of seeded random legal moves (captures come as the rules force them)."""
    rng = random.Random(seed)
    game = Game(variant=name)
    while game.ply < plies and not game.is_over():
        game.play(rng.choice(game.legal_moves()))
    return game


def round_trip(game: Game) -> Game:
    text = write_game(game)
    again = read_game(text)
    assert again == game and again.variant == game.variant
    assert again.moves == game.moves  # every route as played
    assert write_game(again) == text
    return again


# ---------------------------------------------------------------------- GameType
@pytest.mark.parametrize("name", list(TAGS))
def test_each_variant_writes_its_gametype_and_reads_back_equal(name: str) -> None:
    game = playout(name, 40, seed=len(name))
    assert game.ply > 10
    text = game.to_pdn()
    assert tags_of(text) == TAGS[name]
    again = round_trip(game)
    assert again.variant is VARIANTS[name]


@pytest.mark.parametrize("name", list(TAGS))
def test_games_played_to_their_end_round_trip_with_their_result(name: str) -> None:
    for seed in range(3):
        game = playout(name, 400, seed)
        if not game.is_over():
            game.set_result("1/2-1/2", "draw agreed")
        again = round_trip(game)
        assert (again.result, again.is_over()) == (game.result, True)


@pytest.mark.parametrize(
    ("value", "name"),
    [
        ("20", "international"),
        ("20,W,10,10,N2,0", "international"),
        (" 21 ", "american"),
        ("21,B,8,8,N1,0", "american"),
        ("22,W,8,8,N2,1", "italian"),
        ("23,B,8,8,N1,0", "pool"),
        ("24,W,8,8,N1,1", "spanish"),
        ("25,W,8,8,A0,0", "russian"),
        ("26", "brazilian"),
    ],
)
def test_gametype_with_or_without_its_fields_chooses_the_variant(value: str, name: str) -> None:
    start = VARIANTS[name].start_fen
    game = read_game(f'[GameType "{value}"]\n[FEN "{start}"]\n*')
    assert game.variant is VARIANTS[name]
    assert game.tags == {"GameType": value}  # kept as written, as GameType 21 always was


@pytest.mark.parametrize(
    ("value", "why"),
    [
        ("27", '"27" (Canadian draughts) is not a game this package plays'),
        ("0", '"0" (chess) is not a game this package plays'),
        ("99", '"99" is not a game this package plays'),
        ("twenty", '"twenty" is not a game this package plays'),
        ("20,W,8,8,N2,0", "says the board is 8x8, but International draughts"),
        ("25,W,10,10,A0,0", "says the board is 10x10, but Russian draughts"),
        ("22,W,8,8,N2,0", "has invert flag '0', but Italian draughts has 1"),
        ("21,B,8,8,N1,1", "has invert flag '1', but American checkers has 0"),
    ],
)
def test_unknown_or_contradicting_gametype_is_refused_at_its_tag(value: str, why: str) -> None:
    text = f'[Event "E"]\n[GameType "{value}"]\n1. 11-15 *'
    with pytest.raises(PdnError) as info:
        read_game(text)
    message = str(info.value)
    assert why in message
    if "plays" in why:
        assert "it reads GameType 20 (international), 21 (american), 22 (italian)" in message
    assert (info.value.game, info.value.line, info.value.column) == (1, 2, 1)


def test_a_huge_gametype_number_is_refused_without_converting_it() -> None:
    value = "2" * 50_000  # more digits than int() converts
    with pytest.raises(PdnError, match="is not a game this package plays"):
        read_game(f'[GameType "{value}"]\n*')


def test_placeholder_gametype_is_no_gametype() -> None:
    game = read_game('[GameType "?"]\n1. 32-28 *', variant="international")
    assert game.variant is VARIANTS["international"]


# ---------------------------------------------------------------------- default variant
def test_untagged_files_are_read_under_the_callers_variant() -> None:
    text = "1. 32-28 19-23 2. 28x19 14x23 *"
    with pytest.raises(PdnError, match="illegal move 32-28"):
        read_game(text)  # American checkers by default: 32-28 is White's, Black moves first
    game = read_game(text, variant="international")
    assert game.variant is VARIANTS["international"]
    assert [str(m) for m in game.moves] == ["32-28", "19-23", "28x19", "14x23"]
    games = list(read_games(text + "\n\n" + text, variant=VARIANTS["international"]))
    assert [g.variant.name for g in games] == ["international", "international"]


def test_a_gametype_overrides_the_default_unless_it_is_the_defaults_number() -> None:
    international = '[GameType "20"]\n1. 32-28 *'
    assert read_game(international, variant="russian").variant.name == "international"
    american = '[GameType "21"]\n1. 11-15 *'
    assert read_game(american).variant.name == "american"
    # Giveaway and house rules share 21 with American checkers: the default keeps them.
    assert read_game(american, variant="giveaway").variant.name == "giveaway"
    house = variant("american", men_capture_backward=True)
    assert read_game(american, variant=house).variant == house


def test_a_bad_default_variant_is_refused_up_front() -> None:
    with pytest.raises(VariantError, match="unknown variant"):
        read_games("1. 11-15 *", variant="checkerz")


# ---------------------------------------------------------------------- Variant tag
def test_giveaway_is_gametype_21_with_a_variant_tag() -> None:
    game = Game("W:W18:B14", variant="giveaway")
    game.play("18x9")
    assert game.result == "1-0"  # Black, out of pieces, wins giveaway
    text = game.to_pdn()
    assert tags_of(text) == {"GameType": "21", "Variant": "giveaway"}
    assert "1... 18x9 1-0" in text  # Black moves first in giveaway: White's move is 1...
    again = round_trip(game)
    assert again.termination == game.termination
    # Without GameType, or with an alias, the Variant tag alone decides.
    assert read_game('[Variant "Suicide"]\n*').variant.name == "giveaway"


def test_house_rules_round_trip_in_the_variant_tag() -> None:
    house = variant("american", men_capture_backward=True)
    game = playout(house, 60, seed=3)
    text = game.to_pdn()
    assert tags_of(text) == {"GameType": "21", "Variant": "american, men_capture_backward=true"}
    assert round_trip(game).variant == house
    pool = variant("pool", men_capture_backward=False)
    assert tags_of(Game(variant=pool).to_pdn()) == {
        "GameType": "23",
        "Variant": "pool, men_capture_backward=false",
    }
    assert read_game(Game(variant=pool).to_pdn()).variant == pool


def test_a_variant_tag_that_contradicts_the_gametype_is_refused() -> None:
    with pytest.raises(PdnError, match="does not agree with GameType") as info:
        read_game('[GameType "20"]\n[Variant "russian"]\n*')
    assert (info.value.line, info.value.column) == (2, 1)
    with pytest.raises(PdnError, match="cannot read the house rule"):
        read_game('[Variant "american, flying_kings=true"]\n*')


def test_an_unknown_variant_tag_is_an_ordinary_tag() -> None:
    game = read_game('[GameType "20"]\n[Variant "Standard"]\n1. 32-28 *')
    assert game.variant.name == "international"
    assert game.tags["Variant"] == "Standard"
    assert tags_of(game.to_pdn()) == {"GameType": "20", "Variant": "Standard"}


def test_the_games_variant_wins_over_tags_that_say_otherwise() -> None:
    game = Game(variant="russian", tags={"GameType": "20", "Variant": "giveaway"})
    text = game.to_pdn()
    assert tags_of(text) == {"GameType": "25"}
    assert read_game(text).variant.name == "russian"
    american = Game(tags={"GameType": "21", "Variant": "giveaway"})
    assert tags_of(american.to_pdn()) == {"GameType": "21"}


def test_rules_of_ones_own_cannot_be_written() -> None:
    own = Variant("mine", "My draughts", 21, flying_kings=True)
    with pytest.raises(VariantError, match="cannot be written in PDN"):
        Game(variant=own).to_pdn()


# ---------------------------------------------------------------------- results
@pytest.mark.parametrize(
    ("name", "white_win", "black_win", "draw"),
    [
        ("international", "2-0", "0-2", "1-1"),
        ("russian", "1-0", "0-1", "1/2-1/2"),
        ("italian", "1-0", "0-1", "1/2-1/2"),
        ("american", "0-1", "1-0", "1/2-1/2"),
        ("pool", "0-1", "1-0", "1/2-1/2"),
    ],
)
def test_results_are_written_from_the_first_movers_side(
    name: str, white_win: str, black_win: str, draw: str
) -> None:
    for result, written in (("0-1", white_win), ("1-0", black_win), ("1/2-1/2", draw)):
        game = Game(variant=name)
        game.set_result(result, "result recorded")  # type: ignore[arg-type]
        text = game.to_pdn()
        assert f'[Result "{written}"]' in text and text.rstrip().endswith(written)
        assert read_game(text).result == result


def test_international_results_read_in_either_spelling() -> None:
    assert read_game('[GameType "20"]\n1. 32-28 2-0').result == "0-1"  # White won
    assert read_game('[GameType "20"]\n1. 32-28 1-0').result == "0-1"
    assert read_game('[GameType "20"]\n[Result "0-2"]\n1. 32-28').result == "1-0"


# ---------------------------------------------------------------------- move text
def test_moves_are_numbered_from_the_variants_first_mover() -> None:
    game = Game(variant="international")
    for move in ("32-28", "19-23", "28x19"):
        game.play(move)
    assert "1. 32-28 19-23 2. 28x19 *" in game.to_pdn()
    black_first = Game("B:W31-50:B1-20", variant="international")
    black_first.play("19-23")
    assert "1... 19-23 *" in black_first.to_pdn()
    round_trip(black_first)


def test_international_captures_written_start_x_end() -> None:
    fen = "W:W43,K46:B17,18,19,32,45"  # the king takes three: 46x23x12x21 or ...x26
    game = read_game(f'[GameType "20"]\n[FEN "{fen}"]\n1. 46x21 *')
    assert [str(m) for m in game.moves] == ["46x23x12x21"]
    assert len(game.moves[0].captures) == 3
    round_trip(game)


def test_an_ambiguous_start_x_end_capture_is_refused() -> None:
    # 50x19 fits 50x17x8x19 and 50x11x2x19, which take different pieces.
    fen = "W:W40,K50:B7,12,13,27,39"
    with pytest.raises(PdnError, match="ambiguous move 50x19") as info:
        read_game(f'[GameType "20"]\n[FEN "{fen}"]\n1. 50x19 *')
    assert "50x17x8x19" in str(info.value) and "50x11x2x19" in str(info.value)
    game = read_game(f'[GameType "20"]\n[FEN "{fen}"]\n1. 50x8x19 *')
    assert str(game.moves[0]) == "50x17x8x19"


def test_russian_flying_king_multi_capture_round_trips_with_colons() -> None:
    fen = "W:W13,K30:B5,14,15,18,26"
    game = read_game(f'[GameType "25"]\n[FEN "{fen}"]\n1. 30x17 *')
    assert [str(m) for m in game.moves] == ["30x19x10x17"]
    text = game.to_pdn()
    assert "1. 30:19:10:17 *" in text  # the capture separator of GameType 25
    round_trip(game)
    assert read_game(text.replace("30:19:10:17", "30x19x10x17")).moves == game.moves


def test_italian_game_round_trips_on_its_turned_board() -> None:
    game = Game(variant="italian")
    moves = "24-20 12-16 20-15 11x20 21-17 10-13 17x10 6x13 23-19 20-24 19-15 2-6 22-18 13x22"
    for move in moves.split():
        game.play(move)
    text = game.to_pdn()
    assert tags_of(text) == {"GameType": "22"}
    assert "1. 24-20 12-16 2. 20-15 11x20 3. 21-17 10-13 4. 17x10 6x13" in text
    round_trip(game)


# ---------------------------------------------------------------------- FEN
def test_fen_tag_uses_the_variants_squares() -> None:
    fen = "W:W45,K50:B1,K6"
    game = read_game(f'[GameType "20"]\n[SetUp "1"]\n[FEN "{fen}"]\n1. 50-44 *')
    assert game.start_fen == "W:W45,K50:B1,K6"
    assert f'[FEN "{fen}"]' in game.to_pdn()
    round_trip(game)


def test_a_10x10_fen_in_an_8x8_game_is_refused_with_a_hint() -> None:
    with pytest.raises(PdnError, match="bad FEN tag") as info:
        read_game('[Event "E"]\n[FEN "W:W31-50:B1-20"]\n*')
    message = str(info.value)
    assert "not on the board (1-32)" in message and 'GameType "20"' in message
    assert (info.value.line, info.value.column) == (2, 1)
    with pytest.raises(PdnError, match="not on the board"):
        read_game('[GameType "25"]\n[FEN "W:W31-50:B1-20"]\n*')
    with pytest.raises(FenError, match="not on the board"):
        Game("W:W45:B1")


def test_square_51_is_refused_in_fen_and_moves() -> None:
    with pytest.raises(PdnError, match="not on the board") as info:
        read_game('[GameType "20"]\n[FEN "W:W51:B1"]\n*')
    assert "10x10 position" not in str(info.value)  # no hint: it is a 10x10 game already
    with pytest.raises(PdnError, match="illegal move 46-51"):
        read_game('[GameType "20"]\n1. 46-51 *')


# ---------------------------------------------------------------------- data and saving
def test_the_international_test_games_read_and_round_trip() -> None:
    reader = read_games(DATA / "international_games.pdn")
    games = list(reader)
    assert len(games) == 2 and not reader.errors and not reader.notes
    for game in games:
        assert game.variant.name == "international" and game.is_over()
        assert game.result == "0-1" if game.termination.startswith("Black") else "1-0"
        again = read_game(game.to_pdn())
        assert again == game
    multi = [m for g in games for m in g.moves if len(m.captures) >= 3]
    assert multi  # written start x end in the file, read to the full route


def test_the_packaged_international_sample() -> None:
    game = data.international_sample()
    assert game.variant.name == "international" and game.ply == 119
    assert (game.result, game.termination) == ("0-1", "Black has no pieces left")
    assert "generated" in game.comments[0]
    assert data.international_sample() is not game


@pytest.mark.parametrize("name", ["international", "russian", "italian", "giveaway"])
def test_saving_and_loading_a_variant_game(name: str, tmp_path: Path) -> None:
    game = playout(name, 30, seed=11)
    game.undo()  # a redo line: the Ply tag
    path = game.save(tmp_path / "game.pdn")
    loaded = Game.load(path)
    assert loaded.variant is game.variant
    assert loaded == game and loaded.redo_moves == game.redo_moves


def test_algebraic_notation_is_refused_with_a_reason() -> None:
    with pytest.raises(PdnError, match="algebraic notation") as info:
        read_game('[GameType "25,W,8,8,A0,0"]\n1. c3-d4 f6-g5 *')
    assert (info.value.line, info.value.column) == (2, 4)


# ---------------------------------------------------------------------- any tag value
_TAG_TEXT = st.text(
    st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp"), blacklist_characters='"\\'),
    max_size=30,
)
_GAMETYPES = st.one_of(
    _TAG_TEXT,
    st.builds(
        ",".join,
        st.lists(st.sampled_from(["20", "21", "25", "W", "B", "8", "10", "N2", "A0", "0", "1"])),
    ),
)
_VARIANT_NAMES = st.one_of(
    _TAG_TEXT,
    st.sampled_from(
        ["giveaway", "Russian", "american, men_capture_backward=true", "pool,x", "Standard"]
    ),
)


@given(game_type=_GAMETYPES, name=st.none() | _VARIANT_NAMES)
def test_any_gametype_and_variant_tag_read_as_a_game_or_a_pdn_error(
    game_type: str, name: str | None
) -> None:
    tags = f'[GameType "{game_type}"]\n' + ("" if name is None else f'[Variant "{name}"]\n')
    try:
        game = read_game(tags + "*")
    except PdnError:
        return
    again = read_game(game.to_pdn())  # whatever was read is written so that it reads back
    assert again == game and again.variant == game.variant


# ---------------------------------------------------------------------- drawings
def test_drawings_on_squares_up_to_50_round_trip_in_international_games() -> None:
    text = '[GameType "20"]\n1. 32-28 {[%cal G4540,R1923] [%csl Y50] a plan} *'
    game = read_game(text)
    drawing = game.drawing(1)
    assert [(a.start, a.end, a.colour) for a in drawing.arrows] == [
        (45, 40, "green"),
        (19, 23, "red"),
    ]
    assert [(m.square, m.colour) for m in drawing.marks] == [(50, "yellow")]
    assert game.comments[1] == "a plan"
    again = round_trip(game)
    assert again.drawing(1) == drawing


def test_a_drawing_off_an_8x8_board_stays_as_text() -> None:
    reader = read_games("1. 11-15 {[%cal G1140] kept} *")
    game = next(reader)
    assert game.comments[1] == "[%cal G1140] kept" and not game.drawing(1)
    assert "not on the board of American checkers (1-32)" in str(reader.notes[0])
    with pytest.raises(CheckersError, match="square 40 is not on the board"):
        game.set_drawing(Drawing(marks=[40]), 1)
