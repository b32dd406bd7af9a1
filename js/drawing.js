// Drawing on the board, as on lichess: right-drag from one square to another draws an
// arrow, a right-click rings a square. The modifier keys held when the button is
// pressed choose the colour: none green, Shift red, Alt blue, Shift+Alt (or Ctrl) yellow.
// Drawing the same arrow or ring again in the same colour takes it away. A left click
// that does nothing else (an empty square, a piece that cannot move, with nothing picked
// up) clears the position's drawing (see BoardInput's `idleClick`).
//
// The front end only collects the gesture: it sends a draw intent ({kind: "draw",
// action: "arrow" | "mark" | "clear", ...}) and Python keeps the drawing with the game
// (one per position) and publishes it as state.drawings, which this module draws: the
// arrows over the pieces, the rings around the squares, in an SVG layer of the board.
// While the right button is held, the arrow (or ring) being drawn is shown as a preview.
// The board's context menu never opens (JupyterLab's nor the browser's).
//
// From the keyboard, with the board's cursor on a square: M marks it (green), A starts
// an arrow there and A on another square ends it (A again on the start square cancels).

import "./drawing.css";
import { arrowGeometry, pathPoints, pointsAttr } from "./analysis.js";
import { AMERICAN_BOARD } from "./geometry.js";

/** @import { ArrowDrawn, Color, Colour, Drawings, IntentDraft, PartialState } from "./types.js" */
/** @import { BoardGeometry, RowCol } from "./geometry.js" */
/**
 * @typedef {{ from: number, to: number | null, colour: Colour }} Preview what is being drawn
 * @typedef {{ shiftKey?: boolean, altKey?: boolean, ctrlKey?: boolean, metaKey?: boolean }} Modifiers
 */

const SVG_NS = "http://www.w3.org/2000/svg";

/** @type {Colour[]} */
export const COLOURS = ["green", "red", "blue", "yellow"];

/**
 * The colour the modifier keys choose: none green, Shift red, Alt blue, Shift+Alt or
 * Ctrl (or the Mac's Cmd) yellow.
 * @param {Modifiers} keys
 * @returns {Colour}
 */
export function colourFor(keys) {
  const shift = Boolean(keys.shiftKey);
  const alt = Boolean(keys.altKey);
  if ((shift && alt) || keys.ctrlKey || keys.metaKey) return "yellow";
  if (shift) return "red";
  if (alt) return "blue";
  return "green";
}

/**
 * What a right-button gesture from `from` released over `to` asks for: a ring when
 * both are the same square, an arrow between two squares, nothing off the board.
 * @param {number | null} from
 * @param {number | null} to
 * @param {Colour} colour
 * @returns {IntentDraft | null}
 */
export function drawIntent(from, to, colour) {
  if (from === null || to === null) return null;
  if (from === to) return { kind: "draw", action: "mark", square: from, colour };
  return { kind: "draw", action: "arrow", from, to, colour };
}

/**
 * The arrow from square `from` to `to` in board units (a square is 1 wide): it starts
 * off the centre of `from` and its tip stops short of the centre of `to`, so that a
 * ring or a piece there stays visible.
 * @param {number} from
 * @param {number} to
 * @param {(square: number) => RowCol} position
 */
export function drawnArrow(from, to, position) {
  const [[x1, y1], [x2, y2]] = pathPoints([from, to], position);
  const len = Math.hypot(x2 - x1, y2 - y1);
  const ux = (x2 - x1) / len;
  const uy = (y2 - y1) / len;
  /** @type {[number, number][]} */
  const points = [
    [x1 + ux * 0.15, y1 + uy * 0.15],
    [x2 - ux * 0.12, y2 - uy * 0.12],
  ];
  return arrowGeometry(points, { head: 0.42, width: 0.48 });
}

/**
 * A new SVG element with `attrs`.
 * @param {string} tag
 * @param {Record<string, string | number>} attrs
 */
function svgNode(tag, attrs) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, String(value));
  return el;
}

