// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { fakeModel, mount } from "./test/harness.js";
import { afterFirstMove, clock, computerThinking, pendingState, startState } from "./test/fixtures.js";

const q = (el, selector) => el.querySelector(selector);
const live = (el) => q(el, '[data-role="announce"]');
const box = (el) => q(el, '[data-role="command"]');
const commandLine = (el) => q(el, '[data-role="command-line"]');
const square = (el, n) => q(el, `.cw-sq[data-square="${n}"]`);

/** Type `text` in the command box and press `key` (Enter by default). */
function type(el, text, key = "Enter") {
  const input = box(el);
  input.value = text;
  const event = new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true });
  input.dispatchEvent(event);
  return event;
}

/** What the live region says (without the no-break space that makes a repeat new). */
const said = (el) => live(el).textContent.replace(/\u00a0$/, "");

describe("the screen-reader mode", () => {
  it("is off by default; the accessible trait opens the command line, the switch sets the trait", () => {
    const model = fakeModel(startState());
    const { el } = mount(model);
    expect(commandLine(el).hidden).toBe(true);
    const toggle = q(el, '[data-action="accessible"]');
    expect(toggle.getAttribute("role")).toBe("switch");
    expect(toggle.closest("label").textContent).toBe("Screen reader");
    toggle.checked = true;
    toggle.dispatchEvent(new Event("change", { bubbles: true }));
    expect(model.get("accessible")).toBe(true);
    expect(model.saves).toBe(1);
    expect(commandLine(el).hidden).toBe(false);
    expect(toggle.getAttribute("aria-checked")).toBe("true");
    expect(q(el, ".cw-root").classList.contains("cw-accessible")).toBe(true);
    expect(said(el)).toMatch(/^Screen-reader mode on: type moves and commands in the Command box/);
    // Python (or another view) turns it off.
    model.set("accessible", false);
    expect(commandLine(el).hidden).toBe(true);
    expect(toggle.checked).toBe(false);
  });

  it("draws the switch where Python publishes it (controls=[...] may leave it out)", () => {
    const { el } = mount(fakeModel(startState({ controls: { accessible: { offered: false } } }), { accessible: true }));
    expect(q(el, '[data-action="accessible"]').closest("label").hidden).toBe(true);
    // The mode itself is the trait's: the command line is there.
    expect(commandLine(el).hidden).toBe(false);
  });

  it("puts a labelled text box above the board, after the status line", () => {
    const { el } = mount(fakeModel(startState(), { accessible: true }));
    const input = box(el);
    expect(input.closest("label").textContent).toBe("Command");
    expect(q(el, `#${input.getAttribute("aria-labelledby")}`).textContent).toBe("Command");
    expect(q(el, `#${input.getAttribute("aria-describedby")}`).textContent).toMatch(/^Type a move \(11-15/);
    const order = [...q(el, ".cw-main").children];
    const at = (node) => order.indexOf(node);
    expect(at(q(el, '[data-role="status"]'))).toBeLessThan(at(commandLine(el)));
    expect(at(commandLine(el))).toBeLessThan(at(q(el, ".cw-frame")));
  });

  it("sends a typed move as typed, stamped with the position's version, and leaves the rules to Python", () => {
    const model = fakeModel(startState({ version: 7 }), { accessible: true });
    const { el } = mount(model);
    const event = type(el, "11-15");
    expect(event.defaultPrevented).toBe(true);
    expect(model.sent).toEqual([{ kind: "move", notation: "11-15", version: 7 }]);
    expect(box(el).value).toBe("");
    // Even a move no rule allows goes to Python: it is Python that says why not.
    type(el, "11x18x25");
    type(el, "40-44");
    expect(model.sent.map((m) => m.notation)).toEqual(["11-15", "11x18x25", "40-44"]);
  });

  it("reads Python's answer: the move played, or why it was not", () => {
    const model = fakeModel(startState(), { accessible: true });
    const { el } = mount(model);
    type(el, "11-16");
    // Refused: the same position, the status line saying why.
    model.set("state", startState({ seq: 1, status: { text: "11-16: square 16 is occupied", kind: "refused" } }));
    expect(said(el)).toBe("Not played: 11-16: square 16 is occupied");
    expect(q(el, '[data-role="command-echo"]').textContent).toBe("11-16: Not played: 11-16: square 16 is occupied");
    type(el, "11-15");
    model.set("state", afterFirstMove());
    expect(said(el)).toBe("Black played 11-15. White to move");
    // The computer's reply is announced as every move is.
    model.set(
      "state",
      afterFirstMove({
        version: 3,
        ply: 2,
        turn: "black",
        last_move: { notation: "23-19", path: [23, 19], captures: [], crowns: false },
        status: { text: "Black to move", kind: "turn" },
      }),
    );
    expect(said(el)).toBe("White played 23-19. Black to move");
  });

  it("answers m, p, l, c and s from the state, through the live region", () => {
    const model = fakeModel(afterFirstMove({ clock: clock(30, { side: "white" }) }), { accessible: true });
    const { el } = mount(model);
    type(el, "m 22");
    expect(said(el)).toBe("The white man on 22 can play 22-17 or 22-18.");
    type(el, "p");
    expect(said(el)).toMatch(/^Black: 12 men on 1, 2, .*, 12 and 15\. White: 12 men on 21, /);
    type(el, "l");
    expect(said(el)).toBe("Last move: Black played 11-15.");
    type(el, "c");
    expect(said(el)).toMatch(/^White's clock: (30|29) seconds left for this move/);
    type(el, "s 3");
    expect(said(el)).toBe("Row 3: 9 black man, 10 black man, 11 empty, 12 black man.");
    // Asked twice, read twice (the live region's text changes).
    const before = live(el).textContent;
    type(el, "s 3");
    expect(live(el).textContent).not.toBe(before);
    expect(said(el)).toBe("Row 3: 9 black man, 10 black man, 11 empty, 12 black man.");
    expect(q(el, '[data-role="command-echo"]').textContent).toBe(said(el));
    expect(model.sent).toEqual([]); // questions send nothing
  });

  it("reads a bad command as such, and sends nothing", () => {
    const model = fakeModel(startState(), { accessible: true });
    const { el } = mount(model);
    type(el, "xyz");
    expect(said(el)).toBe('Unknown command "xyz". Type ? for the list of commands.');
    type(el, "s 9");
    expect(said(el)).toBe('"9" is not a row: the rows are numbered 1 to 8 (s 3).');
    expect(model.sent).toEqual([]);
  });

  it("lists a jump in progress, and reads nothing of a hidden (paused) board", () => {
    const model = fakeModel(pendingState(), { accessible: true });
    const { el } = mount(model);
    type(el, "m 18");
    expect(said(el)).toBe("The black man on 18 must keep jumping: 18x25 or 18x27.");
    model.set("state", computerThinking({ paused: true }));
    type(el, "p");
    expect(said(el)).toMatch(/^The game is paused/);
  });

  it("keeps the lines typed for Up and Down, and its keys from the board and the notebook", () => {
    const model = fakeModel(startState(), { accessible: true });
    const { el } = mount(model);
    let reached = 0;
    el.addEventListener("keydown", () => reached++);
    type(el, "p");
    type(el, "s 3");
    type(el, "", "ArrowUp");
    expect(box(el).value).toBe("s 3");
    box(el).dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowUp", bubbles: true, cancelable: true }));
    expect(box(el).value).toBe("p");
    box(el).dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowDown", bubbles: true, cancelable: true }));
    expect(box(el).value).toBe("s 3");
    box(el).dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true, cancelable: true }));
    expect(box(el).value).toBe("");
    // "u" typed here is a letter, not the board's Undo.
    type(el, "u", "u");
    expect(reached).toBe(0);
    expect(model.sent).toEqual([]);
  });
});

