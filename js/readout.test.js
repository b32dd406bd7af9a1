import { describe, expect, it } from "vitest";
import {
  boardRow,
  clockText,
  helpText,
  lastMoveText,
  listWords,
  movesText,
  piecesText,
  rowSquaresOf,
  rowText,
  squareLabel,
} from "./readout.js";
import {
  afterDoubleJump,
  afterFirstMove,
  clock,
  computerThinking,
  doubleJumpState,
  pendingState,
  startState,
} from "./test/fixtures.js";

describe("the squares and rows, in the state's numbering (pure)", () => {
  it("counts rows of four squares from square 1", () => {
    expect(rowSquaresOf({}, 1)).toEqual([1, 2, 3, 4]);
    expect(rowSquaresOf({}, 3)).toEqual([9, 10, 11, 12]);
    expect(rowSquaresOf({}, 8)).toEqual([29, 30, 31, 32]);
    expect(rowSquaresOf({}, 9)).toEqual([]);
    expect([1, 4, 5, 12, 13, 32].map((s) => boardRow({}, s))).toEqual([1, 1, 2, 3, 4, 8]);
  });

  it("names a square with its piece, in the side names the state publishes", () => {
    expect(squareLabel(11, "black-man")).toBe("Square 11, black man");
    expect(squareLabel(15, undefined)).toBe("Square 15, empty");
    expect(squareLabel(11, "black-man", { black: "Red", white: "White" })).toBe("Square 11, red man");
    expect(squareLabel(30, "white-king", { black: "Ann", white: "Bob" })).toBe("Square 30, Bob's king");
  });

  it("reads lists as lists", () => {
    expect(listWords([])).toBe("");
    expect(listWords(["a"])).toBe("a");
    expect(listWords(["a", "b"], "or")).toBe("a or b");
    expect(listWords(["a", "b", "c"])).toBe("a, b and c");
  });
});

describe("the answers to the command line's questions (pure)", () => {
  it("m: the moves Python listed for a piece, or all of them", () => {
    const state = startState();
    expect(movesText(state, 11)).toBe("The black man on 11 can play 11-15 or 11-16.");
    expect(movesText(state, 9)).toBe("The black man on 9 can play 9-13 or 9-14.");
    expect(movesText(state, 1)).toBe("The black man on 1 has no legal move.");
    expect(movesText(state, 15)).toBe("Square 15 is empty.");
    expect(movesText(state, 22)).toBe("The white man on 22 cannot move: it is Black's turn.");
    expect(movesText(state, null)).toBe(
      "7 legal moves: 9-13, 9-14, 10-14, 10-15, 11-15, 11-16 and 12-16.",
    );
  });

  it("m reads state.legal only: a move Python did not list is not offered", () => {
    // The same position with one move left out: the answer follows the list.
    const state = startState();
    state.legal = state.legal.filter((m) => m.notation !== "11-16");
    expect(movesText(state, 11)).toBe("The black man on 11 can play 11-15.");
  });

  it("m: a compulsory capture and a jump in progress, as the state says", () => {
    const jump = doubleJumpState();
    expect(movesText(jump, 9)).toBe("The black man on 9 can play 9x18x25 or 9x18x27.");
    expect(movesText(jump, 5)).toBe(
      "The black man on 5 has no legal move: a capture is compulsory (9x18x25 or 9x18x27).",
    );
    const pending = pendingState();
    expect(movesText(pending, 18)).toBe("The black man on 18 must keep jumping: 18x25 or 18x27.");
    expect(movesText(pending, 5)).toBe("The black man on 5 cannot move now: the piece on 18 must keep jumping.");
    expect(movesText(pending, 9)).toBe("Square 9 is empty."); // the piece is drawn on its way
  });

  it("m: nothing to list on the computer's turn (the state lists no move)", () => {
    const state = computerThinking({ legal: [] });
    expect(movesText(state, null)).toBe("No moves to list now: White: the computer (hard) is thinking…");
    expect(movesText(state, 22)).toMatch(/^The white man on 22 has no move to play now\. No moves to list now/);
  });

  it("p: each side's men and kings, by square", () => {
    expect(piecesText(startState())).toBe(
      "Black: 12 men on 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 and 12. " +
        "White: 12 men on 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31 and 32.",
    );
    expect(piecesText(doubleJumpState())).toBe(
      "Black: 2 men on 5 and 9; 1 king on 1. White: 4 men on 14, 22, 23 and 31.",
    );
    expect(piecesText(startState({ pieces: { 1: "white-king" } }))).toBe("Black: no pieces. White: 1 king on 1.");
  });

  it("l: the last move, who played it and what it took", () => {
    expect(lastMoveText(startState())).toBe("No move has been played yet.");
    expect(lastMoveText(afterFirstMove())).toBe("Last move: Black played 11-15.");
    expect(lastMoveText(afterDoubleJump())).toBe(
      "Last move: Black played 9x18x27, taking the pieces on 14 and 23.",
    );
    const crowned = afterFirstMove({
      last_move: { notation: "8-3", path: [8, 3], captures: [], crowns: true },
      pieces: { 3: "white-king" },
    });
    expect(lastMoveText(crowned)).toBe("Last move: White played 8-3, and was crowned.");
    expect(lastMoveText(pendingState())).toBe("No move has been played yet. Black is jumping: 9x18 so far.");
  });

  it("c: the clock of the side to move, from Python's clock and the time counted since", () => {
    expect(clockText(startState(), 0)).toBe("There is no clock on this board.");
    const running = startState({ clock: clock(38) });
    expect(clockText(running, 37.2)).toBe(
      "Black's clock: 38 seconds left for this move (1 minute a move, then 10 seconds extra). " +
        "When a move's time runs out, a move is played for that side.",
    );
    const waiting = startState({ clock: clock(60, { waiting: true, running: false, grace: 0 }) });
    expect(clockText(waiting, 60)).toBe(
      "Black's clock: 1 minute a move; it starts with the first move made on the board. " +
        "When a move's time runs out, a move is played for that side.",
    );
    const grace = startState({
      clock: clock(4, { phase: "grace", on_expiry: "forfeit", paused: true, strikes: { black: 0, white: 2 } }),
    });
    expect(clockText(grace, 4)).toBe(
      "Black's clock: 4 seconds of extra time left for this move (the clock is stopped) " +
        "(1 minute a move, then 10 seconds extra). When a move's time runs out, the game is lost. " +
        "White has run out of time 2 times.",
    );
    const idle = startState({ clock: clock(60, { side: null }) });
    expect(clockText(idle, 60)).toMatch(/^No clock runs now \(1 minute a move/);
  });

  it("s: the four squares of a row and what stands on them", () => {
    expect(rowText(startState(), 3)).toBe("Row 3: 9 black man, 10 black man, 11 black man, 12 black man.");
    expect(rowText(afterFirstMove(), 3)).toBe("Row 3: 9 black man, 10 black man, 11 empty, 12 black man.");
    expect(rowText(afterFirstMove(), 4)).toBe("Row 4: 13 empty, 14 empty, 15 black man, 16 empty.");
    expect(rowText(startState({ names: { black: "Red", white: "White" } }), 8)).toBe(
      "Row 8: 29 white man, 30 white man, 31 white man, 32 white man.",
    );
  });

  it("?: every command, with this board's side names", () => {
    const text = helpText(startState({ names: { black: "Red", white: "White" } }));
    for (const part of ["11-15", "9x18x27", "m 11", "p:", "l:", "c:", "s 3", "?:", "on Red's side"]) {
      expect(text).toContain(part);
    }
  });
});
