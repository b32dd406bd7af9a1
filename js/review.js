// The game review under the board (state.review, play/game_review.py): while it runs, a
// progress bar and Cancel; once done, the evaluation graph (each point a button: a click
// asks Python to go to that ply, as the move list does), the words about the position
// shown and the engine's move there (the board draws it as an arrow), each side's
// figures, and the learn mode's question with Hint, Skip, Show answer, Next and Done.
// Everything comes from the state; which buttons show is Python's state.controls.
// Nothing here judges a move.

import "./review.css";
import { control } from "./controls.js";
import { button, el } from "./dom.js";

/** @import { Analysis, BoardState, CommandName, Control, ReviewPoint, ReviewState, PanelFacts } from "./types.js" */
/** @typedef {Extract<Exclude<CommandName, "goto">, Control>} ReviewCommand */
/**
 * @typedef {object} GraphGeometry Where the graph's parts go, in the SVG's units.
 * @property {string} line the curve's points ("x,y x,y ...")
 * @property {string} area the filled area under (Black's) curve down to the middle line
 * @property {{ ply: number, x: number, y: number, judgement: string | null }[]} dots
 * @property {number} mid the middle line's y (level)
 */

const SVG = "http://www.w3.org/2000/svg";

/** The graph's size in its own units (it is drawn to the panel's width). */
export const GRAPH_WIDTH = 300;
export const GRAPH_HEIGHT = 80;

/**
 * The graph's geometry: x by ply over the whole line, y from `bar` (+1 at the top: Black
 * winning; -1 at the bottom). Points out of range are clamped.
 * @param {ReviewPoint[]} points
 * @param {number} [width]
 * @param {number} [height]
 * @returns {GraphGeometry}
 */
export function graphGeometry(points, width = GRAPH_WIDTH, height = GRAPH_HEIGHT) {
  const last = points.length ? Math.max(1, points[points.length - 1].ply) : 1;
  const pad = 4;
  const mid = height / 2;
  /** @param {number} ply */
  const x = (ply) => Math.round((pad + ((width - 2 * pad) * ply) / last) * 10) / 10;
  /** @param {number} bar */
  const y = (bar) => Math.round((mid - (mid - pad) * Math.max(-1, Math.min(1, bar))) * 10) / 10;
  const dots = points.map((p) => ({ ply: p.ply, x: x(p.ply), y: y(p.bar), judgement: p.judgement }));
  const line = dots.map((d) => `${d.x},${d.y}`).join(" ");
  const area = dots.length ? `${dots[0].x},${mid} ${line} ${dots[dots.length - 1].x},${mid}` : "";
  return { line, area, dots, mid };
}

/**
 * The progress as a percentage (0 when nothing is known yet).
 * @param {ReviewState | null | undefined} review
 */
export function progressPercent(review) {
  if (!review || !review.total) return 0;
  return Math.round((100 * Math.min(review.done, review.total)) / review.total);
}

/**
 * The engine's move in the position shown, as a hint the board can draw as its arrow;
 * or, after the learn mode's Hint, the piece to move alone (a one-square path: the board
 * marks its square as a hint's start, and draws no arrow). Null when there is neither,
 * or a real hint is shown: that one wins.
 * @param {BoardState | null | undefined} state
 * @returns {Analysis | null}
 */
export function reviewArrow(state) {
  const review = state && state.review;
  if (!review || (state && state.hint)) return null;
  const shown = review.shown;
  if (shown && shown.best) return { move: shown.best, score: "", pv: "", depth: 0 };
  const square = review.learn && review.learn.hint_square;
  if (typeof square !== "number") return null;
  return { move: { notation: "", path: [square], captures: [], crowns: false }, score: "", pv: "", depth: 0 };
}

/**
 * What the live region reads of the review when a state arrives after `prev`: the
 * review's end, and each new word of the learn mode ("" when nothing new).
 * @param {BoardState | null} prev
 * @param {BoardState | null} next
 * @returns {string}
 */
export function reviewAnnouncement(prev, next) {
  const before = (prev && prev.review) || null;
  const after = (next && next.review) || null;
  if (!after) return "";
  const parts = [];
  if (after.phase === "done" && (!before || before.phase !== "done")) {
    const marked = Object.keys(after.symbols).length;
    parts.push(`Review done: ${marked} move${marked === 1 ? "" : "s"} marked.`);
  }
  const text = after.learn ? after.learn.text : "";
  const old = before && before.learn ? before.learn.text : "";
  // The status line carries the learn mode's words too, and the board reads the status:
  // read them once.
  const onStatus = next !== null && next.status !== undefined && next.status.text === text;
  if (text && text !== old && !onStatus) parts.push(text);
  return parts.join(" ");
}

