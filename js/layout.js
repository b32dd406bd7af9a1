// The view's frame: the root element, the column of the board and the panels around
// it, and the aside with the move list and the explorer (shown when either has
// something). The root's classes say what is going on, for the stylesheet (widget.css)
// and for tests: cw-busy (the computer thinks), cw-paused, cw-editing, cw-with-aside,
// cw-readonly, cw-accessible; and data-awaiting="move" while a move awaits Python's
// answer (tests that ask the kernel after a click wait for it to go).

import { el } from "./dom.js";

/** @import { BoardState, PanelFacts } from "./types.js" */

/**
 * The frame of one view. `main`: the column's elements, top to bottom; `aside`: the
 * panels beside it.
 * @param {{ main: HTMLElement[], aside: { element: HTMLElement, visible: boolean }[] }} parts
 */
export function createLayout({ main, aside }) {
  const root = el("div", "cw-root");
  const classes = root.classList;
  const column = el("div", "cw-main");
  column.append(...main);
  const side = el("div", "cw-aside");
  side.append(...aside.map((part) => part.element));
  root.append(column, side);
  return {
    root,
    /**
     * The root's classes for a new state (after the aside's panels have drawn it).
     * @param {BoardState} state
     * @param {PanelFacts} facts
     */
    update(state, { paused = false }) {
      classes.toggle("cw-busy", Boolean(state.thinking) && !state.result);
      classes.toggle("cw-paused", paused);
      classes.toggle("cw-editing", Boolean(state.editor));
      const shown = aside.some((part) => part.visible);
      classes.toggle("cw-with-aside", shown);
      side.hidden = !shown;
    },
    /**
     * The view's options: a board that only shows, the screen-reader mode, and the
     * board's width (the size trait, in pixels; none: the cell's width up to the
     * stylesheet's default; never wider than the cell).
     * @param {{ interactive: boolean, accessible: boolean, size: number | null | undefined }} options
     */
    setOptions({ interactive, accessible, size }) {
      classes.toggle("cw-readonly", !interactive);
      classes.toggle("cw-accessible", accessible);
      if (typeof size === "number" && size > 0) root.style.setProperty("--cw-size", `${size}px`);
      else root.style.removeProperty("--cw-size");
    },
    /**
     * A move starts or stops awaiting Python's answer.
     * @param {boolean} on
     */
    awaiting(on) {
      if (on) root.dataset.awaiting = "move";
      else delete root.dataset.awaiting;
    },
  };
}
