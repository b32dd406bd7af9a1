"""Perft of the other draughts: the general generator against published tables, against
American checkers' own generator, and against a slow reference generator written here.

Published tables (leaf counts from each variant's start position)
----------------------------------------------------------------

* International draughts (10x10): A. Bik, "BikDam: international checkers",
  https://aartbik.blogspot.com/search/label/perft ("duplicate captures are removed"),
  and the dctl draughts library, rhalbersma/dctl
  ``test/src/ai/traversal/initial/board10x10.cpp`` (from the FMJD forum's "Perft" thread,
  http://laatste.info/bb3/viewtopic.php?f=53&t=2308). Convention: two routes that take the
  same pieces and end on the same square are ONE move (the FMJD rules' "a capture is
  determined by the pieces taken", here: same start, same end, same pieces).
* Russian, Brazilian and pool checkers: rhalbersma/dctl
  ``test/src/ai/traversal/initial/board8x8.cpp``, from the Shashki forum thread "Standard
  validation generator moves" (http://shashki.com/PNphpBB2-viewtopic-t-627-start-78.html,
  ``-start-57`` and ``-start-126``); the Russian numbers are also those of
  https://damforum.nl/bb3/viewtopic.php?t=2822#p80038. Brazilian: R. Halbersma, "Perft for
  all recognized draughts variants", https://damforum.nl/bb3/viewtopic.php?t=2822.
* Italian and Spanish draughts: rhalbersma/dctl ``board8x8.cpp`` (the same damforum
  thread t=2822).

dctl counts these tables with its ``unique_gen`` generator: captures with the same start,
end and pieces taken are one move. We use that convention for every variant here
(``Variant.distinct_routes`` False), and the tables match it (e.g. Russian depth 8 is
929,899 with it, 929,905 without: the Kodra engine's table). American checkers and
giveaway keep their own convention (routes are distinct moves), as the American table
(A. Bik, OEIS A133046) counts them; giveaway's moves are American ones, so its table is
American checkers'.

The deeper entries that tell the variants apart (Russian and pool differ first at depth
8, Italian and Spanish at depth 9, up to 3.9 million leaves) are checked by
``benchmarks/variant_perft.py``, not here, to keep the tests quick: all of them were
checked when this generator was written (Russian 8-9: 929,899 and 4,570,586; pool 8:
929,896; Brazilian 8: 907,830; Italian 8-9: 828,783 and 3,860,875; Spanish 9: 3,860,866;
international 7: 1,049,442).

Positions with kings
--------------------

The start positions have no kings for several plies, so hand-made positions with kings
(and captures ready to happen) are counted by the general generator and by
:func:`reference_perft`, a deliberately plain generator written for this test: a board is
a dict of (row, column) coordinates, every rule is written out directly from its wording,
capture sequences are found by copying boards, and nothing is precomputed. The two must
agree; the numbers in :data:`KING_POSITIONS` are what both give.

As a one-off check (not run by the tests), the international, Russian, Brazilian and
Italian positions of :data:`KING_POSITIONS`, with 60 more positions with kings reached by
random play (15 per variant), were also counted to depth 3 with pydraughts 0.6.7 (GPL;
installed into a scratch virtual environment outside the project and used only as an
oracle, no code taken from it; it has no pool or Spanish rules). pydraughts lists two
routes that take the same pieces to the same square twice; with its moves collapsed by
(start, end, resulting position), all 68 positions agreed at every depth (without the
collapse, 2 of the 68 differ, by exactly such duplicates: e.g. ``50x28x11`` twice). In
the same session 1,541 positions with kings from random games of every variant were
compared with :func:`reference_perft` (move lists and perft 3): all agreed.
"""

from __future__ import annotations

import csv
import random
from dataclasses import replace
from pathlib import Path

import pytest

from checkers_widget import Board
from checkers_widget.core.fen import parse_fen
from checkers_widget.core.variant_movegen import rules_of
from checkers_widget.core.variants import AMERICAN, VARIANTS, Variant, variant

