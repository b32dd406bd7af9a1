import { describe, expect, it } from "vitest";
import {
  actingSide,
  currentPrefix,
  decideClick,
  movableSquares,
  pieceColor,
  targetsFor,
} from "./selection.js";
import {
  afterFirstMove,
  ambiguousState,
  doubleJumpState,
  pendingState,
  startState,
} from "./test/fixtures.js";

const sorted = (set) => [...set].sort((a, b) => a - b);

describe("who may act", () => {
  it("is the side to move while the game goes on and the board is interactive", () => {
    expect(actingSide(startState())).toBe("black");
    expect(actingSide(afterFirstMove())).toBe("white");
    expect(actingSide(startState({ result: "1-0" }))).toBeNull();
    expect(actingSide(startState(), false)).toBeNull();
    expect(actingSide(startState({ players: { black: "computer", white: "human" } }))).toBeNull();
  });

  it("is nobody while the computer thinks or on the computer's turn", () => {
    const vs = { players: { black: "human", white: "computer" } };
    expect(actingSide(startState(vs))).toBe("black");
    expect(actingSide(startState({ ...vs, thinking: true }))).toBeNull();
    expect(actingSide(afterFirstMove(vs))).toBeNull();
    expect(actingSide(afterFirstMove({ players: { black: "computer", white: "human" } }))).toBe("white");
    // Two players: the one thinking flag alone still stops the board.
    expect(actingSide(startState({ thinking: true }))).toBeNull();
  });

  it("sends no move while the computer thinks, even on a lit piece's landing square", () => {
    const state = startState({ players: { black: "human", white: "computer" }, thinking: true });
    expect(decideClick(state, null, 11)).toEqual({ select: null, send: null });
    expect(decideClick(state, 11, 15)).toEqual({ select: null, send: null });
    const mine = startState({ players: { black: "human", white: "computer" } });
    expect(decideClick(mine, 11, 15)).toEqual({ select: null, send: [11, 15] });
  });

  it("reads piece colours", () => {
    expect(pieceColor("black-king")).toBe("black");
    expect(pieceColor("white-man")).toBe("white");
    expect(pieceColor(undefined)).toBeNull();
  });
});

describe("lit pieces and landing squares come from the listed paths", () => {
  it("lights the start squares of the legal moves", () => {
    expect(sorted(movableSquares(startState()))).toEqual([9, 10, 11, 12]);
    expect(sorted(movableSquares(doubleJumpState()))).toEqual([9]);
  });

  it("lights only the piece of a jump in progress", () => {
    expect(sorted(movableSquares(pendingState()))).toEqual([18]);
  });

  it("marks the next landing squares of the selected piece", () => {
    const { next, finals, jumps } = targetsFor(startState().legal, [11]);
    expect(sorted(next)).toEqual([15, 16]);
    expect(sorted(finals)).toEqual([]);
    expect(sorted(jumps)).toEqual([]); // quiet moves: dots
  });

  it("marks the first landing and the final squares each reached by one route", () => {
    const { next, finals, jumps } = targetsFor(doubleJumpState().legal, [9]);
    expect(sorted(next)).toEqual([18]);
    expect(sorted(finals)).toEqual([25, 27]);
    expect(sorted(jumps)).toEqual([18]); // a capture lands there: a ring
  });

  it("continues from a pending prefix", () => {
    const state = pendingState();
    const prefix = currentPrefix(state, null);
    expect(prefix).toEqual([9, 18]);
    const { next, finals } = targetsFor(state.legal, prefix);
    expect(sorted(next)).toEqual([25, 27]);
    expect(sorted(finals)).toEqual([]);
  });

  it("does not offer a final square that two routes share", () => {
    const { next, finals } = targetsFor(ambiguousState().legal, [10]);
    expect(sorted(next)).toEqual([17, 19]);
    expect(finals.has(17)).toBe(false);
  });

  it("marks nothing without a selection", () => {
    const { next, finals } = targetsFor(startState().legal, []);
    expect(next.size + finals.size).toBe(0);
  });
});

describe("decideClick: which click becomes which intent", () => {
  it("picks up a movable piece without sending anything", () => {
    expect(decideClick(startState(), null, 11)).toEqual({ select: 11, send: null });
  });

  it("sends the move when a marked landing square is clicked", () => {
    expect(decideClick(startState(), 11, 15)).toEqual({ select: null, send: [11, 15] });
  });

  it("sends the whole route when a final square is clicked at once", () => {
    expect(decideClick(doubleJumpState(), 9, 27)).toEqual({ select: null, send: [9, 27] });
  });

  it("sends a click on a square that two routes end on, for Python to explain", () => {
    expect(decideClick(ambiguousState(), 10, 26)).toEqual({ select: null, send: [10, 26] });
  });

  it("sends an attempted move to an unmarked empty square, so Python can say why not", () => {
    expect(decideClick(startState(), 11, 18)).toEqual({ select: null, send: [11, 18] });
  });

  it("explains at once why a piece cannot move while a capture is compulsory", () => {
    // The man on 5 has no move because 9 must jump: Python is asked to say so.
    expect(decideClick(doubleJumpState(), null, 5)).toEqual({ select: 5, send: null, explain: 5 });
    // ...and a move then tried with it is sent too: Python answers "you must jump".
    expect(decideClick(doubleJumpState(), 5, 9)).toEqual({ select: 9, send: null });
    expect(decideClick(doubleJumpState(), 5, 10)).toEqual({ select: null, send: [5, 10] });
  });

  it("does not send for a blocked piece when no capture is compulsory", () => {
    expect(decideClick(startState(), null, 1)).toEqual({ select: 1, send: null });
  });

  it("switches to another piece of the side to move", () => {
    expect(decideClick(startState(), 11, 10)).toEqual({ select: 10, send: null });
  });

  it("puts the piece down when it is clicked again", () => {
    expect(decideClick(startState(), 11, 11)).toEqual({ select: null, send: null });
  });

  it("ignores the opponent's pieces and clears the selection", () => {
    expect(decideClick(startState(), null, 22)).toEqual({ select: null, send: null });
    expect(decideClick(startState(), 11, 22)).toEqual({ select: null, send: null });
  });

  it("clears the selection on an empty square with nothing picked up", () => {
    expect(decideClick(startState(), null, 15)).toEqual({ select: null, send: null });
    expect(decideClick(startState(), 11, null)).toEqual({ select: null, send: null });
  });

  it("keeps a jump in progress: its piece stays picked up", () => {
    const state = pendingState();
    expect(decideClick(state, null, 27)).toEqual({ select: 18, send: [9, 18, 27] });
    expect(decideClick(state, null, 18)).toEqual({ select: 18, send: null });
    // Another piece, or nowhere, cannot abandon the sequence.
    expect(decideClick(state, null, 5)).toEqual({ select: 18, send: null });
    expect(decideClick(state, null, null)).toEqual({ select: 18, send: null });
    // An empty square that is not a landing is sent for Python to explain.
    expect(decideClick(state, null, 13)).toEqual({ select: 18, send: [9, 18, 13] });
  });

  it("lets a sequence land back on the square it started from", () => {
    const state = pendingState();
    expect(decideClick(state, null, 9)).toEqual({ select: 18, send: [9, 18, 9] });
  });

  it("does nothing when the board only shows, or the game is over", () => {
    expect(decideClick(startState(), null, 11, false)).toEqual({ select: null, send: null });
    expect(decideClick(startState({ result: "0-1" }), 11, 15)).toEqual({ select: null, send: null });
  });
});
