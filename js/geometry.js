// Where squares are drawn, from the geometry Python publishes (state.geometry, see
// play/geometry.py): the board's size N (8, 10) and, for each square number, its cell
// (row * N + column) in the picture with White at the bottom. Presentation only: no
// numbering and no rule is known here, so that the 8x8 and 10x10 boards of every
// variant, with their own numberings and turned boards, are drawn by the same code.
//
// Orientation "white" (White drawn at the bottom) shows that picture as it is;
// orientation "black" (Black at the bottom, the default) turns it 180°.

/** @import { Color, Geometry, PartialState } from "./types.js" */
/** @typedef {{ row: number, col: number }} RowCol A square's place on the screen (from the top left). */

/**
 * American checkers' board, as Python publishes it (play/geometry.py american_geometry;
 * tests/play/test_geometry.py checks that they agree): what is drawn until a state says
 * otherwise, and what the unit tests' small states without a geometry get.
 * @type {Geometry}
 */
export const AMERICAN = { size: 8, cells: [1, 3, 5, 7, 8, 10, 12, 14, 17, 19, 21, 23, 24, 26, 28, 30, 33, 35, 37, 39, 40, 42, 44, 46, 49, 51, 53, 55, 56, 58, 60, 62] };

/** @type {Record<string, { axis: "row" | "col", sign: number }>} */
const DIRECTIONS = {
  ArrowUp: { axis: "row", sign: -1 },
  ArrowDown: { axis: "row", sign: 1 },
  ArrowLeft: { axis: "col", sign: -1 },
  ArrowRight: { axis: "col", sign: 1 },
};

/** A board's squares and where they are drawn, with the questions the view asks of them. */
export class BoardGeometry {
  /** @param {Geometry} geometry a valid one (see `geometryOf`) */
  constructor(geometry) {
    /** Squares a side. */
    this.size = geometry.size;
    /** The square numbers, 1..count. */
    this.squares = geometry.cells.map((_, i) => i + 1);
    this.count = this.squares.length;
    /** @type {RowCol[]} square n's place with White at the bottom, at n - 1 */
    this.places = geometry.cells.map((cell) => ({ row: Math.floor(cell / this.size), col: cell % this.size }));
    /** @type {Map<number, number>} cell -> square */
    this.cells = new Map(geometry.cells.map((cell, i) => [cell, i + 1]));
    /** Equal for equal geometries. */
    this.key = `${this.size}:${geometry.cells.join(",")}`;
    // The rows as the numbering counts them: row 1 holds square 1, each row's squares in
    // ascending order (the screen-reader mode's "s 3").
    /** @type {Map<number, number[]>} */
    const byRow = new Map();
    for (const square of this.squares) {
      const { row } = this.places[square - 1];
      byRow.set(row, [...(byRow.get(row) || []), square]);
    }
    /** @type {{ row: number, squares: number[] }[]} each with its row in the picture */
    this.rows = [...byRow.entries()].map(([row, squares]) => ({ row, squares })).sort((a, b) => a.squares[0] - b.squares[0]);
    /** @type {Map<number, number>} square -> its row (1..) as the numbering counts */
    this.rowOf = new Map(this.rows.flatMap(({ squares }, i) => squares.map((s) => [s, i + 1])));
  }

  /**
   * Whether `value` is one of the board's square numbers.
   * @param {unknown} value
   * @returns {value is number}
   */
  isSquare(value) {
    return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= this.count;
  }

  /**
   * The screen row and column (0..size-1 from the top left) of `square` for `orientation`.
   * @param {number} square
   * @param {Color} orientation
   * @returns {RowCol}
   */
  rowCol(square, orientation) {
    const place = this.places[square - 1] || { row: 0, col: 0 };
    const last = this.size - 1;
    return orientation === "black" ? { row: last - place.row, col: last - place.col } : { row: place.row, col: place.col };
  }

  /**
   * The square drawn at screen (row, col), or null for an unnumbered square or off the board.
   * @param {number} row
   * @param {number} col
   * @param {Color} orientation
   * @returns {number | null}
   */
  squareAt(row, col, orientation) {
    if (!Number.isInteger(row) || !Number.isInteger(col)) return null;
    const last = this.size - 1;
    if (row < 0 || row > last || col < 0 || col > last) return null;
    const [r, c] = orientation === "black" ? [last - row, last - col] : [row, col];
    return this.cells.get(r * this.size + c) ?? null;
  }

  /**
   * The square under a point, in pixels from the board's top-left corner, for a board
   * `width` pixels wide; null for an unnumbered square or outside the board.
   * @param {number} x
   * @param {number} y
   * @param {number} width
   * @param {Color} orientation
   * @returns {number | null}
   */
  squareAtPoint(x, y, width, orientation) {
    if (!(width > 0) || x < 0 || y < 0 || x >= width || y >= width) return null;
    const n = this.size;
    return this.squareAt(Math.floor((y * n) / width), Math.floor((x * n) / width), orientation);
  }

  /**
   * The squares of screen row `row`, left to right.
   * @param {number} row
   * @param {Color} orientation
   * @returns {number[]}
   */
  rowSquares(row, orientation) {
    /** @type {number[]} */
    const out = [];
    for (let col = 0; col < this.size; col++) {
      const square = this.squareAt(row, col, orientation);
      if (square !== null) out.push(square);
    }
    return out;
  }

