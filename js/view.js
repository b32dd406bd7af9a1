// The board: its numbered squares, as many and where Python's geometry says (8x8 or
// 10x10, js/geometry.js), the grid screen readers and tests see: a row for each row of
// the board, named by its place in the numbering ("Row 3" holding squares 9-12 on the
// American board), and in them the squares, "Square 11, black man, can move"; an overlay
// for the last move's path, the pieces, the hint's arrow above them, and the square
// numbers. Drawn incrementally:
// the DOM is built once; each new state only moves, adds, removes or restyles what
// changed, and pieces travel with CSS transforms.

import { arrowGeometry, pathPoints, pointsAttr } from "./analysis.js";
import { Animator, displayPieces, hopDuration, planTransition } from "./animate.js";
import { AMERICAN_BOARD, geometryOf } from "./geometry.js";
import { uniqueId } from "./dom.js";
import { drawingWords, renderDrawing } from "./drawing.js";
import { pieceSvg } from "./pieces.js";
import { squareLabel } from "./readout.js";

/** @import { Color, DrawnState, PartialState, PieceName } from "./types.js" */
/** @import { Plan } from "./animate.js" */
/** @import { BoardGeometry, RowCol } from "./geometry.js" */
/** @import { Preview } from "./drawing.js" */
/**
 * @typedef {object} Marks Everything marked on the squares.
 * @property {number | null} selected the piece picked up
 * @property {number | null} cursor the keyboard cursor
 * @property {number | null} hover the square under a dragged piece
 * @property {Set<number>} movable the pieces that can move
 * @property {Set<number>} next where the piece picked up can land next
 * @property {Set<number>} finals final squares one click away
 * @property {Set<number>} jumps the squares of `next` a capture lands on
 */
/**
 * @typedef {object} PieceEntry A piece drawn on the board.
 * @property {HTMLDivElement} el
 * @property {PieceName} kind
 * @property {boolean} [born] drawn by this state (it may fade in)
 */
/**
 * @typedef {object} DrawOptions How to get to a new drawing.
 * @property {boolean} [animate] let a move travel hop by hop
 * @property {Plan | null} [plan] how the pieces travel (else worked out from the states)
 * @property {number | undefined} [hopMs] milliseconds a hop
 * @property {boolean} [confirms] Python's answer to a move already drawn
 */

const SVG_NS = "http://www.w3.org/2000/svg";
const DROP_TIMEOUT_MS = 3000;

/**
 * A new div with `className` (if any) and the attributes in `attrs`.
 * @param {string} [className]
 * @param {Record<string, string>} [attrs]
 */
function div(className, attrs = {}) {
  const el = document.createElement("div");
  if (className) el.className = className;
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  return el;
}

/**
 * A new SVG element with the attributes in `attrs`.
 * @param {string} tag
 * @param {Record<string, string | number>} [attrs]
 */
function svgNode(tag, attrs = {}) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, String(value));
  return el;
}

/**
 * CSS transform that puts a one-square element (as wide as a square) on (row, col).
 * @param {number} row
 * @param {number} col
 */
export function cellTransform(row, col) {
  return `translate(${col * 100}%, ${row * 100}%)`;
}

/**
 * Everything marked on the squares, from the view's selection and the state.
 * @returns {Marks}
 */
export function emptyMarks() {
  return {
    selected: null,
    cursor: null,
    hover: null,
    movable: new Set(),
    next: new Set(),
    finals: new Set(),
    jumps: new Set(), // the squares of `next` a capture lands on
  };
}