/**
 * A side's figures in words: "Black: accuracy 95%, 1 inaccuracy, 2 mistakes, 0 blunders".
 * @param {string} name
 * @param {import("./types.js").SideSummary} s
 */
export function summaryWords(name, s) {
  /** @param {number} n @param {string} one @param {string} many */
  const count = (n, one, many) => `${n} ${n === 1 ? one : many}`;
  const inaccuracies = count(s.inaccuracies, "inaccuracy", "inaccuracies");
  const mistakes = count(s.mistakes, "mistake", "mistakes");
  const blunders = count(s.blunders, "blunder", "blunders");
  return `${name}: accuracy ${s.accuracy}%, ${inaccuracies}, ${mistakes}, ${blunders}`;
}

/**
 * @param {string} name
 * @param {Record<string, string>} attrs
 */
function svg(name, attrs) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

/** The buttons of the panel: command, label, title. */
const BUTTONS = /** @type {[ReviewCommand, string, string][]} */ ([
  ["review", "Review", "Review the game: the engine judges every move (it runs in the background)"],
  ["review-cancel", "Cancel", "Stop the review (the game is left as it is)"],
  ["learn", "Learn from mistakes", "Find a better move in each position where a mistake was made"],
  ["learn-hint", "Hint", "Which piece to move"],
  ["learn-skip", "Skip", "Go on to the next mistake"],
  ["learn-answer", "Show answer", "Show the engine's move and its line"],
  ["learn-next", "Next", "Go on to the next mistake"],
  ["learn-stop", "Done", "Leave the learn mode"],
]);

export class ReviewPanel {
  /**
   * `command(name)` sends a command; `goto(ply)` asks for the position after `ply` moves.
   * @param {{ command: (name: ReviewCommand) => void, goto: (ply: number) => void }} options
   */
  constructor({ command, goto }) {
    this.command = command;
    this.goto = goto;
    this.key = "";
    this.element = el("div", "cw-review", { "data-role": "review", role: "region", "aria-label": "Game review" });
    this.progress = el("div", "cw-review-progress", { "data-role": "review-progress" });
    this.bar = el("progress", "cw-review-bar", { max: "100", value: "0", "aria-label": "Review progress" });
    this.progressText = el("span", "cw-review-progress-text");
    this.progress.append(this.bar, this.progressText);
    this.graph = svg("svg", {
      class: "cw-review-graph",
      "data-role": "review-graph",
      viewBox: `0 0 ${GRAPH_WIDTH} ${GRAPH_HEIGHT}`,
      preserveAspectRatio: "none",
      role: "group",
      "aria-label":
        "Evaluation graph: Black's advantage up, White's down; click a point (or press Left and Right) to go to that move",
      tabindex: "-1", // (a tab stop once drawn: see drawGraph)
    });
    /** The ply the graph rings, and its last ply (for Left / Right / Home / End). */
    this.current = -1;
    this.last = 0;
    this.graphBox = el("div", "cw-review-graph-box");
    this.graphBox.appendChild(this.graph);
    this.words = el("div", "cw-review-words", { "data-role": "review-words" });
    this.best = el("div", "cw-review-best", { "data-role": "review-best" });
    this.summary = el("div", "cw-review-summary", { "data-role": "review-summary" });
    this.learn = el("div", "cw-learn", { "data-role": "learn" });
    this.learnText = el("div", "cw-learn-text", { "data-role": "learn-text" });
    this.learn.appendChild(this.learnText);
    this.buttonBox = el("div", "cw-review-buttons");
    /** @type {Map<ReviewCommand, HTMLButtonElement>} */
    this.buttons = new Map();
    for (const [name, label, title] of BUTTONS) {
      const b = button(name, label, title);
      this.buttons.set(name, b);
      this.buttonBox.appendChild(b);
    }
    this.element.append(this.progress, this.graphBox, this.words, this.best, this.summary, this.learn, this.buttonBox);
    this.element.hidden = true;
  }

