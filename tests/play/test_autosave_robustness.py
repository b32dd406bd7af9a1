"""An autosave file, however broken, never stops a widget; a killed save loses nothing.

Issue 11: ``[Ply "²"]``, a 5,000-digit ``Ply`` or a 5,000-digit number in the FEN made
``CheckersWidget(autosave=path)`` raise (one crash was ``AttributeError: ... no
attribute '_computer'``), and a kill during a save left ``.game.pdn.*.tmp`` files behind.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checkers_widget import CheckersError, Game, PdnError
from checkers_widget.formats.storage import remove_stale_temporaries, write_text_atomically
from checkers_widget.play.autosave import Autosave
from checkers_widget.widget import CheckersWidget

SRC = Path(__file__).resolve().parents[2] / "src"


def _saved_text() -> str:
    """A real autosave file: moves, a redo line (so a Ply tag), session tags."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.pdn"
        widget = CheckersWidget(opponent="easy", seed=1, autosave=path)
        widget.wait()
        for _ in range(3):
            if widget.game.turn == widget.session.human_side() and not widget.game.is_over():
                widget.play(widget.game.legal_moves()[0])
                widget.wait()
        widget.undo()
        widget.close()
        return path.read_text(encoding="utf-8")


SAVED = _saved_text()


def _open(path: Path) -> CheckersWidget:
    """A widget on the autosave, with milestones (so the Attempt fact is read too)."""
    return CheckersWidget(autosave=path)


def _assert_set_aside(path: Path, content: bytes) -> None:
    """The widget started a new game and kept the unreadable file as ``.bad``."""
    widget = _open(path)
    try:
        assert widget.game.ply == 0 and not widget.game.redo_moves
        assert path.with_name(path.name + ".bad").read_bytes() == content
        assert widget.state["status"]["kind"] == "error"
        assert "could not be read" in widget.state["status"]["text"]
        assert Game.load(path).ply == 0  # the new game was saved in its place
    finally:
        widget.close()


def test_the_real_autosave_file_resumes() -> None:
    assert '[Ply "' in SAVED and "HumanSide" in SAVED  # the fixture has what it should


@pytest.mark.timeout(30)
@pytest.mark.parametrize(
    "content",
    [
        SAVED.replace('[Ply "', '[Ply "\u00b2', 1),  # "²".isdigit() but int("²") raises
        SAVED.replace('[Ply "', '[Ply "' + "1" * 5000, 1),  # past int()'s digit limit
        SAVED.replace('[Ply "', '[Ply "\u0661', 1),  # an Arabic-Indic digit
        '[SetUp "1"]\n[FEN "B:W' + "1" * 5000 + ':B1"]\n\n*\n',
        '[FEN "B:W\u0662\u0661-\u0663\u0662:B\u0661-\u0661\u0662"]\n\n*\n',
        '[DrawRules "quiet_moves=' + "9" * 5000 + ' repetitions=None automatic=True"]\n\n*\n',
        '[SideNames "A|B|C"]\n\n*\n',
        '[FEN "B:W:B32"]\n\n*\n',  # a black man on its crowning row
        "1. 11-" + "9" * 5000 + " *\n",
        "1. 11-15 11-15 *\n",
        "",
        "\n\n",
    ],
    # Names of their own: the saved file holds the milestone attempt's random id, and
    # pytest-xdist's workers must collect the same test names.
    ids=[
        "ply-superscript",
        "ply-too-many-digits",
        "ply-arabic-digit",
        "fen-too-many-digits",
        "fen-arabic-digits",
        "draw-rules-huge",
        "three-side-names",
        "man-on-crowning-row",
        "move-square-huge",
        "move-twice",
        "empty",
        "blank-lines",
    ],
)
def test_a_broken_autosave_is_kept_as_bad_and_a_new_game_starts(
    tmp_path: Path, content: str
) -> None:
    path = tmp_path / "game.pdn"
    path.write_text(content, encoding="utf-8")
    _assert_set_aside(path, content.encode("utf-8"))