export class BoardView {
  constructor() {
    this.id = uniqueId("cw-board");
    /** @type {Color} */
    this.orientation = "black";
    /** @type {DrawnState | null} */
    this.state = null;
    this.marks = emptyMarks();
    /** @type {Map<number, PieceEntry>} */
    this.pieces = new Map(); // square -> { el, kind }
    /** @type {Set<HTMLElement>} */
    this.dying = new Set(); // piece elements fading out after a capture
    this.animator = new Animator();
    /** @type {{ square: number, entry: PieceEntry } | null} */
    this.drag = null; // { square, entry }: the piece lifted
    /** @type {{ from: number, to: number, entry: PieceEntry } | null} */
    this.dropped = null; // { from, to, entry }: a piece dropped on a landing square, awaiting Python
    /** @type {ReturnType<typeof setTimeout> | null} */
    this.dropTimer = null;
    /** @type {Map<number, HTMLDivElement>} */
    this.squareEls = new Map();
    /** @type {Map<number, string>} */
    this.labels = new Map();
    this.hintKey = ""; // what the hint layer shows: orientation and path

    this.frame = div("cw-frame");
    this.element = div("cw-board", {
      "data-role": "board",
      role: "grid",
      tabindex: "0",
      "aria-label": "Checkers board",
      "aria-roledescription": "checkers board",
      "data-lm-suppress-shortcuts": "true",
    });
    /** @type {HTMLDivElement[]} */
    this.rows = [];
    /** @type {BoardGeometry | null} the board drawn: its size and squares */
    this.geometry = null;
    this.overlay = svgNode("svg", {
      class: "cw-overlay",
      "aria-hidden": "true",
      focusable: "false",
    });
    this.pieceLayer = div("cw-pieces", { "aria-hidden": "true" });
    // The user's drawing (state.drawings, js/drawing.js): arrows and rings over the pieces.
    this.drawLayer = svgNode("svg", {
      class: "cw-draw-layer",
      "data-role": "drawings",
      "aria-hidden": "true",
      focusable: "false",
    });
    /** @type {Preview | null} the arrow or ring being drawn (right button held) */
    this.drawPreview = null;
    // The hint: an arrow above the pieces, along every hop of the suggested move.
    this.hintLayer = svgNode("svg", {
      class: "cw-hint-layer",
      "aria-hidden": "true",
      focusable: "false",
    });
    this.numberLayer = div("cw-numbers", { "aria-hidden": "true" });
    /** @type {Map<number, HTMLDivElement>} */
    this.numberEls = new Map();
    // The keyboard cursor: a ring of its own above the pieces, so no tint can hide it.
    this.cursorEl = div("cw-cursor-ring", { "aria-hidden": "true" });
    this.cursorEl.hidden = true;
    this.element.append(this.overlay, this.pieceLayer, this.drawLayer, this.hintLayer, this.numberLayer, this.cursorEl);
    this.frame.appendChild(this.element);
    this.setGeometry(AMERICAN_BOARD);
  }

  /**
   * Build the squares of `geometry` (the board Python publishes: its size and numbered
   * squares), when it is not the board drawn already. The pieces of the old board go.
   * @param {BoardGeometry} geometry
   * @returns {boolean} whether the board changed
   */
  setGeometry(geometry) {
    if (geometry === this.geometry) return false;
    this.geometry = geometry;
    const n = geometry.size;
    this.animator.finishAll();
    for (const entry of this.pieces.values()) entry.el.remove();
    this.pieces = new Map();
    this.drag = null;
    this.dropped = null;
    for (const row of this.rows) row.remove();
    this.element.style.setProperty("--cw-n", String(n));
    this.element.setAttribute("aria-rowcount", String(n));
    this.element.setAttribute("aria-colcount", String(n));
    for (const layer of [this.overlay, this.drawLayer, this.hintLayer]) layer.setAttribute("viewBox", `0 0 ${n} ${n}`);
    this.hintKey = "";
    this.rows = [];
    for (let r = 0; r < n; r++) {
      const row = div("cw-row", { role: "row", "aria-rowindex": String(r + 1) });
      row.style.top = `${(r * 100) / n}%`;
      this.rows.push(row);
      this.element.insertBefore(row, this.overlay);
    }
    this.squareEls = new Map();
    this.labels = new Map();
    this.numberEls = new Map();
    this.numberLayer.replaceChildren();
    for (const square of geometry.squares) {
      const el = div("cw-sq", {
        role: "gridcell",
        id: `${this.id}-sq${square}`,
        "data-square": String(square),
      });
      this.squareEls.set(square, el);
      const number = div("cw-num", { "data-number": String(square) });
      number.textContent = String(square);
      this.numberEls.set(square, number);
      this.numberLayer.appendChild(number);
    }
    this.layout();
    return true;
  }

  /** The board drawn (American's until a state says otherwise). */
  get board() {
    return /** @type {BoardGeometry} */ (this.geometry);
  }

  // ------------------------------------------------------------------ layout
  /** @param {Color} orientation */
  setOrientation(orientation) {
    const next = orientation === "white" ? "white" : "black";
    if (next === this.orientation) return;
    this.animator.finishAll();
    this.orientation = next;
    this.layout();
    if (this.state) this.drawOverlay(this.state);
  }

  /**
   * Where `square` is drawn.
   * @param {number} square
   * @returns {RowCol}
   */
  position(square) {
    return this.board.rowCol(square, this.orientation);
  }

