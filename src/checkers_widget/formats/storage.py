"""Small local files that outlive a notebook: where they live and how they are kept safe.

Lesson stars (:mod:`checkers_widget.tutorial.progress`) and milestones
(:mod:`checkers_widget.play.milestones`) each keep a small JSON document in one folder:
``$CHECKERS_WIDGET_HOME`` when that variable is set, else ``~/.checkers_widget``.

Two rules keep those files trustworthy, and live here so that every store follows them:

* a write is atomic (a temporary file in the same folder, then :func:`os.replace`), so a
  crash or a second notebook reading at the same moment never sees half a file;
* a file that cannot be understood is moved aside as ``<name>.bad`` with a warning in the
  ``checkers_widget`` log, rather than crashing a game or being silently overwritten.

Stores re-read the file just before each write and merge, so two notebooks open at once
do not undo each other's saves; that merging is theirs, since only they know the data.
:func:`locked` keeps two processes from interleaving such a read-merge-write where the
platform allows (an advisory lock on the folder; no lock file is left behind).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any, TypeVar

from ..core.errors import ArgumentTypeError, CheckersError, FileWriteError, brief

__all__ = [
    "ENV_HOME",
    "data_folder",
    "default_path",
    "locked",
    "read_json",
    "remove_stale_temporaries",
    "set_aside",
    "write_json",
]

logger = logging.getLogger("checkers_widget")

#: The environment variable naming the folder for saved files.
ENV_HOME = "CHECKERS_WIDGET_HOME"

T = TypeVar("T")


def data_folder() -> Path:
    """``$CHECKERS_WIDGET_HOME`` when set (``~`` expanded), else ``~/.checkers_widget``.

    Read on every call, so a test or a teacher can change the variable at any time.
    """
    home = os.environ.get(ENV_HOME)
    return Path(home).expanduser() if home else Path.home() / ".checkers_widget"


def default_path(filename: str) -> Path:
    """The file ``filename`` inside :func:`data_folder`."""
    return data_folder() / filename


def set_aside(path: Path, what: str, reason: object) -> Path:
    """Move an unreadable ``path`` to ``<name>.bad`` (replacing an older one) and warn.

    ``what`` names the contents for the log message (``"lesson progress"``). Returns the
    ``.bad`` path; a failure to move the file is ignored (the warning still says why).
    """
    bad = path.with_name(path.name + ".bad")
    logger.warning("%s in %s is unreadable (%s); moved aside to %s", what, path, reason, bad)
    with contextlib.suppress(OSError):
        os.replace(path, bad)
    return bad


def read_json(
    path: Path,
    *,
    fmt: str,
    what: str,
    parse: Callable[[dict[str, Any]], T],
) -> T | None:
    """Read a JSON store: the value of ``parse(document)``, or None when there is none.

    None means "start empty": the file does not exist, could not be read (a warning is
    logged, the file is left alone), or could not be understood. A file is not
    understood when it is not JSON, is not an object whose ``"format"`` is ``fmt``, or
    ``parse`` raises ``ValueError``, ``KeyError`` or ``TypeError`` on it, or it is nested
    too deeply to read; such a file is moved aside with :func:`set_aside`, so that one
    broken file never stops a board from opening.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:
        if isinstance(exc, UnicodeDecodeError):
            set_aside(path, what, exc)
        else:
            logger.warning("cannot read %s from %s: %s", what, path, exc)
        return None
    try:
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("format") != fmt:
            raise ValueError(f"not a checkers-widget {what} file")
        return parse(data)
    except (ValueError, KeyError, TypeError, RecursionError) as exc:
        # RecursionError: JSON nested deeper than Python's stack ("[" * 1000).
        set_aside(path, what, exc)
        return None


def write_text_atomically(path: str | os.PathLike[str], text: str) -> Path:
    """Replace the file at ``path`` with ``text`` so that readers see old or new, never half.

    The text goes to a temporary file next to ``path`` (``.<name>.*.tmp``), is flushed to
    disk, then replaces ``path`` in one step (:func:`os.replace`); on any failure the
    temporary file is removed and the error raised, leaving ``path`` as it was. The
    folder is created if need be. Returns the path written.

    While it is written the temporary file is locked (``flock``, where the platform has
    it), so that :func:`remove_stale_temporaries` can tell the file of a live writer
    from one a killed process left behind.
    """
    return write_bytes_atomically(path, text.encode("utf-8"))


def write_user_file(path: object, data: str | bytes, *, what: str = "the file") -> Path:
    """Write ``data`` to a file the user named (a saved game, an animation), atomically.

    Unlike the package's own files, nothing is made that the user did not ask for: the
    folder must exist. Every way it can fail is a :class:`~checkers_widget.core.errors.
    CheckersError` that says what to do, raised before anything is written where it can
    be: a path that is not text or a path-like (:class:`ArgumentTypeError`), a NUL
    character, a missing folder, and the system's refusals (:class:`FileWriteError`: no
    right, no room, a name too long, a read-only file system).
    """
    if not isinstance(path, str | os.PathLike):
        raise ArgumentTypeError(f"{what} must be a file name, not {brief(path)}")
    name = os.fspath(path)
    if not isinstance(name, str) or "\x00" in name:
        raise CheckersError(f"{what} must be a file name without NUL characters: {brief(name)}")
    target = Path(name).expanduser()
    if not target.parent.is_dir():
        raise FileWriteError(
            f"cannot write {what} {brief(str(target))}: the folder {brief(str(target.parent))} "
            "does not exist (create it first)"
        )
    payload = data.encode("utf-8") if isinstance(data, str) else data
    try:
        return write_bytes_atomically(target, payload)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise FileWriteError(f"cannot write {what} {brief(str(target))}: {reason}") from exc


