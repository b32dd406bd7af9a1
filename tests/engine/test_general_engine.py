"""The engine on every variant other than American checkers: the general searcher
(:mod:`checkers_widget.engine.general_search`) and evaluation
(:mod:`checkers_widget.engine.general_eval`) behind ``Engine``.

Legal moves at every level (from the start and from positions with kings), forced
captures, one winning shot per variant, prompt stops, matches against a random mover
and between levels, the draw rules and the evaluation's symmetry. Searches are bounded
by depth or nodes (a stop by an event), never judged by time: hangs are caught by
pytest-timeout.
"""

from __future__ import annotations

import random
import threading

import pytest

from checkers_widget import Board, Move
from checkers_widget.core.errors import CheckersError, VariantError
from checkers_widget.core.game import Game
from checkers_widget.core.variant_movegen import rules_of
from checkers_widget.core.variants import VARIANTS, Variant, variant
from checkers_widget.engine import LEVELS, WIN_SCORE, Analysis, Engine
from checkers_widget.engine.engine import level_depth
from checkers_widget.engine.general_captures import CaptureTest
from checkers_widget.engine.general_eval import VariantEvaluator
from checkers_widget.engine.general_search import GeneralSearcher, raw_position

OTHERS = [name for name in VARIANTS if name != "american"]

#: A position with kings on each side, Black and White alike, per board size (the side
#: to move is the variant's first mover).
KINGS_FEN = {8: "WK18,22,23,K30:BK11,6,7,K3", 10: "WK28,32,33,K46:BK23,12,13,K5"}

#: One winning shot per variant: a quiet position where exactly one move wins material
#: (giveaway: gives more away). Found in seeded random games by :func:`plain_shot`, a
#: plain material search through the Board API (5 plies and forced captures), which
#: the test runs again: the engine's own search and evaluation are not its judge.
SHOTS = {
    "international": (
        "W:W31,37,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,8,9,10,15,22,26,30,35",
        "40-34",
    ),
    "russian": ("W:W17,19,20,21,22,25,27,30:B3,4,5,6,7,8,10,14,28", "19-15"),
    "brazilian": ("B:W9,19,25,28:B4,10,11,12", "11-16"),
    "pool": ("B:W15,22,28,29,30,31,32:B1,2,4,6,7,8,12,21", "7-10"),
    "italian": ("B:W16,17,19,21,25,29,30,31,32:B1,2,3,4,5,9,10,11,12", "10-13"),
    "spanish": ("W:W1,4,5,7,9,10,12:B18,19,20,24,25,30,31,32", "10-14"),
    "giveaway": ("B:W19,21,22,29,30,31,32:B1,2,4,5,6,10,12", "12-16"),
}


# ---------------------------------------------------------------------- helpers


def kings_board(name: str) -> Board:
    v = VARIANTS[name]
    return Board(f"{v.first[0].upper()}:{KINGS_FEN[v.size]}", variant=name)


def random_boards(name: str, n: int, seed: int) -> list[Board]:
    """Positions of seeded random games of a variant (openings to endings)."""
    rng = random.Random(seed)
    out: list[Board] = []
    while len(out) < n:
        board = Board(variant=name)
        for _ in range(rng.randint(0, 60)):
            legal = board.legal_moves()
            if not legal:
                break
            board.push(rng.choice(legal))
        if board.legal_moves():
            out.append(board)
    return out


def material(board: Board) -> int:
    """Pieces of the side to move minus the other side's (giveaway: the other way round)."""
    me = board.turn
    them = "white" if me == "black" else "black"
    diff = board.count(me) - board.count(them)
    return -diff if board.variant.goal_reversed else diff


def plain_value(board: Board, depth: int) -> int:
    """Negamax over :func:`material`, searching on while a capture is due; a game over
    is scored by :meth:`Board.outcome` (the side to move lost, or won in giveaway)."""
    moves = board.legal_moves()
    if not moves:
        outcome = board.outcome()
        assert outcome is not None
        return 100 if outcome.winner == board.turn else -100
    if depth <= 0 and not moves[0].is_capture:
        return material(board)
    best = -1000
    for move in moves:
        board.push(move)
        best = max(best, -plain_value(board, depth - 1))
        board.pop()
    return best


