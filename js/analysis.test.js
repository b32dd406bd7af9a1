import { describe, expect, it } from "vitest";
import {
  arrowGeometry,
  evaluationSide,
  evaluationText,
  hintScoreText,
  hintText,
  pathPoints,
  readScore,
  shortLine,
  signed,
} from "./analysis.js";
import { AMERICAN_BOARD } from "./geometry.js";
import { afterFirstMove, computerHint, startState } from "./test/fixtures.js";

const vsComputer = (side, extra = {}) =>
  startState({ players: { [side]: "human", [side === "black" ? "white" : "black"]: "computer" }, ...extra });

describe("scores", () => {
  it("reads Python's score texts for either side", () => {
    expect(readScore("+0.35", "black", "black")).toEqual({ kind: "value", value: 0.35, text: "+0.35" });
    expect(readScore("+0.35", "black", "white")).toEqual({ kind: "value", value: -0.35, text: "-0.35" });
    expect(readScore("-1.20", "white", "black")).toEqual({ kind: "value", value: 1.2, text: "+1.20" });
    expect(readScore("+0.00", "white", "black").text).toBe("0.00");
    expect(readScore("win in 5", "white", "black")).toEqual({ kind: "win", winner: "white", moves: 5 });
    expect(readScore("loss in 3", "white", "black")).toEqual({ kind: "win", winner: "black", moves: 3 });
    expect(readScore("lost", "black", "black")).toEqual({ kind: "win", winner: "white", moves: 0 });
    expect(readScore("", "black", "black")).toBeNull();
    expect(readScore("soon", "black", "black")).toBeNull();
    expect(readScore(undefined, "black", "black")).toBeNull();
  });

  it("never writes -0.00", () => {
    expect(signed(0)).toBe("0.00");
    expect(signed(-0)).toBe("0.00");
    expect(signed(-0.001)).toBe("0.00");
    expect(signed(2)).toBe("+2.00");
    expect(signed(-0.5)).toBe("-0.50");
  });

  it("says for whom a hint's score is", () => {
    expect(hintScoreText("+0.35", startState())).toBe("+0.35 for Black");
    expect(hintScoreText("-0.10", afterFirstMove())).toBe("-0.10 for White");
    expect(hintScoreText("win in 5", afterFirstMove())).toBe("White wins in 5");
    expect(hintScoreText("loss in 2", startState())).toBe("White wins in 2");
    expect(hintScoreText("+0.35", startState({ names: { black: "Red", white: "White" } }))).toBe("+0.35 for Red");
  });

  it("says a proven draw (an ending the databases call drawn) in words, for either side", () => {
    expect(hintScoreText("draw", afterFirstMove())).toBe("drawn with best play");
    const evaluation = { move: null, score: "draw", pv: "19-23 5-1", depth: 30 };
    expect(evaluationText(evaluation, afterFirstMove())).toBe(
      "Evaluation: drawn with best play · line: 19-23 5-1",
    );
  });
});

describe("the evaluation line", () => {
  const evaluation = { move: null, score: "+0.35", pv: "22-18 15x22 25x18", depth: 9 };

  it("takes the human's side against the computer, else Black's", () => {
    expect(evaluationSide(startState())).toBe("black");
    expect(evaluationSide(vsComputer("white"))).toBe("white");
    expect(evaluationSide(vsComputer("black"))).toBe("black");
  });

  it("turns the side to move's score round to one fixed, named side", () => {
    // White to move and 0.35 better: Black is 0.35 worse.
    expect(evaluationText(evaluation, afterFirstMove())).toBe(
      "Evaluation: Black -0.35 · depth 9 · line: 22-18 15x22 25x18",
    );
    expect(evaluationText(evaluation, afterFirstMove({ players: { black: "computer", white: "human" } }))).toBe(
      "Evaluation: White +0.35 · depth 9 · line: 22-18 15x22 25x18",
    );
    expect(evaluationText({ ...evaluation, score: "+0.35" }, startState())).toMatch(/^Evaluation: Black \+0\.35/);
  });

  it("names the winner of a proven result", () => {
    expect(evaluationText({ ...evaluation, score: "win in 4" }, afterFirstMove())).toMatch(
      /^Evaluation: White wins in 4 · depth 9/,
    );
    expect(evaluationText({ ...evaluation, score: "loss in 1" }, afterFirstMove())).toMatch(
      /^Evaluation: Black wins in 1/,
    );
  });

  it("leaves out what it does not have, and shortens long lines", () => {
    expect(evaluationText({ score: "-0.05", pv: "", depth: 0 }, startState())).toBe("Evaluation: Black -0.05");
    expect(evaluationText(null, startState())).toBe("");
    expect(shortLine("1 2 3 4 5 6 7 8 9 10")).toBe("1 2 3 4 5 6 …");
    expect(shortLine("1 2 3 4 5 6 7 8 9 10", 8)).toBe("1 2 3 4 5 6 7 8 …");
    expect(shortLine("11-15  23-19 ")).toBe("11-15 23-19");
    expect(shortLine(undefined)).toBe("");
  });
});

