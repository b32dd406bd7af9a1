"""PDN reading against input size: time and peak memory, so that the slope shows.

Each input is written to a file and read from there (``read_games(path)``, the
streaming path) in a fresh subprocess, which reports the wall time of the read and its
peak resident memory above the interpreter's own (``ru_maxrss`` before and after).
Shapes: the real archive (``tests/data/OCA_2.0.pdn.xz``, cut or repeated to the size)
and the hostile shapes of issue 11. Linear reading shows as a flat bytes/s column and
a flat peak/size column as the size grows.

    python benchmarks/pdn_scaling.py                 # shapes to 10 MB, archive to 1 MB (~1 min)
    python benchmarks/pdn_scaling.py --max-mb 50 --archive-mb 50
    python benchmarks/pdn_scaling.py --shape tags --shape archive
"""

from __future__ import annotations

import argparse
import json
import lzma
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ARCHIVE = ROOT / "tests" / "data" / "OCA_2.0.pdn.xz"
SIZES = [1_000, 10_000, 100_000, 1_000_000, 5_000_000, 10_000_000, 50_000_000]


def _repeat(unit: str, size: int, head: str = "", tail: str = "") -> str:
    count = max(1, (size - len(head) - len(tail)) // len(unit))
    return head + unit * count + tail


def _archive(size: int) -> bytes:
    data = lzma.decompress(ARCHIVE.read_bytes())
    whole = data * (size // len(data) + 1)
    cut = whole.rfind(b"\n\n[", 0, size)  # end at a game boundary
    return whole[: cut + 1 if cut > 0 else size]


def _crlf_emoji(size: int) -> bytes:
    line = "% " + "x" * 96 + "\r\n"
    body = _repeat(line, size, '[Event "first"]\r\n1. 11-15 24-20 *\r\n\r\n')
    middle = len(body) // 2
    middle = body.index("\r\n", middle) + 2
    body = body[:middle] + "% \U0001f600\r\n" + body[middle:]
    return (body + '\r\n[Event "last"]\r\n1. 9-14 22-18 1-0\r\n').encode("utf-8")


#: name -> (what it is, builder of the file's bytes for a size, errors option)
SHAPES: dict[str, tuple[str, Callable[[int], bytes], str]] = {
    "archive": ("OCA 2.0, cut or repeated", _archive, "skip"),
    "crlf-emoji": ("% lines, CRLF, one emoji", _crlf_emoji, "raise"),
    "tags": ('"[a b]" * n + "\\n*"', lambda n: _repeat("[a b]", n, "", "\n*").encode(), "raise"),
    "open-tag": ('"[a" + " " * n', lambda n: _repeat(" ", n, "[a").encode(), "skip"),
    "comments": (
        '"1. 11-15 " + "{a " * n',
        lambda n: _repeat("{a ", n, "1. 11-15 ").encode(),
        "skip",
    ),
    "tag-value": (
        '[Event "a...a"]\\n*',
        lambda n: _repeat("a", n, '[Event "', '"]\n*').encode(),
        "raise",
    ),
    "digits": (
        '"1. 11-" + "9" * n + " *"',
        lambda n: _repeat("9", n, "1. 11-", " *").encode(),
        "skip",
    ),
}


def _status(field: str) -> int:
    """A field of /proc/self/status, in KiB (VmRSS: resident now; VmHWM: its peak)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise KeyError(field)


def _measure(path: str, errors: str) -> None:
    """In the subprocess: read every game of ``path``; print time, memory, counts."""
    sys.path.insert(0, str(ROOT / "src"))
    from checkers_widget.formats.pdn import read_games

    try:  # reset the peak to what is resident now (Linux), so that it is the read's
        Path("/proc/self/clear_refs").write_text("5")
        baseline = _status("VmRSS")
    except OSError:
        baseline = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.perf_counter()
    reader = read_games(path, errors=errors)  # type: ignore[arg-type]
    games = sum(1 for _ in reader)
    seconds = time.perf_counter() - start
    try:
        peak = _status("VmHWM")
    except (OSError, KeyError):
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    result = {"seconds": seconds, "kib": peak - baseline, "games": games}
    print(json.dumps({**result, "errors": len(reader.errors)}))


def _run(shape: str, size: int, folder: Path) -> dict[str, float]:
    _, build, errors = SHAPES[shape]
    path = folder / f"{shape}-{size}.pdn"
    path.write_bytes(build(size))
    actual = path.stat().st_size
    out = subprocess.run(
        [sys.executable, __file__, "--measure", str(path), errors],
        capture_output=True,
        text=True,
        check=True,
    )
    path.unlink()
    result = json.loads(out.stdout)
    result["bytes"] = actual
    return result


def _human(size: float) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if size < 1000 or unit == "GB":
            return f"{size:,.0f} {unit}" if unit == "B" else f"{size:,.1f} {unit}"
        size /= 1000
    return str(size)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--max-mb", type=float, default=10, help="largest hostile input (MB)")
    parser.add_argument("--archive-mb", type=float, default=1, help="largest archive input (MB)")
    parser.add_argument("--shape", action="append", choices=sorted(SHAPES), help="repeatable")
    parser.add_argument("--measure", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        _measure(*args.measure)
        return
    shapes = args.shape or list(SHAPES)
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print("| shape | input | size | time | peak memory | peak / size | speed | games, errors |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as folder:
        for shape in shapes:
            limit = (args.archive_mb if shape == "archive" else args.max_mb) * 1_000_000
            for size in (s for s in SIZES if s <= limit):
                r = _run(shape, size, Path(folder))
                memory = r["kib"] * 1024
                print(
                    f"| {shape} | {SHAPES[shape][0]} | {_human(r['bytes'])} | "
                    f"{r['seconds']:.3f} s | {_human(memory)} | {memory / r['bytes']:.2f} | "
                    f"{_human(r['bytes'] / max(r['seconds'], 1e-9))}/s | "
                    f"{r['games']:.0f}, {r['errors']:.0f} |",
                    flush=True,
                )
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
