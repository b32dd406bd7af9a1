// The view's frame: the root element, the column of the board and the panels around
// it, and the aside with the move list and the explorer (shown when either has
// something). The root's classes say what is going on, for the stylesheet (widget.css)
// and for tests: cw-busy (the computer thinks), cw-paused, cw-editing, cw-with-aside,
// cw-readonly, cw-accessible; and data-awaiting="move" while a move awaits Python's
// answer (tests that ask the kernel after a click wait for it to go).

import { el } from "./dom.js";

/** @import { BoardState, PanelFacts } from "./types.js" */

export class Layout {
  /**
   * `main`: the column's elements, top to bottom; `aside`: the panels beside it.
   * @param {{ main: HTMLElement[], aside: { element: HTMLElement, visible: boolean }[] }} parts
   */
  constructor({ main, aside }) {
    this.root = el("div", "cw-root");
    const column = el("div", "cw-main");
    column.append(...main);
    this.asideParts = aside;
    this.aside = el("div", "cw-aside");
    this.aside.append(...aside.map((part) => part.element));
    this.root.append(column, this.aside);
  }

  /**
   * The root's classes for a new state (after the aside's panels have drawn it).
   * @param {BoardState} state
   * @param {PanelFacts} facts
   */
  update(state, { paused = false }) {
    const classes = this.root.classList;
    classes.toggle("cw-busy", Boolean(state.thinking) && !state.result);
    classes.toggle("cw-paused", paused);
    classes.toggle("cw-editing", Boolean(state.editor));
    const aside = this.asideParts.some((part) => part.visible);
    classes.toggle("cw-with-aside", aside);
    this.aside.hidden = !aside;
  }

  /**
   * The view's options: a board that only shows, the screen-reader mode, and the board's
   * width (the size trait, in pixels; none: the cell's width up to the stylesheet's
   * default; never wider than the cell).
   * @param {{ interactive: boolean, accessible: boolean, size: number | null | undefined }} options
   */
  setOptions({ interactive, accessible, size }) {
    this.root.classList.toggle("cw-readonly", !interactive);
    this.root.classList.toggle("cw-accessible", accessible);
    if (typeof size === "number" && size > 0) this.root.style.setProperty("--cw-size", `${size}px`);
    else this.root.style.removeProperty("--cw-size");
  }

  /**
   * A move starts or stops awaiting Python's answer.
   * @param {boolean} on
   */
  awaiting(on) {
    if (on) this.root.dataset.awaiting = "move";
    else delete this.root.dataset.awaiting;
  }
}