def plain_shot(board: Board, depth: int = 5) -> Move | None:
    """The one move that wins material within ``depth`` plies when every other does not."""
    base = material(board)
    scored = []
    for move in board.legal_moves():
        board.push(move)
        scored.append((-plain_value(board, depth - 1), move))
        board.pop()
    scored.sort(key=lambda pair: -pair[0])
    if len(scored) > 1 and scored[0][0] > base >= scored[1][0]:
        return scored[0][1]
    return None


def play_match(
    name: str, black: Engine | random.Random, white: Engine | random.Random, cap: int = 300
) -> Game:
    """One game between two players (an Engine, or a Random that plays random legal
    moves) under the default draw rules, stopped unfinished after ``cap`` plies."""
    game = Game(variant=name)
    while not game.is_over() and game.ply < cap:
        player = black if game.turn == "black" else white
        if isinstance(player, Engine):
            move = player.best_move(game)
            assert move is not None
        else:
            move = player.choice(game.legal_moves())
        game.play(move)
    return game


# ---------------------------------------------------------------------- legal play


@pytest.mark.parametrize("name", OTHERS)
@pytest.mark.parametrize("level", list(LEVELS))
def test_every_level_plays_a_legal_move(name: str, level: str) -> None:
    # Hard and Expert play by time; a node budget keeps them quick and reproducible here.
    nodes = 3000 if LEVELS[level].time is not None else None
    for board in (Board(variant=name), kings_board(name)):
        analysis = Engine(level, seed=1, nodes=nodes).analyse(board)
        assert isinstance(analysis, Analysis)
        assert analysis.move in board.legal_moves()
        assert analysis.pv[0] == analysis.move
        assert analysis.depth >= 1 and analysis.nodes > 0
        # The principal variation is a legal line.
        line = board.copy()
        for move in analysis.pv:
            line.push(move)


def test_a_house_rule_on_american_checkers_goes_to_the_general_searcher() -> None:
    # Men capturing backward: no longer the rules the American searcher knows.
    house = variant("american", men_capture_backward=True)
    board = Board("B:W14,22:B10,18", variant=house)  # Black's man on 18 may take 14 backward
    legal = board.legal_moves()
    assert board.parse_move("18x9") in legal
    analysis = Engine("normal", seed=0).analyse(board)
    assert analysis.move in legal


@pytest.mark.parametrize("name", OTHERS)
def test_levels_search_their_depth_derived_from_the_board_size(name: str) -> None:
    board = Board(variant=name)
    size = VARIANTS[name].size
    assert Engine("easy", seed=0).analyse(board).depth == 4
    assert level_depth(8, VARIANTS[name]) == (8 if size == 8 else 6)
    assert level_depth(4, VARIANTS[name]) == 4


@pytest.mark.parametrize("name", OTHERS)
def test_a_forced_capture_is_taken(name: str) -> None:
    boards = [b for b in random_boards(name, 40, seed=7) if b.must_capture()][:3]
    assert boards
    for board in boards:
        move = Engine("easy", seed=0).best_move(board)
        assert move is not None and move.is_capture and move in board.legal_moves()


@pytest.mark.parametrize("name", OTHERS)
def test_the_engine_finds_the_winning_shot(name: str) -> None:
    fen, expected = SHOTS[name]
    board = Board(fen, variant=name)
    shot = board.parse_move(expected)
    assert not board.must_capture()
    assert plain_shot(board.copy()) == shot
    assert Engine("hard", depth=6).best_move(board) == shot
    assert Engine("normal", seed=3).best_move(board) == shot


def test_a_game_over_board_has_no_move_and_the_right_result() -> None:
    lost = Board("W:W:B1", variant="russian")  # White has no pieces: lost
    a = Engine("easy").analyse(lost)
    assert a.move is None and a.score == -WIN_SCORE and a.mate == 0 and a.score_text == "lost"
    won = Board("W:W:B1", variant="giveaway")  # giveaway: no pieces wins
    a = Engine("easy").analyse(won)
    assert a.move is None and a.score == WIN_SCORE and a.mate == 0 and a.score_text == "won"
    game = Game(fen="W:W:B1", variant="giveaway")
    assert game.winner == "white"
    assert Engine().analyse(game).score == WIN_SCORE


