// The move list beside the board (state.history): numbered PDN pairs "1. 11-15 23-19",
// the current position marked, the moves after it (the redo line) greyed but still a
// click away, comments under their move and other lines (variations) in brackets.
// A click, or Left / Right / Home / End while the list has focus, asks Python to go to
// that position (a "goto" command); Python alone moves the game.

import { el } from "./dom.js";

/** @import { BoardState, Color, History, PanelFacts } from "./types.js" */
/** @typedef {{ ply: number, notation: string }} MoveCell One move in the list. */
/** @typedef {{ number: number, black: MoveCell | null, white: MoveCell | null }} MoveRow */

/**
 * The side that moved first in the line: from the side to move now and the ply.
 * @param {BoardState | null | undefined} state
 * @returns {Color}
 */
export function startTurn(state) {
  /** @type {Partial<History>} */
  const history = (state && state.history) || {};
  const ply = Number.isInteger(history.ply) ? /** @type {number} */ (history.ply) : 0;
  const turn = state && state.turn === "white" ? "white" : "black";
  if (ply % 2 === 0) return turn;
  return turn === "black" ? "white" : "black";
}

/** @param {Color} side @returns {Color} */
const other = (side) => (side === "black" ? "white" : "black");

/**
 * The number and side of the `ply`-th move (1-based) of a line whose first move is
 * `first`'s, each numbered pair opened by `leads` (the variant's first mover, as Python
 * publishes it: Black in American checkers, White in international draughts):
 * `{ number, side }`. When the other side moved first, the first move is "1... 23-19".
 * @param {number} ply
 * @param {Color} [first]
 * @param {Color} [leads]
 * @returns {{ number: number, side: Color }}
 */
export function moveNumber(ply, first = "black", leads = "black") {
  const j = ply - 1 + (first === leads ? 0 : 1);
  return { number: Math.floor(j / 2) + 1, side: j % 2 === 0 ? leads : other(leads) };
}

/**
 * The rows of the list: `[{ number, black, white }]`, each side `{ ply, notation }` or
 * null (the first row has no move of `leads` when the other side moved first).
 * @param {string[] | null | undefined} line
 * @param {Color} [first]
 * @param {Color} [leads]
 * @returns {MoveRow[]}
 */
export function moveRows(line, first = "black", leads = "black") {
  /** @type {MoveRow[]} */
  const rows = [];
  (line || []).forEach((notation, i) => {
    const ply = i + 1;
    const { number, side } = moveNumber(ply, first, leads);
    let row = rows[rows.length - 1];
    if (!row || row.number !== number) {
      row = { number, black: null, white: null };
      rows.push(row);
    }
    row[side] = { ply, notation };
  });
  return rows;
}

/**
 * A line of moves written with its numbers: "3. 8-11 22-17 4. 9-14" or "3... 22-17".
 * @param {string | string[] | null | undefined} moves
 * @param {number} firstPly
 * @param {Color} [first]
 * @param {Color} [leads]
 * @returns {string}
 */
export function numberedLine(moves, firstPly, first = "black", leads = "black") {
  const list = typeof moves === "string" ? moves.trim().split(/\s+/).filter(Boolean) : moves || [];
  /** @type {string[]} */
  const out = [];
  list.forEach((notation, i) => {
    const { number, side } = moveNumber(firstPly + i, first, leads);
    if (side === leads) out.push(`${number}.`);
    else if (i === 0) out.push(`${number}...`);
    out.push(notation);
  });
  return out.join(" ");
}

export class MoveList {
  /**
   * `goto(ply)` asks Python for the position after `ply` moves.
   * @param {{ goto: (ply: number) => void }} options
   */
  constructor({ goto }) {
    this.goto = goto;
    /** @type {string | null} */
    this.key = null;
    this.ply = 0;
    this.length = 0;
    // Where the user asked to go, and the state version a goto was last sent from:
    // Python refuses an intent sent from an outdated state (one goto publishes more than
    // one state), so the request is sent again from each new state until it is reached.
    // While Python walks there it publishes each position on the way: those are waited
    // out (`sentFrom` -> `sentTo`).
    /** @type {number | null} */
    this.target = null;
    /** @type {number | null} */
    this.version = null;
    /** @type {number | null} */
    this.sentVersion = null;
    /** @type {number | null} */
    this.sentFrom = null;
    /** @type {number | null} */
    this.sentTo = null;
    /** @type {Map<number, HTMLButtonElement>} */
    this.items = new Map(); // ply -> element
    this.element = el("div", "cw-movelist", { "data-role": "movelist" });
    const head = el("div", "cw-movelist-head");
    head.textContent = "Moves";
    this.list = el("div", "cw-moves", {
      "data-role": "moves",
      role: "list",
      "aria-label": "Moves of the game (Left and Right step through them)",
      "data-lm-suppress-shortcuts": "true",
    });
    this.element.append(head, this.list);
    this.element.hidden = true;
  }

