"""Package data as gzip-compressed ASCII text, with positions as square masks.

The opening book (:mod:`checkers_widget.engine.book`) and the opening explorer's index
(:mod:`checkers_widget.analysis.explorer`) are both written as lines of text, gzipped
with no time stamp (the same data gives the same bytes), and both write an American
position as three hexadecimal square masks (bit ``n - 1``: square ``n``), which stay
readable whatever the board's internal bit layout. This module holds that shared
codec; each file's own lines and checks stay with its reader.
"""

from __future__ import annotations

import gzip
import zlib

from ..core.errors import CheckersError, brief
from ..core.squares import BIT, SQUARE_OF_BIT

__all__ = ["internal_mask", "pack_lines", "square_mask", "unpack_text"]


def pack_lines(lines: list[str]) -> bytes:
    """``lines`` as gzip-compressed ASCII text, one per line; the same bytes for the same
    lines (no time stamp in the gzip header)."""
    text = "\n".join(lines) + "\n"
    return gzip.compress(text.encode("ascii"), compresslevel=9, mtime=0)


#: The most text :func:`unpack_text` unpacks (64 MiB; the bundled opening index, the largest,
#: unpacks to 4.9 MB): a small hostile file that would unpack to gigabytes is refused instead.
MAX_UNPACKED = 64 * 1024 * 1024


def unpack_text(data: object, what: str, *, limit: int = MAX_UNPACKED) -> str:
    """The text :func:`pack_lines` wrote; ``what`` (``"an opening book"``) names the
    file in the :class:`CheckersError` raised for anything else: not bytes, not gzip, a
    damaged stream (a flipped byte fails gzip's check), text that is not ASCII, or more
    than ``limit`` characters of text. Memory stays within ``limit`` and the input."""
    if not isinstance(data, bytes | bytearray):
        raise CheckersError(f"{what} must be bytes, not {brief(data)}")
    unpacked = bytearray()
    rest = bytes(data)
    try:
        while rest:  # one gzip member after another, as gzip.decompress reads them
            member = zlib.decompressobj(wbits=31)  # 31: a gzip header and trailer
            unpacked += member.decompress(rest, limit + 1 - len(unpacked))
            if len(unpacked) > limit:
                raise CheckersError(f"{what} unpacks to more than {limit:,} bytes")
            if not member.eof:
                raise CheckersError(f"not {what}: the gzip stream is cut short")
            rest = member.unused_data
        if not unpacked and not data:
            raise CheckersError(f"not {what}: it is empty")
        return unpacked.decode("ascii")
    except (zlib.error, UnicodeDecodeError) as exc:
        raise CheckersError(f"not {what} (gzip-compressed text): {exc}") from None


def square_mask(internal: int) -> int:
    """A mask of the board's internal layout as a square mask (bit n - 1: square n)."""
    mask = 0
    while internal:
        low = internal & -internal
        mask |= 1 << (SQUARE_OF_BIT[low] - 1)
        internal ^= low
    return mask


# The internal layout of each byte of a square mask, for reading masks back quickly.
_BYTE_TABLES = tuple(
    tuple(
        sum(BIT[8 * part + bit + 1] for bit in range(8) if value >> bit & 1) for value in range(256)
    )
    for part in range(4)
)


def internal_mask(mask: int) -> int:
    """A square mask (bit n - 1: square n, at most 32 bits) in the board's internal layout."""
    t0, t1, t2, t3 = _BYTE_TABLES
    return t0[mask & 255] | t1[mask >> 8 & 255] | t2[mask >> 16 & 255] | t3[mask >> 24 & 255]