def test_giveaway_gives_its_last_piece_away() -> None:
    # Black's one man on 15 can walk into White's capture (15-19 or 15-18 ... ): the
    # engine sees the win (no pieces left wins) and reports it as a proven win.
    board = Board("B:W22,23:B14", variant="giveaway")
    analysis = Engine("hard", depth=4).analyse(board)
    assert analysis.mate is not None and analysis.mate > 0
    assert analysis.score == WIN_SCORE
    board.push(analysis.move)
    reply = board.legal_moves()
    assert reply and all(m.is_capture for m in reply)


def test_a_won_ending_is_scored_as_a_win_in_russian() -> None:
    # A flying king against a lone man it can take at once.
    board = Board("W:WK32:B10", variant="russian")
    analysis = Engine("hard", depth=6).analyse(board)
    assert analysis.mate is not None and analysis.mate > 0 and analysis.score == WIN_SCORE


# ---------------------------------------------------------------------- limits


@pytest.mark.timeout(60)
@pytest.mark.parametrize("name", ["international", "russian", "giveaway"])
def test_a_stop_before_or_during_the_search_returns_a_legal_move(name: str) -> None:
    board = Board(variant=name)
    event = threading.Event()
    event.set()
    before = Engine("expert").analyse(board, stop=event, time=600)
    assert before.move in board.legal_moves() and before.depth >= 1

    engine = Engine("expert")
    results: list[Analysis] = []
    infos: list[Analysis] = []
    worker = threading.Thread(
        target=lambda: results.append(engine.analyse(board, time=600, on_info=infos.append))
    )
    worker.start()
    while not infos and worker.is_alive():  # the first iteration, then stop the search
        worker.join(0.01)
    engine.stop()
    worker.join()
    assert results and results[0].move in board.legal_moves()


def test_a_node_budget_gives_the_same_search_every_time() -> None:
    board = Board(variant="international")
    a = Engine("hard", nodes=4000).analyse(board)
    b = Engine("hard", nodes=4000).analyse(board)
    assert (a.move, a.score, a.depth, a.nodes) == (b.move, b.score, b.depth, b.nodes)
    assert a.nodes <= 4000


def test_on_info_reports_every_iteration() -> None:
    board = Board(variant="brazilian")
    infos: list[Analysis] = []
    final = Engine("hard").analyse(board, depth=5, on_info=infos.append)
    assert [i.depth for i in infos] == [1, 2, 3, 4, 5]
    assert all(i.move in board.legal_moves() for i in infos)
    assert final.depth == 5


def test_bad_limits_are_refused_on_every_variant() -> None:
    board = Board(variant="spanish")
    with pytest.raises(CheckersError, match="depth"):
        Engine().analyse(board, depth=0)
    with pytest.raises(CheckersError, match="stop"):
        Engine().analyse(board, stop="now")  # type: ignore[arg-type]


def test_an_unknown_variant_is_refused_by_name() -> None:
    for make in (GeneralSearcher, VariantEvaluator, CaptureTest):
        with pytest.raises(VariantError, match="unknown variant"):
            make("checkerz")
    assert GeneralSearcher("russian").variant is VARIANTS["russian"]


# ---------------------------------------------------------------------- draws


def test_a_position_met_before_scores_as_a_draw() -> None:
    # Two kings against one: a clear win, unless every move leads back to a position
    # of the game's history, which the search then scores as a draw.
    board = Board("W:WK29,K30:BK4", variant="russian")
    free = GeneralSearcher(board.variant).run(raw_position(board), max_depth=3)
    assert free is not None and free.score > 100
    seen = {}
    for move in board.legal_moves():
        board.push(move)
        seen[raw_position(board)] = 1
        board.pop()
    boxed = GeneralSearcher(board.variant, reps=seen).run(raw_position(board), max_depth=3)
    assert boxed is not None and boxed.score == 0


def test_a_game_with_history_is_analysed_with_its_draw_rules() -> None:
    # Kings to and fro: the game's history (four king moves, the position twice) goes to
    # the search, which still plays on for the win rather than repeat.
    game = Game(fen="W:WK31,K32:BK1", variant="russian", draw_rules="claim")
    for move in ("32-28", "1-5", "28-32", "5-1"):
        game.play(move)
    assert game.quiet_plies == 4 and game.repetitions == 2
    analysis = Engine("hard", depth=4).analyse(game)
    assert analysis.move in game.legal_moves()
    assert analysis.move != game.board.parse_move("32-28")  # back into the history
    assert analysis.score > 1


