"""Exact endgame databases: every position of at most four pieces, men and kings.

What is in them: for every position with at most :data:`MAX_PIECES` pieces (each side
at least one, men and kings in any mix, either side to move), its value under best
play for the side to move: won, lost or drawn, and for a win or a loss the distance
in plies to the end of the game (the capture of the last enemy piece, or the loser
left without a legal move). That is depth to *mate* (DTM), not to conversion: the
search scores a proven win as ``MATE - plies to the end of the game``
(:mod:`.search`), and DTM is exactly that number, so a position from the databases
and a position the search plays out compare as they should, and the fastest win is
always preferred. (A depth-to-conversion database, the distance to the next capture
or promotion, would be smaller to store but could not be turned into such a score.)

The values are those of the pure rules: no draw by the 40-move (no-progress) rule
and none by repetition. A caller playing under those rules checks that a win fits in
the plies left before the no-progress limit, as :mod:`.search` does; with a man on
the board the count starts again at every man move, so that check is conservative.

How they are built (:func:`build`, run by ``scripts/build_endgame_db.py``): by
retrograde analysis, one *material signature* at a time (the number of men and kings
of the side to move and of the other side), in dependency order: a capture leads to
a smaller signature, a crowning to one with a man fewer, so signatures are solved in
order of pieces, then men. A signature is solved together with its mirror (the same
material with the other side to move), since every quiet move leads from one to the
other. Positions are resolved in order of distance: one is lost in ``d`` plies when
its last unrefuted move is found to lead to a position won in ``d - 1``, and won in
``d`` when a move is found to lead to a position lost in ``d - 1`` (each move of a
position is counted; a capture or a crowning, which leave the signature, is valued
at once from the smaller database already built). The moves come from the package's
own generator (:mod:`checkers_widget.core.movegen`, captures compulsory, the crowning
man's move ending on the crown row); the positions a position came from are found by
taking a step back (a king in any direction, a man backwards) where the one who
stepped had no capture there. Positions never resolved are draws.

Indexing: a position is seen from the side to move, turned round if need be so that
its men move up the board (Black's direction, towards square 32): a value holds for
either colour. Each signature's table has one byte per index; the index is the rank
of each group of pieces (the side to move's men, its kings, the other side's men, its
kings) among the squares that group can stand on (men never on their own crown row:
28 squares; kings on all 32), combined as a mixed-radix number. Two groups can name
the same square, so some indices are not positions (about a fifth); they hold 0 and
compress to almost nothing. A byte is 0 for a draw and ``plies + 1`` otherwise: a win
always ends with the winner's own move, so a win's distance is odd and a loss's even,
and the parity tells the result (the longest distance in four pieces is
:data:`LONGEST` plies; 254 would be the limit).

Shipped, not built on first use: building all 4-piece databases (6.4 million
positions in 7.5 million indices, 41 signatures) takes about :data:`BUILD_SECONDS`
seconds of CPython 3.11 on one core (measured; several times that in Pyodide), too
long to make a user wait for at the first ending, while the compressed file is
:data:`FILE_BYTES` bytes, 1.8 MB (zlib level 9, which every Python has, Pyodide's
included; xz would make it 1.1 MB, but Pyodide ships lzma as a separate package).
Loading it takes about 0.2 s and holds the tables, 7.5 MB, in memory for the process.
Five pieces would be 24 times the work and the space (180 million indices: about half
an hour of CPython on one core, with over a gigabyte of working memory in this
layout, and some 40 MB compressed), beyond what a pure-Python package should ship or
build.
"""

from __future__ import annotations

import struct
import threading
import zlib
from array import array
from collections.abc import Callable, Iterator
from itertools import combinations
from math import comb

from ..core.board import Board
from ..core.color import BLACK
from ..core.errors import CheckersError
from ..core.movegen import capture_results, has_capture, play, quiet_steps
from ..core.squares import BIT, BLACK_CROWN_ROW, VALID
from ..core.variants import AMERICAN

__all__ = [
    "BUILD_SECONDS",
    "DATA_FILE",
    "FILE_BYTES",
    "LONGEST",
    "MAX_PIECES",
    "Signature",
    "Value",
    "build",
    "decode",
    "encode",
    "probe",
    "signatures",
    "table_size",
    "tables",
]