@pytest.mark.parametrize(
    "attempt", ["[" * 100_000, "{" * 5000, "9" * 5000, "[]", "x" * 20_000, '{"a": 1}']
)
def test_an_unreadable_attempt_fact_is_dropped_and_the_game_resumes(
    tmp_path: Path, attempt: str
) -> None:
    """A deep JSON nesting raised RecursionError out of the widget's constructor."""
    path = tmp_path / "game.pdn"
    path.write_text(f'[Attempt "{attempt}"]\n\n1. 11-15 *\n', encoding="utf-8")
    widget = _open(path)
    try:
        assert [str(m) for m in widget.game.moves] == ["11-15"]
        assert not path.with_name("game.pdn.bad").exists()
    finally:
        widget.close()


def test_an_autosave_that_is_not_utf8_is_kept_as_bad(tmp_path: Path) -> None:
    path = tmp_path / "game.pdn"
    path.write_bytes(b"\xff\xfe\x00\xd8" + SAVED.encode())
    _assert_set_aside(path, b"\xff\xfe\x00\xd8" + SAVED.encode())


def test_a_widget_whose_constructor_raises_closes_cleanly(tmp_path: Path) -> None:
    """The _computer crash: close() (run by ipywidgets when the half-made widget is
    collected) needs only what the constructor makes first."""
    widget = CheckersWidget.__new__(CheckersWidget)
    with pytest.raises(CheckersError, match="human"):
        widget.__init__(human="purple", autosave=tmp_path / "g.pdn")  # type: ignore[misc]
    widget.close()  # what ipywidgets' __del__ does; raised AttributeError before


# ------------------------------------------------------------------ mutated files
# What a number in the file may become: "²" and "٣" pass str.isdigit, int("٣") is 3.
NUMBERS = [b"\xc2\xb2", b"\xd9\xa3", b"9" * 5000, b"1" * 4301, b"0", b"00", b"99", b"", b"-1"]


@st.composite
def mutated(draw: st.DrawFn) -> bytes:
    """The real autosave file with a few random edits of its bytes."""
    data = bytearray(SAVED.encode("utf-8"))
    for _ in range(draw(st.integers(1, 4))):
        where = draw(st.integers(0, len(data)))
        kind = draw(
            st.sampled_from(["replace", "insert", "delete", "digits", "number", "truncate"])
        )
        numbers = [m.span() for m in re.finditer(rb"[0-9]+", bytes(data))]
        if kind == "number" and numbers:  # a number of the file (Ply, FEN, a move...)
            start, end = draw(st.sampled_from(numbers))
            data[start:end] = draw(st.sampled_from(NUMBERS))
        elif kind == "replace" and where < len(data):
            data[where] = draw(st.integers(0, 255))
        elif kind == "insert":
            piece = draw(
                st.sampled_from(
                    [b"\xc2\xb2", b"\xd9\xa1", b'"', b"]", b"[", b"{", b"(", b"x", b":", b"|"]
                )
                | st.binary(min_size=1, max_size=4)
            )
            data[where:where] = piece
        elif kind == "delete":
            del data[where : where + draw(st.integers(1, 20))]
        elif kind == "digits":
            data[where:where] = b"7" * draw(st.sampled_from([3, 50, 4400, 5000]))
        else:
            del data[where:]
    return bytes(data)