  /** Whether there is a line to show. */
  get visible() {
    return !this.element.hidden;
  }

  /**
   * Draw the move list of a new state, and go on towards a position asked for.
   * @param {BoardState | null} state
   * @param {PanelFacts} [facts] (while paused the panel is hidden and inert: no clicks)
   */
  update(state, { interactive = true, paused = false } = {}) {
    interactive = interactive && !paused;
    /** Whether the moves may be clicked. */
    this.interactive = interactive;
    this.version = state ? state.version : null;
    const history = state && !state.editor ? state.history : null;
    const line = (history && history.line) || [];
    this.element.hidden = line.length === 0;
    // A tab stop only while shown.
    if (this.element.hidden) this.list.removeAttribute("tabindex");
    else this.list.setAttribute("tabindex", "0");
    this.length = line.length;
    this.ply = history && Number.isInteger(history.ply) ? history.ply : line.length;
    const first = startTurn(state);
    const leads = history && history.leads === "white" ? "white" : "black";
    // The review's marks ("?!", "?", "??"), by ply, when the game has been reviewed.
    const symbols = (state && state.review && state.review.symbols) || {};
    const key = JSON.stringify([line, first, leads, history && history.comments, history && history.variations, symbols]);
    if (key !== this.key) {
      this.key = key;
      this.build(line, first, leads, (history && history.comments) || {}, (history && history.variations) || {}, symbols);
    }
    this.mark();
    if (this.sentTo !== null) {
      // (sentFrom is set with sentTo)
      const on = (this.ply - /** @type {number} */ (this.sentFrom)) * (this.sentTo - this.ply) > 0;
      const refused = state && state.status && state.status.kind === "refused" && state.version === this.sentVersion;
      if (refused) this.target = null;
      if (!on || refused) this.sentFrom = this.sentTo = null;
    }
    if (this.target !== null) {
      if (this.target === this.ply || this.target > this.length || !history) this.target = null;
      else if (this.sentTo === null) this.flush();
    }
  }

