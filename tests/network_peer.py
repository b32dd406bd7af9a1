"""A network-play peer in its own process, driven line by line through stdin/stdout.

The network tests run one side of a game in the pytest process and the other side
here, so that the two really are separate processes talking over 127.0.0.1 (and one of
them can be killed to drop the connection). Usage::

    python tests/network_peer.py join PORT [--name N] [--token T] [--reconnect-timeout S]
    python tests/network_peer.py host [--seed N] [--reconnect-timeout S]

Each command on stdin gets exactly one answer line, ``OK <json>`` or ``ERR <text>``;
session events are printed meanwhile as ``EVENT <kind> <text>``. Commands: ``start``
(done automatically: its answer is the first line), ``wait-accepted``, ``move TEXT``
(checked), ``rawmove TEXT`` (unchecked: the host must refuse a bad one), ``offer``,
``accept``, ``decline``, ``resign``, ``state``, ``wait CONDITION [TIMEOUT]`` with
CONDITION one of ``ply>=N``, ``errors>=N``, ``offer=SIDE``, ``paused``, ``connected``,
``host-gone``, ``over``, ``offer``, ``no-offer``, and ``quit``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import threading
from typing import Any

from checkers_widget import Game
from checkers_widget.network import HostSession, JoinSession, SessionEvent

_print_lock = threading.Lock()


def say(line: str) -> None:
    """Print one line at once (events come from the network thread)."""
    with _print_lock:
        sys.stdout.write(line.replace("\n", " ") + "\n")
        sys.stdout.flush()


def on_change(event: SessionEvent) -> None:
    say(f"EVENT {event.kind} {event.text}")


def state(session: HostSession | JoinSession) -> dict[str, Any]:
    """What the tests compare: the game as this side sees it, and the session's state."""
    game = session.game
    with session.lock:
        return {
            "side": session.local_side,
            "fen": game.board.to_fen() if game else None,
            "moves": [str(m) for m in game.moves] if game else [],
            "ply": game.ply if game else 0,
            "result": game.result if game else None,
            "termination": game.termination if game else None,
            "draw_offer": game.draw_offer if game else None,
            "paused": session.paused,
            "connected": session.connected,
            "host_gone": getattr(session, "host_gone", False),
            "status": session.status,
            "errors": [r.reason for r in session.errors],
            "token": getattr(session, "token", None),
        }


CONDITIONS = {
    "paused": lambda s: s.paused,
    "connected": lambda s: s.connected and not s.paused,
    "host-gone": lambda s: getattr(s, "host_gone", False),
    "over": lambda s: s.game is not None and s.game.is_over(),
    "offer": lambda s: s.game is not None and s.game.draw_offer is not None,
    "no-offer": lambda s: s.game is not None and s.game.draw_offer is None,
}


def condition(text: str) -> Any:
    if text.startswith("ply>="):
        n = int(text[5:])
        return lambda s: s.game is not None and s.game.ply >= n
    if text.startswith("offer="):
        side = text[6:]
        return lambda s: s.game is not None and s.game.draw_offer == side
    if text.startswith("errors>="):
        n = int(text[8:])
        return lambda s: len(s.errors) >= n
    return CONDITIONS[text]


def run(session: HostSession | JoinSession) -> None:
    for raw in sys.stdin:
        words = raw.split()
        if not words:
            continue
        command, args = words[0], words[1:]
        try:
            if command == "quit":
                session.close()
                say("OK {}")
                return
            answer: Any = {}
            if command == "state":
                answer = state(session)
            elif command == "wait-accepted":
                assert isinstance(session, JoinSession)
                session.wait_accepted(float(args[0]) if args else 10.0)
                answer = state(session)
            elif command == "wait":
                timeout = float(args[1]) if len(args) > 1 else 10.0
                if not session.wait_for(condition(args[0]), timeout):
                    raise TimeoutError(f"{args[0]} not reached in {timeout} s: {state(session)}")
                answer = state(session)
            elif command in ("move", "rawmove"):
                if isinstance(session, HostSession):
                    answer = {"sent": str(session.play(args[0]))}
                else:
                    sent = session.send_move(args[0], check=command == "move")
                    answer = {"sent": str(sent)}
            elif command in ("offer", "accept", "decline", "resign"):
                name = {"offer": "offer_draw", "accept": "accept_draw", "decline": "decline_draw"}
                getattr(session, name.get(command, command))()
            else:
                raise ValueError(f"unknown command {command!r}")
            say("OK " + json.dumps(answer))
        except Exception as exc:
            say(f"ERR {type(exc).__name__}: {exc}")
    session.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("role", choices=("join", "host"))
    parser.add_argument("port", type=int, nargs="?", default=0)
    parser.add_argument("--name", default=None)
    parser.add_argument("--token", default=None)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--reconnect-timeout", type=float, default=None)
    args = parser.parse_args()
    session: HostSession | JoinSession
    try:
        if args.role == "host":
            session = HostSession(
                Game(),
                port=args.port,
                accept=True,
                rng=random.Random(args.seed),
                name=args.name or "Host",
                reconnect_timeout=args.reconnect_timeout or 60.0,
                on_change=on_change,
            ).start()
            say("OK " + json.dumps({"port": session.port}))
        else:
            session = JoinSession(
                "127.0.0.1",
                args.port,
                name=args.name or "Guest",
                token=args.token,
                reconnect_timeout=args.reconnect_timeout,
                retry_interval=0.1,
                on_change=on_change,
            ).start()
            say("OK {}")
    except Exception as exc:
        say(f"ERR {type(exc).__name__}: {exc}")
        return
    run(session)


if __name__ == "__main__":
    main()
