// @vitest-environment happy-dom
// The board drawn from the geometry Python publishes: a 10x10 board (squares 1-50) with
// the same clicks, keys, drawing and screen-reader answers as the American one.
import { describe, expect, it } from "vitest";
import { parseCommand } from "./command_line.js";
import { geometryOf } from "./geometry.js";
import { helpText, rowText } from "./readout.js";
import { fakeModel, mount } from "./test/harness.js";
import { INTERNATIONAL_GEOMETRY, internationalStart, startState } from "./test/fixtures.js";

const square = (el, n) => el.querySelector(`.cw-sq[data-square="${n}"]`);
const piece = (el, n) => el.querySelector(`[data-piece][data-square="${n}"]`);
const board = (el) => el.querySelector('[data-role="board"]');
const rows = (el) => [...el.querySelectorAll('[role="row"]')];

/** A 500px board: squares of 50px. */
function sized(el) {
  board(el).getBoundingClientRect = () => ({ left: 0, top: 0, width: 500, height: 500, right: 500, bottom: 500 });
}

/** A press and release of `button` at (x, y) on the board itself (not on a square). */
function pointAt(el, x, y, button = 0) {
  const init = { bubbles: true, cancelable: true, button, pointerId: 3, isPrimary: true, clientX: x, clientY: y };
  board(el).dispatchEvent(new PointerEvent("pointerdown", init));
  board(el).dispatchEvent(new PointerEvent("pointerup", init));
}

function key(el, name) {
  board(el).dispatchEvent(new KeyboardEvent("keydown", { key: name, bubbles: true, cancelable: true }));
}

/** The centre of a square in pixels on a 500px board, as drawn for `orientation`. */
function centre(n, orientation) {
  const { row, col } = geometryOf({ geometry: INTERNATIONAL_GEOMETRY }).rowCol(n, orientation);
  return [col * 50 + 25, row * 50 + 25];
}