  layout() {
    // Squares go into their screen row in reading order, so screen readers walk the
    // board as it is drawn.
    const board = this.board;
    for (let r = 0; r < board.size; r++) {
      const squares = board.rowSquares(r, this.orientation);
      for (const [c, square] of squares.entries()) {
        const el = /** @type {HTMLDivElement} */ (this.squareEls.get(square));
        const { col } = this.position(square);
        el.style.left = `${(col * 100) / board.size}%`;
        el.setAttribute("aria-colindex", String(col + 1));
        const row = this.rows[r];
        if (row.children[c] !== el) row.insertBefore(el, row.children[c] || null);
      }
      // The row's name counts as the numbering does (row 1: the row of square 1),
      // whichever side is drawn at the bottom.
      if (squares.length) this.rows[r].setAttribute("aria-label", `Row ${board.rowOf.get(squares[0])}`);
      else this.rows[r].removeAttribute("aria-label");
    }
    for (const [square, el] of this.numberEls) {
      const { row, col } = this.position(square);
      el.style.transform = cellTransform(row, col);
    }
    for (const [square, entry] of this.pieces) this.place(entry.el, square);
    if (this.marks.cursor) this.place(this.cursorEl, this.marks.cursor);
  }

  /**
   * Put `el` on `square`.
   * @param {HTMLElement} el
   * @param {number} square
   */
  place(el, square) {
    const { row, col } = this.position(square);
    el.style.transform = cellTransform(row, col);
  }

  /** @param {boolean} show */
  setNumbers(show) {
    this.frame.classList.toggle("cw-show-numbers", Boolean(show));
  }

  // ------------------------------------------------------------------ pieces
  /**
   * A new piece on the board.
   * @param {PieceName} kind
   * @param {number} square
   */
  makePiece(kind, square) {
    const el = div("cw-piece", { "data-piece": kind, "data-square": String(square) });
    el.appendChild(pieceSvg(kind));
    this.place(el, square);
    this.pieceLayer.appendChild(el);
    return el;
  }

  /**
   * Make a drawn piece `kind` (a man crowned, say).
   * @param {PieceEntry} entry
   * @param {PieceName} kind
   */
  setKind(entry, kind) {
    if (entry.kind === kind) return;
    const rankChanged = entry.kind.split("-")[1] !== kind.split("-")[1];
    entry.kind = kind;
    entry.el.setAttribute("data-piece", kind);
    if (rankChanged) entry.el.replaceChildren(pieceSvg(kind));
  }