  /**
   * Draw the review of a new state.
   * @param {BoardState | null} state
   * @param {PanelFacts} [facts] (while paused the panel is hidden and inert: no clicks)
   */
  update(state, { interactive = true, paused = false } = {}) {
    interactive = interactive && !paused;
    const review = (state && !state.editor && state.review) || null;
    let anyButton = false;
    for (const [name, b] of this.buttons) {
      const published = control(state, name);
      b.hidden = !published.shown || !interactive;
      b.disabled = !published.enabled;
      anyButton = anyButton || !b.hidden;
    }
    this.buttonBox.hidden = !anyButton;
    this.element.hidden = !review && !anyButton;
    if (!review) {
      this.progress.hidden = this.graphBox.hidden = this.learn.hidden = true;
      this.words.hidden = this.best.hidden = this.summary.hidden = true;
      return;
    }
    const running = review.phase === "running";
    this.progress.hidden = !running && review.phase !== "failed";
    this.bar.hidden = !running;
    this.bar.value = progressPercent(review);
    this.progressText.textContent = running
      ? `Reviewing the game: ${progressPercent(review)}%`
      : review.error || "";
    const done = review.phase === "done";
    this.graphBox.hidden = !done || !review.points.length;
    const shown = review.shown;
    if (done) this.drawGraph(review, shown ? shown.ply : -1, interactive);
    this.words.hidden = !done || !shown || !shown.text;
    this.words.textContent = (shown && shown.text) || "";
    this.best.hidden = !done || !shown || !shown.best_text;
    this.best.textContent = (shown && shown.best_text) || "";
    const summary = review.summary;
    this.summary.hidden = !done || !summary || Boolean(review.learn);
    if (summary) {
      const names = (state && state.names) || { black: "Black", white: "White" };
      this.summary.textContent = /** @type {("black" | "white")[]} */ (["black", "white"])
        .map((side) => summaryWords(names[side] || side, summary[side]))
        .join(" · ");
    }
    const learn = review.learn;
    this.learn.hidden = !learn;
    if (learn) {
      this.learnText.textContent = learn.text;
      this.learn.dataset.phase = learn.phase;
    }
  }

  /**
   * The graph: the curve, the middle line, a dot a ply (marked ones coloured), the ply
   * shown ringed.
   * @param {ReviewState} review
   * @param {number} current
   * @param {boolean} interactive
   */
  drawGraph(review, current, interactive) {
    this.current = current;
    this.last = review.points.length ? review.points[review.points.length - 1].ply : 0;
    const key = JSON.stringify([review.points, current, interactive]);
    if (key === this.key) return;
    this.key = key;
    const g = graphGeometry(review.points);
    const nodes = [
      svg("line", { x1: "0", x2: String(GRAPH_WIDTH), y1: String(g.mid), y2: String(g.mid), class: "cw-graph-mid" }),
      svg("polygon", { points: g.area, class: "cw-graph-area" }),
      svg("polyline", { points: g.line, class: "cw-graph-line" }),
    ];
    for (const dot of g.dots) {
      const point = review.points[g.dots.indexOf(dot)];
      const marked = Boolean(dot.judgement);
      const node = svg("circle", {
        cx: String(dot.x),
        cy: String(dot.y),
        r: marked ? "3.2" : "2",
        class: `cw-graph-dot${marked ? ` cw-graph-${dot.judgement}` : ""}${dot.ply === current ? " cw-graph-current" : ""}`,
        "data-role": "review-point",
        "data-ply": String(dot.ply),
      });
      const title = svg("title", {});
      title.textContent = `After move ${dot.ply}${point.symbol ? ` ${point.symbol}` : ""}: ${point.value >= 0 ? "+" : ""}${point.value.toFixed(2)}`;
      node.appendChild(title);
      nodes.push(node);
    }
    this.graph.replaceChildren(...nodes);
    this.graph.classList.toggle("cw-inert", !interactive);
    this.graph.setAttribute("tabindex", interactive ? "0" : "-1");
  }

  /** @param {AbortSignal} signal */
  listen(signal) {
    for (const [name, b] of this.buttons) b.addEventListener("click", () => this.command(name), { signal });
    /** @param {Event} event */
    const pick = (event) => {
      const target = /** @type {Element} */ (event.target);
      const dot = target && target.closest ? target.closest("[data-ply]") : null;
      if (!dot || this.graph.classList.contains("cw-inert")) return;
      this.goto(Number(dot.getAttribute("data-ply")));
    };
    this.graph.addEventListener("click", pick, { signal });
    // One tab stop: Left / Right step through the moves, Home / End go to either end.
    this.graph.addEventListener(
      "keydown",
      (event) => {
        if (event.altKey || event.ctrlKey || event.metaKey || this.graph.classList.contains("cw-inert")) return;
        /** @type {Record<string, number>} */
        const targets = {
          ArrowLeft: this.current - 1,
          ArrowRight: this.current + 1,
          Home: 0,
          End: this.last,
        };
        if (!(event.key in targets)) return;
        event.preventDefault();
        event.stopPropagation();
        const ply = Math.max(0, Math.min(this.last, targets[event.key]));
        if (ply !== this.current) this.goto(ply);
      },
      { signal },
    );
  }
}