#: Leaf counts from the start position (see the module docstring for the sources).
PUBLISHED: dict[str, list[int]] = {
    # Bik (BikDam) and dctl board10x10.cpp, same pieces same end = one move.
    "international": [9, 81, 658, 4265, 27117, 167140, 1049442, 6483961, 41022423],
    # dctl board8x8.cpp (Shashki forum), unique captures.
    "russian": [7, 49, 302, 1469, 7482, 37986, 190146, 929899, 4570586, 22444032],
    "brazilian": [7, 49, 302, 1469, 7473, 37628, 187302, 907830, 4431766, 21560022],
    "pool": [7, 49, 302, 1469, 7482, 37986, 190146, 929896, 4570534, 22435955],
    # dctl board8x8.cpp (damforum t=2822), unique captures.
    "italian": [7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860875, 17761384],
    "spanish": [7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860866, 17743464],
    # A. Bik / OEIS A133046 (American checkers; giveaway has the same moves).
    "giveaway": [7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680],
}

#: How deep the tests go from each start position (deeper: benchmarks/variant_perft.py).
TEST_DEPTH = {"international": 6, "giveaway": 7}
DEFAULT_TEST_DEPTH = 7


@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_start_position_matches_published_perft(name: str) -> None:
    board = Board(variant=name)
    depth = TEST_DEPTH.get(name, DEFAULT_TEST_DEPTH)
    counts = [board.perft(d) for d in range(1, depth + 1)]
    assert counts == PUBLISHED[name][:depth]


def test_general_generator_with_american_rules_matches_american_table() -> None:
    """The general generator, given American checkers' rules, counts American perft."""
    rules = rules_of(AMERICAN)
    board = Board()
    black, white, kings = _plain_bits(board)
    assert [rules.perft(black, white, kings, True, d) for d in range(1, 7)] == PUBLISHED[
        "giveaway"
    ][:6]


def _plain_bits(board: Board) -> tuple[int, int, int]:
    """A board's pieces as bitboards with bit ``s`` for square ``s`` (the general layout)."""
    masks = [0, 0, 0]
    for square, piece in board.pieces.items():
        masks[0 if piece.color == "black" else 1] |= 1 << square
        if piece.king:
            masks[2] |= 1 << square
    return masks[0], masks[1], masks[2]


def test_general_generator_with_american_rules_matches_reference_csv(
    test_data_dir: Path,
) -> None:
    """American positions with kings (tests/data/perft_reference.csv, up to 100,000 leaves):
    the general generator with American rules counts what the bitboard generator counts."""
    with open(test_data_dir / "perft_reference.csv", newline="", encoding="utf-8") as f:
        rows = [
            r
            for r in csv.DictReader(f)
            if "removed" not in r["convention"] and int(r["nodes"]) <= 100_000
        ]
    assert len(rows) >= 20
    rules = rules_of(AMERICAN)
    for row in rows:
        board = Board(row["fen"])
        black, white, kings = _plain_bits(board)
        own, opp = (black, white) if board.turn == "black" else (white, black)
        down = board.turn == "black"
        assert rules.perft(own, opp, kings, down, int(row["depth"])) == int(row["nodes"]), row


# ---------------------------------------------------------------------- the reference generator

Coord = tuple[int, int]
Pieces = dict[Coord, tuple[str, bool]]
RefMove = tuple[tuple[Coord, ...], tuple[Coord, ...], bool]


def _coord_of(v: Variant) -> dict[int, Coord]:
    """Square numbers to (row, column), row 0 at the top: counted out square by square."""
    out: dict[int, Coord] = {}
    number = 0
    for row in range(v.size):
        for column in range(v.size):
            # Standard numbering: the top-left corner is light; turned: it is playable.
            playable = (row + column) % 2 == (0 if v.turned else 1)
            if playable:
                number += 1
                out[number] = (row, column)
    return out


def _reference_position(fen: str, v: Variant) -> tuple[Pieces, str]:
    turn, pieces = parse_fen(fen, v)
    coords = _coord_of(v)
    return {coords[s]: (p.color, p.king) for s, p in pieces.items()}, turn