def write_bytes_atomically(path: str | os.PathLike[str], data: bytes) -> Path:
    """Replace the file at ``path`` with ``data`` as :func:`write_text_atomically` does.

    For files that are not text (an animated GIF from :mod:`checkers_widget.export`).
    """
    target = Path(path).expanduser()
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        _try_lock(fd, blocking=False)  # best effort: only marks the file as in use
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _sync_folder(target.parent)
    return target


#: How old (in seconds) an unlocked temporary file must be before it counts as stale:
#: a writer locks its file a moment after creating it.
STALE_AFTER = 2.0

# The name tempfile.mkstemp gives: the prefix, eight characters of its alphabet, suffix.
_TEMP_MIDDLE = re.compile(r"[a-z0-9_]{8}", re.ASCII)


def remove_stale_temporaries(path: str | os.PathLike[str]) -> list[Path]:
    """Delete the temporary files that writes of ``path`` left behind; returns them.

    A process killed in the middle of :func:`write_text_atomically` leaves its
    ``.<name>.*.tmp`` file (``path`` itself is untouched: the old or the new version,
    whole). A temporary file is stale when no live writer holds its lock and it is
    older than :data:`STALE_AFTER` seconds (on a platform without ``flock``, older than
    a minute); only files named exactly as the writer names them are considered, so a
    user's own file is never removed. Failures are ignored: this is housekeeping.
    """
    target = Path(path).expanduser()
    prefix = f".{target.name}."
    removed: list[Path] = []
    try:
        entries = list(os.scandir(target.parent))
    except OSError:
        return removed
    now = time.time()
    for entry in entries:
        name = entry.name
        middle = name[len(prefix) : -len(".tmp")]
        if not (name.startswith(prefix) and name.endswith(".tmp")):
            continue
        if not _TEMP_MIDDLE.fullmatch(middle) or not entry.is_file(follow_symlinks=False):
            continue
        with contextlib.suppress(OSError):
            if _is_stale(Path(entry.path), now):
                os.unlink(entry.path)
                removed.append(Path(entry.path))
    if removed:
        logger.info("removed %d unfinished temporary file(s) of %s", len(removed), target)
    return removed


def _is_stale(tmp: Path, now: float) -> bool:
    """Whether a temporary file is old enough and locked by nobody."""
    age = now - tmp.stat().st_mtime
    fd = os.open(tmp, os.O_RDONLY)
    try:
        locked = _try_lock(fd, blocking=False)
    finally:
        os.close(fd)  # releases the lock taken just now
    if locked is None:  # no flock here: only age can tell
        return age > 60
    return locked and age > STALE_AFTER


def _try_lock(fd: int, *, blocking: bool) -> bool | None:
    """Take an exclusive ``flock`` on ``fd``: True if taken, False if another holds it,
    None where the platform has no ``flock`` (or the file system refuses it)."""
    try:
        from fcntl import LOCK_EX, LOCK_NB, flock
    except ImportError:  # Windows; Pyodide has an fcntl module, but no flock in it
        return None
    try:
        flock(fd, LOCK_EX | (0 if blocking else LOCK_NB))
    except BlockingIOError:
        return False
    except OSError:
        return None
    return True


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable where the platform allows it (POSIX)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    with contextlib.suppress(OSError):
        os.fsync(fd)
    os.close(fd)


def write_json(path: Path, data: Mapping[str, Any]) -> None:
    """Write ``data`` to ``path`` as JSON, atomically (see :func:`write_text_atomically`)."""
    write_text_atomically(path, json.dumps(data, indent=1, sort_keys=True) + "\n")


@contextlib.contextmanager
def locked(path: Path, *, timeout: float = 2.0) -> Iterator[None]:
    """Hold an exclusive advisory lock on ``path``'s folder for a read-merge-write.

    Uses ``flock`` on the folder itself (creating it if need be), so no lock file is
    left behind, and every store in the folder takes turns. Best effort: where locking
    is not available (Windows, Pyodide, a read-only or odd file system) or another
    process holds the lock for more than ``timeout`` seconds, the body runs unlocked,
    which the stores' merging makes safe enough for a few small files.
    """
    fd: int | None = None
    try:
        import fcntl

        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path.parent, os.O_RDONLY)
        deadline = time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    logger.warning("%s stayed locked for %gs; writing anyway", path.parent, timeout)
                    os.close(fd)
                    fd = None
                    break
                time.sleep(0.01)
    except (ImportError, OSError, AttributeError):
        if fd is not None:
            with contextlib.suppress(OSError):
                os.close(fd)
            fd = None
    try:
        yield
    finally:
        if fd is not None:
            with contextlib.suppress(OSError):
                os.close(fd)  # closing the descriptor releases the lock