@pytest.mark.timeout(300)
@given(content=mutated())
def test_a_mutated_autosave_never_stops_the_widget(content: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.pdn"
        bad = path.with_name("game.pdn.bad")
        path.write_bytes(content)
        try:
            expected: Game | None = Game.load(path)
        except PdnError:
            expected = None  # load_game refuses with its one error type, nothing else
        widget = _open(path)  # never raises
        try:
            if expected is None:
                assert widget.game.ply == 0 and not widget.game.redo_moves
                assert bad.read_bytes() == content
            else:
                assert not bad.exists()
                assert widget.game.line == expected.line
                assert widget.game.ply == expected.ply
        finally:
            widget.close()


# ------------------------------------------------------------------ temporary files
def _age(path: Path, seconds: float = 600) -> None:
    old = time.time() - seconds
    os.utime(path, (old, old))


def test_stale_temporary_files_of_the_autosave_are_removed(tmp_path: Path) -> None:
    path = tmp_path / "game.pdn"
    Game().save(path)
    stale = [tmp_path / f".game.pdn.{name}.tmp" for name in ("abc_1234", "zz99yy00")]
    fresh = tmp_path / ".game.pdn.fresh123.tmp"  # a writer that has just begun
    others = [
        tmp_path / ".other.pdn.abcd1234.tmp",  # another file's
        tmp_path / ".game.pdn.my.backup.tmp",  # not a name the writer makes
        tmp_path / "game.pdn.tmp",
    ]
    for file in (*stale, fresh, *others):
        file.write_text("half a game")
    for file in (*stale, *others):
        _age(file)
    widget = _open(path)
    widget.close()
    assert not any(file.exists() for file in stale)
    assert fresh.exists() and all(file.exists() for file in others)


def test_a_temporary_file_a_live_writer_holds_is_kept(tmp_path: Path) -> None:
    fcntl = pytest.importorskip("fcntl")
    path = tmp_path / "game.pdn"
    held = tmp_path / ".game.pdn.held1234.tmp"
    held.write_text("being written")
    _age(held)
    with held.open() as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        assert remove_stale_temporaries(path) == []
        assert held.exists()
    assert remove_stale_temporaries(path) == [held]


_WRITER = textwrap.dedent(
    """
    import os, sys, time
    sys.path.insert(0, sys.argv[2])
    from checkers_widget import Game
    from checkers_widget.formats import storage

    game = Game()
    game.play("11-15")
    game.save(sys.argv[1])  # a completed save

    def hang(fd):  # the second save stops after writing, before the rename
        print("writing", flush=True)
        time.sleep(60)

    storage.os.fsync = hang
    game.play("23-19")
    game.save(sys.argv[1])
    """
)


@pytest.mark.timeout(60)
def test_a_save_killed_midway_loses_nothing_and_its_temporary_file_goes(
    tmp_path: Path,
) -> None:
    path = tmp_path / "game.pdn"
    writer = subprocess.Popen(
        [sys.executable, "-c", _WRITER, str(path), str(SRC)],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert writer.stdout is not None
        assert writer.stdout.readline().strip() == "writing"
    finally:
        writer.send_signal(signal.SIGKILL)
        writer.wait()
    leftovers = list(tmp_path.glob(".game.pdn.*.tmp"))
    assert len(leftovers) == 1  # what the kill leaves (97 of them after 320 kills)
    for file in leftovers:
        _age(file, 5)  # "older than a moment"; its writer's lock died with it
    widget = _open(path)
    try:
        assert [str(m) for m in widget.game.moves] == ["11-15"]  # the completed save
        assert not list(tmp_path.glob(".game.pdn.*.tmp"))
    finally:
        widget.close()


def test_an_atomic_write_leaves_no_temporary_file(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    write_text_atomically(path, "one")
    write_text_atomically(path, "two")
    assert path.read_text() == "two"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


def test_an_autosave_on_a_folder_path_does_not_raise(tmp_path: Path) -> None:
    folder = tmp_path / "game.pdn"
    folder.mkdir()
    autosave = Autosave(folder)
    assert autosave.resume() is None
    assert not autosave.write(Game())
    assert autosave.error is not None


def test_a_game_whose_tags_were_edited_to_non_text_fails_to_save_without_raising(
    tmp_path: Path,
) -> None:
    path = tmp_path / "game.pdn"
    widget = _open(path)
    try:
        widget.game.tags["Event"] = 5  # type: ignore[assignment]
        widget.play("11-15")  # the save fails; the move stands
        assert widget.game.ply == 1
        assert widget.errors and "Autosave" in widget.errors[-1]
        widget.game.tags["Event"] = "Club night"
        widget.play("23-19")
        assert Game.load(path).ply == 2  # the next save works again
    finally:
        widget.close()
