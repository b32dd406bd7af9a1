// The opening explorer beside the board (state.explorer, built by play/openings.py): the
// moves the explorer's games played from the position on the board, most played first,
// each with its number of games and a bar of how those games ended (Black won, drawn,
// White won). Python computes every row for the position it publishes; this panel only
// draws them. Each row is a button (reachable by Tab): a click, Enter or Space asks to
// play its move by sending the ordinary move intent, its squares stamped with the
// version of the state the row was drawn from, so Python refuses a row of an older
// position as stale and decides, as for any click, whether the move may be played.

import "./explorer.css";
import { el } from "./dom.js";

/** @import { BoardState, ExplorerRow, ExplorerState, PanelFacts } from "./types.js" */

/**
 * `part` of `whole` as a whole percentage ("0%" of nothing).
 * @param {number} part
 * @param {number} whole
 * @returns {number}
 */
export function percent(part, whole) {
  return whole > 0 ? Math.round((100 * part) / whole) : 0;
}

/**
 * A count as the header and the notebook print it: "22,621" (never "22621" beside it).
 * @param {number} count
 * @returns {string}
 */
export function grouped(count) {
  return Number(count).toLocaleString("en-US");
}

/**
 * What a row says in words (its tooltip, and what a screen reader reads).
 * @param {ExplorerRow} row
 * @returns {string}
 */
export function rowLabel(row) {
  const games = `${grouped(row.games)} game${row.games === 1 ? "" : "s"}`;
  const results =
    `Black won ${grouped(row.black_wins)}, drawn ${grouped(row.draws)}, ` +
    `White won ${grouped(row.white_wins)}`;
  const unknown = row.games - row.black_wins - row.draws - row.white_wins;
  return `${row.move}: ${games}; ${results}${unknown > 0 ? `, ${grouped(unknown)} without a result` : ""}`;
}

export class ExplorerPanel {
  /**
   * `play(path, version)` asks Python to play the move along `path` in the position
   * of state `version`.
   * @param {{ play: (path: number[], version: number) => void }} options
   */
  constructor({ play }) {
    this.play = play;
    /** @type {string | null} */
    this.key = null;
    /** @type {number | null} */
    this.version = null;
    this.interactive = true;
    /** @type {ExplorerRow[]} */
    this.rows = [];
    this.element = el("section", "cw-explorer", { "data-role": "explorer", "aria-label": "Opening explorer" });
    const head = el("div", "cw-explorer-head");
    this.title = el("span", "cw-explorer-title");
    this.title.textContent = "Explorer";
    this.source = el("span", "cw-explorer-source", { "data-role": "explorer-source" });
    head.append(this.title, this.source);
    this.summary = el("div", "cw-explorer-summary", { "data-role": "explorer-summary" });
    this.list = el("div", "cw-explorer-rows", {
      "data-role": "explorer-rows",
      role: "group",
      "aria-label": "Moves played from this position (a button plays its move)",
    });
    const legend = el("div", "cw-explorer-legend", { "aria-hidden": "true" });
    for (const [kind, text] of [
      ["black", "Black won"],
      ["draw", "drawn"],
      ["white", "White won"],
    ]) {
      const item = el("span", `cw-explorer-key cw-explorer-key-${kind}`);
      item.textContent = text;
      legend.append(item);
    }
    this.legend = legend;
    this.element.append(head, this.summary, this.list, legend);
    this.element.hidden = true;
  }

  /** Whether the panel is shown. */
  get visible() {
    return !this.element.hidden;
  }

  /**
   * Draw the panel of a new state.
   * @param {BoardState | null} state
   * @param {PanelFacts} [facts] (while paused the panel is hidden and inert: no clicks)
   */
  update(state, { interactive = true, paused = false } = {}) {
    interactive = interactive && !paused;
    /** @type {ExplorerState | null} */
    const explorer = (state && state.explorer) || null;
    this.element.hidden = !explorer;
    this.version = state && typeof state.version === "number" ? state.version : null;
    this.interactive = interactive;
    if (!explorer) {
      this.key = null;
      return;
    }
    const key = JSON.stringify([explorer, interactive, this.version]);
    if (key === this.key) return;
    this.key = key;
    const hadFocus = this.list.contains(document.activeElement);
    this.source.textContent = explorer.name;
    const rows = Array.isArray(explorer.rows) ? explorer.rows : [];
    this.rows = rows;
    this.summary.textContent = rows.length
      ? `${grouped(explorer.games)} game${explorer.games === 1 ? "" : "s"} from this position`
      : "No game of the collection reached this position.";
    this.legend.hidden = rows.length === 0;
    this.list.replaceChildren(...rows.map((row, index) => this.rowElement(row, index)));
    // A row played (or the position changed under the focus): focus stays in the panel.
    if (hadFocus) {
      const first = /** @type {HTMLElement | null} */ (this.list.querySelector("button"));
      (first || this.element).focus({ preventScroll: true });
    }
  }

  /**
   * One row: the move, its games and the bar of results.
   * @param {ExplorerRow} row
   * @param {number} index
   * @returns {HTMLButtonElement}
   */
  rowElement(row, index) {
    const playable = Boolean(row.playable) && this.interactive;
    const button = el("button", "cw-explorer-row", {
      type: "button",
      "data-role": "explorer-move",
      "data-move": row.move,
      "data-index": String(index),
      "aria-label": rowLabel(row),
      title: rowLabel(row),
    });
    // Not `disabled`: the row stays reachable (and readable) by Tab; it plays nothing.
    if (!playable) button.setAttribute("aria-disabled", "true");
    const move = el("span", "cw-explorer-move");
    move.textContent = row.move;
    const games = el("span", "cw-explorer-games");
    games.textContent = grouped(row.games);
    const bar = el("span", "cw-explorer-bar", { "aria-hidden": "true" });
    for (const [kind, count] of /** @type {[string, number][]} */ ([
      ["black", row.black_wins],
      ["draw", row.draws],
      ["white", row.white_wins],
    ])) {
      const share = percent(count, row.games);
      if (count <= 0) continue;
      const part = el("span", `cw-explorer-part cw-explorer-${kind}`, { "data-kind": kind });
      part.style.width = `${(100 * count) / row.games}%`;
      part.textContent = share >= 20 ? `${share}%` : "";
      bar.append(part);
    }
    button.append(move, games, bar);
    return button;
  }

  /** @param {AbortSignal} signal */
  listen(signal) {
    this.list.addEventListener(
      "click",
      (event) => {
        const target = /** @type {Element} */ (event.target);
        const button = /** @type {HTMLElement | null} */ (target.closest && target.closest("[data-index]"));
        if (!button || !this.list.contains(button) || button.getAttribute("aria-disabled") === "true") return;
        const row = this.rows[Number(button.dataset.index)];
        if (!row || this.version === null || !this.interactive) return;
        this.play(row.path.slice(), this.version);
      },
      { signal },
    );
  }
}
