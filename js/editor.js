// The position editor (state.editor): a palette of men and kings of either colour and an
// eraser, the side to move, Clear, Reset, the FEN (shown and editable), Done and Cancel.
// Every change is an edit intent ({kind: "edit", action, ...}); Python keeps the
// position being built, refuses what the rules could never produce (a man on its own
// crowning row, more than 12 pieces a side, a malformed FEN) and says why
// (state.editor.error), and "done" starts a game from it.

import { pieceSvg, pieceWords } from "./pieces.js";
import { button, el } from "./dom.js";

/**
 * @import { BoardState, Color, Count, DrawnState, EditIntent, EditorState, IntentDraft } from "./types.js"
 * @import { PieceName, Pieces, Without } from "./types.js"
 */
/** @typedef {PieceName | "none"} Tool A piece to place, or "none": the eraser. */

/** @type {Tool[]} */
export const TOOLS = ["black-man", "black-king", "white-man", "white-king", "none"];

/**
 * The edit intent (without version) for a click on `square` with `tool` (a piece name
 * or "none", the eraser), given the pieces now: the piece is placed, or removed when
 * the same piece is already there; null when nothing would change.
 * @param {Pieces | null | undefined} pieces
 * @param {number} square
 * @param {Tool} tool
 * @returns {IntentDraft | null}
 */
export function placeIntent(pieces, square, tool) {
  const current = (pieces || {})[String(square)] || null;
  const piece = tool === "none" || current === tool ? null : tool;
  if (piece === current) return null;
  return { kind: "edit", action: "place", square, piece };
}

/**
 * The counts for the bar while editing: { black: { men, kings }, white: {...} }.
 * @param {Pieces | null | undefined} pieces
 * @returns {Record<Color, Count>}
 */
export function countPieces(pieces) {
  /** @type {Record<Color, Count>} */
  const counts = { black: { men: 0, kings: 0 }, white: { men: 0, kings: 0 } };
  for (const name of Object.values(pieces || {})) {
    const [color, rank] = /** @type {[Color, string]} */ (name.split("-"));
    if (counts[color]) counts[color][rank === "king" ? "kings" : "men"] += 1;
  }
  return counts;
}

/**
 * What the board draws while editing: the edited pieces, no move, no marks.
 * @param {BoardState} state a state with the editor open
 * @returns {DrawnState}
 */
export function editorBoardState(state) {
  const editor = /** @type {EditorState} */ (state.editor);
  return {
    ...state,
    turn: null,
    result: null,
    pieces: { ...(editor.pieces || {}) },
    legal: [],
    pending: null,
    last_move: null,
    hint: null,
  };
}

/**
 * What the bar and the status line show while editing: the position being edited (its
 * side to move and counts), and Python's refusal of an edit, else what is being done.
 * @param {BoardState} state a state with the editor open
 * @returns {BoardState}
 */
export function editingBarState(state) {
  const editor = /** @type {EditorState} */ (state.editor);
  const side = (state.names || {})[editor.turn] || editor.turn;
  const refused = state.status && state.status.kind === "refused";
  return {
    ...state,
    turn: editor.turn,
    result: null,
    draw_offer: null,
    draw_claim: null,
    counts: countPieces(editor.pieces),
    status: refused ? state.status : { text: `Setting up a position: ${side} to move`, kind: "turn" },
    clock: null,
  };
}