  /**
   * Draw `state`. With `animate`, a move from the previous state travels hop by hop;
   * otherwise everything jumps to its place.
   * @param {DrawnState} state
   * @param {DrawOptions} [options]
   */
  draw(state, { animate = false, plan: given, hopMs, confirms = false } = {}) {
    // Another board (a variant's): nothing of the old drawing travels to it.
    const newBoard = this.setGeometry(geometryOf(state));
    const prev = newBoard ? null : this.state;
    this.state = state;
    const { pieces, faded } = displayPieces(state);
    // A caller may say how the pieces travel (the step-through replay does).
    // `confirms`: Python's answer to a move already drawn; the position stays as drawn.
    const plan = confirms || newBoard ? null : given !== undefined ? given : prev ? planTransition(prev, state) : null;
    // A move drawn ahead of Python's answer keeps travelling when the answer confirms it.
    if (!confirms) this.animator.finishAll();
    const old = this.pieces;
    /** @type {Map<number, PieceEntry>} */
    const next = new Map();
    clearTimeout(this.dropTimer);
    const dropped = this.dropped;
    this.dropped = null;
    const droppedEntry = dropped ? dropped.entry : null;
    const dropFrom = droppedEntry ? droppedEntry.el.style.transform : null;

    /** @type {PieceEntry | null} */
    let mover = null;
    /** @type {PieceName | null} */
    let moverKind = null;
    if (plan) {
      const entry = old.get(plan.from);
      const end = plan.hops[plan.hops.length - 1];
      if (entry) {
        old.delete(plan.from);
        next.set(end, entry);
        mover = entry;
        moverKind = pieces[String(end)];
      }
    }
    /** @type {Map<number, number>} square -> the hop that passes it */
    const restored = new Map();
    /** @type {Map<number, number>} */
    const removed = new Map();
    /** @type {Map<number, number>} */
    const fading = new Map();
    if (plan) {
      for (const cap of plan.captures) {
        if (cap.change === "restore") restored.set(cap.square, cap.hop);
        else if (cap.change === "remove") removed.set(cap.square, cap.hop);
        else if (cap.change === "fade") fading.set(cap.square, cap.hop);
      }
    }

    for (const [key, kind] of Object.entries(pieces)) {
      const square = Number(key);
      if (next.has(square)) continue;
      const entry = old.get(square);
      if (entry) {
        old.delete(square);
        // A piece still travelling takes its new kind (a crown) when it lands.
        if (!entry.el.classList.contains("cw-moving")) this.setKind(entry, kind);
        next.set(square, entry);
      } else {
        next.set(square, { el: this.makePiece(kind, square), kind, born: true });
      }
    }
    this.pieces = next;

    const hop = hopMs || hopDuration(plan ? plan.hops.length : 1);
    const animateNow = animate && Boolean(plan);

    // Pieces that left the board: fade the captured ones as the mover passes them.
    for (const [square, entry] of old) {
      const at = removed.get(square);
      if (animateNow && at !== undefined) {
        this.dying.add(entry.el);
        entry.el.classList.add("cw-captured");
        this.animator.play(
          entry.el,
          [{ opacity: getOpacity(entry.el) }, { opacity: 0 }],
          { duration: hop * 0.6, delay: hop * (at + 0.4), fill: "forwards" },
          () => {
            this.dying.delete(entry.el);
            entry.el.remove();
          },
        );
      } else {
        entry.el.remove();
      }
    }

    for (const [square, entry] of next) {
      const el = entry.el;
      el.setAttribute("data-square", String(square));
      const isFaded = faded.has(square);
      if (entry === mover) continue;
      if (this.drag && this.drag.entry === entry) continue; // still in the user's hand
      this.place(el, square);
      if (entry === droppedEntry && animate) {
        // The drop was not taken (refused or vetoed): the piece slides back home.
        this.animator.play(el, [{ transform: dropFrom }, { transform: el.style.transform }], {
          duration: 150,
          easing: "ease-out",
        });
      }
      const wasFaded = el.classList.contains("cw-faded");
      el.classList.toggle("cw-faded", isFaded);
      if (!animateNow) {
        delete entry.born;
        continue;
      }
      if (entry.born && restored.has(square)) {
        this.animator.play(
          el,
          [{ opacity: 0 }, { opacity: 1 }],
          { duration: hop * 0.6, delay: hop * (/** @type {number} */ (restored.get(square)) + 0.4), fill: "backwards" },
        );
      } else if (isFaded !== wasFaded && (fading.has(square) || !isFaded)) {
        const at = fading.get(square) ?? 0;
        this.animator.play(
          el,
          [{ opacity: isFaded ? 1 : 0.35 }, { opacity: isFaded ? 0.35 : 1 }],
          { duration: hop * 0.6, delay: hop * (at + 0.4), fill: "backwards" },
        );
      }
      delete entry.born;
    }

    if (mover) {
      // (a mover comes with its plan, and the dropped entry with its drop)
      const end = /** @type {Plan} */ (plan).hops[/** @type {Plan} */ (plan).hops.length - 1];
      const finalKind = moverKind || mover.kind;
      const el = mover.el;
      el.classList.toggle("cw-faded", faded.has(end));
      let landedByDrop = droppedEntry === mover && /** @type {{ to: number }} */ (dropped).to === end;
      if (this.drag && this.drag.entry === mover) {
        // Dropped on its landing square and drawn there at once: no flight from the hand.
        this.drag = null;
        el.classList.remove("cw-dragging");
        landedByDrop = true;
      }
      const fromTransform = el.style.transform;
      this.place(el, end);
      if (animateNow && !landedByDrop) {
        const frames = [{ transform: fromTransform || this.transformOf(/** @type {Plan} */ (plan).from) }];
        for (const square of /** @type {Plan} */ (plan).hops) frames.push({ transform: this.transformOf(square) });
        el.classList.add("cw-moving");
        this.animator.play(
          el,
          frames.map((f) => ({ ...f, easing: "ease-in-out" })),
          { duration: hop * /** @type {Plan} */ (plan).hops.length },
          () => {
            el.classList.remove("cw-moving");
            this.setKind(mover, finalKind);
          },
        );
      } else {
        this.setKind(mover, finalKind);
      }
    }

    this.drawOverlay(state);
  }

  /** @param {number} square */
  transformOf(square) {
    const { row, col } = this.position(square);
    return cellTransform(row, col);
  }

