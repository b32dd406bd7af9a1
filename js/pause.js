// The paused cover: while the game is paused (state.paused) the board is hidden behind
// an opaque cover saying "Paused" with a Resume button, so that nobody studies the
// position while the clock is stopped; the move list is hidden too (widget.css, on the
// root's cw-paused class) and neither takes clicks or keys. When the network game is
// paused (state.network.paused: the other player's connection dropped), the cover shows
// the connection's status instead of a Resume button: that resume is not the player's to
// press, the connection has to come back.
//
// Keyboard: when the cover appears while the board had focus, focus moves to Resume
// (P works there too); when it goes, focus returns to the board.

import { button, el } from "./dom.js";

/** @import { BoardState, PartialState } from "./types.js" */

/**
 * Whether the board is hidden now: paused by a player, or by the network.
 * @param {PartialState | null | undefined} state
 * @returns {boolean}
 */
export function isPaused(state) {
  return Boolean(state && (state.paused || (state.network && state.network.paused)));
}

export class PauseCover {
  /**
   * `resume()` asks Python to resume; `board` is the element focus returns to; `hides`
   * lists what the pause hides (made inert; focus inside them moves to the cover).
   * @param {{ resume: () => void, board: HTMLElement, hides?: HTMLElement[] }} options
   */
  constructor({ resume, board, hides = [board] }) {
    this.resume = resume;
    this.board = board;
    this.hides = hides;
    this.shown = false;
    this.element = el("div", "cw-paused-cover", {
      "data-role": "paused-cover",
      role: "group",
      "aria-label": "Game paused",
      "data-lm-suppress-shortcuts": "true",
      tabindex: "-1", // focus can land here when there is no Resume to press
    });
    const title = el("div", "cw-paused-title");
    title.textContent = "Paused";
    this.text = el("div", "cw-paused-text", { "data-role": "paused-text" });
    this.button = button("resume", "Resume", "Resume the game and the clock (P)", "cw-btn cw-primary");
    this.element.append(title, this.text, this.button);
    this.element.hidden = true;
  }

  /**
   * Show or hide the cover for a new state.
   * @param {BoardState | null} state
   * @param {{ interactive?: boolean }} [options]
   */
  update(state, { interactive = true } = {}) {
    const paused = isPaused(state);
    const network = state && state.network && state.network.paused ? state.network : null;
    this.text.textContent = network ? network.status || "Waiting for the connection to come back…" : "";
    this.text.hidden = !network;
    this.button.hidden = Boolean(network) || !interactive;
    const hadFocus = this.hides.some((node) => node.contains(document.activeElement));
    const coverFocus = this.element.contains(document.activeElement);
    this.element.hidden = !paused;
    // What the pause hides takes no click, no focus, and is not read out.
    for (const node of this.hides) {
      node.toggleAttribute("inert", paused);
      if (paused) node.setAttribute("aria-hidden", "true");
      else node.removeAttribute("aria-hidden");
    }
    if (paused && !this.shown && hadFocus) {
      (this.button.hidden ? this.element : this.button).focus({ preventScroll: true });
    }
    if (!paused && this.shown && coverFocus) this.board.focus({ preventScroll: true });
    this.shown = paused;
  }

  /**
   * Clicks on Resume, and P on the cover; listeners go away with `signal`.
   * @param {AbortSignal} signal
   */
  listen(signal) {
    this.button.addEventListener("click", () => this.resume(), { signal });
    this.element.addEventListener(
      "keydown",
      (event) => {
        if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
        if (event.key !== "p" && event.key !== "P") return;
        event.preventDefault();
        event.stopPropagation();
        if (!this.button.hidden) this.resume();
      },
      { signal },
    );
  }
}