#: Positions with at most this many pieces are in the databases.
MAX_PIECES = 4

#: The package data file holding the databases (see :func:`encode`).
DATA_FILE = "endgame_4.bin"

#: Measured when the shipped file was built (scripts/build_endgame_db.py prints them):
#: seconds to build every database on one core of the build machine (CPython 3.11), the
#: file's size in bytes and the longest distance to the end of the game, in plies.
BUILD_SECONDS = 67
FILE_BYTES = 1_814_856
LONGEST = 109

#: ``(own men, own kings, other men, other kings)``, the side to move's first.
Signature = tuple[int, int, int, int]

#: ``(result, plies)``: ``result`` 1 (the side to move wins), -1 (loses) or 0 (draw,
#: ``plies`` 0). ``plies`` counts to the end of the game: a win ends with the winner's
#: move in ``plies`` plies, a loss with the loser's last (``0``: no move left now).
Value = tuple[int, int]

_MAGIC = b"CWEGDB\x00\x01"
_HEADER = struct.Struct("<8sBH")  # magic, max pieces, number of tables
_ENTRY = struct.Struct("<4BI")  # signature, table size
_TRAILER = struct.Struct("<II")  # payload length, CRC-32 of the payload


def _flip(mask: int) -> int:
    """The bitboard turned round (square ``s`` to ``33 - s``): the other side's view."""
    out = 0
    for s in range(1, 33):
        if mask & BIT[s]:
            out |= BIT[33 - s]
    return out


class _Group:
    """The placements of ``k`` like pieces among some squares, and their ranks.

    ``masks[r]`` is the placement of rank ``r`` (the ``r``-th combination of the
    squares, in order); ``up`` maps a placement to its rank, ``down`` maps the
    placement turned round to the same rank (a position seen from the side whose men
    move down is indexed as its turned-round, canonical self).
    """

    __slots__ = ("down", "masks", "size", "up")

    def __init__(self, squares: list[int], k: int) -> None:
        self.masks = [sum(BIT[s] for s in c) for c in combinations(squares, k)]
        self.size = len(self.masks)
        self.up = {m: r for r, m in enumerate(self.masks)}
        self.down = {_flip(m): r for r, m in enumerate(self.masks)}


#: The squares each kind of piece can stand on, seen from the side to move (moving up).
_OWN_MEN = list(range(1, 29))
_OTHER_MEN = list(range(5, 33))
_ALL = list(range(1, 33))


class _Layout:
    """The index of one signature's table (see the module's docstring)."""

    __slots__ = ("groups", "sig", "size", "sizes")

    def __init__(self, sig: Signature) -> None:
        om, ok, pm, pk = sig
        self.sig = sig
        self.groups = (
            _Group(_OWN_MEN, om),
            _Group(_ALL, ok),
            _Group(_OTHER_MEN, pm),
            _Group(_ALL, pk),
        )
        self.sizes = tuple(g.size for g in self.groups)
        self.size = table_size(sig)

    def index(self, own: int, opp: int, kings: int, black: bool) -> int:
        """The index of a position of this signature; ``black``: the side to move's men
        move up the board (it is Black), else the position is indexed turned round."""
        g0, g1, g2, g3 = self.groups
        _, n1, n2, n3 = self.sizes
        ok = own & kings
        pk = opp & kings
        if black:
            return ((g0.up[own ^ ok] * n1 + g1.up[ok]) * n2 + g2.up[opp ^ pk]) * n3 + g3.up[pk]
        return ((g0.down[own ^ ok] * n1 + g1.down[ok]) * n2 + g2.down[opp ^ pk]) * n3 + g3.down[pk]

    def position(self, index: int) -> tuple[int, int, int]:
        """The canonical position ``(own, opp, kings)`` at an index (the side to move's
        men moving up); pieces may overlap if the index is not a position."""
        g0, g1, g2, g3 = self.groups
        _, n1, n2, n3 = self.sizes
        q, r3 = divmod(index, n3)
        q, r2 = divmod(q, n2)
        r0, r1 = divmod(q, n1)
        ok = g1.masks[r1]
        pk = g3.masks[r3]
        return g0.masks[r0] | ok, g2.masks[r2] | pk, ok | pk

    def positions(self) -> Iterator[tuple[int, int, int, int]]:
        """Every position of the signature, canonical, as ``(index, own, opp, kings)``."""
        g0, g1, g2, g3 = self.groups
        _, n1, n2, n3 = self.sizes
        for r0, om in enumerate(g0.masks):
            for r1, ok in enumerate(g1.masks):
                if ok & om:
                    continue
                own = om | ok
                base1 = (r0 * n1 + r1) * n2
                for r2, pm in enumerate(g2.masks):
                    if pm & own:
                        continue
                    taken = own | pm
                    base2 = (base1 + r2) * n3
                    for r3, pk in enumerate(g3.masks):
                        if not pk & taken:
                            yield base2 + r3, own, pm | pk, ok | pk