  /**
   * The last move: tinted squares are marks; here its path and the captured squares.
   * @param {PartialState | null} state
   */
  drawOverlay(state) {
    const overlay = this.overlay;
    overlay.replaceChildren();
    const last = state && state.last_move;
    const pending = state && state.pending;
    /** @type {{ path: number[], captures: number[], cls: string }[]} */
    const lines = [];
    if (pending && Array.isArray(pending.path) && pending.path.length > 1) {
      lines.push({ path: pending.path, captures: [], cls: "cw-pending-path" });
    } else if (last && Array.isArray(last.path) && last.path.length > 1) {
      lines.push({ path: last.path, captures: last.captures || [], cls: "cw-last-path" });
    }
    for (const line of lines) {
      const points = line.path
        .map((s) => {
          const { row, col } = this.position(s);
          return `${col + 0.5},${row + 0.5}`;
        })
        .join(" ");
      overlay.appendChild(svgNode("polyline", { points, class: line.cls }));
      for (const square of line.captures) {
        const { row, col } = this.position(square);
        const x = col + 0.5;
        const y = row + 0.5;
        const d = 0.14;
        overlay.appendChild(
          svgNode("path", {
            d: `M${x - d} ${y - d}L${x + d} ${y + d}M${x + d} ${y - d}L${x - d} ${y + d}`,
            class: "cw-capture-mark",
          }),
        );
      }
    }
    this.drawHint(state);
    this.drawDrawings(state);
  }

  /**
   * The user's arrows and rings (state.drawings; none while the position is edited),
   * and the gesture in progress.
   * @param {PartialState | null} state
   */
  drawDrawings(state) {
    const drawing = state && !state.editor ? state.drawings : null;
    renderDrawing(this.drawLayer, drawing, (s) => this.position(s), this.drawPreview);
    // Screen readers hear what is drawn with the board.
    const words = drawingWords(drawing);
    if (words) this.element.setAttribute("aria-description", `Drawn on the board: ${words}`);
    else this.element.removeAttribute("aria-description");
  }

  /**
   * Show (or with null, stop showing) the arrow or ring being drawn.
   * @param {Preview | null} preview
   */
  setDrawPreview(preview) {
    this.drawPreview = preview;
    this.drawDrawings(this.state);
  }

  /**
   * The hint's arrow (state.hint.move.path), or nothing when there is no hint.
   * @param {PartialState | null} state
   */
  drawHint(state) {
    const layer = this.hintLayer;
    const move = state && state.hint && state.hint.move;
    const path = move && Array.isArray(move.path) ? move.path : null;
    const key = path ? `${this.orientation}:${path.join(" ")}` : "";
    if (this.hintKey === key) return;
    this.hintKey = key;
    layer.replaceChildren();
    const arrow = path ? arrowGeometry(pathPoints(path, (s) => this.position(s))) : null;
    if (!arrow) return;
    const group = svgNode("g", {
      class: "cw-hint-arrow",
      "data-role": "hint-arrow",
      "data-path": /** @type {number[]} */ (path).join(" "), // (an arrow has a path)
    });
    for (const cls of ["cw-hint-halo", "cw-hint-ink"]) {
      group.appendChild(svgNode("polyline", { points: pointsAttr(arrow.shaft), class: `${cls} cw-hint-shaft` }));
      group.appendChild(svgNode("polygon", { points: pointsAttr(arrow.head), class: `${cls} cw-hint-head` }));
    }
    layer.appendChild(group);
  }