export class EditorPanel {
  /**
   * `send(make)` sends the edit intent `make()` returns (null: nothing); the caller adds
   * the version, and may call `make` later, once the answer to the last action has come
   * (see outbox.js): a click then toggles the piece that stands on the square by then.
   * @param {{ send: (make: () => IntentDraft | null) => void }} options
   */
  constructor({ send }) {
    this.send = send;
    /** @type {Tool} */
    this.tool = "black-man";
    /** @type {EditorState | null} */
    this.editor = null;
    this.dirty = false; // the FEN field holds the user's own typing
    this.element = el("div", "cw-editor", {
      "data-role": "editor",
      role: "group",
      "aria-label": "Position editor",
      "data-lm-suppress-shortcuts": "true",
    });
    const head = el("div", "cw-editor-head");
    head.textContent = "Set up a position: pick a piece, then click squares";
    this.palette = el("div", "cw-palette", { role: "toolbar", "aria-label": "Pieces" });
    /** @type {Map<Tool, HTMLButtonElement>} */
    this.tools = new Map();

    const turnBox = el("div", "cw-editor-turn", { role: "group", "aria-label": "Side to move" });
    const turnLabel = el("span", "cw-editor-label");
    turnLabel.textContent = "To move:";
    this.turnButtons = /** @type {Record<Color, HTMLButtonElement>} */ ({});
    turnBox.appendChild(turnLabel);
    for (const side of /** @type {Color[]} */ (["black", "white"])) {
      const b = button("edit-turn", side === "black" ? "Black" : "White", `${side === "black" ? "Black" : "White"} to move`);
      b.dataset.turn = side;
      b.classList.add("cw-toggle");
      this.turnButtons[side] = b;
      turnBox.appendChild(b);
    }
    const actions = el("div", "cw-editor-actions");
    actions.append(
      turnBox,
      button("edit-clear", "Clear", "Take every piece off the board"),
      button("edit-reset", "Reset", "The starting position"),
    );

    const fenRow = el("label", "cw-editor-fen");
    const fenLabel = el("span", "cw-editor-label");
    fenLabel.textContent = "FEN";
    this.fen = el("input", "cw-fen", {
      type: "text",
      "data-role": "fen",
      spellcheck: "false",
      autocomplete: "off",
      "aria-label": "Position as FEN (Enter to apply)",
      title: "The position as FEN: edit it and press Enter",
    });
    fenRow.append(fenLabel, this.fen);

    // A refusal is said once, on the board's status line (Python's notice, gone at the
    // next action); here the FEN field is only marked invalid while it holds the bad text.
    const finish = el("div", "cw-editor-finish");
    const done = button("edit-done", "Done", "Play from this position");
    done.classList.add("cw-primary");
    finish.append(done, button("edit-cancel", "Cancel", "Leave the editor; the game stays as it was"));

    this.element.append(head, this.palette, actions, fenRow, finish);
    this.element.hidden = true;
  }

  get open() {
    return this.editor !== null;
  }

  /** The palette exists only while editing (its buttons carry data-tool, so that only
   * pieces on the board carry data-piece). */
  buildPalette() {
    this.tools.clear();
    const nodes = TOOLS.map((tool) => {
      const words = tool === "none" ? "eraser" : pieceWords(tool);
      const b = el("button", "cw-btn cw-tool", {
        type: "button",
        "data-action": "edit-piece",
        "data-tool": tool,
        "aria-pressed": String(tool === this.tool),
        "aria-label": words,
        title: tool === "none" ? "Eraser: click a square to empty it" : `Place a ${words} (click it again to remove)`,
      });
      if (tool === "none") {
        const x = el("span", "cw-eraser", { "aria-hidden": "true" });
        b.append(x, "Erase");
      } else {
        const iconBox = el("span", "cw-side-icon", { "data-icon": tool, "aria-hidden": "true" });
        iconBox.appendChild(pieceSvg(tool));
        b.appendChild(iconBox);
      }
      this.tools.set(tool, b);
      return b;
    });
    this.palette.replaceChildren(...nodes);
  }

