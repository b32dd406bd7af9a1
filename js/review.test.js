// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import {
  GRAPH_HEIGHT,
  GRAPH_WIDTH,
  ReviewPanel,
  graphGeometry,
  progressPercent,
  reviewAnnouncement,
  reviewArrow,
  summaryWords,
} from "./review.js";

const MOVE = { notation: "9-14", path: [9, 14], captures: [], crowns: false };

/** @param {number} ply @param {number} bar @param {string | null} [judgement] */
const point = (ply, bar, judgement = null) => ({
  ply,
  value: bar * 3,
  bar,
  judgement,
  symbol: judgement === "mistake" ? "?" : "",
});

const review = (extra = {}) => ({
  phase: "done",
  done: 3,
  total: 3,
  error: null,
  symbols: { 2: "?" },
  points: [point(0, 0), point(1, 0.2), point(2, -0.5, "mistake"), point(3, 1)],
  shown: { ply: 2, text: "White played 23-19?: a mistake", best: MOVE, best_text: "Best here: 9-14 (+0.30)" },
  summary: null,
  learn: null,
  ...extra,
});

describe("graphGeometry", () => {
  it("spreads the plies over the width and puts Black's advantage up", () => {
    const g = graphGeometry([point(0, 0), point(2, 1), point(4, -1)]);
    expect(g.dots.map((d) => d.x)).toEqual([4, GRAPH_WIDTH / 2, GRAPH_WIDTH - 4]);
    expect(g.dots.map((d) => d.y)).toEqual([GRAPH_HEIGHT / 2, 4, GRAPH_HEIGHT - 4]);
    expect(g.line).toBe(`4,40 150,4 296,76`);
    expect(g.area.startsWith(`4,${g.mid} `)).toBe(true);
  });
  it("clamps out-of-range values and copes with no points", () => {
    expect(graphGeometry([point(0, 5), point(1, -7)]).dots.map((d) => d.y)).toEqual([4, GRAPH_HEIGHT - 4]);
    expect(graphGeometry([])).toMatchObject({ line: "", area: "", dots: [] });
  });
});

describe("progress and arrow", () => {
  it("reads the progress as a percentage", () => {
    expect(progressPercent(review({ phase: "running", done: 10, total: 40 }))).toBe(25);
    expect(progressPercent(null)).toBe(0);
    expect(progressPercent(review({ total: 0, done: 0 }))).toBe(0);
  });
  it("draws the engine's move as an arrow unless a hint is shown", () => {
    expect(reviewArrow({ review: review(), hint: null })).toEqual({ move: MOVE, score: "", pv: "", depth: 0 });
    expect(reviewArrow({ review: review(), hint: { move: MOVE, score: "+1", pv: "", depth: 1 } })).toBeNull();
    expect(reviewArrow({ review: review({ shown: { ply: 0, text: "", best: null, best_text: "" } }) })).toBeNull();
    expect(reviewArrow({ review: null })).toBeNull();
    const learn = { index: 1, total: 1, ply: 3, side: "black", phase: "asking", text: "", hint_square: 9 };
    const hinted = reviewArrow({ review: review({ shown: { ply: 2, text: "", best: null, best_text: "" }, learn }) });
    expect(hinted && hinted.move && hinted.move.path).toEqual([9]);
  });
});