def test_the_no_progress_limit_is_a_draw_to_the_search() -> None:
    # Two kings against one in Russian draughts: drawn when only one ply of king moves
    # is left before the limit, however far ahead a side is.
    board = Board("W:WK29,K30:BK4", variant="russian")
    near = GeneralSearcher(board.variant, quiet=79, quiet_limit=80).run(
        raw_position(board), max_depth=3
    )
    assert near is not None and near.score == 0
    far = GeneralSearcher(board.variant).run(raw_position(board), max_depth=3)
    assert far is not None and far.score > 100


# ---------------------------------------------------------------------- matches


@pytest.mark.parametrize("name", OTHERS)
def test_easy_beats_a_random_mover(name: str) -> None:
    # Four games a variant, two with each colour; the engine must win each outright
    # (no adjudication: a game unfinished after 300 plies fails the test).
    for seed in (0, 1):
        for engine_black in (True, False):
            engine, rng = Engine("easy", seed=seed), random.Random(seed)
            black, white = (engine, rng) if engine_black else (rng, engine)
            game = play_match(name, black, white)
            assert game.winner == ("black" if engine_black else "white"), (
                name,
                seed,
                game.result,
                game.termination,
                game.ply,
            )


@pytest.mark.parametrize("name", ["russian", "international"])
def test_normal_beats_easy(name: str) -> None:
    # Two games, one with each colour. To keep the suite quick the searches are made
    # shallower than the levels' own (Easy 2 plies instead of 4, Normal 4 instead of
    # 8 or 6), keeping each level's looseness: the ordering under test is a deeper, less
    # noisy search against a shallower, noisier one.
    for normal_black in (True, False):
        normal, easy = Engine("normal", seed=5, depth=4), Engine("easy", seed=5, depth=2)
        black, white = (normal, easy) if normal_black else (easy, normal)
        game = play_match(name, black, white)
        assert game.winner == ("black" if normal_black else "white"), (
            name,
            game.result,
            game.termination,
            game.ply,
        )


# ---------------------------------------------------------------------- capture test


@pytest.mark.parametrize(
    "rules", [*VARIANTS.values(), variant("american", men_capture_backward=True)], ids=str
)
def test_the_capture_test_agrees_with_the_rules_core(rules: Variant) -> None:
    # Random placements (kings and men anywhere, either side to move) and real positions.
    core, fast = rules_of(rules), CaptureTest(rules)
    rng = random.Random(5)
    positions = [raw_position(b) for b in random_boards(rules.name, 20, seed=2)]
    for _ in range(1500):
        own = opp = kings = 0
        for square in rng.sample(range(1, rules.squares + 1), rng.randint(1, 24)):
            if rng.random() < 0.5:
                own |= 1 << square
            else:
                opp |= 1 << square
            if rng.random() < 0.3:
                kings |= 1 << square
        positions.append((own, opp, kings, rng.random() < 0.5))
    for position in positions:
        assert fast(*position) == core.has_capture(*position), position


# ---------------------------------------------------------------------- evaluation


@pytest.mark.parametrize("name", OTHERS)
def test_the_evaluation_is_symmetric(name: str) -> None:
    evaluate = VariantEvaluator(VARIANTS[name])
    for board in [*random_boards(name, 30, seed=11), kings_board(name)]:
        own, opp, kings, down = raw_position(board)
        value = evaluate(own, opp, kings, down)
        # The mirror image, for its side to move, is the same position.
        assert evaluate(*raw_position(board.mirror())) == value
        # Seen from the other side, the value is the opposite.
        assert evaluate(opp, own, kings, not down) == -value


def test_the_evaluation_weighs_what_the_rules_make_valuable() -> None:
    flying = VariantEvaluator(VARIANTS["russian"])
    short = VariantEvaluator(VARIANTS["italian"])
    assert flying.king_value == 300 and short.king_value == 175
    # A man up is good, except in giveaway, where it is bad.
    up = raw_position(Board("W:W21,22:B5", variant="russian"))
    assert flying(*up) > 50
    assert (
        VariantEvaluator(VARIANTS["giveaway"])(
            *raw_position(Board("W:W21,22:B5", variant="giveaway"))
        )
        < 0
    )
    # A man near its crown row is worth more than one at home, late in the game.
    near = raw_position(Board("W:W9:B5", variant="pool"))
    home = raw_position(Board("W:W29:B5", variant="pool"))
    pool = VariantEvaluator(VARIANTS["pool"])
    assert pool(*near) > pool(*home)
