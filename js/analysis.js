// What the computer thinks, in words and on the board: the hint's arrow and the lines
// under the board. Pure functions of the state Python sent (state.hint and
// state.evaluation: { move, score, pv, depth }); nothing here searches or judges.
//
// Python writes a score from the side to move's point of view: "+0.35", "-1.20",
// "win in 5" (the side to move wins with its 5th move), "loss in 3" or "lost". The
// evaluation line turns it round to one fixed side, named, so that it does not change
// sign every move; the hint says for whom its score is.

/** @import { Analysis, Color, PartialState, PlayerKind } from "./types.js" */
/** @import { RowCol } from "./geometry.js" */
/**
 * @typedef {{ kind: "value", value: number, text: string }} ValueScore A score in men.
 * @typedef {{ kind: "win", winner: Color, moves: number }} WinScore A proven result.
 * @typedef {{ label: string, move: string, score: string, line: string }} HintParts
 * @typedef {{ label: string, score: string, depth: string, line: string }} EvaluationParts
 * @typedef {[number, number]} Point x, y in board units (a square is 1 wide)
 */

/** @type {Color[]} */
const SIDES = ["black", "white"];

/**
 * The other side.
 * @param {Color} side
 * @returns {Color}
 */
export function other(side) {
  return side === "black" ? "white" : "black";
}

/**
 * The side whose point of view the evaluation takes: the only human, else Black.
 * @param {PartialState | null | undefined} state
 * @returns {Color}
 */
export function evaluationSide(state) {
  /** @type {Partial<Record<Color, PlayerKind>>} */
  const players = (state && state.players) || {};
  const humans = SIDES.filter((s) => (players[s] ?? "human") === "human");
  return humans.length === 1 ? humans[0] : "black";
}

/**
 * The name of `side` ("Black" unless Python named it otherwise).
 * @param {PartialState | null | undefined} state
 * @param {Color} side
 */
function sideName(state, side) {
  /** @type {Partial<Record<Color, string>>} */
  const names = (state && state.names) || {};
  return names[side] || (side === "black" ? "Black" : "White");
}

/** Python's score text for a proven draw (a position the endgame databases call drawn). */
export const PROVEN_DRAW = "draw";

/**
 * A score given for `mover` (the side to move), read for `side`.
 *
 * Returns `{ kind: "value", value, text }` for a number of men (text "+0.35", "-1.20",
 * "0.00") or `{ kind: "win", winner, moves }` for a proven result (moves: the winner's
 * moves still to play; 0 when the game is already lost), or null for nonsense.
 * @param {unknown} score
 * @param {Color} mover
 * @param {Color} side
 * @returns {ValueScore | WinScore | null}
 */
export function readScore(score, mover, side) {
  if (typeof score !== "string") return null;
  const text = score.trim();
  let m = /^win in (\d+)$/.exec(text);
  if (m) return { kind: "win", winner: mover, moves: Number(m[1]) };
  m = /^loss in (\d+)$/.exec(text);
  if (m) return { kind: "win", winner: other(mover), moves: Number(m[1]) };
  if (text === "lost") return { kind: "win", winner: other(mover), moves: 0 };
  const value = Number(text);
  if (text === "" || !Number.isFinite(value)) return null;
  const forSide = side === mover ? value : -value;
  return { kind: "value", value: forSide, text: signed(forSide) };
}

/**
 * "+0.35", "-1.20", and "0.00" for zero (never "-0.00").
 * @param {number} value
 */
export function signed(value) {
  const fixed = Math.abs(value).toFixed(2);
  if (fixed === "0.00") return "0.00";
  return `${value > 0 ? "+" : "-"}${fixed}`;
}

/**
 * "Black has won", "White wins in 3".
 * @param {PartialState | null | undefined} state
 * @param {WinScore} read
 */
function winWords(state, read) {
  const name = sideName(state, read.winner);
  if (read.moves === 0) return `${name} has won`;
  return `${name} wins in ${read.moves}`;
}

/**
 * The score of a hint, for the side to move: "+0.35 for Black" or "Black wins in 5".
 * @param {unknown} score
 * @param {PartialState | null | undefined} state
 * @returns {string}
 */
export function hintScoreText(score, state) {
  if (score === PROVEN_DRAW) return "drawn with best play";
  const mover = state && state.turn ? state.turn : "black";
  const read = readScore(score, mover, mover);
  if (!read) return typeof score === "string" ? score : "";
  if (read.kind === "win") return winWords(state, read);
  return `${read.text} for ${sideName(state, mover)}`;
}

/**
 * The evaluation from one fixed side: "Black +0.35", "White -1.20", "White wins in 3".
 * `side` defaults to {@link evaluationSide}.
 * @param {unknown} score
 * @param {PartialState | null | undefined} state
 * @param {Color} [side]
 * @returns {string}
 */
export function evaluationScoreText(score, state, side = evaluationSide(state)) {
  if (score === PROVEN_DRAW) return "drawn with best play";
  const mover = state && state.turn ? state.turn : "black";
  const read = readScore(score, mover, side);
  if (!read) return typeof score === "string" ? score : "";
  if (read.kind === "win") return winWords(state, read);
  return `${sideName(state, side)} ${read.text}`;
}

/**
 * The principal variation shortened to `max` moves (an ellipsis marks the cut).
 * @param {string | null | undefined} pv
 * @param {number} [max]
 * @returns {string}
 */