/**
 * The drawing as an SVG group: one `g[data-role=drawn-arrow]` an arrow (with data-from,
 * data-to, data-colour) and one `circle[data-role=drawn-mark]` a ring (data-mark-square: not data-square, which names the board's squares and pieces).
 * @param {SVGElement} layer the board's drawing layer (viewBox 0 0 N N, a square 1 wide)
 * @param {Drawings | null | undefined} drawing
 * @param {(square: number) => RowCol} position
 * @param {Preview | null} [preview] the gesture in progress
 */
export function renderDrawing(layer, drawing, position, preview = null) {
  layer.replaceChildren();
  const marks = drawing && Array.isArray(drawing.marks) ? [...drawing.marks] : [];
  /** @type {ArrowDrawn[]} */
  const arrows = drawing && Array.isArray(drawing.arrows) ? [...drawing.arrows] : [];
  for (const mark of marks) {
    const { row, col } = position(mark.square);
    layer.appendChild(
      svgNode("circle", {
        cx: col + 0.5,
        cy: row + 0.5,
        r: 0.44,
        class: `cw-drawn-mark cw-drawn-${mark.colour}`,
        "data-role": "drawn-mark",
        "data-mark-square": mark.square,
        "data-colour": mark.colour,
      }),
    );
  }
  for (const arrow of arrows) layer.appendChild(arrowNode(arrow.from, arrow.to, arrow.colour, position, false));
  if (preview && preview.to !== null) {
    if (preview.to === preview.from) {
      const { row, col } = position(preview.from);
      layer.appendChild(
        svgNode("circle", {
          cx: col + 0.5,
          cy: row + 0.5,
          r: 0.44,
          class: `cw-drawn-mark cw-drawn-preview cw-drawn-${preview.colour}`,
          "data-role": "drawing-preview",
        }),
      );
    } else {
      layer.appendChild(arrowNode(preview.from, preview.to, preview.colour, position, true));
    }
  }
}

/**
 * @param {number} from
 * @param {number} to
 * @param {Colour} colour
 * @param {(square: number) => RowCol} position
 * @param {boolean} preview
 */
function arrowNode(from, to, colour, position, preview) {
  const geometry = drawnArrow(from, to, position);
  const group = svgNode("g", {
    class: `cw-drawn-arrow cw-drawn-${colour}${preview ? " cw-drawn-preview" : ""}`,
    "data-role": preview ? "drawing-preview" : "drawn-arrow",
    "data-from": from,
    "data-to": to,
    "data-colour": colour,
  });
  if (geometry) {
    // A pale halo under the ink keeps every colour readable on the dark squares.
    for (const layer of ["cw-drawn-halo", "cw-drawn-ink"]) {
      group.appendChild(svgNode("polyline", { points: pointsAttr(geometry.shaft), class: `${layer} cw-drawn-shaft` }));
      group.appendChild(svgNode("polygon", { points: pointsAttr(geometry.head), class: `${layer} cw-drawn-head` }));
    }
  }
  return group;
}

/**
 * A short description of the drawing for the board's label (screen readers): "arrows:
 * 11 to 15 (green); marked: 14 (red)"; "" when nothing is drawn.
 * @param {Drawings | null | undefined} drawing
 */
export function drawingWords(drawing) {
  if (!drawing) return "";
  const parts = [];
  if (drawing.arrows && drawing.arrows.length) {
    parts.push(`arrows: ${drawing.arrows.map((a) => `${a.from} to ${a.to} (${a.colour})`).join(", ")}`);
  }
  if (drawing.marks && drawing.marks.length) {
    parts.push(`marked: ${drawing.marks.map((m) => `${m.square} (${m.colour})`).join(", ")}`);
  }
  return parts.join("; ");
}

/**
 * Whether `state` has anything drawn on it.
 * @param {PartialState | null | undefined} state
 */
export function hasDrawing(state) {
  const d = state && state.drawings;
  return Boolean(d && ((d.arrows && d.arrows.length) || (d.marks && d.marks.length)));
}

/**
 * @typedef {object} DrawingOptions
 * @property {HTMLElement} element the board
 * @property {() => Color} getOrientation
 * @property {() => BoardGeometry} [getGeometry] the board drawn (American's if not given)
 * @property {() => boolean} canDraw whether the board takes drawings now (interactive, game shown)
 * @property {(intent: IntentDraft) => void} send
 * @property {(preview: Preview | null) => void} showPreview
 * @property {(text: string) => void} [announce] say it through the live region
 */

