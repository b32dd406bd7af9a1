import { describe, expect, it } from "vitest";
import {
  SQUARES,
  navigate,
  readingOrder,
  rowSquares,
  squareAt,
  squareAtPoint,
  squareRowCol,
} from "./geometry.js";

describe("squareRowCol", () => {
  it("puts square 1 top row, second column and 29 bottom-left with White at the bottom", () => {
    expect(squareRowCol(1, "white")).toEqual({ row: 0, col: 1 });
    expect(squareRowCol(4, "white")).toEqual({ row: 0, col: 7 });
    expect(squareRowCol(5, "white")).toEqual({ row: 1, col: 0 });
    expect(squareRowCol(29, "white")).toEqual({ row: 7, col: 0 });
    expect(squareRowCol(32, "white")).toEqual({ row: 7, col: 6 });
  });

  it("turns the board 180 degrees with Black at the bottom (the default)", () => {
    expect(squareRowCol(1, "black")).toEqual({ row: 7, col: 6 });
    expect(squareRowCol(4, "black")).toEqual({ row: 7, col: 0 });
    expect(squareRowCol(29, "black")).toEqual({ row: 0, col: 7 });
    expect(squareRowCol(32, "black")).toEqual({ row: 0, col: 1 });
  });

  it("only uses dark squares (row + column odd) and every square once", () => {
    for (const orientation of ["black", "white"]) {
      const seen = new Set();
      for (const square of SQUARES) {
        const { row, col } = squareRowCol(square, orientation);
        expect((row + col) % 2).toBe(1);
        seen.add(`${row},${col}`);
      }
      expect(seen.size).toBe(32);
    }
  });
});

describe("squareAt and squareAtPoint", () => {
  it("invert squareRowCol and return null for light squares", () => {
    for (const orientation of ["black", "white"]) {
      for (const square of SQUARES) {
        const { row, col } = squareRowCol(square, orientation);
        expect(squareAt(row, col, orientation)).toBe(square);
      }
      expect(squareAt(0, 0, orientation)).toBeNull();
      expect(squareAt(-1, 1, orientation)).toBeNull();
      expect(squareAt(8, 1, orientation)).toBeNull();
    }
  });

  it("finds the square under a point in pixels", () => {
    // 400px board: squares are 50px. With White at the bottom, (75, 25) is square 1.
    expect(squareAtPoint(75, 25, 400, "white")).toBe(1);
    expect(squareAtPoint(25, 375, 400, "white")).toBe(29);
    expect(squareAtPoint(25, 25, 400, "white")).toBeNull();
    expect(squareAtPoint(375, 25, 400, "black")).toBe(29);
    expect(squareAtPoint(-1, 25, 400, "black")).toBeNull();
    expect(squareAtPoint(400, 25, 400, "black")).toBeNull();
    expect(squareAtPoint(10, 10, 0, "black")).toBeNull();
  });

  it("lists rows and reading order as drawn", () => {
    expect(rowSquares(0, "white")).toEqual([1, 2, 3, 4]);
    expect(rowSquares(0, "black")).toEqual([32, 31, 30, 29]);
    expect(readingOrder("white").slice(0, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(readingOrder("black").slice(-4)).toEqual([4, 3, 2, 1]);
  });
});

describe("navigate", () => {
  it("moves diagonally to the nearest playable square, in screen terms", () => {
    // White at the bottom: 22 is row 5, col 2. Up: row 4, col 1 (17) or col 3 (18).
    expect(navigate(22, "ArrowUp", "white").square).toBe(17);
    expect(navigate(22, "ArrowDown", "white").square).toBe(25);
    expect(navigate(22, "ArrowLeft", "white").square).toBe(17);
    expect(navigate(22, "ArrowRight", "white").square).toBe(18);
  });

  it("respects the orientation: up is towards the top of the screen", () => {
    // Black at the bottom: 11 is row 5, col 2 on screen; up goes to row 4.
    const up = navigate(11, "ArrowUp", "black").square;
    expect(squareRowCol(up, "black").row).toBe(4);
    expect(Math.abs(squareRowCol(up, "black").col - 2)).toBe(1);
  });

  it("zigzags straight up when the key is held, instead of drifting", () => {
    let square = 29; // bottom-left with White at the bottom (row 7, col 0)
    let sticky = null;
    const cols = [];
    for (let i = 0; i < 7; i++) {
      ({ square, sticky } = navigate(square, "ArrowUp", "white", sticky));
      cols.push(squareRowCol(square, "white").col);
    }
    expect(squareRowCol(square, "white").row).toBe(0);
    expect(Math.max(...cols)).toBeLessThanOrEqual(1);
  });

  it("walks along a row to the right, staying near it", () => {
    let square = 29;
    let sticky = null;
    const rows = [];
    for (let i = 0; i < 7; i++) {
      ({ square, sticky } = navigate(square, "ArrowRight", "white", sticky));
      rows.push(squareRowCol(square, "white").row);
    }
    expect(squareRowCol(square, "white").col).toBe(7);
    expect(Math.min(...rows)).toBeGreaterThanOrEqual(6);
  });

  it("stays put at the edge", () => {
    expect(navigate(1, "ArrowUp", "white").square).toBe(1);
    expect(navigate(4, "ArrowRight", "white").square).toBe(4);
    expect(navigate(29, "ArrowLeft", "white").square).toBe(29);
    expect(navigate(32, "ArrowDown", "white").square).toBe(32);
  });

  it("Home and End go to the ends of the row", () => {
    expect(navigate(18, "Home", "white").square).toBe(17);
    expect(navigate(18, "End", "white").square).toBe(20);
    expect(navigate(18, "Home", "black").square).toBe(20);
    expect(navigate(18, "End", "black").square).toBe(17);
  });

  it("ignores other keys", () => {
    expect(navigate(18, "x", "white").square).toBe(18);
  });
});
