"""The checkers board in marimo: a board, and cells that follow the game as it is played.

Run it with ``marimo run examples/marimo_board.py`` (the app), or open it with
``marimo edit examples/marimo_board.py`` and run the cells.
"""

import marimo

__generated_with = "0.25.2"
app = marimo.App()


@app.cell
def _():
    import marimo as mo

    from checkers_widget import CheckersWidget

    return CheckersWidget, mo


@app.cell
def _(mo):
    mo.md("""
    # Checkers in marimo

    Play on the board: click a piece, then the square it goes to. The cells below
    read the board, so marimo runs them again after every move made on it.
    """)
    return


@app.cell
def _(CheckersWidget, mo):
    board = mo.ui.anywidget(CheckersWidget())
    board
    return (board,)


@app.cell
def _(board, mo):
    state = board.value["state"]
    history = state["history"]
    played = history["line"][: history["ply"]]
    mo.md(
        f"**Moves so far ({len(played)}):** {' '.join(played) or 'none yet'}\n\n"
        f"**Status:** {state['status']['text']}"
    )
    return


@app.cell
def _(board, mo):
    fen = board.game.board.to_fen()  # board.game: the live Game, as on the widget
    mo.md(f"**Position (FEN):** <code style='overflow-wrap: anywhere'>{fen}</code>")
    return


if __name__ == "__main__":
    app.run()