describe("the board grid, for screen readers", () => {
  it("names its rows by the numbering and its squares by the side names the state publishes", () => {
    const model = fakeModel(startState({ names: { black: "Red", white: "White" } }));
    const { el } = mount(model);
    const grid = q(el, '[role="grid"]');
    expect(grid.getAttribute("aria-rowcount")).toBe("8");
    const rows = [...grid.querySelectorAll('[role="row"]')].map((r) => r.getAttribute("aria-label"));
    // Black (here called Red) at the bottom: row 8 (squares 29-32) is drawn first.
    expect(rows).toEqual(["Row 8", "Row 7", "Row 6", "Row 5", "Row 4", "Row 3", "Row 2", "Row 1"]);
    expect(square(el, 11).getAttribute("aria-label")).toBe("Square 11, red man, can move");
    expect(square(el, 11).closest('[role="row"]').getAttribute("aria-label")).toBe("Row 3");
    model.set("orientation", "white");
    const turned = [...grid.querySelectorAll('[role="row"]')].map((r) => r.getAttribute("aria-label"));
    expect(turned).toEqual(["Row 1", "Row 2", "Row 3", "Row 4", "Row 5", "Row 6", "Row 7", "Row 8"]);
  });

  it("says where the last move went", () => {
    const model = fakeModel(startState());
    const { el } = mount(model);
    model.set("state", afterFirstMove());
    expect(square(el, 11).getAttribute("aria-label")).toBe("Square 11, empty, last move from here");
    expect(square(el, 15).getAttribute("aria-label")).toBe("Square 15, black man, last move to here");
  });
});