describe("a 10x10 board", () => {
  it("draws ten rows of five numbered squares, each a tenth of the board", () => {
    const model = fakeModel(internationalStart(), { orientation: "white" });
    const { el } = mount(model);
    const b = board(el);
    expect(el.querySelectorAll(".cw-sq")).toHaveLength(50);
    expect(rows(el)).toHaveLength(10);
    expect(rows(el).map((r) => r.children.length)).toEqual(Array(10).fill(5));
    expect(b.getAttribute("aria-rowcount")).toBe("10");
    expect(b.getAttribute("aria-colcount")).toBe("10");
    expect(b.style.getPropertyValue("--cw-n")).toBe("10");
    expect(el.querySelector(".cw-overlay").getAttribute("viewBox")).toBe("0 0 10 10");
    expect(el.querySelector('[data-role="drawings"]').getAttribute("viewBox")).toBe("0 0 10 10");
    // White at the bottom: square 1 top row, second column; 50 bottom row, ninth column.
    expect(rows(el)[0].getAttribute("aria-label")).toBe("Row 1");
    expect([...rows(el)[0].children].map((c) => c.dataset.square)).toEqual(["1", "2", "3", "4", "5"]);
    expect(square(el, 1).style.left).toBe("10%");
    expect(square(el, 50).style.left).toBe("80%");
    expect(rows(el)[9].style.top).toBe("90%");
    expect(piece(el, 50).style.transform).toBe("translate(800%, 900%)");
    expect(piece(el, 1).style.transform).toBe("translate(100%, 0%)");
    expect(el.querySelectorAll("[data-piece]")).toHaveLength(40);
    expect(el.querySelectorAll(".cw-num")).toHaveLength(50);
    expect(square(el, 50).getAttribute("aria-label")).toBe("Square 50, white man");
  });

  it("turns it round with Black at the bottom (the view's preference)", () => {
    const model = fakeModel(internationalStart());
    const { el } = mount(model);
    expect(rows(el)[0].getAttribute("aria-label")).toBe("Row 10");
    expect([...rows(el)[0].children].map((c) => c.dataset.square)).toEqual(["50", "49", "48", "47", "46"]);
    expect(square(el, 50).style.left).toBe("10%");
    expect(piece(el, 1).style.transform).toBe("translate(800%, 900%)");
    model.set("orientation", "white");
    expect(piece(el, 1).style.transform).toBe("translate(100%, 0%)");
    expect(rows(el)[0].getAttribute("aria-label")).toBe("Row 1");
  });

  it("reads a click by where it lands: square 50 is 50, in either orientation", () => {
    for (const orientation of ["white", "black"]) {
      const model = fakeModel(internationalStart(), { orientation });
      const { el } = mount(model);
      sized(el);
      // A right click rings the square under the pointer: the square is reported as is.
      pointAt(el, ...centre(50, orientation), 2);
      expect(model.sent.at(-1)).toEqual({ kind: "draw", action: "mark", square: 50, colour: "green", version: 1 });
      // A move clicked square by square, from where the pointer is.
      pointAt(el, ...centre(34, orientation));
      expect(square(el, 34).classList.contains("cw-selected")).toBe(true);
      expect(square(el, 30).classList.contains("cw-target")).toBe(true);
      pointAt(el, ...centre(30, orientation));
      expect(model.sent.at(-1)).toEqual({ kind: "move", path: [34, 30], version: 1 });
    }
  });

  it("moves the keyboard cursor over ten columns and plays with Enter", () => {
    const model = fakeModel(internationalStart(), { orientation: "white" });
    const { el } = mount(model);
    key(el, "ArrowUp"); // the cursor shows on the lit piece nearest the bottom-left corner
    expect(square(el, 31).classList.contains("cw-cursor")).toBe(true);
    key(el, "End");
    expect(square(el, 35).classList.contains("cw-cursor")).toBe(true);
    key(el, "Home");
    key(el, "Enter");
    expect(square(el, 31).classList.contains("cw-selected")).toBe(true);
    key(el, "ArrowUp");
    expect(square(el, 26).classList.contains("cw-cursor")).toBe(true);
    key(el, " ");
    expect(model.sent).toEqual([{ kind: "move", path: [31, 26], version: 1 }]);
  });

  it("walks to the last column, and stays on the board at its edges", () => {
    const model = fakeModel(internationalStart({ legal: [] }), { orientation: "white" });
    const { el } = mount(model);
    key(el, "ArrowUp"); // (no lit piece: the bottom-left square)
    expect(square(el, 46).classList.contains("cw-cursor")).toBe(true);
    for (let i = 0; i < 12; i++) key(el, "ArrowRight");
    expect(square(el, 45).classList.contains("cw-cursor")).toBe(true);
    for (let i = 0; i < 12; i++) key(el, "ArrowUp");
    expect(square(el, 5).classList.contains("cw-cursor")).toBe(true);
  });

  it("is built again when the state's board changes, and back", () => {
    const model = fakeModel(startState());
    const { el } = mount(model);
    expect(el.querySelectorAll(".cw-sq")).toHaveLength(32);
    model.set("state", internationalStart({ version: 2 }));
    expect(el.querySelectorAll(".cw-sq")).toHaveLength(50);
    expect(el.querySelectorAll("[data-piece]")).toHaveLength(40);
    expect(square(el, 50)).not.toBeNull();
    model.set("state", startState({ version: 3 }));
    expect(el.querySelectorAll(".cw-sq")).toHaveLength(32);
    expect(square(el, 50)).toBeNull();
    expect(el.querySelectorAll("[data-piece]")).toHaveLength(24);
    expect(board(el).getAttribute("aria-rowcount")).toBe("8");
  });

  it("answers the screen-reader mode's questions in its own squares and rows", () => {
    const board10 = { squares: 50, rows: 10 };
    expect(parseCommand("m 45", board10)).toEqual({ kind: "moves", square: 45 });
    expect(parseCommand("m 51", board10)).toEqual({
      kind: "error",
      text: '"51" is not a square: the squares are numbered 1 to 50 (m 11).',
    });
    expect(parseCommand("s 10", board10)).toEqual({ kind: "scan", row: 10 });
    expect(parseCommand("s 11", board10).text).toBe('"11" is not a row: the rows are numbered 1 to 10 (s 3).');
    // A typed move goes to Python whatever squares it names.
    expect(parseCommand("32-28", board10)).toEqual({ kind: "move", notation: "32-28" });
    expect(parseCommand("31x22x13", board10)).toEqual({ kind: "move", notation: "31x22x13" });
    const state = internationalStart();
    expect(rowText(state, 10)).toBe(
      "Row 10: 46 white man, 47 white man, 48 white man, 49 white man, 50 white man.",
    );
    expect(helpText(state)).toContain("row 1 is squares 1 to 5, on Black's side; row 10 is 46 to 50, on White's");
  });

  it("takes typed squares past 32 on the command line", () => {
    const model = fakeModel(internationalStart(), { accessible: true });
    const { el } = mount(model);
    const input = el.querySelector('[data-role="command"]');
    const type = (text) => {
      input.value = text;
      input.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true }));
    };
    type("m 34");
    expect(el.querySelector('[data-role="command-echo"]').textContent).toBe("The white man on 34 can play 34-29 or 34-30.");
    type("m 51");
    expect(el.querySelector('[data-role="command-echo"]').textContent).toContain("numbered 1 to 50");
    type("s 10");
    expect(el.querySelector('[data-role="command-echo"]').textContent).toContain("Row 10: 46 white man");
    type("45-40");
    expect(model.sent.at(-1)).toEqual({ kind: "move", notation: "45-40", version: 1 });
  });

  it("draws arrows and rings on its own squares", () => {
    const drawings = { arrows: [{ from: 50, to: 45, colour: "red" }], marks: [{ square: 46, colour: "blue" }] };
    const model = fakeModel(internationalStart({ drawings }), { orientation: "white" });
    const { el } = mount(model);
    const ring = el.querySelector('[data-role="drawn-mark"]');
    // 46: row 9, column 0, in board units (a square is 1 wide).
    expect([ring.getAttribute("cx"), ring.getAttribute("cy")]).toEqual(["0.5", "9.5"]);
    const arrow = el.querySelector('[data-role="drawn-arrow"]');
    expect([arrow.dataset.from, arrow.dataset.to]).toEqual(["50", "45"]);
    expect(board(el).getAttribute("aria-description")).toBe("Drawn on the board: arrows: 50 to 45 (red); marked: 46 (blue)");
    // A right-drag from 50 to 45 draws an arrow between them.
    sized(el);
    const init = (x, y, type) => [type, { bubbles: true, cancelable: true, button: 2, pointerId: 4, clientX: x, clientY: y }];
    board(el).dispatchEvent(new PointerEvent(...init(...centre(50, "white"), "pointerdown")));
    board(el).dispatchEvent(new PointerEvent(...init(...centre(45, "white"), "pointermove")));
    board(el).dispatchEvent(new PointerEvent(...init(...centre(45, "white"), "pointerup")));
    expect(model.sent.at(-1)).toEqual({ kind: "draw", action: "arrow", from: 50, to: 45, colour: "green", version: 1 });
  });

  it("sets up a position in the editor on squares past 32", () => {
    const editor = { fen: "W:W50:B1", turn: "white", pieces: { 1: "black-man", 50: "white-man" }, error: null };
    const model = fakeModel(internationalStart({ version: 3, editor }));
    const { el } = mount(model);
    expect(el.querySelectorAll("[data-piece]")).toHaveLength(2);
    const press = (n) => {
      const init = { bubbles: true, cancelable: true, button: 0, pointerId: 1, isPrimary: true };
      square(el, n).dispatchEvent(new PointerEvent("pointerdown", init));
      square(el, n).dispatchEvent(new PointerEvent("pointerup", init));
    };
    press(45);
    press(50);
    expect(model.sent).toEqual([
      { kind: "edit", action: "place", square: 45, piece: "black-man", version: 3 },
      { kind: "edit", action: "place", square: 50, piece: "black-man", version: 3 },
    ]);
  });

  it("replays a move hop by hop on its own squares", () => {
    // White's man on 32 takes 27 and 17, landing on 21 then 12.
    const move = { notation: "32x12", path: [32, 21, 12], captures: [27, 17], crowns: false };
    const before = { 32: "white-man", 27: "black-man", 17: "black-man", 8: "black-man" };
    const model = fakeModel(
      internationalStart({
        version: 5,
        turn: "black",
        pieces: { 12: "white-man", 8: "black-man" },
        last_move: move,
        legal: [],
        replay: { move, before, ply: 0, speed: 0.8 },
      }),
      { orientation: "white" },
    );
    const { el } = mount(model);
    // Before the move: the man on 32 (row 6, column 3), the two men it takes still there.
    expect(piece(el, 32).style.transform).toBe("translate(300%, 600%)");
    expect(piece(el, 27)).not.toBeNull();
    el.querySelector('[data-action="replay-forward"]').click();
    expect(piece(el, 21).style.transform).toBe("translate(100%, 400%)");
    expect(piece(el, 27)).toBeNull();
    el.querySelector('[data-action="replay-forward"]').click();
    expect(piece(el, 12).style.transform).toBe("translate(300%, 200%)");
  });
});