  // ------------------------------------------------------------------ marks
  /**
   * Restyle the squares: selection, lit pieces, landing squares, cursor, last move.
   * @param {Marks} marks
   */
  setMarks(marks) {
    this.marks = marks;
    /** @type {PartialState} */
    const state = this.state || {};
    const last = state.last_move;
    const lastFrom = last && !state.pending ? last.path[0] : null;
    const lastTo = last && !state.pending ? last.path[last.path.length - 1] : null;
    const { pieces } = displayPieces(state);
    const hintPath = state.hint && state.hint.move && Array.isArray(state.hint.move.path) ? state.hint.move.path : null;
    const hintFrom = hintPath ? hintPath[0] : null;
    const hintTo = hintPath ? hintPath[hintPath.length - 1] : null;
    for (const [square, el] of this.squareEls) {
      const cls = ["cw-sq"];
      const words = [];
      if (square === lastFrom || square === lastTo) {
        cls.push("cw-last");
        words.push(square === lastTo ? "last move to here" : "last move from here");
      }
      if (square === hintFrom) {
        cls.push("cw-hint-from");
        words.push("hint: move from here");
      } else if (square === hintTo) {
        cls.push("cw-hint-to");
        words.push("hint: move to here");
      }
      if (marks.movable.has(square)) {
        cls.push("cw-movable");
        words.push("can move");
      }
      if (square === marks.selected) {
        cls.push("cw-selected");
        words.push("selected");
      }
      if (marks.next.has(square)) {
        cls.push("cw-target");
        if (marks.jumps && marks.jumps.has(square)) cls.push("cw-jump");
        words.push("landing square");
      } else if (marks.finals.has(square)) {
        cls.push("cw-target", "cw-final");
        words.push("final landing square");
      }
      if (square === marks.cursor) cls.push("cw-cursor");
      if (square === marks.hover) cls.push("cw-hover");
      const className = cls.join(" ");
      if (el.className !== className) el.className = className;
      const kind = pieces[String(square)];
      const label = [squareLabel(square, kind, state.names), ...words].join(", ");
      if (this.labels.get(square) !== label) {
        this.labels.set(square, label);
        el.setAttribute("aria-label", label);
      }
      const selected = square === marks.selected ? "true" : "false";
      if (el.getAttribute("aria-selected") !== selected) el.setAttribute("aria-selected", selected);
    }
    for (const [square, entry] of this.pieces) {
      entry.el.classList.toggle("cw-lit", marks.movable.has(square));
      entry.el.classList.toggle("cw-picked", square === marks.selected);
    }
    this.cursorEl.hidden = !marks.cursor;
    if (marks.cursor) {
      this.place(this.cursorEl, marks.cursor);
      this.element.setAttribute("aria-activedescendant", `${this.id}-sq${marks.cursor}`);
    } else {
      this.element.removeAttribute("aria-activedescendant");
    }
  }

  /**
   * Ring the piece on `square` (the one a replayed jump takes next); null for none.
   * @param {number | null} square
   */
  setJumped(square) {
    for (const [at, entry] of this.pieces) entry.el.classList.toggle("cw-jumped", at === square);
  }

  // ------------------------------------------------------------------ dragging
  /**
   * Lift the piece on `square` to follow the pointer; returns false if there is none.
   * @param {number} square
   * @returns {boolean}
   */
  dragStart(square) {
    const entry = this.pieces.get(square);
    if (!entry) return false;
    this.animator.finishAll();
    this.drag = { square, entry };
    entry.el.classList.add("cw-dragging");
    return true;
  }

  /**
   * Move the lifted piece so that its centre is at (x, y) pixels in the board.
   * @param {number} x
   * @param {number} y
   */
  dragMove(x, y) {
    if (!this.drag) return;
    const size = this.element.getBoundingClientRect().width || 1;
    const half = size / (2 * this.board.size);
    this.drag.entry.el.style.transform = `translate(${x - half}px, ${y - half}px)`;
  }

  /**
   * Put the lifted piece down: on `target` while Python decides (the next state either
   * confirms it, or it slides back), or back home when `target` is null.
   * @param {number | null} target
   */
  dragEnd(target) {
    const drag = this.drag;
    if (!drag) return;
    this.drag = null;
    drag.entry.el.classList.remove("cw-dragging");
    if (target) {
      this.place(drag.entry.el, target);
      this.dropped = { from: drag.square, to: target, entry: drag.entry };
      // Should no new state come (a kernel gone away), do not leave the piece there.
      clearTimeout(this.dropTimer);
      this.dropTimer = setTimeout(() => this.clearDrop(), DROP_TIMEOUT_MS);
    } else {
      const from = drag.entry.el.style.transform;
      this.place(drag.entry.el, drag.square);
      this.animator.play(drag.entry.el, [{ transform: from }, { transform: drag.entry.el.style.transform }], {
        duration: 120,
        easing: "ease-out",
      });
    }
  }

  /** Undo an optimistic drop that Python did not answer with a new drawing. */
  clearDrop() {
    clearTimeout(this.dropTimer);
    const dropped = this.dropped;
    this.dropped = null;
    if (!dropped) return;
    for (const [square, entry] of this.pieces) {
      if (entry === dropped.entry) this.place(entry.el, square);
    }
  }

  destroy() {
    clearTimeout(this.dropTimer);
    this.dropped = null;
    this.animator.finishAll();
    for (const el of this.dying) el.remove();
    this.dying.clear();
    this.frame.remove();
  }
}

/**
 * The opacity a piece is drawn with.
 * @param {Element} el
 */
function getOpacity(el) {
  return el.classList.contains("cw-faded") ? 0.35 : 1;
}
