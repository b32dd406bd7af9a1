import { describe, expect, it } from "vitest";
import { AMERICAN, AMERICAN_BOARD, BoardGeometry, geometryOf } from "./geometry.js";
import { AMERICAN_GEOMETRY, INTERNATIONAL_GEOMETRY, numberedGeometry } from "./test/fixtures.js";

const american = AMERICAN_BOARD;
const international = new BoardGeometry(INTERNATIONAL_GEOMETRY);
const turned = new BoardGeometry(numberedGeometry(8, { turned: true }));

describe("the American board (the geometry Python publishes for it, and the fallback)", () => {
  it("is the standard numbering of the 8x8 board", () => {
    expect(AMERICAN).toEqual(AMERICAN_GEOMETRY);
    expect(american.size).toBe(8);
    expect(american.count).toBe(32);
    expect(american.squares).toEqual(Array.from({ length: 32 }, (_, i) => i + 1));
  });

  it("puts square 1 top row, second column and 29 bottom-left with White at the bottom", () => {
    expect(american.rowCol(1, "white")).toEqual({ row: 0, col: 1 });
    expect(american.rowCol(4, "white")).toEqual({ row: 0, col: 7 });
    expect(american.rowCol(5, "white")).toEqual({ row: 1, col: 0 });
    expect(american.rowCol(29, "white")).toEqual({ row: 7, col: 0 });
    expect(american.rowCol(32, "white")).toEqual({ row: 7, col: 6 });
  });

  it("turns the board 180 degrees with Black at the bottom (the default)", () => {
    expect(american.rowCol(1, "black")).toEqual({ row: 7, col: 6 });
    expect(american.rowCol(4, "black")).toEqual({ row: 7, col: 0 });
    expect(american.rowCol(29, "black")).toEqual({ row: 0, col: 7 });
    expect(american.rowCol(32, "black")).toEqual({ row: 0, col: 1 });
  });

  it("only uses dark squares (row + column odd) and every square once", () => {
    for (const orientation of ["black", "white"]) {
      const seen = new Set();
      for (const square of american.squares) {
        const { row, col } = american.rowCol(square, orientation);
        expect((row + col) % 2).toBe(1);
        seen.add(`${row},${col}`);
      }
      expect(seen.size).toBe(32);
    }
  });

  it("squareAt and squareAtPoint invert rowCol and give null for light squares", () => {
    for (const orientation of ["black", "white"]) {
      for (const square of american.squares) {
        const { row, col } = american.rowCol(square, orientation);
        expect(american.squareAt(row, col, orientation)).toBe(square);
      }
      expect(american.squareAt(0, 0, orientation)).toBeNull();
      expect(american.squareAt(-1, 1, orientation)).toBeNull();
      expect(american.squareAt(8, 1, orientation)).toBeNull();
      expect(american.squareAt(0.5, 1, orientation)).toBeNull();
    }
    // 400px board: squares are 50px. With White at the bottom, (75, 25) is square 1.
    expect(american.squareAtPoint(75, 25, 400, "white")).toBe(1);
    expect(american.squareAtPoint(25, 375, 400, "white")).toBe(29);
    expect(american.squareAtPoint(25, 25, 400, "white")).toBeNull();
    expect(american.squareAtPoint(375, 25, 400, "black")).toBe(29);
    expect(american.squareAtPoint(-1, 25, 400, "black")).toBeNull();
    expect(american.squareAtPoint(400, 25, 400, "black")).toBeNull();
    expect(american.squareAtPoint(10, 10, 0, "black")).toBeNull();
  });

  it("lists rows and reading order as drawn, and the rows as the numbering counts them", () => {
    expect(american.rowSquares(0, "white")).toEqual([1, 2, 3, 4]);
    expect(american.rowSquares(0, "black")).toEqual([32, 31, 30, 29]);
    expect(american.readingOrder("white").slice(0, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(american.readingOrder("black").slice(-4)).toEqual([4, 3, 2, 1]);
    expect(american.rows.map((r) => r.squares[0])).toEqual([1, 5, 9, 13, 17, 21, 25, 29]);
    expect([1, 4, 5, 32].map((s) => american.rowOf.get(s))).toEqual([1, 1, 2, 8]);
    expect([1, 12, 21, 32].map((s) => american.sideOf(s))).toEqual(["black", "black", "white", "white"]);
    expect(american.bottomLeft("white")).toBe(29);
    expect(american.bottomLeft("black")).toBe(4);
  });

  it("knows its squares", () => {
    expect([1, 32].every((s) => american.isSquare(s))).toBe(true);
    expect([0, 33, 1.5, "1", null].some((s) => american.isSquare(s))).toBe(false);
  });
});

describe("navigate (the American board)", () => {
  it("moves diagonally to the nearest playable square, in screen terms", () => {
    // White at the bottom: 22 is row 5, col 2. Up: row 4, col 1 (17) or col 3 (18).
    expect(american.navigate(22, "ArrowUp", "white").square).toBe(17);
    expect(american.navigate(22, "ArrowDown", "white").square).toBe(25);
    expect(american.navigate(22, "ArrowLeft", "white").square).toBe(17);
    expect(american.navigate(22, "ArrowRight", "white").square).toBe(18);
  });

  it("respects the orientation: up is towards the top of the screen", () => {
    // Black at the bottom: 11 is row 5, col 2 on screen; up goes to row 4.
    const up = american.navigate(11, "ArrowUp", "black").square;
    expect(american.rowCol(up, "black").row).toBe(4);
    expect(Math.abs(american.rowCol(up, "black").col - 2)).toBe(1);
  });

  it("zigzags straight up when the key is held, instead of drifting", () => {
    let square = 29; // bottom-left with White at the bottom (row 7, col 0)
    let sticky = null;
    const cols = [];
    for (let i = 0; i < 7; i++) {
      ({ square, sticky } = american.navigate(square, "ArrowUp", "white", sticky));
      cols.push(american.rowCol(square, "white").col);
    }
    expect(american.rowCol(square, "white").row).toBe(0);
    expect(Math.max(...cols)).toBeLessThanOrEqual(1);
  });

  it("walks along a row to the right, staying near it", () => {
    let square = 29;
    let sticky = null;
    const rows = [];
    for (let i = 0; i < 7; i++) {
      ({ square, sticky } = american.navigate(square, "ArrowRight", "white", sticky));
      rows.push(american.rowCol(square, "white").row);
    }
    expect(american.rowCol(square, "white").col).toBe(7);
    expect(Math.min(...rows)).toBeGreaterThanOrEqual(6);
  });

  it("stays put at the edge", () => {
    expect(american.navigate(1, "ArrowUp", "white").square).toBe(1);
    expect(american.navigate(4, "ArrowRight", "white").square).toBe(4);
    expect(american.navigate(29, "ArrowLeft", "white").square).toBe(29);
    expect(american.navigate(32, "ArrowDown", "white").square).toBe(32);
  });

  it("Home and End go to the ends of the row", () => {
    expect(american.navigate(18, "Home", "white").square).toBe(17);
    expect(american.navigate(18, "End", "white").square).toBe(20);
    expect(american.navigate(18, "Home", "black").square).toBe(20);
    expect(american.navigate(18, "End", "black").square).toBe(17);
  });

  it("ignores other keys", () => {
    expect(american.navigate(18, "x", "white").square).toBe(18);
  });
});

describe("the 10x10 board (international draughts, squares 1-50)", () => {
  it("has 100 cells, 50 of them numbered dark squares", () => {
    expect(international.size).toBe(10);
    expect(international.count).toBe(50);
    let numbered = 0;
    for (let row = 0; row < 10; row++) {
      for (let col = 0; col < 10; col++) {
        const square = international.squareAt(row, col, "white");
        if (square === null) continue;
        numbered += 1;
        expect((row + col) % 2).toBe(1);
        expect(international.rowCol(square, "white")).toEqual({ row, col });
      }
    }
    expect(numbered).toBe(50);
  });

  it("puts square 1 in the top row's second column with White at the bottom", () => {
    expect(international.rowCol(1, "white")).toEqual({ row: 0, col: 1 });
    expect(international.rowCol(5, "white")).toEqual({ row: 0, col: 9 });
    expect(international.rowCol(6, "white")).toEqual({ row: 1, col: 0 });
    expect(international.rowCol(46, "white")).toEqual({ row: 9, col: 0 });
    expect(international.rowCol(50, "white")).toEqual({ row: 9, col: 8 });
  });

  it("turns 180 degrees with Black at the bottom", () => {
    expect(international.rowCol(1, "black")).toEqual({ row: 9, col: 8 });
    expect(international.rowCol(50, "black")).toEqual({ row: 0, col: 1 });
    expect(international.rowCol(46, "black")).toEqual({ row: 0, col: 9 });
    for (const square of international.squares) {
      const { row, col } = international.rowCol(square, "black");
      expect(international.squareAt(row, col, "black")).toBe(square);
    }
  });

  it("finds the square under a point: a tenth of the board a square", () => {
    // 500px board: squares are 50px. White at the bottom: 50 is row 9, col 8.
    expect(international.squareAtPoint(425, 475, 500, "white")).toBe(50);
    expect(international.squareAtPoint(75, 25, 500, "white")).toBe(1);
    expect(international.squareAtPoint(475, 25, 500, "white")).toBe(5);
    expect(international.squareAtPoint(25, 25, 500, "white")).toBeNull();
    expect(international.squareAtPoint(75, 25, 500, "black")).toBe(50);
  });

  it("counts rows of five, ten of them", () => {
    expect(international.rowSquares(0, "white")).toEqual([1, 2, 3, 4, 5]);
    expect(international.rowSquares(9, "white")).toEqual([46, 47, 48, 49, 50]);
    expect(international.rowSquares(0, "black")).toEqual([50, 49, 48, 47, 46]);
    expect(international.rows).toHaveLength(10);
    expect(international.rowOf.get(50)).toBe(10);
    expect(international.readingOrder("white")).toEqual(international.squares);
    expect(international.bottomLeft("white")).toBe(46);
    expect(international.bottomLeft("black")).toBe(5);
  });

  it("moves the keyboard cursor across ten columns", () => {
    // White at the bottom: from 46 (row 9, col 0) Right walks the bottom two rows to col 9.
    let square = 46;
    let sticky = null;
    const visited = [];
    for (let i = 0; i < 9; i++) {
      ({ square, sticky } = international.navigate(square, "ArrowRight", "white", sticky));
      visited.push(square);
    }
    expect(international.rowCol(square, "white").col).toBe(9);
    expect(visited).toEqual([41, 47, 42, 48, 43, 49, 44, 50, 45]);
    // Held Up from 46 climbs the ten rows in the first two columns.
    square = 46;
    sticky = null;
    for (let i = 0; i < 9; i++) ({ square, sticky } = international.navigate(square, "ArrowUp", "white", sticky));
    expect(square).toBe(1);
    expect(international.navigate(45, "ArrowRight", "white").square).toBe(45);
    expect(international.navigate(28, "Home", "white").square).toBe(26);
    expect(international.navigate(28, "End", "white").square).toBe(30);
    expect(international.navigate(28, "Home", "black").square).toBe(30);
  });
});

describe("the turned board (double corner on the player's left, as in Italian)", () => {
  it("numbers from the top-left corner; the bottom-left corner is light", () => {
    expect(turned.rowCol(1, "white")).toEqual({ row: 0, col: 0 });
    expect(turned.rowCol(32, "white")).toEqual({ row: 7, col: 7 });
    expect(turned.squareAt(7, 0, "white")).toBeNull();
    expect(turned.bottomLeft("white")).toBe(29);
    expect(turned.rowCol(29, "white")).toEqual({ row: 7, col: 1 });
    expect(turned.rowSquares(0, "white")).toEqual([1, 2, 3, 4]);
  });
});

describe("geometryOf", () => {
  it("reads the state's geometry, the same object for equal geometries", () => {
    const a = geometryOf({ geometry: numberedGeometry(10) });
    const b = geometryOf({ geometry: numberedGeometry(10) });
    expect(a).toBe(b);
    expect(a.size).toBe(10);
    expect(geometryOf({ geometry: AMERICAN_GEOMETRY })).toBe(AMERICAN_BOARD);
  });

  it("draws American's board for a state without one, or with one that cannot be drawn", () => {
    expect(geometryOf({})).toBe(AMERICAN_BOARD);
    expect(geometryOf(null)).toBe(AMERICAN_BOARD);
    for (const geometry of [
      { size: 8 },
      { size: 8, cells: [] },
      { size: 9.5, cells: [1] },
      { size: 8, cells: [1, 1] },
      { size: 8, cells: [64] },
      { size: 100, cells: [1] },
      "8x8",
    ]) {
      expect(geometryOf({ geometry })).toBe(AMERICAN_BOARD);
    }
  });
});
