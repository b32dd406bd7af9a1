// The optimistic move: a move the user completed along one of the paths Python listed
// is drawn at once, before Python's answer; these helpers build that drawing and tell
// whether Python's answer confirms it. Nothing here decides what is legal.

/** @import { BoardState, Move, PieceName } from "./types.js" */
/** @typedef {BoardState & { last_move: Move }} OptimisticState A move drawn before Python's answer. */

/**
 * Whether two paths visit the same squares.
 * @param {number[] | null | undefined} a
 * @param {number[] | null | undefined} b
 */
function samePath(a, b) {
  return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((s, i) => s === b[i]);
}

/**
 * The state after `path` when it is exactly one of `state.legal`'s paths (else null):
 * the piece on its last square (crowned if the move crowns), its captures gone, no
 * selection, the move highlighted. Nothing is decided here: Python listed the move.
 * @param {BoardState | null | undefined} state
 * @param {number[]} path
 * @returns {OptimisticState | null}
 */
export function afterMove(state, path) {
  if (!state || !state.pieces || state.result) return null;
  const move = (state.legal || []).find((m) => samePath(m.path, path));
  if (!move) return null;
  const pieces = { ...state.pieces };
  const start = String(path[0]);
  let kind = pieces[start];
  if (!kind) return null;
  delete pieces[start];
  for (const square of move.captures || []) delete pieces[String(square)];
  if (move.crowns) kind = /** @type {PieceName} */ (kind.replace(/-man$/, "-king"));
  pieces[String(path[path.length - 1])] = kind;
  const turn = state.turn === "black" ? "white" : state.turn === "white" ? "black" : state.turn;
  return {
    ...state,
    pieces,
    turn,
    ply: (state.ply || 0) + 1,
    legal: [],
    pending: null,
    must_capture: false,
    hint: null,
    drawings: { arrows: [], marks: [] }, // the new position's own come with Python's answer
    last_move: { ...move, path: [...move.path], captures: [...(move.captures || [])] },
  };
}

/**
 * Whether Python's `next` state is the position `guessed` drew (its move played).
 * @param {OptimisticState} guessed
 * @param {BoardState | null | undefined} next
 */
export function confirmsMove(guessed, next) {
  if (!next || next.pending || next.ply !== guessed.ply || !next.last_move) return false;
  if (!samePath(next.last_move.path, guessed.last_move.path)) return false;
  const a = next.pieces || {};
  const b = guessed.pieces;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}
