// Pointer and keyboard to intents. Each view keeps its own selection and keyboard
// cursor; what a click means is decided by selection.js from the state Python sent.

import {
  actingSide,
  currentPrefix,
  decideClick,
  movableSquares,
  targetsFor,
} from "./selection.js";
import { emptyMarks } from "./view.js";

/** @import { Color, DrawnState } from "./types.js" */
/** @import { RowCol } from "./geometry.js" */
/** @import { BoardView, Marks } from "./view.js" */
/**
 * @typedef {object} InputOptions What the board's input needs from the view around it.
 * @property {BoardView} view
 * @property {(path: number[]) => void} sendMove
 * @property {(square: number) => void} sendSelect a piece clicked that cannot be picked up
 *   (the computer thinks, or a capture is due elsewhere): Python says why
 * @property {(action: "pause" | "undo" | "redo" | "flip" | "hint") => void} command a key's control
 * @property {() => DrawnState} getState what the board draws now
 * @property {() => Color} getOrientation
 * @property {() => boolean} isInteractive
 * @property {() => void} changed redraw the marks
 * @property {(text: string) => void} announce
 * @property {(square: number) => boolean} intercept
 * @property {() => boolean} isWaiting
 * @property {() => boolean} isPaused
 * @property {() => void} idleClick a click that did nothing else (clears the drawing)
 * @property {(letter: "a" | "m", square: number) => boolean} drawKey A or M on the cursor's square
 */
/**
 * @typedef {object} Press A pointer pressed on a piece.
 * @property {number} square
 * @property {boolean} wasSelected the piece was picked up already
 * @property {number} pointerId
 * @property {number} x
 * @property {number} y
 * @property {boolean} dragging
 */

const DRAG_THRESHOLD = 5; // pixels the pointer moves before a press becomes a drag
const NAV_KEYS = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End"]);

export class BoardInput {
  /**
   * `view`: the BoardView; `sendMove(path)`; `sendSelect(square)`; `command(action)` for U/R/F/H/P;
   * `getState()`, `getOrientation()`, `isInteractive()`; `changed()` redraws the marks;
   * `announce(text)` speaks through the live region.
   * @param {InputOptions} options
   */
  constructor(options) {
    this.view = options.view;
    this.sendMove = options.sendMove;
    this.sendSelect = options.sendSelect;
    this.command = options.command;
    this.getState = options.getState;
    this.getOrientation = options.getOrientation;
    this.isInteractive = options.isInteractive;
    this.changed = options.changed;
    this.announce = options.announce;
    // `intercept(square)`: a click the board takes for itself (the position editor);
    // returns true when it handled the click.
    this.intercept = options.intercept;
    // `isWaiting()`: a move is drawn ahead of Python's answer; clicks wait for it.
    this.isWaiting = options.isWaiting;
    // `isPaused()`: the game is paused and the board hidden: only P (resume) is taken.
    this.isPaused = options.isPaused;
    // `idleClick()`: a click on the board that picked nothing up and sent no move.
    this.idleClick = options.idleClick;
    // `drawKey(letter, square)`: A (an arrow's start, then its end) or M (mark) pressed
    // with the keyboard cursor on `square`; returns whether it was taken.
    this.drawKey = options.drawKey;
    /** @type {(number | null)[]} */
    this.queued = [];
    /** @type {number | null} */
    this.selected = null;
    /** @type {number | null} */
    this.cursor = null;
    /** @type {RowCol | null} */
    this.sticky = null;
    /** @type {number | null} */
    this.hover = null;
    /** @type {Press | null} */
    this.press = null; // { square, pointerId, x, y, wasSelected, dragging }
    this.keyboard = false; // show the focus ring only after keyboard use
    /** @type {number | null} */
    this.version = null;
  }

  // ------------------------------------------------------------------ state
  /**
   * A new state arrived: a new position drops the view's selection.
   * @param {DrawnState | null} state
   */
  stateChanged(state) {
    if (state && state.version !== this.version) {
      this.version = state.version;
      this.selected = null;
      if (this.press && this.press.dragging) this.view.dragEnd(null);
      this.press = null;
      this.hover = null;
    }
  }

