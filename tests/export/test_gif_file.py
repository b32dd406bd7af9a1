"""The frame-by-frame GIF writer: what Pillow reads back is exactly what was written."""

from __future__ import annotations

import io
import random

from PIL import Image

from checkers_widget.export.gif_file import GifWriter

PALETTE = bytes(range(0, 48 * 3))  # 48 colours


def frame(seed: int, base: Image.Image | None = None) -> Image.Image:
    """A palette picture: ``base`` (or colour 0) with a rectangle of random pixels."""
    rng = random.Random(seed)
    image = base.copy() if base is not None else Image.new("P", (40, 30), 0)
    image.putpalette(PALETTE)
    left, top = rng.randrange(30), rng.randrange(20)
    for x in range(left, left + 8):
        for y in range(top, top + 8):
            image.putpixel((x, y), rng.randrange(48))
    return image


def test_frames_read_back_pixel_for_pixel_with_their_delays() -> None:
    pictures = [frame(0)]
    for seed in range(1, 6):
        pictures.append(frame(seed, pictures[-1]))
    writer = GifWriter((40, 30), PALETTE, loop=True)
    for number, picture in enumerate(pictures):
        writer.add(picture, 3 + number)
    data = writer.finish()
    read = Image.open(io.BytesIO(data))
    assert read.n_frames == len(pictures) and read.info["loop"] == 0
    for number, picture in enumerate(pictures):
        read.seek(number)
        assert read.info["duration"] == 10 * (3 + number)
        assert read.convert("RGB").tobytes() == picture.convert("RGB").tobytes()


def test_an_unchanged_frame_lengthens_the_one_before_and_play_once_has_no_loop() -> None:
    first = frame(0)
    second = frame(1, first)
    writer = GifWriter((40, 30), PALETTE, loop=False)
    for picture, delay in ((first, 5), (first.copy(), 7), (second, 2)):
        writer.add(picture, delay)
    read = Image.open(io.BytesIO(writer.finish()))
    assert "loop" not in read.info
    assert read.n_frames == 2 == writer.frames
    assert read.info["duration"] == 120
    read.seek(1)
    assert read.info["duration"] == 20
