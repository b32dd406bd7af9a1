"""The move rules are written once, in movegen; whatever else states them must agree.

* The engine's moves (by result) and Board's moves (by path) come from the same
  generator: every shape is compared with every other on many positions.
* The search keeps "must the child capture? can it step?" inline in its hottest loop
  (the horizon loop of ``search``: a call per leaf there costs about 2 % of the
  search's speed), and "play the move" inline in its two move loops (a call and a
  tuple per child). Those copies are read out of search.py's source here and checked
  against movegen's functions on the same positions, so they cannot drift from the
  one definition without a failing test.
"""

from __future__ import annotations

import ast
import inspect
import random
import textwrap
from collections.abc import Callable, Iterator
from typing import Any

from checkers_widget import Board
from checkers_widget.core import movegen
from checkers_widget.core.squares import BIT, BLACK_CROWN_ROW, VALID, WHITE_CROWN_ROW
from checkers_widget.engine import search

Position = tuple[int, int, int, bool]


def random_positions(n: int, seed: int = 12) -> Iterator[Position]:
    """Positions seen from the side to move: dense random boards and game positions."""
    rng = random.Random(seed)
    for i in range(n):
        if i % 3 == 0:
            # A position from a random game: realistic structures, crowning, kings.
            board = Board()
            for _ in range(rng.randrange(60)):
                legal = board.legal_moves()
                if not legal:
                    break
                board.push(rng.choice(legal))
            black, white, kings = board.bitboards
            if board.turn == "black":
                yield black, white, kings, True
            else:
                yield white, black, kings, False
            continue
        own = opp = kings = 0
        fill = rng.random()
        for sq in range(1, 33):
            bit = BIT[sq]
            r = rng.random()
            if r < fill / 2:
                own |= bit
            elif r < fill:
                opp |= bit
            else:
                continue
            if rng.random() < 0.3:
                kings |= bit
        black = rng.random() < 0.5
        # A man never stands on its own crown row.
        own_crown = BLACK_CROWN_ROW if black else WHITE_CROWN_ROW
        opp_crown = WHITE_CROWN_ROW if black else BLACK_CROWN_ROW
        kings |= (own & own_crown) | (opp & opp_crown)
        yield own, opp, kings, black


POSITIONS = list(random_positions(3000))


def test_the_engine_uses_the_rules_core_generator() -> None:
    assert search.quiet_steps is movegen.quiet_steps
    assert search.capture_results is movegen.capture_results
    assert search.has_capture is movegen.has_capture
    assert search.play is movegen.play
    assert search.moves_kind is movegen.moves_kind


def test_moves_by_result_are_the_moves_by_path_without_repeats() -> None:
    for own, opp, kings, black in POSITIONS:
        paths = movegen.captures(own, opp, kings, black)
        results = movegen.capture_results(own, opp, kings, black)
        assert len(results) == len(set(results))
        by_path = set()
        for path, caps, _ in paths:
            taken = 0
            for c in caps:
                taken |= c
            by_path.add((path[0], path[-1], taken))
        assert set(results) == by_path
        taken_counts = [t.bit_count() for _, _, t in results]
        assert taken_counts == sorted(taken_counts, reverse=True)
        assert movegen.has_capture(own, opp, kings, black) == bool(paths)
        steps = movegen.quiet_steps(own, opp, kings, black)
        assert [(s, d) for s, d, _ in steps] == movegen.quiet_moves(own, opp, kings, black)
        assert movegen.can_step(own, opp, kings, black) == bool(steps)
        kind = movegen.moves_kind(own, opp, kings, black)
        if paths:
            assert kind == movegen.MUST_CAPTURE
        else:
            assert kind == (movegen.STEPS_ONLY if steps else movegen.NO_MOVE)
        n = len(paths) if paths else len(steps)
        assert movegen.count_moves(own, opp, kings, black) == n


def test_play_agrees_with_the_path_moves() -> None:
    for own, opp, kings, black in POSITIONS:
        for seq in movegen.captures(own, opp, kings, black):
            path, caps, _ = seq
            taken = 0
            for c in caps:
                taken |= c
            move = (path[0], path[-1], taken)
            assert movegen.play(own, opp, kings, black, move) == movegen.apply_capture(
                own, opp, kings, seq
            )
        for src, dst in movegen.quiet_moves(own, opp, kings, black):
            assert movegen.play(own, opp, kings, black, (src, dst, 0)) == movegen.apply_quiet(
                own, opp, kings, src, dst, black
            )