  /**
   * What the squares should show for this view now.
   * @returns {Marks}
   */
  marks() {
    const state = this.getState();
    const marks = emptyMarks();
    // (a cursor left on a square of a board no longer drawn starts again)
    if (this.cursor !== null && !this.view.board.isSquare(this.cursor)) {
      this.cursor = null;
      this.sticky = null;
    }
    marks.cursor = this.keyboard ? this.cursor : null;
    marks.hover = this.hover;
    const side = actingSide(state, this.isInteractive());
    if (side === null) return marks;
    marks.movable = movableSquares(state);
    const prefix = currentPrefix(state, this.selected);
    if (prefix.length) {
      marks.selected = prefix[prefix.length - 1];
      const { next, finals, jumps } = targetsFor(state.legal, prefix);
      marks.next = next;
      marks.finals = finals;
      marks.jumps = jumps;
    }
    return marks;
  }

  // ------------------------------------------------------------------ clicks
  /**
   * A click (or Enter/Space) on `square`; returns the path sent, if any.
   * @param {number | null} square
   * @returns {number[] | null}
   */
  click(square) {
    if (square !== null && square !== undefined && this.intercept(square)) {
      this.changed();
      return null;
    }
    if (this.isWaiting()) {
      this.queued.push(square);
      return null;
    }
    const state = this.getState();
    this.explainWaiting(state);
    if (this.computerThinking(state) && square !== null && square !== undefined) {
      // Not swallowed: the click goes to Python (a select intent), which says on the
      // status line that the computer is thinking.
      this.selected = null;
      this.sendSelect(square);
      this.changed();
      return null;
    }
    const { select, send, explain } = decideClick(state, this.selected, square, this.isInteractive());
    const before = this.selected;
    this.selected = state && state.pending ? null : select;
    if (!send && !select && before === null && !(state && state.pending)) this.idleClick();
    if (explain !== undefined) {
      this.sendSelect(explain);
    } else if (send) {
      this.sendMove(send);
    } else if (select && select !== before && !(state && state.pending)) {
      const prefix = currentPrefix(state, select);
      const { next, finals } = targetsFor(state.legal, prefix);
      const all = [...next, ...finals].sort((a, b) => a - b);
      this.announce(
        all.length
          ? `Picked up the piece on ${select}; it can land on ${all.join(", ")}.`
          : `Picked up the piece on ${select}; it has no legal move.`,
      );
    }
    this.changed();
    return send;
  }

  /** Play the clicks made while a move awaited Python's answer. */
  flushQueued() {
    const queued = this.queued;
    this.queued = [];
    for (const square of queued) this.click(square);
  }

  /** Forget them (the move they followed was refused). */
  dropQueued() {
    this.queued = [];
  }

  /**
   * Whether the computer is searching its move in a game still on (clicks wait for it).
   * @param {DrawnState | null} state
   */
  computerThinking(state) {
    return Boolean(state && state.thinking && !state.result && !state.editor) && this.isInteractive();
  }

  /**
   * Say (to screen readers) why the board takes no move now, when it is the computer's.
   * @param {DrawnState | null} state
   */
  explainWaiting(state) {
    if (!state || state.result || !this.isInteractive()) return;
    /** @type {Partial<Record<string, string>>} */
    const players = state.players || {};
    // (with nobody to move, `turn` is null and names no player)
    if (state.thinking) this.announce("Wait: the computer is thinking.");
    else if (players[/** @type {Color} */ (state.turn)] === "computer") this.announce("It is the computer's turn.");
    else if (players[/** @type {Color} */ (state.turn)] === "remote") this.announce("It is your opponent's turn.");
  }

  /** Escape: put the piece down (a jump sequence already started cannot be abandoned). */
  escape() {
    if (this.press) {
      // Escape during a drag puts the piece back where it was picked up.
      if (this.press.dragging) this.view.dragEnd(null);
      this.press = null;
      this.hover = null;
    }
    if (this.selected === null) {
      this.changed();
      return false;
    }
    this.selected = null;
    this.changed();
    return true;
  }