  /**
   * Open, redraw or close the editor for a new state.
   * @param {BoardState | null} state
   * @param {{ interactive?: boolean }} [options]
   */
  update(state, { interactive = true } = {}) {
    const editor = (state && state.editor) || null;
    const opened = editor && !this.editor;
    this.editor = editor;
    this.element.hidden = !editor;
    if (!editor) {
      if (this.tools.size) {
        this.palette.replaceChildren();
        this.tools.clear();
      }
      this.dirty = false;
      return;
    }
    if (opened) this.buildPalette();
    for (const [side, b] of Object.entries(this.turnButtons)) {
      b.setAttribute("aria-pressed", String(editor.turn === side));
    }
    const typing = this.dirty && this.fen.ownerDocument.activeElement === this.fen;
    if (!typing) {
      this.fen.value = editor.fen || "";
      this.dirty = false;
    }
    const invalid = Boolean(editor.error) && this.dirty;
    this.fen.classList.toggle("cw-invalid", invalid);
    this.fen.setAttribute("aria-invalid", String(invalid));
    for (const b of /** @type {NodeListOf<HTMLButtonElement | HTMLInputElement>} */ (
      this.element.querySelectorAll("button, input")
    ))
      b.disabled = !interactive;
  }

  /**
   * A click on a board square while editing; returns true (the editor took it).
   * @param {number} square
   * @returns {boolean}
   */
  clickSquare(square) {
    if (!this.editor) return false;
    const tool = this.tool;
    this.send(() => (this.editor ? placeIntent(this.editor.pieces, square, tool) : null));
    return true;
  }

  /** @param {Tool} tool */
  selectTool(tool) {
    this.tool = tool;
    for (const [name, b] of this.tools) b.setAttribute("aria-pressed", String(name === tool));
  }

  submitFen() {
    const text = this.fen.value.trim();
    if (!this.editor || !this.dirty) return;
    this.dirty = false;
    if (text && text !== this.editor.fen) this.send(() => ({ kind: "edit", action: "fen", fen: text }));
    else this.fen.value = this.editor.fen || "";
  }

  /**
   * A button of the editor was pressed.
   * @param {string} action
   * @param {HTMLElement} target the button (its data-tool or data-turn)
   */
  press(action, target) {
    if (action === "edit-piece") this.selectTool(/** @type {Tool} */ (target.dataset.tool));
    else if (action === "edit-turn") this.sendEdit({ action: "turn", turn: /** @type {Color} */ (target.dataset.turn) });
    else if (action === "edit-clear") this.sendEdit({ action: "clear" });
    else if (action === "edit-reset") this.sendEdit({ action: "reset" });
    else if (action === "edit-done") this.sendEdit({ action: "done" });
    else if (action === "edit-cancel") this.sendEdit({ action: "cancel" });
  }

  /**
   * Send an edit intent with these fields (through `send`: it waits its turn).
   * @param {Without<EditIntent, "kind" | "version">} fields
   */
  sendEdit(fields) {
    this.send(() => ({ kind: "edit", ...fields }));
  }

  /** @param {AbortSignal} signal */
  listen(signal) {
    /**
     * @template {keyof HTMLElementEventMap} K
     * @param {HTMLElement} target
     * @param {K} type
     * @param {(event: HTMLElementEventMap[K]) => void} fn
     */
    const on = (target, type, fn) => target.addEventListener(type, fn, { signal });
    on(this.element, "click", (event) => {
      const b = /** @type {HTMLButtonElement | null} */ (
        // (a click's target is an element)
        /** @type {Element} */ (event.target).closest &&
          /** @type {Element} */ (event.target).closest("button[data-action]")
      );
      if (b && !b.disabled && this.element.contains(b)) this.press(/** @type {string} */ (b.dataset.action), b);
    });
    on(this.fen, "input", () => {
      this.dirty = true;
    });
    on(this.fen, "keydown", (event) => {
      // Typing is for the field, not for the notebook's shortcuts.
      event.stopPropagation();
      if (event.key === "Enter") {
        event.preventDefault();
        this.submitFen();
      } else if (event.key === "Escape") {
        this.dirty = false;
        this.fen.value = this.editor ? this.editor.fen : "";
      }
    });
    on(this.fen, "blur", () => this.submitFen());
  }
}
