// Moves animated hop by hop with CSS transforms (Web Animations API), captured pieces
// fading as the mover passes them. `planTransition` is pure: it reads two consecutive
// states and says which piece travels where; it never decides anything about rules.

import { startsWith } from "./selection.js";

/** @import { DrawnState, Move, PartialState, PieceName, Pieces } from "./types.js" */
/**
 * @typedef {object} PlanCapture A captured piece the mover passes.
 * @property {number} square
 * @property {number} hop the hop (0-based) during which it is passed
 * @property {"remove" | "fade" | "restore" | "unfade"} change
 */
/**
 * @typedef {object} Plan How a piece travels from one drawing to the next.
 * @property {number} from the square it leaves
 * @property {number[]} hops the squares it visits; the last is where it ends
 * @property {PlanCapture[]} captures
 */
/** @typedef {{ animation: Animation, finish: () => void }} Running An animation the Animator tracks. */

/**
 * The pieces as they are to be drawn: a jump in progress shows its piece on the way (a
 * king if Python says it was crowned on the way).
 * @param {PartialState | null | undefined} state
 * @returns {{ pieces: Pieces, faded: Set<number> }}
 */
export function displayPieces(state) {
  /** @type {Pieces} */
  const pieces = { ...((state && state.pieces) || {}) };
  /** @type {Set<number>} */
  const faded = new Set();
  const pending = state && state.pending;
  if (pending && Array.isArray(pending.path) && pending.path.length > 1) {
    const start = String(pending.path[0]);
    const end = String(pending.path[pending.path.length - 1]);
    const kind = pieces[start];
    if (kind) {
      delete pieces[start];
      pieces[end] = pending.crowned ? /** @type {PieceName} */ (kind.replace(/-man$/, "-king")) : kind;
    }
    for (const square of pending.captures || []) faded.add(Number(square));
  }
  return { pieces, faded };
}

/**
 * The path of a jump in progress (at least one hop), else null.
 * @param {PartialState | null | undefined} state
 * @returns {number[] | null}
 */
function pendingPath(state) {
  const pending = state && state.pending;
  return pending && Array.isArray(pending.path) && pending.path.length > 1 ? pending.path : null;
}

/**
 * Whether two moves are the same (or both missing).
 * @param {Move | null | undefined} a
 * @param {Move | null | undefined} b
 */
function sameMove(a, b) {
  if (!a || !b) return !a && !b;
  return a.notation === b.notation && startsWith(a.path, b.path) && a.path.length === b.path.length;
}

/**
 * How to get from the drawing of `prev` to that of `next`, or null to just redraw.
 *
 * Returns `{ from, hops, captures }`: the square of the travelling piece in `prev`'s
 * drawing, the squares it visits (the last is where it ends in `next`), and the captured
 * pieces, each `{ square, hop, change }` with the hop (0-based) during which it is
 * passed and `change` one of "remove" (taken), "fade" (jumped in a sequence still
 * going on), "restore" (a move taken back) or "unfade" (a sequence abandoned).
 * @param {DrawnState | null | undefined} prev
 * @param {DrawnState | null | undefined} next
 * @returns {Plan | null}
 */