  // ------------------------------------------------------------------ keyboard
  /**
   * Where the keyboard cursor starts: the piece picked up, else a lit piece, else a corner.
   * @returns {number}
   */
  defaultCursor() {
    const state = this.getState() || {};
    const prefix = currentPrefix(state, this.selected);
    if (prefix.length) return prefix[prefix.length - 1];
    const orientation = this.getOrientation();
    const board = this.view.board;
    const movable = [...movableSquares(state)];
    if (movable.length && actingSide(state, this.isInteractive())) {
      // The lit piece nearest the bottom-left corner.
      movable.sort((a, b) => {
        const pa = board.rowCol(a, orientation);
        const pb = board.rowCol(b, orientation);
        return pb.row - pa.row || pa.col - pb.col;
      });
      return movable[0];
    }
    return board.bottomLeft(orientation);
  }

  /** @param {KeyboardEvent} event */
  onKeyDown(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const key = event.key;
    let handled = true;
    const letter = !event.shiftKey && typeof key === "string" && key.length === 1 ? key.toLowerCase() : "";
    if (letter === "p") {
      // Pause, or resume when paused (Chrome sends the one the state calls for).
      this.command("pause");
    } else if (this.isPaused()) {
      // The board is hidden: no cursor, no moves, no other shortcut.
      handled = false;
    } else if (NAV_KEYS.has(key)) {
      if (this.cursor === null || !this.keyboard) {
        // The first key after a click (or with no cursor yet) shows where the cursor is.
        if (this.cursor === null) this.cursor = this.defaultCursor();
        this.keyboard = true;
      } else {
        const moved = this.view.board.navigate(this.cursor, key, this.getOrientation(), this.sticky);
        this.cursor = moved.square;
        this.sticky = moved.sticky;
      }
      this.changed();
    } else if (key === "Enter" || key === " " || key === "Spacebar") {
      this.keyboard = true;
      if (this.cursor === null) {
        this.cursor = this.defaultCursor();
        this.changed();
      } else {
        this.sticky = null;
        this.click(this.cursor);
      }
    } else if (key === "Escape" || key === "Esc") {
      handled = this.escape();
    } else if (letter === "u") {
      this.command("undo");
    } else if (letter === "r") {
      this.command("redo");
    } else if (letter === "f") {
      this.command("flip");
    } else if (letter === "h") {
      this.command("hint");
    } else if ((letter === "a" || letter === "m") && this.cursor !== null && this.keyboard) {
      handled = this.drawKey(letter, this.cursor);
    } else {
      handled = false;
    }
    if (handled) {
      // Keep the keys for the board: no page scrolling, no notebook shortcuts.
      event.preventDefault();
      event.stopPropagation();
    }
  }

  onFocus() {
    // Focus from the keyboard (Tab) shows the cursor ring at once; a click does not.
    try {
      if (this.view.element.matches(":focus-visible")) this.keyboard = true;
    } catch {
      // no :focus-visible support
    }
    if (this.cursor === null) this.cursor = this.defaultCursor();
    this.changed();
  }

  onBlur() {
    if (this.keyboard) {
      this.keyboard = false;
      this.changed();
    }
  }

