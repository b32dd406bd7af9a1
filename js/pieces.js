// The drawing of a piece: the same shapes as the static picture (svg.py), so the live
// board and the SVG output look alike. A man is a disc with an inner ring over a soft
// shadow; a king is two stacked discs topped by a crown. Colours come from CSS
// (widget.css), keyed on the piece's data-piece attribute.

const SVG_NS = "http://www.w3.org/2000/svg";

const CROWN = "M-9 5 L-10.5 -5 L-4.5 -0.5 L0 -8 L4.5 -0.5 L10.5 -5 L9 5 Z";

/** @import { PieceName } from "./types.js" */
/** @typedef {"man" | "king"} Rank */

/** @type {Record<Rank, [string, Record<string, string | number>][]>} */
const SHAPES = {
  man: [
    ["circle", { cx: 1, cy: 2.5, r: 19, class: "cw-shadow" }],
    ["circle", { r: 19, class: "cw-body" }],
    ["circle", { r: 13, class: "cw-ring" }],
  ],
  king: [
    ["circle", { cx: 1, cy: 6.5, r: 18.5, class: "cw-shadow" }],
    ["circle", { cy: 4, r: 18.5, class: "cw-body" }],
    ["circle", { cy: -3.5, r: 18.5, class: "cw-body" }],
    ["circle", { cy: -3.5, r: 12.5, class: "cw-ring" }],
    ["path", { d: CROWN, transform: "translate(0 -3)", class: "cw-crown" }],
  ],
};

/** @type {Map<Rank, SVGSVGElement>} */
const templates = new Map();

/**
 * The drawing of a man or a king, made once and cloned for each piece.
 * @param {Rank} rank
 * @returns {SVGSVGElement}
 */
function template(rank) {
  let svg = templates.get(rank);
  if (!svg) {
    svg = document.createElementNS(SVG_NS, "svg");
    svg.setAttribute("viewBox", "-25 -25 50 50");
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("focusable", "false");
    for (const [tag, attrs] of SHAPES[rank]) {
      const node = document.createElementNS(SVG_NS, tag);
      for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
      svg.appendChild(node);
    }
    templates.set(rank, svg);
  }
  return svg;
}

/**
 * "man" or "king" for a piece name such as "white-king".
 * @param {PieceName | string | null | undefined} kind
 * @returns {Rank}
 */
export function pieceRank(kind) {
  return typeof kind === "string" && kind.endsWith("-king") ? "king" : "man";
}

/**
 * A fresh SVG drawing of a man or a king (colour-agnostic; CSS paints it).
 * @param {PieceName | string | null | undefined} kind
 * @returns {SVGSVGElement}
 */
export function pieceSvg(kind) {
  return /** @type {SVGSVGElement} */ (template(pieceRank(kind)).cloneNode(true));
}

/** Side names that are colours, said as a piece's colour ("red man", not "Red's man"). */
const COLOUR_NAMES = new Set(["black", "white", "red"]);

/**
 * Words for screen readers: "black man", "white king", "empty". With the side names the
 * state publishes, in the board's own words: "red man" (side_names="black-red"),
 * "Ann's king" (side_names=("Ann", "Bob")).
 * @param {PieceName | string | null | undefined} kind
 * @param {Partial<Record<string, string>>} [names] side (black, white) -> its name
 * @returns {string}
 */
export function pieceWords(kind, names) {
  if (typeof kind !== "string") return "empty";
  const [color, rank] = kind.split("-");
  const name = names && names[color];
  if (!name) return `${color} ${rank}`;
  return COLOUR_NAMES.has(name.toLowerCase()) ? `${name.toLowerCase()} ${rank}` : `${name}'s ${rank}`;
}
