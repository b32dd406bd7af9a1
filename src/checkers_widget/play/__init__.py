"""One board's play, without any Jupyter: the session and the parts it is composed of.

``session.PlaySession`` owns a board's game, its jump in progress, the version, the
status line and who plays each side (``players``); it answers each intent from the
browser (``handle(intent) -> IntentOutcome``) and publishes what the board draws. Its parts:
the search control (the computer's move, hints, the live evaluation), the turn timer and
clock, milestone tracking, the position editor, the hooks, autosave and network play;
``drawing`` takes the arrows and marked squares drawn on the board.
Above the engine and the network; below the widget, which only wires a session to
traitlets (``tests/test_layers.py`` checks that nothing here imports Jupyter).
"""