def reference_moves(v: Variant, board: Pieces, turn: str) -> list[RefMove]:
    """Every legal move, found the plain way (see the module docstring)."""
    size = v.size
    forward = 1 if turn == v.top else -1  # the top side moves down (row numbers grow)
    crown_row = size - 1 if forward == 1 else 0
    other = "white" if turn == "black" else "black"

    def on_board(c: Coord) -> bool:
        return 0 <= c[0] < size and 0 <= c[1] < size

    captures: list[tuple[tuple[Coord, ...], tuple[Coord, ...], bool, bool]] = []

    def extend(
        rest: Pieces,
        at: Coord,
        king: bool,
        crowned: bool,
        path: tuple[Coord, ...],
        taken: tuple[Coord, ...],
        start_king: bool,
    ) -> bool:
        """Try every next jump from ``at``; record complete captures. Whether any jump."""
        jumped = False
        for dr, dc in ((-1, -1), (-1, 1), (1, -1), (1, 1)):
            if not king and dr != forward and not v.men_capture_backward:
                continue
            # Find the piece to jump: next to a man or a short king, anywhere for a flyer.
            step = 1
            victim = (at[0] + dr, at[1] + dc)
            if king and v.flying_kings:
                while on_board(victim) and victim not in rest:
                    step += 1
                    victim = (at[0] + dr * step, at[1] + dc * step)
            if not on_board(victim) or victim not in rest:
                continue
            colour, victim_king = rest[victim]
            if colour != other or victim in taken:
                continue  # own piece, or one already jumped: it stays until the move ends
            if not king and victim_king and not v.men_capture_kings:
                continue
            landings = []
            k = 1
            while True:
                land = (victim[0] + dr * k, victim[1] + dc * k)
                if not on_board(land) or land in rest:
                    break
                landings.append(land)
                if not (king and v.flying_kings):
                    break
                k += 1
            if not landings:
                continue
            jumped = True
            goes_on = []
            stops = []
            for land in landings:
                now_king, now_crowned = king, crowned
                ends_here = False
                if not king and land[0] == crown_row:
                    if v.crowning == "ends-move":
                        now_crowned, ends_here = True, True
                    elif v.crowning == "continues":
                        now_king, now_crowned = True, True
                before = len(captures)
                if not ends_here and extend(
                    rest,
                    land,
                    now_king,
                    now_crowned,
                    (*path, land),
                    (*taken, victim),
                    start_king,
                ):
                    goes_on.append(land)
                else:
                    del captures[before:]
                    stops.append((land, now_crowned))
            # A flying king must land where the capture goes on, if it can anywhere.
            if not goes_on:
                for land, now_crowned in stops:
                    crowns = not start_king and (now_crowned or land[0] == crown_row)
                    captures.append(((*path, land), (*taken, victim), crowns, start_king))
        return jumped

    for at, (colour, king) in sorted(board.items()):
        if colour == turn:
            rest = {c: p for c, p in board.items() if c != at}
            extend(rest, at, king, False, (at,), (), king)

    if captures:
        chosen = _choose(v, captures, board)
        out: list[RefMove] = []
        seen = set()
        for path, taken, crowns, _ in chosen:
            key = (path[0], path[-1], frozenset(taken), crowns)
            if v.distinct_routes or key not in seen:
                seen.add(key)
                out.append((path, taken, crowns))
        return out
    steps: list[RefMove] = []
    for at, (colour, king) in sorted(board.items()):
        if colour != turn:
            continue
        for dr, dc in ((-1, -1), (-1, 1), (1, -1), (1, 1)):
            if not king and dr != forward:
                continue
            k = 1
            while True:
                to = (at[0] + dr * k, at[1] + dc * k)
                if not on_board(to) or to in board:
                    break
                steps.append(((at, to), (), not king and to[0] == crown_row))
                if not (king and v.flying_kings):
                    break
                k += 1
    return steps


