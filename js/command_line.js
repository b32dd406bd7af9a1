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
//   s 3              scan row 3 (squares 9-12)
//   ?                the commands
//
// Each command has a long name too (moves 11, pieces, last, clock, scan 3, help).

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

/** The longest line read (a move names at most 13 squares; Python caps it at 64). */
export const MAX_COMMAND_CHARS = 64;

const HELP_HINT = "Type ? for the list of commands.";

/**
 * What the typed `text` asks for.
 * @param {string} text
 * @returns {Command}
 */
export function parseCommand(text) {
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
    if (square === null || square < 1 || square > 32) {
      return { kind: "error", text: `"${arg}" is not a square: the squares are numbered 1 to 32 (m 11).` };
    }
    return { kind: "moves", square };
  }
  if (verb === "scan") {
    if (!arg) return { kind: "error", text: "Say which row to scan, 1 to 8 (s 3)." };
    const row = wholeNumber(arg);
    if (row === null || row < 1 || row > 8) {
      return { kind: "error", text: `"${arg}" is not a row: the rows are numbered 1 to 8 (s 3).` };
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