export class DrawingInput {
  /** @param {DrawingOptions} options */
  constructor(options) {
    this.element = options.element;
    this.getOrientation = options.getOrientation;
    this.getGeometry = options.getGeometry || (() => AMERICAN_BOARD);
    this.canDraw = options.canDraw;
    this.send = options.send;
    this.showPreview = options.showPreview;
    this.announce = options.announce || (() => {});
    /** @type {number | null} where an arrow drawn from the keyboard starts */
    this.keyStart = null;
    /** @type {{ pointerId: number, from: number, colour: Colour, to: number | null } | null} */
    this.press = null;
    // JupyterLab opens no menu of its own over an element that asks so.
    this.element.setAttribute("data-jp-suppress-context-menu", "");
  }

  /**
   * A or M pressed with the keyboard cursor on `square`; returns whether it was taken.
   * @param {"a" | "m"} letter
   * @param {number} square
   * @returns {boolean}
   */
  key(letter, square) {
    if (!this.canDraw()) return false;
    if (letter === "m") {
      this.send({ kind: "draw", action: "mark", square, colour: "green" });
      this.announce(`Mark on square ${square} drawn or taken away.`);
      return true;
    }
    const start = this.keyStart;
    if (start === null) {
      this.keyStart = square;
      this.showPreview({ from: square, to: square, colour: "green" });
      this.announce(`Arrow from ${square}: move the cursor to its end and press A.`);
      return true;
    }
    this.keyStart = null;
    this.showPreview(null);
    if (start === square) {
      this.announce("Arrow cancelled.");
      return true;
    }
    this.send({ kind: "draw", action: "arrow", from: start, to: square, colour: "green" });
    this.announce(`Arrow from ${start} to ${square} drawn or taken away.`);
    return true;
  }

  /** @param {MouseEvent} event */
  squareOf(event) {
    const rect = this.element.getBoundingClientRect();
    const board = this.getGeometry();
    return board.squareAtPoint(event.clientX - rect.left, event.clientY - rect.top, rect.width, this.getOrientation());
  }

  /** @param {PointerEvent} event */
  onPointerDown(event) {
    if (event.button !== 2) return;
    event.preventDefault();
    if (!this.canDraw()) return;
    const from = this.squareOf(event);
    if (from === null) return;
    this.press = { pointerId: event.pointerId, from, colour: colourFor(event), to: from };
    try {
      this.element.setPointerCapture(event.pointerId);
    } catch {
      // a synthetic event without a real pointer
    }
    this.showPreview({ from, to: from, colour: this.press.colour });
  }

  /** @param {PointerEvent} event */
  onPointerMove(event) {
    const press = this.press;
    if (!press || event.pointerId !== press.pointerId) return;
    const to = this.squareOf(event);
    if (to === press.to) return;
    press.to = to;
    this.showPreview({ from: press.from, to, colour: press.colour });
  }

  /** @param {PointerEvent} event */
  onPointerUp(event) {
    const press = this.press;
    if (!press || event.pointerId !== press.pointerId) return;
    this.press = null;
    this.showPreview(null);
    const intent = drawIntent(press.from, this.squareOf(event), press.colour);
    if (intent) this.send(intent);
  }

  onPointerCancel() {
    if (!this.press) return;
    this.press = null;
    this.showPreview(null);
  }

  /**
   * Attach the listeners to the board; they go away with `signal`.
   * @param {AbortSignal} signal
   */
  listen(signal) {
    const board = this.element;
    board.addEventListener("pointerdown", (e) => this.onPointerDown(e), { signal });
    board.addEventListener("pointermove", (e) => this.onPointerMove(e), { signal });
    board.addEventListener("pointerup", (e) => this.onPointerUp(e), { signal });
    board.addEventListener("pointercancel", () => this.onPointerCancel(), { signal });
    board.addEventListener(
      "contextmenu",
      (e) => {
        e.preventDefault();
        e.stopPropagation();
      },
      { signal },
    );
  }
}
