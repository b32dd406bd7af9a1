// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { DrawingInput, colourFor, drawIntent, drawingWords, drawnArrow, hasDrawing, renderDrawing } from "./drawing.js";
import { AMERICAN_BOARD } from "./geometry.js";

const black = (s) => AMERICAN_BOARD.rowCol(s, "black");
const white = (s) => AMERICAN_BOARD.rowCol(s, "white");

describe("the colour the modifier keys choose", () => {
  it("is green, red with Shift, blue with Alt, yellow with both or Ctrl", () => {
    expect(colourFor({})).toBe("green");
    expect(colourFor({ shiftKey: true })).toBe("red");
    expect(colourFor({ altKey: true })).toBe("blue");
    expect(colourFor({ shiftKey: true, altKey: true })).toBe("yellow");
    expect(colourFor({ ctrlKey: true })).toBe("yellow");
    expect(colourFor({ metaKey: true, shiftKey: true })).toBe("yellow");
  });
});

describe("what a right-button gesture asks for", () => {
  it("marks the square pressed and released on, draws an arrow between two, nothing off the board", () => {
    expect(drawIntent(14, 14, "red")).toEqual({ kind: "draw", action: "mark", square: 14, colour: "red" });
    expect(drawIntent(22, 18, "green")).toEqual({ kind: "draw", action: "arrow", from: 22, to: 18, colour: "green" });
    expect(drawIntent(22, null, "green")).toBeNull();
    expect(drawIntent(null, 18, "green")).toBeNull();
  });
});

describe("an arrow's geometry", () => {
  it("runs from near one square's centre to a tip short of the other's, turned with the board", () => {
    const a = drawnArrow(22, 18, black);
    const b = drawnArrow(22, 18, white);
    const from = black(22);
    const to = black(18);
    // The tip lies on the line between the centres, just short of the end square's centre.
    const [tx, ty] = a.head[0];
    expect(Math.hypot(tx - (to.col + 0.5), ty - (to.row + 0.5))).toBeCloseTo(0.12, 2);
    const [sx, sy] = a.shaft[0];
    expect(Math.hypot(sx - (from.col + 0.5), sy - (from.row + 0.5))).toBeCloseTo(0.15, 2);
    // Flipped, the same arrow is drawn turned round the board's centre.
    const [ux, uy] = b.head[0];
    expect(ux).toBeCloseTo(8 - tx, 2);
    expect(uy).toBeCloseTo(8 - ty, 2);
  });
});

describe("drawing the drawing", () => {
  const drawing = {
    arrows: [
      { from: 22, to: 18, colour: "green" },
      { from: 11, to: 15, colour: "red" },
    ],
    marks: [{ square: 14, colour: "blue" }],
  };

  it("puts an arrow group per arrow and a ring per mark in the layer, each saying what it is", () => {
    const layer = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    renderDrawing(layer, drawing, black);
    const arrows = [...layer.querySelectorAll('[data-role="drawn-arrow"]')];
    expect(arrows.map((g) => [g.getAttribute("data-from"), g.getAttribute("data-to"), g.getAttribute("data-colour")])).toEqual([
      ["22", "18", "green"],
      ["11", "15", "red"],
    ]);
    expect(arrows[1].getAttribute("class")).toContain("cw-drawn-red");
    expect(arrows[0].querySelector("polyline")).not.toBeNull();
    expect(arrows[0].querySelector("polygon")).not.toBeNull();
    const ring = layer.querySelector('[data-role="drawn-mark"]');
    const { row, col } = black(14);
    expect([ring.getAttribute("cx"), ring.getAttribute("cy")]).toEqual([String(col + 0.5), String(row + 0.5)]);
    expect(ring.getAttribute("data-colour")).toBe("blue");
    // Drawn again (a new state), the layer holds only the new drawing.
    renderDrawing(layer, { arrows: [], marks: [] }, black);
    expect(layer.childElementCount).toBe(0);
  });

  it("shows the gesture in progress as a preview: an arrow, or a ring over the pressed square", () => {
    const layer = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    renderDrawing(layer, null, black, { from: 9, to: 14, colour: "yellow" });
    const preview = layer.querySelector('[data-role="drawing-preview"]');
    expect(preview.getAttribute("data-from")).toBe("9");
    expect(preview.getAttribute("class")).toContain("cw-drawn-preview");
    renderDrawing(layer, null, black, { from: 9, to: 9, colour: "yellow" });
    expect(layer.querySelector('[data-role="drawing-preview"]').tagName.toLowerCase()).toBe("circle");
    renderDrawing(layer, null, black, { from: 9, to: null, colour: "yellow" });
    expect(layer.childElementCount).toBe(0);
  });

  it("says in words what is drawn, and whether anything is", () => {
    expect(drawingWords(drawing)).toBe("arrows: 22 to 18 (green), 11 to 15 (red); marked: 14 (blue)");
    expect(drawingWords({ arrows: [], marks: [] })).toBe("");
    expect(hasDrawing({ drawings: drawing })).toBe(true);
    expect(hasDrawing({ drawings: { arrows: [], marks: [] } })).toBe(false);
    expect(hasDrawing({})).toBe(false);
  });
});

describe("drawing from the keyboard", () => {
  const make = (canDraw = true) => {
    const sent = [];
    const previews = [];
    const said = [];
    const input = new DrawingInput({
      element: document.createElement("div"),
      getOrientation: () => "black",
      canDraw: () => canDraw,
      send: (intent) => sent.push(intent),
      showPreview: (preview) => previews.push(preview),
      announce: (text) => said.push(text),
    });
    return { input, sent, previews, said };
  };

  it("marks the cursor's square with M, and draws an arrow with A at each end", () => {
    const { input, sent, previews, said } = make();
    expect(input.element.hasAttribute("data-jp-suppress-context-menu")).toBe(true);
    expect(input.key("m", 14)).toBe(true);
    expect(sent.at(-1)).toEqual({ kind: "draw", action: "mark", square: 14, colour: "green" });
    expect(input.key("a", 22)).toBe(true);
    expect(previews.at(-1)).toEqual({ from: 22, to: 22, colour: "green" });
    expect(said.at(-1)).toContain("Arrow from 22");
    expect(sent).toHaveLength(1);
    input.key("a", 18);
    expect(sent.at(-1)).toEqual({ kind: "draw", action: "arrow", from: 22, to: 18, colour: "green" });
    expect(previews.at(-1)).toBeNull();
  });

  it("cancels an arrow ended where it started, and takes no key when the board cannot draw", () => {
    const { input, sent } = make();
    input.key("a", 9);
    input.key("a", 9);
    expect(sent).toHaveLength(0);
    const off = make(false);
    expect(off.input.key("m", 14)).toBe(false);
    expect(off.sent).toHaveLength(0);
  });
});
