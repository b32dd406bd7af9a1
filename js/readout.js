// What the screen-reader mode reads aloud: the board's squares, and the answers to the
// command line's questions (command_line.js). Pure functions of the state Python
// published: the pieces (as the board draws them), the legal moves (state.legal), the
// last move, the clock, the side names. Nothing here works out a rule: a piece's moves
// are the listed ones that start on its square, whatever the reason for the others.
//
// Squares are named by the numbering the state uses (state.pieces' keys, the paths of
// state.legal, the notation): 1-32 on the American board, 1-50 on the 10x10 one. The
// rows are counted as the numbering counts them, from the row of square 1 (state.geometry,
// js/geometry.js): on the American board row 1 holds squares 1-4 (Black's side), row 8
// squares 29-32.

import { displayPieces } from "./animate.js";
import { clockWords } from "./clock.js";
import { geometryOf } from "./geometry.js";
import { pieceWords } from "./pieces.js";
import { pieceColor } from "./selection.js";

/** @import { Color, Move, PartialState, Pieces } from "./types.js" */

/** @type {Color[]} */
const SIDES = ["black", "white"];

/**
 * The side names the state publishes (Black and White when it has none).
 * @param {PartialState} state
 * @returns {Record<Color, string>}
 */
function sideNames(state) {
  const names = state.names || { black: "Black", white: "White" };
  return { black: names.black || "Black", white: names.white || "White" };
}

/**
 * Items read as a list: "a", "a or b", "a, b or c".
 * @param {string[]} items
 * @param {string} [last] the word before the last item
 */
export function listWords(items, last = "and") {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${last} ${items[items.length - 1]}`;
}

/**
 * "1 man", "2 men", "1 king", "3 kings".
 * @param {number} n
 * @param {"man" | "king"} rank
 */
function counted(n, rank) {
  const plural = rank === "man" ? "men" : "kings";
  return `${n} ${n === 1 ? rank : plural}`;
}

/**
 * The squares of board row `row` (1 is the row of square 1), in ascending order: on the
 * American board row 1 is squares 1-4 and row 8 is 29-32. Empty for no such row.
 * @param {PartialState} state its geometry (American's without one)
 * @param {number} row
 * @returns {number[]}
 */
export function rowSquaresOf(state, row) {
  const rows = geometryOf(state).rows;
  return row >= 1 && row <= rows.length ? [...rows[row - 1].squares] : [];
}

/**
 * The board row (1 is the row of square 1) of `square`.
 * @param {PartialState} state its geometry (American's without one)
 * @param {number} square
 * @returns {number | null}
 */
export function boardRow(state, square) {
  return geometryOf(state).rowOf.get(square) ?? null;
}

/**
 * A square's name on the board grid: "Square 11, black man", "Square 15, empty".
 * @param {number} square
 * @param {string | null | undefined} kind the piece on it, as the state names it
 * @param {Partial<Record<Color, string>>} [names] the side names the state publishes
 */
export function squareLabel(square, kind, names) {
  return `Square ${square}, ${pieceWords(kind, names)}`;
}

/**
 * The pieces as the board draws them (a jump in progress shows its piece on the way).
 * @param {PartialState} state
 * @returns {Pieces}
 */
function drawnPieces(state) {
  return displayPieces(state).pieces;
}

/**
 * Why no move can be listed at all, in the status line's words.
 * @param {PartialState} state
 */
function noMoves(state) {
  const status = state.status && state.status.text;
  return status ? `No moves to list now: ${ended(status)}` : "No moves to list now.";
}

/**
 * `text` ending as a sentence does (a full stop added unless it has its own).
 * @param {string} text
 */
function ended(text) {
  return /[.…!?]$/.test(text) ? text : `${text}.`;
}

/**
 * The answer to "m": every legal move (square null), or those of the piece on `square`,
 * as Python listed them in state.legal.
 * @param {PartialState} state
 * @param {number | null} square
 * @returns {string}
 */
export function movesText(state, square) {
  /** @type {Move[]} */
  const legal = state.legal || [];
  const pending = state.pending && Array.isArray(state.pending.path) ? state.pending.path : null;
  const names = sideNames(state);
  if (square === null) {
    if (!legal.length) return noMoves(state);
    const list = legal.map((m) => m.notation);
    return `${legal.length} legal move${legal.length === 1 ? "" : "s"}: ${listWords(list)}.`;
  }
  const kind = drawnPieces(state)[String(square)];
  if (!kind) return `Square ${square} is empty.`;
  const piece = `The ${pieceWords(kind, names)} on ${square}`;
  if (pending) {
    // A jump in progress: state.legal lists only the routes that go on with it.
    const at = pending[pending.length - 1];
    const rest = legal.map((m) => m.path.slice(pending.length - 1).join("x"));
    if (square === at && rest.length) return `${piece} must keep jumping: ${listWords(rest, "or")}.`;
    return `${piece} cannot move now: the piece on ${at} must keep jumping.`;
  }
  const own = legal.filter((m) => m.path[0] === square);
  if (own.length) return `${piece} can play ${listWords(own.map((m) => m.notation), "or")}.`;
  if (!legal.length) return `${piece} has no move to play now. ${noMoves(state)}`;
  const color = /** @type {Color | null} */ (pieceColor(kind));
  if (color && state.turn && color !== state.turn) return `${piece} cannot move: it is ${names[state.turn]}'s turn.`;
  if (state.must_capture) {
    return `${piece} has no legal move: a capture is compulsory (${listWords(legal.map((m) => m.notation), "or")}).`;
  }
  return `${piece} has no legal move.`;
}

