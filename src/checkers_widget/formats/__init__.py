"""Formats and pictures, over the rules core only: PDN, saving a game, SVG pictures, local files.

``pdn`` and ``pdn_tokens`` read and write Portable Draughts Notation; ``saving`` keeps one
game in a file; ``svg`` draws a position (``drawing_svg``: with its arrows and marked
squares); ``storage`` keeps the small local files that
outlive a notebook; ``game_info`` is the header a loaded game shows. The package data
(``checkers_widget.data``) sits in this layer too.
"""