def table_size(sig: Signature) -> int:
    """The number of indices of a signature's table (positions and unused indices)."""
    om, ok, pm, pk = sig
    return comb(28, om) * comb(32, ok) * comb(28, pm) * comb(32, pk)


def signatures(max_pieces: int = MAX_PIECES) -> list[Signature]:
    """Every signature of at most ``max_pieces`` pieces, each side at least one, in
    the order they are built (pieces, then men, then the signature itself)."""
    out: list[Signature] = []
    for om in range(max_pieces):
        for ok in range(max_pieces):
            for pm in range(max_pieces):
                for pk in range(max_pieces):
                    if om + ok and pm + pk and om + ok + pm + pk <= max_pieces:
                        out.append((om, ok, pm, pk))
    out.sort(key=lambda s: (sum(s), s[0] + s[2], s))
    return out


def _signature_of(own: int, opp: int, kings: int) -> Signature:
    ok = own & kings
    pk = opp & kings
    return ((own ^ ok).bit_count(), ok.bit_count(), (opp ^ pk).bit_count(), pk.bit_count())


_layouts: dict[Signature, _Layout] = {}


def _layout(sig: Signature) -> _Layout:
    layout = _layouts.get(sig)
    if layout is None:
        layout = _layouts[sig] = _Layout(sig)
    return layout


# ---------------------------------------------------------------------- building


#: Reports progress while building: ``(signatures done, signatures in all, the
#: signature just built, its positions)``.
Progress = Callable[[int, int, Signature, int], None]


def build(max_pieces: int = MAX_PIECES, progress: Progress | None = None) -> dict[Signature, bytes]:
    """Every database of at most ``max_pieces`` pieces, built by retrograde analysis.

    Returns one table per signature (see the module's docstring for the bytes).
    ``progress`` is called after each signature. Four pieces: see
    :data:`BUILD_SECONDS`; three pieces take a few seconds.
    """
    sigs = signatures(max_pieces)
    done: dict[Signature, bytearray] = {}
    count = 0
    for sig in sigs:
        if sig in done:
            continue
        om, ok, pm, pk = sig
        mirror = (pm, pk, om, ok)
        pair = [sig] if mirror == sig else [sig, mirror]
        sizes = _solve(pair, done)
        for s, n in zip(pair, sizes, strict=True):
            count += 1
            if progress is not None:
                progress(count, len(sigs), s, n)
    return {s: bytes(done[s]) for s in sigs}


