// Which clicks become which intents. Pure functions of the state Python sent.
//
// Python alone knows the rules: `state.legal` lists every legal path (only those that
// continue a jump in progress when `state.pending` is set). Here we only *select among
// those paths*: which pieces are lit, which squares are marked after a piece is picked
// up, and what to send when a square is clicked. Whether a move is legal is never
// decided here; a click that matches no listed path is still sent when it is an
// attempted move, so that Python can say why it is not allowed.

/** @import { Color, Move, PartialState, PlayerKind } from "./types.js" */
/**
 * @typedef {object} Targets Where a picked-up piece may go next (see targetsFor).
 * @property {Set<number>} next
 * @property {Set<number>} finals
 * @property {Set<number>} jumps
 */
/**
 * @typedef {{ select: number | null, send: number[] | null, explain?: number }} ClickResult What a
 * click does: the new selection, the path of a move to send, and a square Python is to
 * say why its piece cannot move (sent as a select intent).
 */

/**
 * The colour of a piece name such as "black-king", or null.
 * @param {string | null | undefined} piece
 * @returns {string | null}
 */
export function pieceColor(piece) {
  if (typeof piece !== "string") return null;
  const dash = piece.indexOf("-");
  return dash > 0 ? piece.slice(0, dash) : null;
}

/**
 * The side whose pieces the user may move now, or null: the game is over, the board is
 * not interactive, the side to move is played by the computer, or the computer is
 * thinking. With null no piece is lit and no click or key becomes a move intent.
 * @param {PartialState | null | undefined} state
 * @param {boolean} [interactive]
 * @returns {Color | null}
 */
export function actingSide(state, interactive = true) {
  if (!interactive || !state || !state.turn || state.result || state.thinking) return null;
  /** @type {Partial<Record<Color, PlayerKind>>} */
  const players = state.players || {};
  const kind = players[state.turn];
  if (kind !== undefined && kind !== "human") return null;
  return state.turn;
}

/**
 * Whether `path` starts with every square of `prefix`.
 * @param {number[] | null | undefined} path
 * @param {number[]} prefix
 */
export function startsWith(path, prefix) {
  if (!Array.isArray(path) || path.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (path[i] !== prefix[i]) return false;
  return true;
}

/**
 * The squares of pieces that have a legal move (the pieces to light up).
 * @param {PartialState | null | undefined} state
 * @returns {Set<number>}
 */
export function movableSquares(state) {
  /** @type {Set<number>} */
  const out = new Set();
  if (!state) return out;
  if (state.pending && Array.isArray(state.pending.path)) {
    out.add(state.pending.path[state.pending.path.length - 1]);
    return out;
  }
  for (const move of state.legal || []) out.add(move.path[0]);
  return out;
}

/**
 * The path clicked so far: a jump in progress, else the selected piece alone.
 * @param {PartialState | null | undefined} state
 * @param {number | null} selected
 * @returns {number[]}
 */
export function currentPrefix(state, selected) {
  if (state && state.pending && Array.isArray(state.pending.path)) return [...state.pending.path];
  return selected ? [selected] : [];
}

/**
 * Where the piece can go next after `prefix` (the piece's square and landings so far).
 *
 * `next`: the next landing square of every listed path that continues the prefix.
 * `finals`: final squares reached by exactly one such path and not already in `next`
 * (clicking one plays the whole route at once, as Python accepts).
 * `jumps`: the squares of `next` that a capture lands on (drawn as rings, not dots).
 * @param {Move[] | null | undefined} legal
 * @param {number[]} prefix
 * @returns {Targets}
 */
export function targetsFor(legal, prefix) {
  /** @type {Set<number>} */
  const next = new Set();
  /** @type {Set<number>} */
  const jumps = new Set();
  /** @type {Map<number, number>} */
  const endCount = new Map();
  if (!prefix.length) return { next, finals: new Set(), jumps };
  for (const move of legal || []) {
    const path = move.path;
    if (path.length <= prefix.length || !startsWith(path, prefix)) continue;
    next.add(path[prefix.length]);
    if ((move.captures || []).length) jumps.add(path[prefix.length]);
    const end = path[path.length - 1];
    endCount.set(end, (endCount.get(end) || 0) + 1);
  }
  /** @type {Set<number>} */
  const finals = new Set();
  for (const [end, count] of endCount) if (count === 1 && !next.has(end)) finals.add(end);
  return { next, finals, jumps };
}

/**
 * What a click (or Enter/Space) on `square` does, given the view's selected piece.
 *
 * Returns `{ select, send }`: the new selection (a square or null) and the path of a
 * move intent to send (or null). Rules followed:
 * - a jump in progress cannot be abandoned: its piece stays selected; an empty square
 *   clicked is sent (a landing, or an attempt Python will explain);
 * - a piece of the side to move is picked up (clicking it again puts it down); for a
 *   piece that cannot move while a capture is compulsory, `explain` asks Python to say
 *   why ("you must jump") right away;
 * - with a piece picked up, a click on a marked square or any other empty playable
 *   square is sent as a move from that piece (legal or not: Python decides and explains);
 * - anything else just clears the selection.
 * @param {PartialState | null | undefined} state
 * @param {number | null} selected
 * @param {number | null | undefined} square
 * @param {boolean} [interactive]
 * @returns {ClickResult}
 */
export function decideClick(state, selected, square, interactive = true) {
  /** @type {ClickResult} */
  const none = { select: null, send: null };
  const side = actingSide(state, interactive);
  if (side === null || !state) return none;
  const pieces = state.pieces || {};
  const piece = square === null || square === undefined ? undefined : pieces[String(square)];
  if (state.pending && Array.isArray(state.pending.path) && state.pending.path.length) {
    const path = state.pending.path;
    const end = path[path.length - 1];
    // The moving piece is drawn on `end`; its start square is free to land on again.
    const occupied = piece !== undefined && square !== path[0];
    if (square === null || square === undefined || square === end || occupied) {
      return { select: end, send: null };
    }
    return { select: end, send: [...path, square] };
  }
  if (square === null || square === undefined) return none;
  const own = pieceColor(piece) === side;
  if (own) {
    if (square === selected) return none;
    const movable = movableSquares(state).has(square);
    if (!movable && state.must_capture) return { select: square, send: null, explain: square };
    return { select: square, send: null };
  }
  if (selected && !piece) return { select: null, send: [selected, square] };
  return none;
}