describe("ReviewPanel", () => {
  it("shows the buttons Python shows, the graph, and sends gotos and commands", () => {
    const sent = [];
    const panel = new ReviewPanel({ command: (name) => sent.push(name), goto: (ply) => sent.push(ply) });
    const controller = new AbortController();
    panel.listen(controller.signal);
    const state = {
      review: review(),
      names: { black: "Black", white: "White" },
      controls: { learn: { shown: true, enabled: true }, review: { shown: false, enabled: true } },
    };
    panel.update(/** @type {any} */ (state));
    expect(panel.element.hidden).toBe(false);
    const dots = panel.graph.querySelectorAll("[data-role=review-point]");
    expect(dots.length).toBe(4);
    expect(dots[2].getAttribute("class")).toContain("cw-graph-mistake");
    expect(dots[2].getAttribute("class")).toContain("cw-graph-current");
    expect(panel.words.textContent).toContain("a mistake");
    expect(/** @type {HTMLButtonElement} */ (panel.buttons.get("review")).hidden).toBe(true);
    const learn = /** @type {HTMLButtonElement} */ (panel.buttons.get("learn"));
    expect(learn.hidden).toBe(false);
    dots[3].dispatchEvent(new MouseEvent("click", { bubbles: true }));
    learn.click();
    expect(sent).toEqual([3, "learn"]);
    // A board that only shows: no buttons, points inert.
    panel.update(/** @type {any} */ (state), { interactive: false });
    expect(learn.hidden).toBe(true);
    panel.graph.querySelectorAll("[data-role=review-point]")[1].dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(sent).toEqual([3, "learn"]);
    // The keyboard: one tab stop, Left / Right from the ply shown (2), End.
    panel.update(/** @type {any} */ (state));
    expect(panel.graph.getAttribute("tabindex")).toBe("0");
    for (const key of ["ArrowLeft", "ArrowRight", "End", "Home"]) {
      panel.graph.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
    }
    expect(sent).toEqual([3, "learn", 1, 3, 3, 0]);
    controller.abort();
  });
  it("shows the progress while the review runs and hides without a review or buttons", () => {
    const panel = new ReviewPanel({ command: () => {}, goto: () => {} });
    panel.update(/** @type {any} */ ({ review: review({ phase: "running", done: 4, total: 8, points: [] }), controls: { "review-cancel": { shown: true, enabled: true } } }));
    expect(panel.progress.hidden).toBe(false);
    expect(panel.bar.value).toBe(50);
    expect(panel.progressText.textContent).toBe("Reviewing the game: 50%");
    expect(panel.graphBox.hidden).toBe(true);
    panel.update(/** @type {any} */ ({ review: null, controls: {} }));
    expect(panel.element.hidden).toBe(true);
  });
});

describe("words", () => {
  it("reads the review's end once and each new word of the learn mode", () => {
    const running = /** @type {any} */ ({ review: review({ phase: "running" }) });
    const done = /** @type {any} */ ({ review: review() });
    expect(reviewAnnouncement(running, done)).toBe("Review done: 1 move marked.");
    expect(reviewAnnouncement(done, done)).toBe("");
    const learn = { index: 1, total: 2, ply: 3, side: "black", phase: "asking", text: "Mistake 1 of 2" };
    const asking = /** @type {any} */ ({ review: review({ learn }) });
    expect(reviewAnnouncement(done, asking)).toBe("Mistake 1 of 2");
    expect(reviewAnnouncement(asking, asking)).toBe("");
    expect(reviewAnnouncement(asking, /** @type {any} */ ({ review: null }))).toBe("");
  });
  it("leaves the learn mode's words to the status line when it carries them (read once)", () => {
    const done = /** @type {any} */ ({ review: review() });
    const learn = { index: 1, total: 2, ply: 3, side: "black", phase: "wrong", text: "Not quite: after 9-13" };
    const wrong = /** @type {any} */ ({
      review: review({ learn }),
      status: { text: "Not quite: after 9-13", kind: "refused" },
    });
    expect(reviewAnnouncement(done, wrong)).toBe("");
  });
  it("writes a side's figures", () => {
    const s = { moves: 20, inaccuracies: 1, mistakes: 2, blunders: 0, accuracy: 93.5 };
    expect(summaryWords("Black", s)).toBe("Black: accuracy 93.5%, 1 inaccuracy, 2 mistakes, 0 blunders");
    expect(summaryWords("White", { ...s, inaccuracies: 3 })).toContain("3 inaccuracies");
  });
});
