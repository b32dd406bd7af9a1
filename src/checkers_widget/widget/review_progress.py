"""A progress bar for a game review running in a notebook cell (issue 14).

:func:`with_progress_bar` shows an ipywidgets bar under the cell, runs a review function
of :mod:`checkers_widget.analysis.review` with an ``on_progress`` that moves the bar, and
leaves a one-line report in its place ("Reviewed 81 positions in 42 s" or "Cancelled
after 30 of 81 positions").

Cancelling: the kernel's interrupt button (or Ctrl-C in a console). A Cancel button
beside the bar would not work: while the cell runs, the kernel does not read the
button's click until the cell is over. The review cancels the searches not yet started,
lets the ones running finish (each is bounded by its node budget) and then the interrupt
is raised as usual.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["in_kernel", "with_progress_bar"]

_R = TypeVar("_R")


def in_kernel() -> bool:
    """Whether this runs in a Jupyter kernel (IPython is not imported here to find out)."""
    ipython = sys.modules.get("IPython")
    if ipython is None:
        return False
    shell = ipython.get_ipython()
    return getattr(shell, "kernel", None) is not None


def with_progress_bar(run: Callable[..., _R], *args: Any, **options: Any) -> _R:
    """``run(*args, **options)`` with a progress bar in the notebook (none outside one).

    A caller's own ``on_progress`` is still called, after the bar moves.
    """
    if not in_kernel():
        return run(*args, **options)
    import ipywidgets as ipw
    from IPython.display import display

    theirs: Callable[[int, int], object] | None = options.pop("on_progress", None)
    bar = ipw.IntProgress(value=0, min=0, max=1, description="Reviewing", bar_style="info")
    text = ipw.Label("starting the searches...")
    box = ipw.HBox([bar, text])
    box.add_class("cw-review-progress")
    display(box)
    started = time.perf_counter()
    seen = [0, 0]

    def progress(done: int, total: int) -> None:
        seen[:] = [done, total]
        bar.max = max(1, total)
        bar.value = done
        text.value = f"{done} of {total} positions, {time.perf_counter() - started:.0f} s"
        if theirs is not None:
            theirs(done, total)

    try:
        result = run(*args, on_progress=progress, **options)
    except KeyboardInterrupt:
        bar.bar_style = "warning"
        text.value = f"Cancelled after {seen[0]} of {seen[1]} positions"
        raise
    except BaseException:
        bar.bar_style = "danger"
        text.value = "Failed"
        raise
    complete = getattr(result, "complete", True)
    took = time.perf_counter() - started
    if complete is False or seen[0] < seen[1]:
        bar.bar_style = "warning"
        text.value = f"Cancelled after {seen[0]} of {seen[1]} positions ({took:.0f} s)"
    else:
        bar.bar_style = "success"
        text.value = f"Reviewed {seen[1]} positions in {took:.0f} s"
    return result
