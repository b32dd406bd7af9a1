"""A GIF89a file written frame by frame, holding only the previous frame in memory.

Pillow's own animated-GIF writer keeps every frame until the end (a 158-move game at 360
pixels took over 800 MB), so the file is put together here, after the GIF89a specification:
a header with one colour table for every frame, the looping extension, then each frame as
the rectangle that changed since the frame before, the pixels in it that did not change made
transparent (so the previous frame shows through). Pillow only compresses each rectangle
(saved alone as a GIF; its image data, which names its own code size, is lifted out).
"""

from __future__ import annotations

import io
import struct
from dataclasses import dataclass

from PIL import Image, ImageChops

__all__ = ["GifWriter"]


@dataclass
class _Frame:
    """A frame waiting to be written (the next one may only lengthen it)."""

    block: bytes
    delay: int  # hundredths of a second
    transparent: bool


class GifWriter:
    """Collects palette frames of one size, all indexing the colours ``palette``."""

    def __init__(self, size: tuple[int, int], palette: bytes, *, loop: bool) -> None:
        colours = len(palette) // 3
        if not 0 < colours < 256 or len(palette) % 3:
            raise ValueError(f"a GIF palette holds 1..255 colours, not {len(palette) / 3:g}")
        #: The index left for "unchanged" pixels: one past the colours.
        self.transparent = colours
        bits = max(1, colours.bit_length())  # a table of 2**bits >= colours + 1 entries
        table = palette + bytes(3 * (2**bits - colours))
        self._out = io.BytesIO()
        width, height = size
        self._size = size
        # Logical screen: global table present, 8-bit colour resolution, table size.
        self._out.write(b"GIF89a" + struct.pack("<HHBBB", width, height, 0xF0 | (bits - 1), 0, 0))
        self._out.write(table)
        if loop:
            self._out.write(b"\x21\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00")
        self._previous: Image.Image | None = None
        self._pending: _Frame | None = None
        self.frames = 0

    def add(self, frame: Image.Image, delay: int) -> None:
        """Append ``frame`` (mode ``P``, the full picture) shown for ``delay`` hundredths of a
        second. A frame identical to the one before only lengthens that one."""
        if frame.size != self._size or frame.mode != "P":
            raise ValueError("every frame is a palette image of the animation's size")
        previous = self._previous
        if previous is None:
            block, transparent = self._block(frame, (0, 0)), False
        else:
            delta = ImageChops.subtract_modulo(frame, previous)
            box = delta.getbbox()
            if box is None:
                assert self._pending is not None
                self._pending.delay += delay
                return
            part = frame.crop(box)
            # Pixels equal to the previous frame's (a zero difference) become transparent.
            unchanged = delta.crop(box).point([255, *(0,) * 255], "1")
            part.paste(self.transparent, mask=unchanged)
            block, transparent = self._block(part, (box[0], box[1])), True
        self._flush()
        self._pending = _Frame(block, delay, transparent)
        self._previous = frame
        self.frames += 1

    def finish(self) -> bytes:
        """The whole file."""
        self._flush()
        self._out.write(b"\x3b")
        return self._out.getvalue()

    def _flush(self) -> None:
        if self._pending is None:
            return
        pending = self._pending
        # Graphic control: disposal 1 (leave the frame for the next to draw over), the delay,
        # and the transparent index if the frame has one.
        packed = (1 << 2) | (1 if pending.transparent else 0)
        control = struct.pack("<BHB", packed, pending.delay, self.transparent)
        self._out.write(b"\x21\xf9\x04" + control + b"\x00")
        self._out.write(pending.block)
        self._pending = None

    def _block(self, image: Image.Image, offset: tuple[int, int]) -> bytes:
        """The image descriptor (at ``offset``, no colour table of its own) and compressed
        data of ``image``."""
        single = io.BytesIO()
        image.save(single, format="GIF", optimize=False, interlace=False)
        data = single.getvalue()
        at = 13
        if data[10] & 0x80:
            at += 3 * 2 ** ((data[10] & 7) + 1)
        while data[at] == 0x21:  # extensions before the image: skip them
            at += 2
            while data[at]:
                at += data[at] + 1
            at += 1
        if data[at] != 0x2C or data[at + 9] & 0x80:
            raise ValueError("unexpected GIF layout from Pillow")
        start = at + 10
        at = start + 1  # the LZW code size, then sub-blocks up to an empty one
        while data[at]:
            at += data[at] + 1
        width, height = image.size
        descriptor = b"\x2c" + struct.pack("<HHHHB", *offset, width, height, 0)
        return descriptor + data[start : at + 1]
