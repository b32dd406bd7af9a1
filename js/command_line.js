// The command line of the screen-reader mode: what a line of typed text asks for.
// Pure input collection, like reading a click: no rules here. A line that starts with
// a digit is a move, sent to Python as typed (Python reads the notation and decides;
// a refusal comes back on the status line); the other commands only read what Python
// published (they are answered by readout.js).
//
//   11-15, 9x18x27   play that move (22x8: start and end, where one route ends there)
//   m 11             the moves of the piece on 11 (m alone: every legal move)
//   p                the pieces, side by side
//   l                the last move
//   c                the clock
//   s 3              scan row 3 (squares 9-12 on the American board)
//   ?                the commands
//
// Each command has a long name too (moves 11, pieces, last, clock, scan 3, help).
//
// Squares and rows are checked against the board's geometry (state.geometry: 1-32 and 8
// rows on the American board, 1-50 and 10 rows on the 10x10 one). A move is not: any
// line of digits and separators goes to Python, whatever squares it names.

/**
 * @typedef {{ kind: "move", notation: string }
 *   | { kind: "moves", square: number | null }
 *   | { kind: "pieces" }
 *   | { kind: "last" }
 *   | { kind: "clock" }
 *   | { kind: "scan", row: number }
 *   | { kind: "help" }
 *   | { kind: "empty" }
 *   | { kind: "error", text: string }} Command
 *   What a typed line asks for (`error`: why it asks for nothing, in words).
 */

/** @type {Record<string, "moves" | "pieces" | "last" | "clock" | "scan" | "help">} */
const VERBS = {
  m: "moves",
  moves: "moves",
  p: "pieces",
  pieces: "pieces",
  l: "last",
  last: "last",
  c: "clock",
  clock: "clock",
  clocks: "clock",
  s: "scan",
  scan: "scan",
  "?": "help",
  help: "help",
};

/** The longest line read (Python caps a typed move at 64 characters too). */
export const MAX_COMMAND_CHARS = 64;

const HELP_HINT = "Type ? for the list of commands.";

/**
 * What the typed `text` asks for, on a board of `squares` squares in `rows` rows.
 * @param {string} text
 * @param {{ squares: number, rows: number }} [board] (American's: 32 squares, 8 rows)
 * @returns {Command}
 */
export function parseCommand(text, board = { squares: 32, rows: 8 }) {
  const line = String(text ?? "").trim();
  if (!line) return { kind: "empty" };
  if (line.length > MAX_COMMAND_CHARS) {
    return { kind: "error", text: `That is too long to be a command (at most ${MAX_COMMAND_CHARS} characters).` };
  }
  // A move: sent as typed; Python reads it (and says what is wrong with it, if anything).
  if (/^[0-9]/.test(line)) return { kind: "move", notation: line };
  // A command: a word (or ?), then perhaps a number: "m 11", "m11", "scan 3".
  const match = /^([a-z]+|\?)\s*([\s\S]*)$/.exec(line.toLowerCase());
  const verb = match && Object.hasOwn(VERBS, match[1]) ? VERBS[match[1]] : undefined;
  if (!match || !verb) return { kind: "error", text: `Unknown command "${line}". ${HELP_HINT}` };
  const arg = match[2].trim();
  if (verb === "moves") {
    if (!arg) return { kind: "moves", square: null };
    const square = wholeNumber(arg);
    if (square === null || square < 1 || square > board.squares) {
      return { kind: "error", text: `"${arg}" is not a square: the squares are numbered 1 to ${board.squares} (m 11).` };
    }
    return { kind: "moves", square };
  }
  if (verb === "scan") {
    if (!arg) return { kind: "error", text: `Say which row to scan, 1 to ${board.rows} (s 3).` };
    const row = wholeNumber(arg);
    if (row === null || row < 1 || row > board.rows) {
      return { kind: "error", text: `"${arg}" is not a row: the rows are numbered 1 to ${board.rows} (s 3).` };
    }
    return { kind: "scan", row };
  }
  if (arg) return { kind: "error", text: `"${match[1]}" takes nothing after it. ${HELP_HINT}` };
  return { kind: verb };
}

/**
 * `text` as a whole number written in ASCII digits, or null.
 * @param {string} text
 * @returns {number | null}
 */
function wholeNumber(text) {
  return /^[0-9]{1,3}$/.test(text) ? Number(text) : null;
}