/**
 * The answer to "p": each side's men and kings, by square.
 * @param {PartialState} state
 * @returns {string}
 */
export function piecesText(state) {
  const names = sideNames(state);
  const pieces = drawnPieces(state);
  /** @type {Record<string, number[]>} */
  const found = { "black-man": [], "black-king": [], "white-man": [], "white-king": [] };
  for (const [key, kind] of Object.entries(pieces)) {
    if (found[kind]) found[kind].push(Number(key));
  }
  return SIDES.map((side) => {
    const men = found[`${side}-man`].sort((a, b) => a - b);
    const kings = found[`${side}-king`].sort((a, b) => a - b);
    const parts = [];
    if (men.length) parts.push(`${counted(men.length, "man")} on ${listWords(men.map(String))}`);
    if (kings.length) parts.push(`${counted(kings.length, "king")} on ${listWords(kings.map(String))}`);
    return `${names[side]}: ${parts.length ? parts.join("; ") : "no pieces"}.`;
  }).join(" ");
}

/**
 * The answer to "l": the last move, who played it, what it took.
 * @param {PartialState} state
 * @returns {string}
 */
export function lastMoveText(state) {
  const names = sideNames(state);
  const last = state.last_move;
  const pending = state.pending && Array.isArray(state.pending.path) ? state.pending.path : null;
  const going = pending && state.turn ? ` ${names[state.turn]} is jumping: ${pending.join("x")} so far.` : "";
  if (!last) return `No move has been played yet.${going}`;
  // Who played it: the side whose piece stands where the move ended.
  const end = last.path[last.path.length - 1];
  const color = /** @type {Color | null} */ (pieceColor((state.pieces || {})[String(end)]));
  const mover = color ? `${names[color]} played` : "Played";
  const captures = last.captures || [];
  const taking = captures.length ? `, taking the piece${captures.length === 1 ? "" : "s"} on ${listWords(captures.map(String))}` : "";
  return `Last move: ${mover} ${last.notation}${taking}${last.crowns ? ", and was crowned" : ""}.${going}`;
}

/**
 * The answer to "c": the move clock, `left` seconds left now (counted down since the
 * state came, as the bar shows it).
 * @param {PartialState} state
 * @param {number} left
 * @returns {string}
 */
export function clockText(state, left) {
  const clock = state.clock;
  if (!clock) return "There is no clock on this board.";
  const names = sideNames(state);
  const rule = `${clockWords(clock.per_move)} a move${clock.grace ? `, then ${clockWords(clock.grace)} extra` : ""}`;
  const expiry = clock.on_expiry === "forfeit" ? "the game is lost" : "a move is played for that side";
  const side = clock.side === "black" || clock.side === "white" ? clock.side : null;
  let text;
  if (!side) {
    text = `No clock runs now (${rule}).`;
  } else if (clock.waiting) {
    text = `${names[side]}'s clock: ${rule}; it starts with the first move made on the board.`;
  } else if (clock.phase === "expired") {
    text = `${names[side]}'s time has run out.`;
  } else {
    const held = clock.paused || state.paused || clock.running === false ? " (the clock is stopped)" : "";
    const extra = clock.phase === "grace" ? " of extra time" : "";
    text = `${names[side]}'s clock: ${clockWords(left)}${extra} left for this move${held} (${rule}).`;
  }
  const strikes = SIDES.filter((s) => clock.strikes && clock.strikes[s] > 0).map(
    (s) => `${names[s]} has run out of time ${clock.strikes[s] === 1 ? "once" : `${clock.strikes[s]} times`}.`,
  );
  return [text, `When a move's time runs out, ${expiry}.`, ...strikes].join(" ");
}

/**
 * The answer to "s 3": the four squares of row `row` and what stands on them.
 * @param {PartialState} state
 * @param {number} row 1-8
 * @returns {string}
 */
export function rowText(state, row) {
  const names = sideNames(state);
  const pieces = drawnPieces(state);
  const squares = rowSquaresOf(state, row).map((s) => `${s} ${pieceWords(pieces[String(s)], names)}`);
  return `Row ${row}: ${squares.join(", ")}.`;
}

/**
 * The answer to "?": the commands, with the side names of this board.
 * @param {PartialState} state
 * @returns {string}
 */
export function helpText(state) {
  const names = sideNames(state);
  const board = geometryOf(state);
  const first = board.rows[0].squares;
  const last = board.rows[board.rows.length - 1].squares;
  /** @param {number[]} squares */
  const side = (squares) => names[board.sideOf(squares[0])];
  return (
    "Type a move to play it: 11-15, or 9x18x27 for a jump (the start and end squares are " +
    "enough where one route ends there). m 11: the moves of the piece on 11 (m alone: " +
    "every legal move). p: the pieces. l: the last move. c: the clock. s 3: what stands " +
    `on row 3 (row 1 is squares ${first[0]} to ${first[first.length - 1]}, on ${side(first)}'s side; ` +
    `row ${board.rows.length} is ${last[0]} to ${last[last.length - 1]}, on ${side(last)}'s). ` +
    "?: this list. Moves and the status line are read out as they come."
  );
}