export function shortLine(pv, max = 6) {
  const moves = typeof pv === "string" ? pv.trim().split(/\s+/).filter(Boolean) : [];
  if (moves.length <= max) return moves.join(" ");
  return `${moves.slice(0, max).join(" ")} …`;
}

/**
 * The pieces of the hint line: `{ label, move, score, line }`, read as
 * "Hint: 11-15 (+0.35 for Black) · line: 11-15 23-19 8-11". Null without a hint.
 * @param {Analysis | null | undefined} hint
 * @param {PartialState | null | undefined} state
 * @returns {HintParts | null}
 */
export function hintParts(hint, state) {
  if (!hint) return null;
  const move = hint.move && hint.move.notation ? hint.move.notation : "no move";
  return {
    label: "Hint:",
    move,
    score: hint.score ? hintScoreText(hint.score, state) : "",
    line: shortLine(hint.pv),
  };
}

/**
 * The hint line as text (what the panel shows and the live region reads).
 * @param {Analysis | null | undefined} hint
 * @param {PartialState | null | undefined} state
 * @returns {string}
 */
export function hintText(hint, state) {
  const p = hintParts(hint, state);
  if (!p) return "";
  let text = `${p.label} ${p.move}`;
  if (p.score) text += ` (${p.score})`;
  if (p.line) text += ` · line: ${p.line}`;
  return text;
}

/**
 * The pieces of the evaluation line: `{ label, score, depth, line }`, read as
 * "Evaluation: Black +0.35 · depth 9 · line: 11-15 23-19". Null without an evaluation.
 * @param {Analysis | null | undefined} evaluation
 * @param {PartialState | null | undefined} state
 * @param {Color} [side]
 * @returns {EvaluationParts | null}
 */
export function evaluationParts(evaluation, state, side = evaluationSide(state)) {
  if (!evaluation) return null;
  return {
    label: "Evaluation:",
    score: evaluationScoreText(evaluation.score, state, side),
    // A proven draw comes from the endgame databases, not from a search to some depth:
    // a depth beside it would mean nothing to a reader.
    depth:
      evaluation.score !== PROVEN_DRAW && Number.isInteger(evaluation.depth) && evaluation.depth > 0
        ? `depth ${evaluation.depth}`
        : "",
    line: shortLine(evaluation.pv),
  };
}

/**
 * The evaluation line as text.
 * @param {Analysis | null | undefined} evaluation
 * @param {PartialState | null | undefined} state
 * @param {Color} [side]
 * @returns {string}
 */
export function evaluationText(evaluation, state, side = evaluationSide(state)) {
  const p = evaluationParts(evaluation, state, side);
  if (!p) return "";
  let text = `${p.label} ${p.score}`;
  if (p.depth) text += ` · ${p.depth}`;
  if (p.line) text += ` · line: ${p.line}`;
  return text;
}

/**
 * What the score means, for a tooltip.
 * @param {PartialState | null | undefined} state
 * @param {Color} [side]
 * @returns {string}
 */
export function evaluationHelp(state, side = evaluationSide(state)) {
  const name = sideName(state, side);
  return `Score in men from ${name}'s point of view: positive means ${name} is better`;
}

// ---------------------------------------------------------------------- the arrow

/** @param {number} x */
const round = (x) => Math.round(x * 1000) / 1000;

/**
 * An arrow along `points` ([x, y] pairs, at least two; board units where a square is
 * 1 wide): the shaft goes through every point (each hop of a multi-jump) and stops
 * where the head begins; the head is a triangle whose tip is the last point.
 *
 * Returns `{ shaft: [[x, y], ...], head: [[tipX, tipY], [x, y], [x, y]] }`, or null
 * when there are fewer than two distinct points.
 * @param {Point[]} points
 * @param {{ head?: number, width?: number }} [size] the head's length and width
 * @returns {{ shaft: Point[], head: Point[] } | null}
 */
export function arrowGeometry(points, { head = 0.44, width = 0.5 } = {}) {
  if (!Array.isArray(points) || points.length < 2) return null;
  const [tx, ty] = points[points.length - 1];
  const [px, py] = points[points.length - 2];
  const len = Math.hypot(tx - px, ty - py);
  if (!(len > 0)) return null;
  const ux = (tx - px) / len;
  const uy = (ty - py) / len;
  const h = Math.min(head, len * 0.6);
  const bx = tx - ux * h;
  const by = ty - uy * h;
  const nx = (-uy * width) / 2;
  const ny = (ux * width) / 2;
  /** @type {(x: number, y: number) => Point} */
  const pt = (x, y) => [round(x), round(y)];
  return {
    shaft: [...points.slice(0, -1).map(([x, y]) => pt(x, y)), pt(bx, by)],
    head: [pt(tx, ty), pt(bx + nx, by + ny), pt(bx - nx, by - ny)],
  };
}

/**
 * The centres of the squares of `path`, given `position(square) -> { row, col }`.
 * @param {number[] | null | undefined} path
 * @param {(square: number) => RowCol} position
 * @returns {Point[]}
 */
export function pathPoints(path, position) {
  if (!Array.isArray(path)) return [];
  return path.map((square) => {
    const { row, col } = position(square);
    return [col + 0.5, row + 0.5];
  });
}

/**
 * SVG "x,y x,y" for a list of points.
 * @param {Point[]} points
 */
export function pointsAttr(points) {
  return points.map(([x, y]) => `${x},${y}`).join(" ");
}
