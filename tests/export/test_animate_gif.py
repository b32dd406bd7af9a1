"""The animated GIF read back with Pillow: frames, durations, loop and the pixels of pieces."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
from export_helpers import LINE, LINE_FEN, LINE_HOPS, schedule
from PIL import Image

from checkers_widget import CheckersError
from checkers_widget.export import AnimatedGif, MissingDependencyError, animate
from checkers_widget.formats.svg import DEFAULT_COLORS, VIEW, _center

HOP, PAUSE, HOLD, PER_HOP, SIZE = 0.5, 0.8, 2.0, 5, 360


def line_gif(**options: object) -> bytes:
    return animate(  # type: ignore[return-value]
        LINE,
        start=LINE_FEN,
        format="gif",
        seconds_per_hop=HOP,
        pause=PAUSE,
        hold=HOLD,
        frames_per_hop=PER_HOP,
        size=SIZE,
        **options,  # type: ignore[arg-type]
    )


def gif_frames(data: bytes) -> list[tuple[Image.Image, int]]:
    """Every frame (as RGB) with its duration in milliseconds."""
    image = Image.open(io.BytesIO(data))
    out = []
    for index in range(image.n_frames):
        image.seek(index)
        out.append((image.convert("RGB"), image.info["duration"]))
    return out


def rgb(color: str) -> tuple[int, int, int]:
    return int(color[1:3], 16), int(color[3:5], 16), int(color[5:7], 16)


def near(pixel: tuple[int, ...], color: str, tolerance: int = 24) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, rgb(color), strict=False))


def centre(image: Image.Image, square: int, dx: float = 0, dy: float = 0) -> tuple[int, ...]:
    """The pixel at the centre of ``square`` (moved by ``dx``, ``dy`` board units)."""
    x, y = _center(square, "black")
    scale = SIZE / VIEW
    pixel: tuple[int, ...] = image.getpixel((round((x + dx) * scale), round((y + dy) * scale)))  # type: ignore[assignment]
    return pixel


def test_one_frame_to_start_then_frames_per_hop_and_durations_that_add_up() -> None:
    frames = gif_frames(line_gif())
    assert len(frames) == 1 + sum(LINE_HOPS) * PER_HOP
    total = schedule(LINE_HOPS, HOP, PAUSE, HOLD)[-1]
    durations = [duration for _, duration in frames]
    assert sum(durations) == round(total * 1000)
    assert min(durations) >= 20  # browsers slow frames of 10 ms or less down to 100 ms
    # The start position stays for the pause and the first slide's first step.
    assert durations[0] == round((PAUSE + HOP / PER_HOP) * 1000)
    # The last frame holds the final position through the pause and the hold.
    assert durations[-1] == round((PAUSE + HOLD) * 1000)


def test_pixels_show_the_pieces_before_and_after_the_moves() -> None:
    frames = gif_frames(line_gif())
    first, last = frames[0][0], frames[-1][0]
    colors = DEFAULT_COLORS
    for square in (9, 26):
        assert near(centre(first, square), colors["black"])
    for square in (14, 23, 30):
        assert near(centre(first, square), colors["white"])
    assert near(centre(first, 31), colors["dark"])
    # After 9x18x27, 30x23 and 27-31: a black king on 31 (its crown just above the centre),
    # a white man on 23, the taken men gone (their squares show the board again).
    assert near(centre(last, 31, dy=-4), colors["crown"])
    assert near(centre(last, 23), colors["white"])
    for square in (14, 26, 18, 30):
        assert near(centre(last, square), colors["dark"])
    # The jumper's first hop: when it has landed on 18 (frame PER_HOP), 14 is gone but 23
    # still stands.
    landed = frames[PER_HOP][0]
    assert near(centre(landed, 18), colors["black"])
    assert near(centre(landed, 14), colors["dark"])
    assert near(centre(landed, 23), colors["white"])


def test_a_taken_piece_fades_in_the_second_half_of_its_hop() -> None:
    frames = gif_frames(line_gif(last_move=False))
    early, late = frames[1][0], frames[PER_HOP - 1][0]  # 20% and 80% through 9-18
    # Sample the taken man on 14 beside the jumper's path (9 units across it), where the
    # jumper, 21 units before or after 14's centre in those frames, does not reach.
    (x0, y0), (x1, y1) = _center(9, "black"), _center(18, "black")
    length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
    dx, dy = -(y1 - y0) / length * 9, (x1 - x0) / length * 9
    assert near(centre(early, 14, dx, dy), DEFAULT_COLORS["white"])
    faded = centre(late, 14, dx, dy)
    assert not near(faded, DEFAULT_COLORS["white"]) and not near(faded, DEFAULT_COLORS["dark"])
    assert near(centre(frames[PER_HOP][0], 14, dx, dy), DEFAULT_COLORS["dark"])


def test_fast_hops_get_fewer_frames_than_asked_none_shorter_than_20_ms() -> None:
    data = animate(LINE, start=LINE_FEN, format="gif", seconds_per_hop=0.05, frames_per_hop=6)
    frames = gif_frames(data)
    assert len(frames) == 1 + sum(LINE_HOPS) * 2  # 0.05 s a hop: two frames of 25 ms
    assert min(duration for _, duration in frames) >= 20
    total = schedule(LINE_HOPS, 0.05, PAUSE, HOLD)[-1]
    assert sum(duration for _, duration in frames) == round(total * 1000)


def test_loop_and_play_once() -> None:
    assert Image.open(io.BytesIO(line_gif())).info.get("loop") == 0
    assert "loop" not in Image.open(io.BytesIO(line_gif(loop=False))).info


def test_the_gif_is_written_to_its_path_by_suffix(tmp_path: Path) -> None:
    target = tmp_path / "line.GIF"
    data = animate(LINE, target, start=LINE_FEN)
    assert isinstance(data, AnimatedGif) and isinstance(data, bytes)
    assert target.read_bytes() == data
    assert data[:6] == b"GIF89a"
    assert data._repr_html_().startswith('<img src="data:image/gif;base64,')


def test_without_pillow_the_gif_says_what_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in [n for n in sys.modules if n == "PIL" or n.startswith("PIL.")]:
        monkeypatch.setitem(sys.modules, name, None)  # type: ignore[arg-type]
    monkeypatch.setitem(sys.modules, "PIL", None)  # type: ignore[arg-type]
    monkeypatch.delitem(sys.modules, "checkers_widget.export.gif", raising=False)
    target = tmp_path / "line.gif"
    with pytest.raises(MissingDependencyError, match=r"pip install 'checkers-widget\[export\]'"):
        animate(LINE, target, start=LINE_FEN)
    assert not target.exists()
    error = MissingDependencyError("x")
    assert isinstance(error, CheckersError) and isinstance(error, ImportError)
    # The SVG needs nothing.
    assert animate(LINE, tmp_path / "line.svg", start=LINE_FEN).startswith("<svg")


def test_palette_and_orientation_reach_the_gif() -> None:
    frames = gif_frames(line_gif(colors={"dark": "#3050a0"}, orientation="white"))
    first = frames[0][0]
    x, y = _center(31, "white")
    scale = SIZE / VIEW
    assert near(first.getpixel((round(x * scale), round(y * scale))), "#3050a0")  # type: ignore[arg-type]
    x, y = _center(9, "white")
    assert near(first.getpixel((round(x * scale), round(y * scale))), DEFAULT_COLORS["black"])  # type: ignore[arg-type]
