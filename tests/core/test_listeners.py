"""The package's one listener list: the order of telling, stopping, and listeners that raise."""

from __future__ import annotations

import pytest

from checkers_widget.core.listeners import Listeners


def test_listeners_hear_in_order_until_stopped() -> None:
    heard: list[str] = []
    listeners: Listeners[[str, int]] = Listeners()
    stop_first = listeners.add(lambda word, n: heard.append(f"a{word}{n}"))
    listeners.add(lambda word, n: heard.append(f"b{word}{n}"))
    listeners.tell("x", 1)
    stop_first()
    stop_first()  # twice is harmless
    listeners.tell("y", 2)
    assert heard == ["ax1", "bx1", "by2"]
    listeners.clear()
    listeners.tell("z", 3)
    assert heard == ["ax1", "bx1", "by2"]


def test_tell_stops_at_a_listener_that_raises_and_tell_each_does_not() -> None:
    heard: list[int] = []
    listeners: Listeners[int] = Listeners()

    def broken(_n: int) -> None:
        raise KeyError("first")

    def also_broken(_n: int) -> None:
        raise ValueError("second")

    listeners.add(broken)
    listeners.add(also_broken)
    listeners.add(heard.append)
    with pytest.raises(KeyError):
        listeners.tell(1)
    assert heard == []
    failure = listeners.tell_each(2)
    assert isinstance(failure, KeyError)  # the first one raised
    assert heard == [2]
    listeners.clear()
    listeners.add(heard.append)
    assert listeners.tell_each(3) is None and heard == [2, 3]


def test_a_listener_that_stops_itself_while_told_leaves_the_others_heard() -> None:
    heard: list[str] = []
    listeners: Listeners[str] = Listeners()

    def once(word: str) -> None:
        heard.append(f"once {word}")
        stop()

    stop = listeners.add(once)
    listeners.add(lambda word: heard.append(word))
    listeners.tell("a")
    listeners.tell("b")
    assert heard == ["once a", "a", "b"]