def _choose(
    v: Variant,
    captures: list[tuple[tuple[Coord, ...], tuple[Coord, ...], bool, bool]],
    board: Pieces,
) -> list[tuple[tuple[Coord, ...], tuple[Coord, ...], bool, bool]]:
    """The captures the variant's capture rule allows, written out from the rule's words."""
    if v.capture_rule == "free":
        return captures

    def kings_taken(taken: tuple[Coord, ...]) -> int:
        return sum(1 for c in taken if board[c][1])

    most = max(len(c[1]) for c in captures)
    best = [c for c in captures if len(c[1]) == most]  # most pieces: every rule but free
    if v.capture_rule == "most":
        return best
    if v.capture_rule == "italian" and any(c[3] for c in best):  # then with a king
        best = [c for c in best if c[3]]
    most_kings = max(kings_taken(c[1]) for c in best)  # then the most kings
    best = [c for c in best if kings_taken(c[1]) == most_kings]
    if v.capture_rule == "italian":
        # then the capture that meets a king first (then the next king first, ...)
        def order(c: tuple[tuple[Coord, ...], tuple[Coord, ...], bool, bool]) -> list[int]:
            return [i for i, t in enumerate(c[1]) if board[t][1]]

        earliest = min(order(c) for c in best)
        best = [c for c in best if order(c) == earliest]
    return best


def _play(board: Pieces, move: RefMove) -> Pieces:
    path, taken, crowns = move
    after = {c: p for c, p in board.items() if c not in taken and c != path[0]}
    colour, king = board[path[0]]
    after[path[-1]] = (colour, king or crowns)
    return after


def reference_perft(v: Variant, board: Pieces, turn: str, depth: int) -> int:
    if depth == 0:
        return 1
    moves = reference_moves(v, board, turn)
    if depth == 1:
        return len(moves)
    other = "white" if turn == "black" else "black"
    return sum(reference_perft(v, _play(board, m), other, depth - 1) for m in moves)


# ---------------------------------------------------------------------- positions with kings

#: (variant, FEN, perft counts from depth 1): positions with kings of both sides and
#: captures in the air, hand-made (the first ones of each variant) or reached by random
#: play (the last of pool, Spanish, giveaway and American with backward captures); the
#: counts are what the general generator and the reference generator both give
#: (``"american+backward"`` is ``variant("american", men_capture_backward=True)``).
KING_POSITIONS: list[tuple[str, str, list[int]]] = [
    (
        "international",
        "W:W26,27,28,32,33,37,38,39,K44,48:B8,12,13,16,17,19,23,K21,K35",
        [10, 29, 157, 890],
    ),
    ("international", "B:WK3,28,32,33,37,42:B9,13,14,19,K36,K50", [13, 75, 560, 4339]),
    (
        "international",
        "B:W21,27,31,35,36,40,45,49,K5:B1,3,4,6,7,8,15,16,18,23,28,K46",
        [16, 96, 1043, 6391],
    ),
    ("russian", "W:W18,22,25,K30,31:B6,9,11,K15,K27", [1, 1, 9, 56]),
    ("russian", "B:WK4,21,22,26:B10,13,14,K29,K32", [4, 13, 85, 447]),
    ("russian", "W:W5,18,28,29,32,K3:B2,4,6,7,10,K12", [7, 48, 245, 1718]),
    ("brazilian", "W:W18,22,25,K30,31:B6,9,11,K15,K27", [1, 1, 9, 56]),
    ("brazilian", "B:WK4,21,22,26:B10,13,14,K29,K32", [4, 13, 85, 447]),
    ("brazilian", "W:W20,24,25,28,29,K1:B3,8,12,K2", [9, 67, 430, 2805]),
    ("pool", "B:W18,22,25,K30,31:B6,9,11,K15,K27", [1, 10, 65, 380]),
    ("pool", "W:WK4,21,22,26:B10,13,14,K29,K32", [8, 20, 78, 282]),
    ("italian", "W:W17,21,22,K26,30:B5,9,10,K14,K23", [6, 28, 147, 597]),
    ("italian", "B:WK3,18,22,27:B6,11,14,K20,K31", [1, 1, 9, 56]),
    ("italian", "W:W9,20,21,25,28,31,32,K3:B1,2,4,5,6,8,10,K14", [8, 49, 281, 1668]),
    ("spanish", "W:W5,9,10,K14,K23:B17,21,22,K26,30", [1, 6, 25, 141]),
    ("spanish", "B:W6,11,14,K20,K31:BK3,18,22,27", [1, 4, 28, 148]),
    ("giveaway", "B:W18,22,25,K30,31:B6,9,11,K15,K27", [9, 26, 117, 503]),
    ("american+backward", "B:W18,22,25,K30,31:B6,9,11,K15,K27", [9, 21, 112, 484]),
    ("american+backward", "W:WK4,21,22,26:B10,13,14,K29,K32", [5, 17, 56, 253]),
    ("pool", "W:W23,26,27,28,29,31,K4:B1,3,5,6,7,10,12,17,K30", [12, 65, 445, 2619]),
    ("spanish", "W:W4,8,10,14,K23:B17,21,25,K1", [12, 32, 148, 561]),
    ("giveaway", "B:W9,29,K1:B11,18,21,24,K31", [9, 41, 293, 894]),
    ("american+backward", "W:W14,22,24,26,28,30,31,K9:B1,4,5,7,K32", [10, 40, 221, 897]),
]