export function planTransition(prev, next) {
  if (!prev || !next || !prev.pieces || !next.pieces) return null;
  const prevPending = pendingPath(prev);
  const nextPending = pendingPath(next);
  /** @type {Plan | null} */
  let plan = null;
  if (next.ply === prev.ply + 1 && next.last_move && !nextPending) {
    // A move was completed (by this view, another view, or Python).
    const path = next.last_move.path;
    const caps = next.last_move.captures || [];
    const done = prevPending && startsWith(path, prevPending) ? prevPending.length - 1 : 0;
    plan = {
      from: path[done],
      hops: path.slice(done + 1),
      captures: caps.map((square, i) => ({
        square,
        hop: Math.max(0, i - done),
        change: "remove",
      })),
    };
  } else if (next.ply === prev.ply && nextPending) {
    // A jump sequence started or went on.
    const done = prevPending && startsWith(nextPending, prevPending) ? prevPending.length - 1 : 0;
    if (prevPending && done === 0) return null;
    const caps = (next.pending && next.pending.captures) || [];
    plan = {
      from: nextPending[done],
      hops: nextPending.slice(done + 1),
      captures: caps.slice(done).map((square, i) => ({ square, hop: i, change: "fade" })),
    };
    if (!plan.hops.length) return null;
  } else if (next.ply === prev.ply - 1 && prev.last_move && !prevPending && !nextPending) {
    // The last move was taken back: the piece walks back, its captures reappear.
    const path = [...prev.last_move.path].reverse();
    const caps = [...(prev.last_move.captures || [])].reverse();
    plan = {
      from: path[0],
      hops: path.slice(1),
      captures: caps.map((square, i) => ({ square, hop: i, change: "restore" })),
    };
  } else if (next.ply === prev.ply && prevPending && !nextPending && sameMove(prev.last_move, next.last_move)) {
    // A sequence in progress was abandoned (undo, or a veto): back to its start.
    const path = [...prevPending].reverse();
    const caps = [...((prev.pending && prev.pending.captures) || [])].reverse();
    plan = {
      from: path[0],
      hops: path.slice(1),
      captures: caps.map((square, i) => ({ square, hop: i, change: "unfade" })),
    };
  }
  if (!plan || !plan.hops.length) return null;
  const before = displayPieces(prev).pieces;
  const after = displayPieces(next).pieces;
  const end = plan.hops[plan.hops.length - 1];
  const kind = before[String(plan.from)];
  const landed = after[String(end)];
  // Only animate what the drawings agree on: the same colour left `from` and is on `end`.
  if (!kind || !landed || kind.split("-")[0] !== landed.split("-")[0]) return null;
  return plan;
}

/**
 * Whether animations should run: the `animate` trait and the user's motion setting.
 * @param {boolean | undefined} enabled
 * @param {{ matchMedia?: (query: string) => { matches: boolean } }} [win] the window (its media queries)
 * @returns {boolean}
 */
export function motionAllowed(enabled, win = typeof window === "undefined" ? undefined : window) {
  if (!enabled) return false;
  try {
    if (win && typeof win.matchMedia === "function") {
      return !win.matchMedia("(prefers-reduced-motion: reduce)").matches;
    }
  } catch {
    // no media queries: animate
  }
  return true;
}

/**
 * Milliseconds per hop: a little quicker for long multi-jumps.
 * @param {number} hops
 * @returns {number}
 */
export function hopDuration(hops) {
  return hops > 1 ? 170 : 200;
}

/**
 * Runs and tracks animations so that a new state or the cleanup can stop them all.
 * `finishAll()` jumps every running animation to its end (so the final drawing shows).
 */
export class Animator {
  constructor() {
    /** @type {Set<Running>} */
    this.running = new Set();
  }

  /**
   * Animate `element` through `keyframes`; `done` runs once when it ends or is stopped.
   * @param {Element} element
   * @param {Keyframe[]} keyframes
   * @param {KeyframeAnimationOptions} options
   * @param {() => void} [done]
   * @returns {Animation | null}
   */
  play(element, keyframes, options, done) {
    let called = false;
    const finish = () => {
      if (called) return;
      called = true;
      if (done) done();
    };
    if (typeof element.animate !== "function") {
      finish();
      return null;
    }
    const animation = element.animate(keyframes, options);
    const entry = { animation, finish };
    this.running.add(entry);
    const settle = () => {
      this.running.delete(entry);
      finish();
    };
    animation.onfinish = settle;
    animation.oncancel = settle;
    // A cancelled animation rejects `finished`; that is expected, not an error.
    if (animation.finished && typeof animation.finished.catch === "function") {
      animation.finished.catch(() => {});
    }
    return animation;
  }

  /** End every running animation at once, running its completion. */
  finishAll() {
    for (const entry of [...this.running]) {
      this.running.delete(entry);
      try {
        entry.animation.cancel();
      } catch {
        // already gone
      }
      entry.finish();
    }
  }

  get busy() {
    return this.running.size > 0;
  }
}