  // ------------------------------------------------------------------ pointer
  /**
   * Where `event` is, in pixels from the board's top-left corner, and the board's width.
   * @param {MouseEvent} event
   */
  pointInBoard(event) {
    const rect = this.view.element.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top, size: rect.width };
  }

  /** @param {MouseEvent} event */
  squareFromPoint(event) {
    const { x, y, size } = this.pointInBoard(event);
    return this.view.board.squareAtPoint(x, y, size, this.getOrientation());
  }

  /** @param {MouseEvent} event */
  squareFromEvent(event) {
    // (a pointer event's target is an element)
    const target = /** @type {Element | null} */ (event.target) && /** @type {Element} */ (event.target).closest
      ? /** @type {Element} */ (event.target).closest(".cw-sq")
      : null;
    if (target && this.view.element.contains(target)) return Number(target.getAttribute("data-square"));
    return this.squareFromPoint(event);
  }

  /** @param {PointerEvent} event */
  onPointerDown(event) {
    if (event.button !== 0 || event.isPrimary === false) return;
    if (this.keyboard) {
      this.keyboard = false;
    }
    const square = this.squareFromEvent(event);
    if (square !== null) {
      this.cursor = square;
      this.sticky = null;
    }
    if (square !== null && this.intercept(square)) {
      this.changed();
      return;
    }
    const state = this.getState();
    if (this.computerThinking(state) && square !== null) {
      this.click(square); // said on the status line (see click)
      return;
    }
    if (!this.isInteractive() || !state || actingSide(state, true) === null) {
      if (square !== null) this.idleClick();
      this.explainWaiting(state);
      this.changed();
      return;
    }
    const prefix = currentPrefix(state, this.selected);
    const lifted = prefix.length ? prefix[prefix.length - 1] : null;
    /** @type {{ square: number, wasSelected: boolean } | null} */
    let grab = null;
    if (square !== null && square === lifted) {
      grab = { square, wasSelected: true };
    } else {
      this.click(square);
      const now = currentPrefix(state, this.selected);
      const picked = now.length ? now[now.length - 1] : null;
      // (a null square is in no set: it is a square here)
      if (picked === square && movableSquares(state).has(/** @type {number} */ (square))) {
        grab = { square: /** @type {number} */ (square), wasSelected: false };
      }
    }
    if (grab) {
      const { x, y } = this.pointInBoard(event);
      this.press = { ...grab, pointerId: event.pointerId, x, y, dragging: false };
      try {
        this.view.element.setPointerCapture(event.pointerId);
      } catch {
        // a synthetic event without a real pointer
      }
    }
    this.changed();
  }

  /** @param {PointerEvent} event */
  onPointerMove(event) {
    const press = this.press;
    if (!press || event.pointerId !== press.pointerId) return;
    const { x, y } = this.pointInBoard(event);
    if (!press.dragging) {
      if (Math.hypot(x - press.x, y - press.y) < DRAG_THRESHOLD) return;
      press.dragging = this.view.dragStart(press.square);
      if (!press.dragging) return;
    }
    this.view.dragMove(x, y);
    const over = this.squareFromPoint(event);
    const hover = over !== press.square ? over : null;
    if (hover !== this.hover) {
      this.hover = hover;
      this.changed();
    }
  }

  /** @param {PointerEvent} event */
  onPointerUp(event) {
    const press = this.press;
    if (!press || event.pointerId !== press.pointerId) return;
    this.press = null;
    this.hover = null;
    if (press.dragging) {
      const target = this.squareFromPoint(event);
      if (target === null || target === press.square) {
        this.view.dragEnd(null);
        this.changed();
        return;
      }
      const marks = this.marks();
      const listed = marks.next.has(target) || marks.finals.has(target);
      const sent = this.click(target);
      this.view.dragEnd(sent && listed ? target : null);
      return;
    }
    if (press.wasSelected) {
      // A click on the piece already picked up puts it down (not a jump in progress).
      const state = this.getState();
      if (!(state && state.pending)) {
        this.selected = null;
        this.changed();
      }
    }
  }

  /** @param {PointerEvent} event */
  onPointerCancel(event) {
    const press = this.press;
    if (!press || (event.pointerId !== undefined && event.pointerId !== press.pointerId)) return;
    this.press = null;
    this.hover = null;
    if (press.dragging) this.view.dragEnd(null);
    this.changed();
  }

  /**
   * Attach the listeners to the board element; they all go away with `signal`.
   * @param {AbortSignal} signal
   */
  listen(signal) {
    const board = this.view.element;
    /**
     * @template {keyof HTMLElementEventMap} K
     * @param {K} type
     * @param {(this: BoardInput, event: HTMLElementEventMap[K]) => void} fn
     */
    const on = (type, fn) => board.addEventListener(type, fn.bind(this), { signal });
    on("pointerdown", this.onPointerDown);
    on("pointermove", this.onPointerMove);
    on("pointerup", this.onPointerUp);
    on("pointercancel", this.onPointerCancel);
    on("lostpointercapture", this.onPointerCancel);
    on("keydown", this.onKeyDown);
    on("focus", this.onFocus);
    on("blur", this.onBlur);
    // Selecting with the mouse must not start the browser's own drag of the SVGs.
    on("dragstart", (event) => event.preventDefault());
  }

  destroy() {
    if (this.press && this.press.dragging) this.view.dragEnd(null);
    this.press = null;
  }
}