@pytest.mark.parametrize(("name", "fen", "counts"), KING_POSITIONS)
def test_king_position_perft(name: str, fen: str, counts: list[int]) -> None:
    v = variant(name) if name in VARIANTS else _house_rule(name)
    board = Board(fen, variant=v)
    assert [board.perft(d) for d in range(1, len(counts) + 1)] == counts


@pytest.mark.parametrize(("name", "fen", "counts"), KING_POSITIONS)
def test_king_position_perft_matches_reference_generator(
    name: str, fen: str, counts: list[int]
) -> None:
    v = variant(name) if name in VARIANTS else _house_rule(name)
    pieces, turn = _reference_position(fen, v)
    depth = len(counts)
    assert [reference_perft(v, pieces, turn, d) for d in range(1, depth + 1)] == counts[:depth]


def _house_rule(name: str) -> Variant:
    assert name == "american+backward"
    return variant("american", men_capture_backward=True)


# ---------------------------------------------------------------------- perft's own paths

#: Rules the named variants do not combine, for the generator's less used paths: short
#: kings under the majority rule, a man crowned during a capture going on as a short
#: king, crowning that ends a capture with flying kings, and men that may not take kings
#: with flying kings.
ODD_RULES: list[Variant] = [
    replace(VARIANTS["international"], flying_kings=False),
    replace(VARIANTS["russian"], flying_kings=False, capture_rule="most"),
    replace(VARIANTS["brazilian"], crowning="ends-move", capture_rule="spanish"),
    replace(VARIANTS["pool"], men_capture_kings=False, crowning="continues"),
]


def _random_positions(v: Variant, n: int, seed: int) -> list[tuple[int, int, int, bool]]:
    """Random placements (men and kings anywhere, either side to move), many with
    captures of several pieces and with kings."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        own = opp = kings = 0
        for square in rng.sample(range(1, v.squares + 1), rng.randint(2, 2 * v.size)):
            if rng.random() < 0.4:
                own |= 1 << square
            else:
                opp |= 1 << square
            if rng.random() < 0.25:
                kings |= 1 << square
        out.append((own, opp, kings, rng.random() < 0.5))
    return out


def _positions_after(v: Variant, position: tuple[int, int, int, bool]) -> list[tuple[int, ...]]:
    """The position after each move of the move list, as perft's ``children`` gives them."""
    own, opp, kings, down = position
    out = []
    for path, _, crowns, taken in rules_of(v).moves(own, opp, kings, down):
        src, dst = 1 << path[0], 1 << path[-1]
        new_kings = kings & ~taken & ~src
        if crowns or kings & src:
            new_kings |= dst
        out.append((opp & ~taken, own ^ src | dst, new_kings))
    return sorted(out)


PERFT_RULES = [*VARIANTS.values(), variant("american", men_capture_backward=True), *ODD_RULES]


@pytest.mark.parametrize(
    "v", PERFT_RULES, ids=[*VARIANTS, "american+backward", "odd0", "odd1", "odd2", "odd3"]
)
def test_perft_counts_and_plays_what_the_move_list_holds(v: Variant) -> None:
    """perft counts the last ply and walks captures without making moves; on random
    positions its count and its positions after each move are the move list's."""
    rules = rules_of(v)
    for position in _random_positions(v, 600, seed=v.squares):
        after = _positions_after(v, position)
        assert rules.count_moves(*position) == len(after), position
        assert sorted(rules.children(*position)) == after, position
        captures = [m for m in rules.moves(*position) if m[1]]
        assert rules.has_capture(*position) == bool(captures), position