def _solve(pair: list[Signature], done: dict[Signature, bytearray]) -> list[int]:
    """Solve a signature and its mirror (one graph: each quiet move leads from one to
    the other) into ``done``; the smaller signatures must be there already. Returns
    the number of positions of each."""
    layouts = [_layout(s) for s in pair]
    offsets = [0, layouts[0].size]
    total = sum(lay.size for lay in layouts)
    value = bytearray(total)  # 0: not resolved (a draw in the end); else plies + 1
    left = bytearray(total)  # moves not yet refuted
    # Events by distance: an index ``i`` (a move to a position lost in d - 1: won in
    # d) or ``~i`` (a move to a position won in d - 1: one fewer to refute).
    events: list[array[int]] = [array("q")]

    def at(d: int) -> array[int]:
        while len(events) <= d:
            events.append(array("q"))
        return events[d]

    counts = []
    for which, lay in enumerate(layouts):
        base = offsets[which]
        n = 0
        for index, own, opp, kings in lay.positions():
            n += 1
            i = base + index
            moves = capture_results(own, opp, kings, True)
            if moves:
                left[i] = len(moves)
                for m in moves:
                    o, p, k = play(own, opp, kings, True, m)
                    if not p:
                        at(1).append(i)  # takes the last piece: won in 1
                        break
                    _exit(done, p, o, k, i, at)
                continue
            moves = quiet_steps(own, opp, kings, True)
            if not moves:
                left[i] = 1
                at(0).append(~i)  # no move: lost now
                continue
            left[i] = len(moves)
            for src, dst, _ in moves:
                if dst & BLACK_CROWN_ROW and not src & kings:
                    # A man crowned: the position is of another signature.
                    _exit(done, opp, own ^ src ^ dst, kings | dst, i, at)
        counts.append(n)

    d = 0
    while any(events[d:]):
        todo = events[d]
        later = at(d + 1)
        lost = not d & 1
        for e in todo:
            if e >= 0:
                i = e
                if value[i]:
                    continue
            else:
                i = ~e
                if value[i]:
                    continue
                c = left[i] - 1
                left[i] = c
                if c:
                    continue
            value[i] = d + 1
            # The positions this one is reached from by a step of the other side.
            which = 1 if i >= offsets[1] and len(layouts) == 2 else 0
            own, opp, kings = layouts[which].position(i - offsets[which])
            other = 1 - which if len(layouts) == 2 else 0
            lay = layouts[other]
            base = offsets[other]
            for j in _predecessors(lay, own, opp, kings):
                j += base
                if not value[j]:
                    later.append(j if lost else ~j)
        events[d] = array("q")
        d += 1
    for which, s in enumerate(pair):
        lo = offsets[which]
        done[s] = value[lo : lo + layouts[which].size]
    return counts


def _exit(
    done: dict[Signature, bytearray],
    own: int,
    opp: int,
    kings: int,
    i: int,
    at: Callable[[int], array[int]],
) -> None:
    """A move of position ``i`` that leaves its signature, to ``(own, opp, kings)``
    (the mover's opponent to move, its men moving down): an event from its value."""
    sig = _signature_of(own, opp, kings)
    b = done[sig][_layout(sig).index(own, opp, kings, False)]
    if b:
        n = b - 1
        # Lost there in n: won here in n + 1; won there: one move fewer to refute.
        at(n + 1).append(~i if n & 1 else i)


def _predecessors(lay: _Layout, own: int, opp: int, kings: int) -> Iterator[int]:
    """The indices (in ``lay``, the other side to move) of the positions from which a
    step by ``opp`` (moving down) leads to the canonical position ``(own, opp, kings)``.

    A king may have come from any neighbouring empty square, a man from one behind
    it (above: it moves down); a crowning or a capture would have changed the
    signature. The one who stepped must have had no capture there (captures are
    compulsory), or the step was not a legal move.
    """
    empty = VALID & ~(own | opp)
    pieces = opp
    while pieces:
        dst = pieces & -pieces
        pieces ^= dst
        king = dst & kings
        if king:
            srcs = ((dst << 4) | (dst << 5) | (dst >> 4) | (dst >> 5)) & empty
        else:
            srcs = ((dst << 4) | (dst << 5)) & empty
        while srcs:
            src = srcs & -srcs
            srcs ^= src
            before = opp ^ dst ^ src
            k = kings ^ dst ^ src if king else kings
            if not has_capture(before, own, k, False):
                yield lay.index(before, own, k, False)


# ---------------------------------------------------------------------- the file


def encode(tables: dict[Signature, bytes], max_pieces: int = MAX_PIECES) -> bytes:
    """The databases as a file: a header naming each signature and its table's size,
    the payload's length and CRC-32, then the tables in :func:`signatures` order,
    compressed with zlib (level 9)."""
    sigs = signatures(max_pieces)
    payload = b"".join(tables[s] for s in sigs)
    head = _HEADER.pack(_MAGIC, max_pieces, len(sigs))
    head += b"".join(_ENTRY.pack(*s, len(tables[s])) for s in sigs)
    head += _TRAILER.pack(len(payload), zlib.crc32(payload))
    return head + zlib.compress(payload, 9)


