// Where squares are drawn: standard 1-32 numbering, presentation only (no rules here).
//
// With Black at the top (orientation "white": White drawn at the bottom) square s has
// i = s - 1, row = floor(i / 4) from the top, column = 2 * (i % 4) + 1 on even rows and
// 2 * (i % 4) on odd rows: square 1 is the top row's second column, 29 the bottom-left
// corner. Orientation "black" (Black at the bottom, the default) turns the board 180°.

/** @import { Color } from "./types.js" */
/** @typedef {{ row: number, col: number }} RowCol A square's place on the screen (0..7 from the top left). */

export const SQUARES = Array.from({ length: 32 }, (_, i) => i + 1);

/**
 * Whether `value` is a playable square number 1..32.
 * @param {number} value
 * @returns {boolean}
 */
export function isSquare(value) {
  return Number.isInteger(value) && value >= 1 && value <= 32;
}

/**
 * The screen row and column (0..7 from the top left) of `square` for `orientation`.
 * @param {number} square
 * @param {Color} orientation
 * @returns {RowCol}
 */
export function squareRowCol(square, orientation) {
  const i = square - 1;
  const row = Math.floor(i / 4);
  const col = row % 2 === 0 ? 2 * (i % 4) + 1 : 2 * (i % 4);
  return orientation === "black" ? { row: 7 - row, col: 7 - col } : { row, col };
}

/**
 * The square drawn at screen (row, col), or null for a light square or off the board.
 * @param {number} row
 * @param {number} col
 * @param {Color} orientation
 * @returns {number | null}
 */
export function squareAt(row, col, orientation) {
  if (!Number.isInteger(row) || !Number.isInteger(col)) return null;
  if (row < 0 || row > 7 || col < 0 || col > 7) return null;
  let r = row;
  let c = col;
  if (orientation === "black") {
    r = 7 - row;
    c = 7 - col;
  }
  if ((r + c) % 2 === 0) return null;
  return r * 4 + Math.floor(c / 2) + 1;
}

/**
 * The square under a point, given in pixels from the board's top-left corner, for a
 * board `size` pixels wide; null for a light square or outside the board.
 * @param {number} x
 * @param {number} y
 * @param {number} size
 * @param {Color} orientation
 * @returns {number | null}
 */
export function squareAtPoint(x, y, size, orientation) {
  if (!(size > 0) || x < 0 || y < 0 || x >= size || y >= size) return null;
  return squareAt(Math.floor((y * 8) / size), Math.floor((x * 8) / size), orientation);
}

/**
 * The squares of screen row `row`, left to right.
 * @param {number} row
 * @param {Color} orientation
 * @returns {number[]}
 */
export function rowSquares(row, orientation) {
  /** @type {number[]} */
  const out = [];
  for (let col = 0; col < 8; col++) {
    const square = squareAt(row, col, orientation);
    if (square !== null) out.push(square);
  }
  return out;
}

/**
 * All squares in screen reading order: top row first, each row left to right.
 * @param {Color} orientation
 * @returns {number[]}
 */
export function readingOrder(orientation) {
  /** @type {number[]} */
  const out = [];
  for (let row = 0; row < 8; row++) out.push(...rowSquares(row, orientation));
  return out;
}

/** @type {Record<string, { axis: "row" | "col", sign: number }>} */
const DIRECTIONS = {
  ArrowUp: { axis: "row", sign: -1 },
  ArrowDown: { axis: "row", sign: 1 },
  ArrowLeft: { axis: "col", sign: -1 },
  ArrowRight: { axis: "col", sign: 1 },
};

/**
 * Keyboard movement over the playable squares, in screen terms.
 *
 * Arrow keys go to the nearest playable square in that direction (usually a diagonal
 * neighbour, since only every other square is playable); ties are broken towards the
 * "sticky" row or column the user started from, so that holding Up zigzags straight up
 * the board instead of drifting sideways. Home/End go to the first/last playable square
 * of the row. Returns `{ square, sticky }`; the square stays put at an edge.
 * @param {number} square
 * @param {string} key
 * @param {Color} orientation
 * @param {RowCol | null} [sticky]
 * @returns {{ square: number, sticky: RowCol }}
 */
export function navigate(square, key, orientation, sticky = null) {
  const here = squareRowCol(square, orientation);
  const keep = sticky ?? { row: here.row, col: here.col };
  if (key === "Home" || key === "End") {
    const row = rowSquares(here.row, orientation);
    const target = key === "Home" ? row[0] : row[row.length - 1];
    const at = squareRowCol(target, orientation);
    return { square: target, sticky: { row: at.row, col: at.col } };
  }
  const dir = DIRECTIONS[key];
  if (!dir) return { square, sticky: keep };
  const other = dir.axis === "row" ? "col" : "row";
  /** @type {number | null} */
  let best = null;
  /** @type {number[] | null} */
  let bestScore = null;
  for (const candidate of SQUARES) {
    const at = squareRowCol(candidate, orientation);
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
  const at = squareRowCol(best, orientation);
  // Moving along one axis keeps the sticky position on the other one.
  const next = dir.axis === "row" ? { row: at.row, col: keep.col } : { row: keep.row, col: at.col };
  return { square: best, sticky: next };
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