  /**
   * All squares in screen reading order: top row first, each row left to right.
   * @param {Color} orientation
   * @returns {number[]}
   */
  readingOrder(orientation) {
    /** @type {number[]} */
    const out = [];
    for (let row = 0; row < this.size; row++) out.push(...this.rowSquares(row, orientation));
    return out;
  }

  /**
   * The square nearest the bottom-left corner of the screen (where the keyboard cursor
   * starts when nothing else says where).
   * @param {Color} orientation
   * @returns {number}
   */
  bottomLeft(orientation) {
    for (let row = this.size - 1; row >= 0; row--) {
      const squares = this.rowSquares(row, orientation);
      if (squares.length) return squares[0];
    }
    return 1;
  }

  /**
   * The side at whose edge `square`'s row lies, in the picture with White at the bottom.
   * @param {number} square
   * @returns {Color}
   */
  sideOf(square) {
    const place = this.places[square - 1];
    return place && place.row >= this.size / 2 ? "white" : "black";
  }

  /**
   * Keyboard movement over the squares, in screen terms.
   *
   * Arrow keys go to the nearest square in that direction (usually a diagonal
   * neighbour, since only every other square is numbered); ties are broken towards the
   * "sticky" row or column the user started from, so that holding Up zigzags straight
   * up the board instead of drifting sideways. Home/End go to the first/last square of
   * the row. Returns `{ square, sticky }`; the square stays put at an edge.
   * @param {number} square
   * @param {string} key
   * @param {Color} orientation
   * @param {RowCol | null} [sticky]
   * @returns {{ square: number, sticky: RowCol }}
   */
  navigate(square, key, orientation, sticky = null) {
    const here = this.rowCol(square, orientation);
    const keep = sticky ?? { row: here.row, col: here.col };
    if (key === "Home" || key === "End") {
      const row = this.rowSquares(here.row, orientation);
      if (!row.length) return { square, sticky: keep };
      const target = key === "Home" ? row[0] : row[row.length - 1];
      const at = this.rowCol(target, orientation);
      return { square: target, sticky: { row: at.row, col: at.col } };
    }
    const dir = DIRECTIONS[key];
    if (!dir) return { square, sticky: keep };
    const other = dir.axis === "row" ? "col" : "row";
    /** @type {number | null} */
    let best = null;
    /** @type {number[] | null} */
    let bestScore = null;
    for (const candidate of this.squares) {
      const at = this.rowCol(candidate, orientation);
      const along = (at[dir.axis] - here[dir.axis]) * dir.sign;
      if (along <= 0) continue;
      const across = at[other] - here[other];
      // Nearest first; then closest to the sticky line; then up/left before down/right.
      const score = [along * along + across * across, Math.abs(at[other] - keep[other]), at[other]];
      if (bestScore === null || lessThan(score, bestScore)) {
        best = candidate;
        bestScore = score;
      }
    }
    if (best === null) return { square, sticky: keep };
    const at = this.rowCol(best, orientation);
    // Moving along one axis keeps the sticky position on the other one.
    const next = dir.axis === "row" ? { row: at.row, col: keep.col } : { row: keep.row, col: at.col };
    return { square: best, sticky: next };
  }
}

/**
 * Whether `a` comes before `b`, compared item by item.
 * @param {number[]} a
 * @param {number[]} b
 */
function lessThan(a, b) {
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== b[i]) return a[i] < b[i];
  }
  return false;
}

/**
 * Whether `value` is a geometry that can be drawn: a size of 2 to 26 and distinct cells
 * on the board (Python checks it before sending it; a state made up elsewhere may not).
 * @param {unknown} value
 * @returns {value is Geometry}
 */
function drawable(value) {
  if (!value || typeof value !== "object") return false;
  const { size, cells } = /** @type {{ size?: unknown, cells?: unknown }} */ (value);
  if (typeof size !== "number" || !Number.isInteger(size) || size < 2 || size > 26) return false;
  if (!Array.isArray(cells) || !cells.length) return false;
  const ok = cells.every((c) => Number.isInteger(c) && c >= 0 && c < size * size);
  return ok && new Set(cells).size === cells.length;
}

/** @type {WeakMap<object, BoardGeometry>} a published geometry -> its BoardGeometry */
const byObject = new WeakMap();
/** @type {Map<string, BoardGeometry>} the last few, by key: equal geometries, one object */
const byKey = new Map();
const KEEP = 8;

export const AMERICAN_BOARD = new BoardGeometry(AMERICAN);
byKey.set(AMERICAN_BOARD.key, AMERICAN_BOARD);

/**
 * The board geometry a state publishes (American's when it has none, or one that cannot
 * be drawn). Equal geometries give the same object, so that a view can tell by identity
 * whether the board changed.
 * @param {PartialState | null | undefined} state
 * @returns {BoardGeometry}
 */
export function geometryOf(state) {
  const geometry = state && state.geometry;
  if (!geometry || typeof geometry !== "object") return AMERICAN_BOARD;
  const known = byObject.get(geometry);
  if (known) return known;
  if (!drawable(geometry)) return AMERICAN_BOARD;
  const key = `${geometry.size}:${geometry.cells.join(",")}`;
  let board = byKey.get(key);
  if (!board) {
    board = new BoardGeometry(geometry);
    byKey.set(key, board);
    if (byKey.size > KEEP) {
      for (const old of byKey.keys()) {
        if (old !== AMERICAN_BOARD.key) {
          byKey.delete(old);
          break;
        }
      }
    }
  }
  byObject.set(geometry, board);
  return board;
}
