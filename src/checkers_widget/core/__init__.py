"""The rules core: squares, pieces and moves, the one move generator, FEN, ``Board`` and ``Game``.

``variants`` holds the rules of the other draughts variants as data (``Variant``), and
``variant_movegen`` (over ``geometry``) the general generator that plays them; American
checkers keeps ``movegen``, its fast bitboard generator.

``drawings`` holds what a user draws on a position (arrows, marked squares) and its PDN
commands; a ``Game`` keeps one drawing per position.

The bottom layer. Standard library only (it runs in Pyodide too) and nothing above it:
the other layers (formats, engine, network, play, widget, tutorial) build on these
modules; ``tests/test_layers.py`` holds the line. The public names are re-exported by
``checkers_widget`` itself (``from checkers_widget import Board, Game, Move``).
"""