def decode(data: bytes) -> dict[Signature, bytes]:
    """The tables of a file written by :func:`encode`; CheckersError if the file is not
    one, or is damaged (its header, sizes and checksum are all checked)."""
    try:
        magic, max_pieces, n = _HEADER.unpack_from(data, 0)
        if magic != _MAGIC:
            raise ValueError("not an endgame database file (wrong magic number)")
        sigs = signatures(max_pieces)
        if n != len(sigs):
            raise ValueError(f"{n} tables where {max_pieces} pieces make {len(sigs)}")
        pos = _HEADER.size
        for s in sigs:
            *sig, size = _ENTRY.unpack_from(data, pos)
            pos += _ENTRY.size
            if tuple(sig) != s or size != table_size(s):
                raise ValueError(f"table {pos // _ENTRY.size} is not the expected {s}")
        length, crc = _TRAILER.unpack_from(data, pos)
        payload = zlib.decompress(data[pos + _TRAILER.size :])
        if len(payload) != length or zlib.crc32(payload) != crc:
            raise ValueError("the tables do not match their checksum")
        if length != sum(table_size(s) for s in sigs):
            raise ValueError("the tables' sizes do not add up")
    except (struct.error, zlib.error, ValueError) as exc:
        raise CheckersError(f"damaged endgame database: {exc}") from exc
    out: dict[Signature, bytes] = {}
    view = memoryview(payload)
    start = 0
    for s in sigs:
        end = start + table_size(s)
        out[s] = bytes(view[start:end])
        start = end
    return out


_lock = threading.Lock()
_tables: dict[Signature, bytes] | None = None


def tables() -> dict[Signature, bytes]:
    """The databases, read from the package's data file on first use (thread-safe),
    then kept for the process. CheckersError if the file is missing or damaged
    (``python scripts/build_endgame_db.py`` writes it again)."""
    global _tables
    loaded = _tables
    if loaded is not None:
        return loaded
    with _lock:
        if _tables is None:
            from ..data import read_bytes

            try:
                data = read_bytes(DATA_FILE)
            except OSError as exc:
                raise CheckersError(
                    f"the endgame database {DATA_FILE} is missing from the package "
                    "(python scripts/build_endgame_db.py builds it)"
                ) from exc
            loaded = decode(data)
            for sig in loaded:
                _layout(sig)
            _tables = loaded
        return _tables


def probe(own: int, opp: int, kings: int, black: bool) -> Value | None:
    """The exact value of a position for the side to move, or None if it is not in the
    databases (more than :data:`MAX_PIECES` pieces, or a side without pieces).

    ``own``, ``opp`` and ``kings`` are bitboards (:mod:`checkers_widget.core.squares`):
    the side to move's pieces, the other side's, and the kings of both; ``black`` says
    whether the side to move is Black (its men move up, towards square 32). Values
    are those of the pure rules (no 40-move draw, no repetition). A man on its own
    crown row is not a position: None.
    """
    if not own or not opp or (own | opp).bit_count() > MAX_PIECES:
        return None
    data = _tables if _tables is not None else tables()
    sig = _signature_of(own, opp, kings)
    try:
        b = data[sig][_layouts[sig].index(own, opp, kings, black)]
    except KeyError:
        return None
    if not b:
        return (0, 0)
    n = b - 1
    return (1, n) if n & 1 else (-1, n)


def table_drawn(board: Board) -> bool:
    """Whether the databases call ``board`` (American checkers) a draw: at most
    :data:`MAX_PIECES` pieces, and neither side can force a win. A draw under the pure
    rules stays one under any draw rules (they only add draws)."""
    if board.variant is not AMERICAN:
        return False
    black, white, kings = board.bitboards
    own, opp = (black, white) if board.turn == BLACK else (white, black)
    value = probe(own, opp, kings, board.turn == BLACK)
    return value is not None and value[0] == 0
