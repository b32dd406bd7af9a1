"""Build the bundled opening index from the OCA archive (tests/data/OCA_2.0.pdn.xz).

Writes ``src/checkers_widget/data/oca_openings.txt.gz``: the first ``OCA_PLIES`` plies of
each of the archive's games, tallied by position (see
:mod:`checkers_widget.analysis.explorer`). Run it from the repository's root after the
archive or the index format changes::

    python scripts/build_opening_index.py

The output is the same byte for byte on every run (gzip without a time stamp; positions
and moves in the order the games first reach them), so a rebuild shows in git only when
something changed. It reads the whole archive through the package's PDN reader, which
takes about half a minute.
"""

from __future__ import annotations

import argparse
import lzma
import sys
import time
from pathlib import Path

from checkers_widget.analysis.explorer import _TITLES, INDEX_FILE, OCA_PLIES, OpeningExplorer
from checkers_widget.formats.pdn import read_games

ROOT = Path(__file__).resolve().parent.parent
ARCHIVE = ROOT / "tests" / "data" / "OCA_2.0.pdn.xz"
TARGET = ROOT / "src" / "checkers_widget" / "data" / INDEX_FILE


def build(archive_path: Path = ARCHIVE) -> OpeningExplorer:
    """The OCA index, built from the archive (every game must read: errors raise)."""
    with lzma.open(archive_path) as archive:
        reader = read_games(archive, errors="raise", variations="skip")
        return OpeningExplorer.from_games(reader, max_plies=OCA_PLIES, name=_TITLES["oca"])


def main() -> int:
    argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    ).parse_args()
    start = time.perf_counter()
    explorer = build()
    data = explorer.to_bytes()
    TARGET.write_bytes(data)
    seconds = time.perf_counter() - start
    print(
        f"{explorer.games} games, {explorer.positions} positions, {len(data):,} bytes "
        f"-> {TARGET.relative_to(ROOT)} in {seconds:.1f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