def test_can_take_is_a_first_jump_over_that_piece() -> None:
    for own, opp, kings, black in POSITIONS:
        first = {caps[0] for _, caps, _ in movegen.captures(own, opp, kings, black)}
        at = opp
        while at:
            bit = at & -at
            at ^= bit
            assert movegen.can_take(own, opp, kings, black, bit) == (bit in first)


# ---------------------------------------------------------------- search's inline copies


def _search_tree() -> ast.Module:
    return ast.parse(textwrap.dedent(inspect.getsource(search)))


def _stmt_lists(tree: ast.AST) -> Iterator[list[ast.stmt]]:
    for node in ast.walk(tree):
        for name in ("body", "orelse", "finalbody"):
            stmts = getattr(node, name, None)
            if isinstance(stmts, list) and stmts and isinstance(stmts[0], ast.stmt):
                yield stmts


def _assigns(stmt: ast.stmt, name: str) -> bool:
    return isinstance(stmt, ast.Assign) and any(
        isinstance(t, ast.Name) and t.id == name for t in stmt.targets
    )


def _compile(stmts: list[ast.stmt], params: str, result: str) -> Callable[..., Any]:
    """A function made of ``stmts`` from search.py, returning ``result``."""
    body = textwrap.indent("\n".join(ast.unparse(s) for s in stmts), "    ")
    source = f"def f({params}):\n{body}\n    return {result}\n"
    namespace: dict[str, Any] = {"VALID": VALID}
    exec(compile(source, "<search.py copy>", "exec"), namespace)
    f: Callable[..., Any] = namespace["f"]
    return f


def _child_tests() -> list[Callable[..., Any]]:
    """Each inline "must the child capture / can it step" block of the search."""
    found = []
    for stmts in _stmt_lists(_search_tree()):
        for i in range(len(stmts) - 2):
            block = stmts[i : i + 3]
            if (
                _assigns(block[0], "e2")
                and _assigns(block[1], "ck")
                and isinstance(block[2], ast.If)
                and isinstance(block[2].test, ast.Name)
                and block[2].test.id == "black"
            ):
                found.append(_compile(block, "p, o, kk, black", "quiet_child, steps"))
    return found


def _inline_plays() -> list[Callable[..., Any]]:
    """Each inline "play the move" at the top of a loop over the moves of the search."""
    found = []
    for node in ast.walk(_search_tree()):
        if not isinstance(node, ast.For) or not node.body:
            continue
        first = node.body[0]
        if not (
            isinstance(first, ast.Assign)
            and isinstance(first.value, ast.Name)
            and first.value.id == "m"
            and ast.unparse(first.targets[0]) == "(src, dst, taken)"
        ):
            continue
        # The leading statements that only work out the child: o, p, kk (and q).
        stmts = []
        for stmt in node.body[1:]:
            stored = {
                n.id
                for n in ast.walk(stmt)
                if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)
            }
            if not stored or not stored <= {"o", "p", "kk", "q"}:
                break
            if any(isinstance(n, (ast.Call, ast.Break, ast.Return)) for n in ast.walk(stmt)):
                break
            stmts.append(stmt)
        stmts.insert(0, first)
        found.append(_compile(stmts, "own, opp, kings, m, crown_row, quiet_plies", "o, p, kk"))
    return found


def test_the_search_s_inline_capture_and_step_tests_are_movegen_s() -> None:
    copies = _child_tests()
    assert len(copies) == 1  # search's horizon loop (qcaptures' loop calls movegen)
    for f in copies:
        for own, opp, kings, black in POSITIONS:
            # The parent (``black`` to move) has played; the child's side moves
            # ``p``; ``o`` are the parent's pieces.
            p, o, child_black = own, opp, black
            quiet_child, steps = f(p, o, kings, not child_black)
            assert quiet_child == (not movegen.has_capture(p, o, kings, child_black))
            assert bool(steps) == (quiet_child and movegen.can_step(p, o, kings, child_black))


def test_the_search_s_inline_play_is_movegen_play() -> None:
    copies = _inline_plays()
    assert len(copies) == 2  # qcaptures' loop and search's loop
    for f in copies:
        for own, opp, kings, black in POSITIONS:
            crown_row = BLACK_CROWN_ROW if black else WHITE_CROWN_ROW
            legal = movegen.capture_results(own, opp, kings, black) or movegen.quiet_steps(
                own, opp, kings, black
            )
            for m in legal:
                assert f(own, opp, kings, m, crown_row, 0) == movegen.play(
                    own, opp, kings, black, m
                )