describe("the hint line", () => {
  it("reads as move, score for the side to move, and line", () => {
    const state = computerHint();
    expect(hintText(state.hint, state)).toBe("Hint: 11-15 (+0.35 for Black) · line: 11-15 23-19 8-11");
    expect(hintText(null, state)).toBe("");
    expect(hintText({ move: null, score: "", pv: "" }, state)).toBe("Hint: no move");
  });
});

describe("the hint arrow", () => {
  it("goes from the centre of the first square to the tip on the last", () => {
    const arrow = arrowGeometry([
      [0.5, 0.5],
      [1.5, 1.5],
    ]);
    expect(arrow.shaft[0]).toEqual([0.5, 0.5]);
    expect(arrow.head[0]).toEqual([1.5, 1.5]);
    // The shaft stops where the head starts: 0.44 back along the diagonal.
    const back = 0.44 / Math.SQRT2;
    expect(arrow.shaft[1][0]).toBeCloseTo(1.5 - back, 3);
    expect(arrow.shaft[1][1]).toBeCloseTo(1.5 - back, 3);
    // The head's base is perpendicular to the last hop and 0.5 wide.
    const [, left, right] = arrow.head;
    expect(Math.hypot(left[0] - right[0], left[1] - right[1])).toBeCloseTo(0.5, 2);
    const dot = (left[0] - right[0]) * 1 + (left[1] - right[1]) * 1;
    expect(dot).toBeCloseTo(0, 3);
  });

  it("passes through every hop of a multi-jump and points along the last one", () => {
    // Black at the bottom: 9x18x27 is drawn from (6.5, 5.5) via (4.5, 3.5) to (2.5, 1.5)...
    const position = (s) => AMERICAN_BOARD.rowCol(s, "black");
    const points = pathPoints([9, 18, 27], position);
    expect(points).toEqual([
      [6.5, 5.5],
      [4.5, 3.5],
      [2.5, 1.5],
    ]);
    const arrow = arrowGeometry(points);
    expect(arrow.shaft).toHaveLength(3);
    expect(arrow.shaft.slice(0, 2)).toEqual(points.slice(0, 2));
    expect(arrow.head[0]).toEqual([2.5, 1.5]);
    // ...and a turning route keeps its corner: 10x19x26 bends at 19.
    const bent = arrowGeometry(pathPoints([10, 19, 26], position));
    expect(bent.shaft[1]).toEqual(pathPoints([19], position)[0]);
    // The head follows the last hop (19 -> 26), not the first.
    const [p19, p26] = pathPoints([19, 26], position);
    const dir = [p26[0] - p19[0], p26[1] - p19[1]];
    const tail = [bent.head[0][0] - bent.shaft[2][0], bent.head[0][1] - bent.shaft[2][1]];
    expect(dir[0] * tail[1] - dir[1] * tail[0]).toBeCloseTo(0, 3);
    expect(dir[0] * tail[0] + dir[1] * tail[1]).toBeGreaterThan(0);
  });

  it("turns with the board and gives nothing for fewer than two squares", () => {
    const white = pathPoints([11, 15], (s) => AMERICAN_BOARD.rowCol(s, "white"));
    const black = pathPoints([11, 15], (s) => AMERICAN_BOARD.rowCol(s, "black"));
    expect(white).toEqual([
      [5.5, 2.5],
      [4.5, 3.5],
    ]);
    expect(black).toEqual([
      [2.5, 5.5],
      [3.5, 4.5],
    ]);
    expect(arrowGeometry([[1, 1]])).toBeNull();
    expect(arrowGeometry([
      [1, 1],
      [1, 1],
    ])).toBeNull();
    expect(arrowGeometry(null)).toBeNull();
  });
});