  /**
   * Build the list's rows.
   * @param {string[]} line
   * @param {Color} first
   * @param {Color} leads the side whose move opens each numbered pair (its column first)
   * @param {History["comments"]} comments
   * @param {History["variations"]} variations
   * @param {Record<string, string>} [symbols] the review's marks by ply
   */
  build(line, first, leads, comments, variations, symbols = {}) {
    this.items.clear();
    /** @type {HTMLElement[]} */
    const nodes = [];
    const start = el("button", "cw-move cw-move-start", { type: "button", tabindex: "-1", "data-ply": "0" });
    start.textContent = "Start";
    this.items.set(0, start);
    nodes.push(el("div", "cw-move-row"));
    nodes[0].appendChild(start);
    /** @param {number[]} plies */
    const notes = (plies) => {
      /** @type {HTMLElement[]} */
      const out = [];
      for (const ply of plies) {
        if (comments[String(ply)]) {
          const c = el("div", "cw-comment", { "data-role": "comment", "data-ply": String(ply) });
          c.textContent = comments[String(ply)];
          out.push(c);
        }
        for (const alt of variations[String(ply)] || []) {
          const v = el("div", "cw-variation", { "data-role": "variation", "data-ply": String(ply) });
          // Compact: the first few moves, the line in the tooltip. Python sends a long
          // line cut, its last word "…" (play/state.shown_variations).
          let moves = alt.trim().split(/\s+/);
          const cut = moves.length > 1 && moves[moves.length - 1] === "…";
          if (cut) moves = moves.slice(0, -1);
          const more = moves.length > 6 || cut ? " …" : "";
          v.textContent = `(${numberedLine(moves.slice(0, 6), ply, first, leads)}${more})`;
          v.title = numberedLine(moves, ply, first, leads) + (cut ? " …" : "");
          out.push(v);
        }
      }
      return out;
    };
    nodes.push(...notes([0]));
    for (const row of moveRows(line, first, leads)) {
      const r = el("div", "cw-move-row", { role: "listitem" });
      const num = el("span", "cw-move-num");
      num.textContent = `${row.number}.`;
      r.appendChild(num);
      for (const side of [leads, other(leads)]) {
        const move = row[side];
        if (!move) {
          const gap = el("span", "cw-move cw-move-gap", { "aria-hidden": "true" });
          gap.textContent = "…";
          r.appendChild(gap);
          continue;
        }
        const b = el("button", `cw-move cw-move-${side}`, {
          type: "button",
          tabindex: "-1",
          "data-ply": String(move.ply),
          "data-role": "move",
        });
        b.textContent = move.notation;
        const symbol = symbols[String(move.ply)];
        if (symbol) {
          const mark = el("span", `cw-move-mark cw-mark-${symbol === "??" ? "blunder" : symbol === "?" ? "mistake" : "inaccuracy"}`, {
            "data-role": "move-mark",
          });
          mark.textContent = symbol;
          b.appendChild(mark);
        }
        this.items.set(move.ply, b);
        r.appendChild(b);
      }
      nodes.push(r);
      nodes.push(...notes(/** @type {MoveCell[]} */ ([row[leads], row[other(leads)]].filter(Boolean)).map((m) => m.ply)));
    }
    this.list.replaceChildren(...nodes);
  }

  mark() {
    for (const [ply, item] of this.items) {
      const current = ply === this.ply;
      item.classList.toggle("cw-current", current);
      item.classList.toggle("cw-future", ply > this.ply);
      if (current) item.setAttribute("aria-current", "step");
      else item.removeAttribute("aria-current");
      item.disabled = !this.interactive;
    }
    const current = this.items.get(this.ply);
    if (current && !this.element.hidden) {
      // Scroll the list (only the list, never the notebook) to show the current move.
      const list = this.list;
      const top = current.offsetTop - list.offsetTop;
      const bottom = top + current.offsetHeight;
      if (top < list.scrollTop) list.scrollTop = Math.max(0, top - 4);
      else if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight + 4;
    }
  }

  /**
   * Ask for the position after `ply` moves (kept asking until Python is there).
   * @param {number} ply
   */
  request(ply) {
    if (!this.interactive) return;
    const target = Math.max(0, Math.min(this.length, ply));
    this.target = target === this.ply ? null : target;
    if (this.sentTo === null) this.flush();
  }

  /** Send the goto, once per state version. */
  flush() {
    if (this.target === null || this.sentVersion === this.version) return;
    this.sentVersion = this.version;
    this.sentFrom = this.ply;
    this.sentTo = this.target;
    this.goto(this.target);
  }

  /** @param {KeyboardEvent} event */
  onKeyDown(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const base = this.target ?? this.ply;
    /** @type {Record<string, number>} */
    const targets = {
      ArrowLeft: base - 1,
      ArrowUp: base - 1,
      ArrowRight: base + 1,
      ArrowDown: base + 1,
      Home: 0,
      End: this.length,
    };
    if (!(event.key in targets)) return;
    event.preventDefault();
    event.stopPropagation();
    this.request(targets[event.key]);
  }

  /** @param {AbortSignal} signal */
  listen(signal) {
    this.list.addEventListener(
      "click",
      (event) => {
        const b = /** @type {HTMLElement | null} */ (
          // (a click's target is an element)
          /** @type {Element} */ (event.target).closest && /** @type {Element} */ (event.target).closest("[data-ply]")
        );
        if (!b || b.tagName !== "BUTTON" || !this.list.contains(b)) return;
        this.list.focus({ preventScroll: true });
        this.request(Number(b.dataset.ply));
      },
      { signal },
    );
    this.list.addEventListener("keydown", (event) => this.onKeyDown(event), { signal });
  }
}
