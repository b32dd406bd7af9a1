// @vitest-environment happy-dom
import { describe, expect, it, vi } from "vitest";
import { fakeModel, mount } from "./test/harness.js";
import * as entry from "./widget.js";
import {
  OVER,
  VIEW_ONLY,
  afterDoubleJump,
  afterFirstMove,
  computerHint,
  computerThinking,
  doubleJumpState,
  pendingState,
  startState,
} from "./test/fixtures.js";


const square = (el, n) => el.querySelector(`.cw-sq[data-square="${n}"]`);
const board = (el) => el.querySelector('[data-role="board"]');
const button = (el, action) => el.querySelector(`[data-action="${action}"]`);

function click(target) {
  const init = { bubbles: true, cancelable: true, button: 0, pointerId: 1, isPrimary: true };
  target.dispatchEvent(new PointerEvent("pointerdown", init));
  target.dispatchEvent(new PointerEvent("pointerup", init));
}

function key(el, name) {
  board(el).dispatchEvent(new KeyboardEvent("keydown", { key: name, bubbles: true, cancelable: true }));
}

describe("the anywidget entry point", () => {
  it("exports only `default { render }` (a named render makes anywidget warn)", () => {
    expect(Object.keys(entry)).toEqual(["default"]);
    expect(Object.keys(entry.default)).toEqual(["render"]);
    expect(typeof entry.default.render).toBe("function");
  });
});

describe("the size trait", () => {
  it("sets the board's width in pixels, and none leaves the stylesheet's default", () => {
    const model = fakeModel(startState(), { size: 720 });
    const { el } = mount(model);
    const root = el.querySelector(".cw-root");
    expect(root.style.getPropertyValue("--cw-size")).toBe("720px");
    model.set("size", 400);
    expect(root.style.getPropertyValue("--cw-size")).toBe("400px");
    model.set("size", null);
    expect(root.style.getPropertyValue("--cw-size")).toBe("");
  });
});

describe("drawing", () => {
  it("follows the testing contract: squares, pieces, status, board", () => {
    const { el } = mount(fakeModel(startState()));
    const squares = el.querySelectorAll("[data-square]:not([data-piece])");
    expect(squares).toHaveLength(32);
    // Only the pieces on the board carry data-piece (the bar's icons do not).
    const pieces = el.querySelectorAll("[data-piece]");
    expect(pieces).toHaveLength(24);
    for (const piece of pieces) expect(piece.getAttribute("data-square")).toMatch(/^\d+$/);
    expect(el.querySelector('.cw-pieces [data-piece][data-square="11"]').dataset.piece).toBe("black-man");
    expect(el.querySelector('.cw-pieces [data-square="22"]').dataset.piece).toBe("white-man");
    expect(el.querySelector('[data-role="status"]').textContent).toBe("Black to move");
    const b = board(el);
    expect(b.getAttribute("role")).toBe("grid");
    expect(b.getAttribute("tabindex")).toBe("0");
    expect(el.querySelectorAll('[tabindex="0"]')).toHaveLength(1);
    expect(el.querySelectorAll('[role="row"]')).toHaveLength(8);
  });

  it("labels each square with its number and piece for screen readers", () => {
    const { el } = mount(fakeModel(startState()));
    expect(square(el, 11).getAttribute("aria-label")).toBe("Square 11, black man, can move");
    expect(square(el, 1).getAttribute("aria-label")).toBe("Square 1, black man");
    expect(square(el, 15).getAttribute("aria-label")).toBe("Square 15, empty");
    expect(square(el, 22).getAttribute("aria-label")).toBe("Square 22, white man");
  });

  it("shows the counts, the turn and the control states", () => {
    const { el } = mount(fakeModel(startState()));
    const black = el.querySelector('[data-side="black"]');
    expect(black.querySelector('[data-count="pieces"]').textContent).toBe("12");
    expect(black.querySelector('[data-count="kings"]').textContent).toBe("0");
    expect(black.classList.contains("cw-to-move")).toBe(true);
    expect(button(el, "undo").disabled).toBe(true);
    expect(button(el, "redo").disabled).toBe(true);
    expect(button(el, "accept-draw").hidden).toBe(true);
    expect(button(el, "offer-draw").hidden).toBe(false);
  });

  it("redraws incrementally: unchanged pieces keep their elements, the mover is reused", () => {
    const model = fakeModel(startState());
    const { el } = mount(model);
    const one = el.querySelector('.cw-pieces [data-square="1"]');
    const mover = el.querySelector('.cw-pieces [data-square="11"]');
    model.set("state", afterFirstMove());
    expect(el.querySelector('.cw-pieces [data-square="1"]')).toBe(one);
    expect(el.querySelector('.cw-pieces [data-square="15"]')).toBe(mover);
    expect(el.querySelector('.cw-pieces [data-square="11"]')).toBeNull();
    expect(square(el, 11).classList.contains("cw-last")).toBe(true);
    expect(square(el, 15).classList.contains("cw-last")).toBe(true);
    expect(el.querySelector('[data-role="status"]').textContent).toBe("White to move");
  });

  it("draws a jump in progress and its end, then crowns and captures from the state", () => {
    const model = fakeModel(doubleJumpState());
    const { el } = mount(model);
    model.set("state", pendingState());
    expect(el.querySelector('.cw-pieces [data-square="18"]').dataset.piece).toBe("black-man");
    expect(el.querySelector('.cw-pieces [data-square="9"]')).toBeNull();
    expect(el.querySelector('.cw-pieces [data-square="14"]').classList.contains("cw-faded")).toBe(true);
    model.set("state", afterDoubleJump());
    expect(el.querySelector('.cw-pieces [data-square="27"]').dataset.piece).toBe("black-man");
    expect(el.querySelector('.cw-pieces [data-square="14"]')).toBeNull();
    expect(el.querySelector('.cw-pieces [data-square="23"]')).toBeNull();
    model.set("state", afterDoubleJump({ pieces: { ...afterDoubleJump().pieces, 27: "black-king" } }));
    const king = el.querySelector('.cw-pieces [data-square="27"]');
    expect(king.dataset.piece).toBe("black-king");
    expect(king.querySelectorAll(".cw-body")).toHaveLength(2);
    expect(king.querySelector(".cw-crown")).not.toBeNull();
  });

  it("announces moves and the status through the live region", () => {
    const model = fakeModel(startState());
    const { el } = mount(model);
    model.set("state", afterFirstMove());
    const live = el.querySelector("[aria-live]");
    expect(live.textContent).toBe("Black played 11-15. White to move");
  });

  it("writes the square numbers on request and flips the board", () => {
    const model = fakeModel(startState());
    const { el } = mount(model);
    expect(el.querySelector(".cw-frame").classList.contains("cw-show-numbers")).toBe(false);
    model.set("show_numbers", true);
    expect(el.querySelector(".cw-frame").classList.contains("cw-show-numbers")).toBe(true);
    // Black at the bottom: square 1 is on the bottom row, second column from the right.
    expect(square(el, 1).parentElement.style.top).toBe("87.5%");
    expect(square(el, 1).style.left).toBe("75%");
    button(el, "flip").click();
    expect(model.get("orientation")).toBe("white");
    expect(model.saves).toBe(1);
    expect(square(el, 1).parentElement.style.top).toBe("0%");
    expect(square(el, 1).style.left).toBe("12.5%");
  });
});

describe("clicks become intents", () => {
  it("picks up a piece, marks its landings, then sends the move", () => {
    const model = fakeModel(startState());
    const { el } = mount(model);
    click(square(el, 11));
    expect(model.sent).toEqual([]);
    expect(square(el, 11).classList.contains("cw-selected")).toBe(true);
    expect(square(el, 15).classList.contains("cw-target")).toBe(true);
    expect(square(el, 16).classList.contains("cw-target")).toBe(true);
    expect(square(el, 15).classList.contains("cw-jump")).toBe(false); // a quiet move: a dot
    expect(square(el, 14).classList.contains("cw-target")).toBe(false);
    click(square(el, 15));
    expect(model.sent).toEqual([{ kind: "move", path: [11, 15], version: 1 }]);
    expect(square(el, 15).classList.contains("cw-target")).toBe(false);
  });

  it("clicking the selected piece again puts it down", () => {
    const model = fakeModel(startState());
    const { el } = mount(model);
    click(square(el, 11));
    click(square(el, 11));
    expect(square(el, 11).classList.contains("cw-selected")).toBe(false);
    expect(model.sent).toEqual([]);
  });

  it("plays a double jump by its final square, and explains a blocked piece", () => {
    const model = fakeModel(doubleJumpState());
    const { el } = mount(model);
    click(square(el, 5));
    // (Python says why the man on 5 cannot move: 9 must jump)
    expect(model.sent).toEqual([{ kind: "select", square: 5, version: 1 }]);
    click(square(el, 9));
    expect(square(el, 27).classList.contains("cw-final")).toBe(true);
    // A capture's landing is drawn as a ring (cw-jump), a quiet move's as a dot.
    expect(square(el, 18).classList.contains("cw-jump")).toBe(true);
    expect(square(el, 27).classList.contains("cw-jump")).toBe(false);
    click(square(el, 27));
    expect(model.sent.at(-1)).toEqual({ kind: "move", path: [9, 27], version: 1 });
  });

  it("continues a jump in progress with the pending prefix", () => {
    const model = fakeModel(pendingState());
    const { el } = mount(model);
    expect(square(el, 18).classList.contains("cw-selected")).toBe(true);
    expect(square(el, 25).classList.contains("cw-target")).toBe(true);
    key(el, "Escape"); // cannot abandon the sequence
    expect(square(el, 18).classList.contains("cw-selected")).toBe(true);
    click(square(el, 25));
    expect(model.sent).toEqual([{ kind: "move", path: [9, 18, 25], version: 2 }]);
  });

  it("sends nothing when the board only shows", () => {
    const model = fakeModel(startState({ controls: VIEW_ONLY }), { interactive: false });
    const { el } = mount(model);
    click(square(el, 11));
    click(square(el, 15));
    key(el, "Enter");
    expect(model.sent).toEqual([]);
    expect(button(el, "undo").hidden).toBe(true);
    expect(square(el, 11).classList.contains("cw-movable")).toBe(false);
  });
});

describe("keyboard", () => {
  it("plays a move with arrows and Enter alone", () => {
    const model = fakeModel(startState());
    const { el } = mount(model);
    const b = board(el);
    key(el, "ArrowUp"); // first key shows the cursor on the lit piece nearest bottom-left
    expect(square(el, 12).classList.contains("cw-cursor")).toBe(true);
    expect(b.getAttribute("aria-activedescendant")).toBe(square(el, 12).id);
    key(el, "Enter");
    expect(square(el, 12).classList.contains("cw-selected")).toBe(true);
    key(el, "ArrowUp");
    expect(square(el, 16).classList.contains("cw-cursor")).toBe(true);
    key(el, " ");
    expect(model.sent).toEqual([{ kind: "move", path: [12, 16], version: 1 }]);
  });

  it("Escape puts the piece down; Home/End go along the row", () => {
    const model = fakeModel(startState());
    const { el } = mount(model);
    key(el, "ArrowUp");
    key(el, "Enter");
    key(el, "Escape");
    expect(square(el, 12).classList.contains("cw-selected")).toBe(false);
    key(el, "End");
    // Black at the bottom: row of 12 reads 12, 11, 10, 9 from the left.
    expect(square(el, 9).classList.contains("cw-cursor")).toBe(true);
    key(el, "Home");
    expect(square(el, 12).classList.contains("cw-cursor")).toBe(true);
  });

  it("keeps its keys from the notebook", () => {
    const model = fakeModel(startState());
    const { el } = mount(model);
    const seen = [];
    el.addEventListener("keydown", (event) => seen.push(event.key));
    key(el, "ArrowDown");
    key(el, "Tab");
    expect(seen).toEqual(["Tab"]);
    expect(board(el).hasAttribute("data-lm-suppress-shortcuts")).toBe(true);
  });

  it("U, R and F press Undo, Redo and Flip", () => {
    const model = fakeModel(afterFirstMove({ can_redo: true, controls: { redo: { enabled: true } } }));
    const { el } = mount(model);
    key(el, "u");
    key(el, "r");
    key(el, "f");
    expect(model.sent).toEqual([
      { kind: "command", name: "undo", version: 2 },
      { kind: "command", name: "redo", version: 2 },
    ]);
    expect(model.get("orientation")).toBe("white");
  });
});

describe("controls", () => {
  it("send commands with the version drawn; resign and new game ask twice", () => {
    const model = fakeModel(afterFirstMove());
    const { el } = mount(model);
    button(el, "undo").click();
    expect(model.sent).toEqual([{ kind: "command", name: "undo", version: 2 }]);
    button(el, "resign").click();
    expect(model.sent).toHaveLength(1);
    expect(button(el, "resign").textContent).toMatch(/really/i);
    button(el, "resign").click();
    expect(model.sent.at(-1)).toEqual({ kind: "command", name: "resign", side: "white", version: 2 });
    button(el, "new").click();
    button(el, "new").click();
    expect(model.sent.at(-1)).toEqual({ kind: "command", name: "new", version: 2 });
    button(el, "offer-draw").click();
    expect(model.sent.at(-1)).toEqual({ kind: "command", name: "offer-draw", side: "white", version: 2 });
  });

  it("shows Accept and Decline for the other side when a draw is offered", () => {
    const offered = {
      "offer-draw": { shown: false },
      "accept-draw": { shown: true, side: "white" },
      "decline-draw": { shown: true, side: "white" },
    };
    const model = fakeModel(afterFirstMove({ draw_offer: "black", controls: offered }));
    const { el } = mount(model);
    expect(button(el, "offer-draw").hidden).toBe(true);
    expect(button(el, "accept-draw").hidden).toBe(false);
    expect(el.querySelector(".cw-offer-text").textContent).toBe("Black offers a draw");
    button(el, "decline-draw").click();
    expect(model.sent.at(-1)).toEqual({ kind: "command", name: "decline-draw", side: "white", version: 2 });
    button(el, "accept-draw").click();
    expect(model.sent.at(-1)).toEqual({ kind: "command", name: "accept-draw", side: "white", version: 2 });
  });

  it("disables what the state forbids and hides game actions once it is over", () => {
    const controls = { ...OVER, redo: { enabled: true } };
    const model = fakeModel(
      afterFirstMove({ can_redo: true, result: "1-0", status: { text: "Black wins", kind: "over" }, controls }),
    );
    const { el } = mount(model);
    expect(button(el, "undo").disabled).toBe(false);
    expect(button(el, "redo").disabled).toBe(false);
    expect(button(el, "resign").hidden).toBe(true);
    expect(button(el, "offer-draw").hidden).toBe(true);
    expect(el.querySelector('[data-role="status"]').dataset.kind).toBe("over");
  });
});

describe("the published controls", () => {
  it("are drawn as Python publishes them, whatever the rest of the state says", () => {
    // A finished game whose controls say otherwise: the front end works nothing out.
    const controls = { resign: { side: "black", confirm: false }, hint: { enabled: false }, flip: { shown: false } };
    const model = fakeModel(afterFirstMove({ result: "1-0", status: { text: "Black wins", kind: "over" }, controls }));
    const { el } = mount(model);
    expect(button(el, "resign").hidden).toBe(false);
    expect(button(el, "resign").title).toBe("Black resigns (click twice)");
    button(el, "resign").click(); // no confirmation asked for: sent at once, for Black
    expect(model.sent).toEqual([{ kind: "command", name: "resign", side: "black", version: 2 }]);
    expect(button(el, "hint").hidden).toBe(false);
    expect(button(el, "hint").disabled).toBe(true);
    key(el, "h");
    key(el, "f");
    expect(model.sent).toHaveLength(1);
    expect(model.get("orientation")).toBe("black");
  });

  it("a state without them draws no button at all", () => {
    const { el } = mount(fakeModel({ ...startState(), controls: undefined }));
    for (const b of el.querySelectorAll(".cw-controls button, .cw-draw button")) {
      expect(b.hidden, b.dataset.action).toBe(true);
    }
    expect(el.querySelector('[data-action="evaluation"]').closest("label").hidden).toBe(true);
  });
});

describe("against the computer", () => {
  const vs = { players: { black: "human", white: "computer" }, level: "hard", thinking: false };
  const lit = (el) => [...el.querySelectorAll(".cw-sq.cw-movable")].map((n) => Number(n.dataset.square));
  const visible = (node) => Boolean(node) && !node.hidden && !node.classList.contains("cw-resting");

  it("lights the human's pieces only, and none while the computer thinks", () => {
    const model = fakeModel(startState(vs));
    const { el } = mount(model);
    expect(lit(el).sort((a, b) => a - b)).toEqual([9, 10, 11, 12]);
    model.set("state", computerThinking());
    expect(lit(el)).toEqual([]);
    expect(el.querySelectorAll(".cw-piece.cw-lit")).toHaveLength(0);
    expect(el.querySelector(".cw-root").classList.contains("cw-busy")).toBe(true);
    // The computer's own pieces are not selectable either, when it is its turn.
    model.set("state", afterFirstMove(vs));
    expect(lit(el)).toEqual([]);
  });

  it("sends clicks made while the computer thinks for Python to answer; the keyboard still moves", () => {
    const model = fakeModel(computerThinking());
    const { el } = mount(model);
    click(square(el, 12));
    click(square(el, 18));
    // Each click is a select intent, which Python answers on the status line
    // ("Wait: the computer is thinking ..."); nothing is picked up meanwhile, and no
    // move goes out.
    expect(model.sent).toEqual([
      { kind: "select", square: 12, version: 2 },
      { kind: "select", square: 18, version: 2 },
    ]);
    expect(el.querySelector(".cw-root").dataset.awaiting).toBeUndefined();
    expect(el.querySelectorAll(".cw-sq.cw-selected")).toHaveLength(0);
    model.sent.length = 0;
    key(el, "ArrowUp");
    const cursor = el.querySelector(".cw-sq.cw-cursor");
    expect(cursor).not.toBeNull();
    key(el, "ArrowUp");
    const moved = el.querySelector(".cw-sq.cw-cursor");
    expect(moved).not.toBe(cursor);
    key(el, "Enter");
    const at = Number(moved.dataset.square);
    expect(model.sent).toEqual([{ kind: "select", square: at, version: 2 }]);
    expect(el.querySelector("[aria-live]").textContent).toMatch(/computer is thinking/);
    // Python's answer is shown on the status line.
    const text = "Wait: the computer is thinking; move after its reply";
    model.set("state", computerThinking({ status: { text, kind: "refused" } }));
    expect(el.querySelector('[data-role="status"]').textContent).toMatch(/^Wait: the computer is thinking/);
    // Undo still works: it takes the move back and cancels the search in Python.
    model.sent.length = 0;
    button(el, "undo").click();
    expect(model.sent).toEqual([{ kind: "command", name: "undo", version: 2 }]);
  });

  it("labels the sides in the bar and shows the thinking dots", () => {
    const model = fakeModel(computerThinking());
    const { el } = mount(model);
    const chip = (side) => el.querySelector(`[data-side="${side}"]`);
    expect(chip("white").querySelector(".cw-side-name").textContent).toBe("White");
    expect(chip("white").querySelector('[data-role="player"]').textContent).toBe("Computer (hard)");
    expect(chip("black").querySelector('[data-role="player"]').textContent).toBe("You");
    expect(chip("white").textContent).toMatch(/^White·Computer \(hard\)/);
    expect(chip("white").title).toBe("White (Computer (hard)): 12 pieces, 0 kings");
    expect(visible(chip("white").querySelector('[data-role="side-thinking"]'))).toBe(true);
    expect(visible(chip("black").querySelector('[data-role="side-thinking"]'))).toBe(false);
    // The computer's dots keep their room when they rest; the human's chip has none.
    expect(chip("black").querySelector('[data-role="side-thinking"]').hidden).toBe(true);
    const status = el.querySelector('[data-role="status"]');
    expect(status.textContent).toBe("White: the computer (hard) is thinking…");
    expect(status.dataset.kind).toBe("thinking");
    expect(visible(el.querySelector('[data-role="thinking"]'))).toBe(true);
    // The move arrives: the dots go.
    model.set("state", startState({ ...vs, version: 3, ply: 2 }));
    expect(visible(el.querySelector('[data-role="thinking"]'))).toBe(false);
    const resting = chip("white").querySelector('[data-role="side-thinking"]');
    expect(visible(resting)).toBe(false);
    expect(resting.hidden).toBe(false);
    expect(resting.classList.contains("cw-resting")).toBe(true);
    expect(status.textContent).toBe("Black to move");
  });

  it("shows no player labels between two people", () => {
    const { el } = mount(fakeModel(startState()));
    for (const node of el.querySelectorAll('[data-role="player"], .cw-side-sep')) expect(node.hidden).toBe(true);
    expect(el.querySelector('[data-side="white"]').title).toBe("White: 12 pieces, 0 kings");
  });

  it("Offer draw and Resign speak for the human; no Accept or Decline for the computer", () => {
    // Black's own offer waits for the computer: nothing for Black to answer.
    const model = fakeModel(computerThinking({ draw_offer: "black", controls: { "offer-draw": { shown: false } } }));
    const { el } = mount(model);
    expect(button(el, "accept-draw").hidden).toBe(true);
    expect(button(el, "decline-draw").hidden).toBe(true);
    model.set("state", computerThinking());
    button(el, "offer-draw").click();
    expect(model.sent.at(-1)).toEqual({ kind: "command", name: "offer-draw", side: "black", version: 2 });
    button(el, "resign").click();
    button(el, "resign").click();
    expect(model.sent.at(-1)).toEqual({ kind: "command", name: "resign", side: "black", version: 2 });
    expect(button(el, "resign").title).toBe("Black resigns (click twice)");
  });
});

describe("hints", () => {
  const arrow = (el) => el.querySelector('[data-role="hint-arrow"]');

  it("the Hint button (and H) asks Python for a hint when the side to move is human", () => {
    const model = fakeModel(startState({ players: { black: "human", white: "computer" }, level: "easy" }));
    const { el } = mount(model);
    expect(button(el, "hint").hidden).toBe(false);
    expect(button(el, "hint").disabled).toBe(false);
    button(el, "hint").click();
    key(el, "h");
    expect(model.sent).toEqual([
      { kind: "command", name: "hint", version: 1 },
      { kind: "command", name: "hint", version: 1 },
    ]);
  });

  it("is disabled while anything is searched, and hidden when the game is over", () => {
    const model = fakeModel(computerThinking());
    const { el } = mount(model);
    expect(button(el, "hint").disabled).toBe(true);
    const looking = { text: "Looking for a good move…", kind: "thinking" };
    model.set("state", startState({ status: looking, controls: { hint: { enabled: false } } }));
    expect(button(el, "hint").disabled).toBe(true);
    expect(el.querySelector('[data-role="thinking"]').hidden).toBe(false);
    button(el, "hint").click();
    expect(model.sent).toEqual([]);
    model.set("state", startState({ result: "1-0", status: { text: "Black wins", kind: "over" }, controls: OVER }));
    expect(button(el, "hint").hidden).toBe(true);
  });

  it("draws an arrow along the move and tints its squares, with the hint line under the board", () => {
    const model = fakeModel(computerHint());
    const { el } = mount(model);
    const a = arrow(el);
    expect(a).not.toBeNull();
    expect(a.dataset.path).toBe("11 15");
    // Black at the bottom: 11 is drawn at (2.5, 5.5), 15 at (3.5, 4.5).
    const shaft = a.querySelector(".cw-hint-ink.cw-hint-shaft").getAttribute("points");
    expect(shaft.startsWith("2.5,5.5 ")).toBe(true);
    expect(a.querySelector(".cw-hint-ink.cw-hint-head").getAttribute("points").startsWith("3.5,4.5 ")).toBe(true);
    expect(square(el, 11).classList.contains("cw-hint-from")).toBe(true);
    expect(square(el, 15).classList.contains("cw-hint-to")).toBe(true);
    expect(square(el, 15).getAttribute("aria-label")).toBe("Square 15, empty, hint: move to here");
    const line = el.querySelector('[data-role="hint"]');
    expect(line.hidden).toBe(false);
    expect(line.textContent).toBe("Hint: 11-15 (+0.35 for Black) · line: 11-15 23-19 8-11");
    // Each move of the line is one unbreakable span: a narrow board wraps between moves.
    expect([...line.querySelectorAll(".cw-line-pv .cw-line-ply")].map((p) => p.textContent)).toEqual([
      "11-15",
      "23-19",
      "8-11",
    ]);
    expect(line.title).toMatch(/depth 9/);
    // Flipping the board turns the arrow with it.
    button(el, "flip").click();
    expect(arrow(el).querySelector(".cw-hint-ink.cw-hint-shaft").getAttribute("points").startsWith("5.5,2.5 ")).toBe(
      true,
    );
  });

  it("draws every hop of a multi-jump hint", () => {
    const hint = {
      move: { notation: "9x18x27", path: [9, 18, 27], captures: [14, 23], crowns: false },
      score: "win in 3",
      pv: "9x18x27",
      depth: 5,
    };
    const { el } = mount(fakeModel(doubleJumpState({ hint })));
    const points = arrow(el).querySelector(".cw-hint-ink.cw-hint-shaft").getAttribute("points").split(" ");
    expect(points.slice(0, 2)).toEqual(["6.5,5.5", "4.5,3.5"]);
    expect(points).toHaveLength(3);
    expect(el.querySelector('[data-role="hint"]').textContent).toBe("Hint: 9x18x27 (Black wins in 3) · line: 9x18x27");
  });

  it("clears the drawing when the hint becomes null, and reads a new hint aloud", () => {
    const model = fakeModel(startState());
    const { el } = mount(model);
    model.set("state", computerHint());
    expect(el.querySelector("[aria-live]").textContent).toMatch(/Hint: 11-15 \(\+0\.35 for Black\)/);
    model.set("state", computerHint({ hint: null }));
    expect(arrow(el)).toBeNull();
    expect(el.querySelector(".cw-hint-layer").childNodes).toHaveLength(0);
    expect(el.querySelector(".cw-hint-from, .cw-hint-to")).toBeNull();
    expect(el.querySelector('[data-role="hint"]').hidden).toBe(true);
    expect(el.querySelector('[data-role="analysis"]').hidden).toBe(true);
  });
});

describe("live evaluation", () => {
  const evaluation = { move: null, score: "+0.35", pv: "22-18 15x22 25x18", depth: 7 };
  const line = (el) => el.querySelector('[data-role="evaluation"]');
  const toggle = (el) => el.querySelector('[data-action="evaluation"]');

  it("the Evaluation switch sets the live_eval trait and follows it", () => {
    const model = fakeModel(startState(), { live_eval: false });
    const { el } = mount(model);
    expect(toggle(el).checked).toBe(false);
    toggle(el).checked = true;
    toggle(el).dispatchEvent(new Event("change", { bubbles: true }));
    expect(model.get("live_eval")).toBe(true);
    expect(model.saves).toBe(1);
    expect(toggle(el).getAttribute("aria-checked")).toBe("true");
    model.set("live_eval", false); // from Python or another view
    expect(toggle(el).checked).toBe(false);
    expect(line(el).hidden).toBe(true);
  });

  it("shows the score for a named side, the depth and the line; dims it while searching", () => {
    const vs = { players: { black: "human", white: "computer" }, level: "normal" };
    const model = fakeModel(startState({ ...vs, evaluation: { ...evaluation, score: "-0.35" } }), { live_eval: true });
    const { el } = mount(model);
    expect(line(el).hidden).toBe(false);
    expect(line(el).textContent).toBe("Evaluation: Black -0.35 · depth 7 · line: 22-18 15x22 25x18");
    expect(line(el).title).toMatch(/Black's point of view/);
    expect(line(el).classList.contains("cw-stale")).toBe(false);
    // The computer's turn: no evaluation in the state; the last one stays, dimmed.
    model.set("state", computerThinking({ level: "normal" }));
    expect(line(el).hidden).toBe(false);
    expect(line(el).classList.contains("cw-stale")).toBe(true);
    expect(line(el).textContent).toMatch(/^Evaluation: Black -0\.35/);
    // White to move and +0.35 for White: still written for Black.
    model.set("state", afterFirstMove({ ...vs, evaluation }));
    expect(line(el).textContent).toMatch(/^Evaluation: Black -0\.35 · depth 7/);
    model.set("state", afterFirstMove({ ...vs, result: "0-1", status: { text: "White wins", kind: "over" } }));
    expect(line(el).hidden).toBe(true);
  });

  it("shows nothing without the switch, even if an evaluation arrives", () => {
    const { el } = mount(fakeModel(startState({ evaluation }), { live_eval: false }));
    expect(line(el).hidden).toBe(true);
    expect(el.querySelector('[data-role="analysis"]').hidden).toBe(true);
  });
});

describe("views and cleanup", () => {
  it("two views of one model share the state but not the selection", () => {
    const model = fakeModel(startState());
    const a = mount(model).el;
    const b = mount(model).el;
    click(square(a, 11));
    expect(square(a, 11).classList.contains("cw-selected")).toBe(true);
    expect(square(b, 11).classList.contains("cw-selected")).toBe(false);
    model.set("state", afterFirstMove());
    for (const el of [a, b]) {
      expect(el.querySelector('.cw-pieces [data-square="15"]').dataset.piece).toBe("black-man");
      expect(el.querySelector('[data-role="status"]').textContent).toBe("White to move");
    }
  });

  it("the cleanup removes every model handler, listener, timer and element", () => {
    vi.useFakeTimers();
    const model = fakeModel(afterFirstMove());
    const { el, cleanup } = mount(model);
    expect(model.handlerCount()).toBeGreaterThan(0);
    const b = board(el);
    button(el, "resign").click(); // arms a confirmation timer
    expect(vi.getTimerCount()).toBe(1);
    cleanup();
    expect(model.handlerCount()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    expect(el.children).toHaveLength(0);
    // Listeners are gone: events on the detached board do nothing.
    el.appendChild(b);
    b.dispatchEvent(new KeyboardEvent("keydown", { key: "u", bubbles: true }));
    click(b.querySelector('.cw-sq[data-square="22"]'));
    expect(model.sent).toEqual([]);
    // And later states are not drawn anywhere.
    model.set("state", startState());
    expect(el.querySelector('[data-role="status"]')).toBeNull();
  });

  it("the cleanup also removes the hint, the thinking dots and the Evaluation switch", () => {
    const model = fakeModel(computerHint({ evaluation: { score: "+0.10", pv: "11-15", depth: 3 } }), {
      live_eval: true,
    });
    const { el, cleanup } = mount(model);
    const toggle = el.querySelector('[data-action="evaluation"]');
    const hintButton = button(el, "hint");
    expect(el.querySelector('[data-role="hint-arrow"]')).not.toBeNull();
    expect(el.querySelector('[data-role="evaluation"]').hidden).toBe(false);
    model.set("state", computerThinking());
    expect(el.querySelector('[data-role="thinking"]').hidden).toBe(false);
    cleanup();
    expect(el.children).toHaveLength(0);
    expect(document.querySelector(".cw-root, .cw-hint-layer, .cw-analysis, .cw-dots")).toBeNull();
    expect(model.handlerCount()).toBe(0);
    // The switch and the Hint button no longer reach the model.
    toggle.checked = false;
    toggle.dispatchEvent(new Event("change", { bubbles: true }));
    hintButton.click();
    expect(model.get("live_eval")).toBe(true);
    expect(model.saves).toBe(0);
    expect(model.sent).toEqual([]);
    model.set("live_eval", false);
    model.set("state", computerHint());
    expect(el.children).toHaveLength(0);
  });
});

describe("animation", () => {
  function withFakeAnimate(run) {
    const calls = [];
    const original = HTMLElement.prototype.animate;
    HTMLElement.prototype.animate = function animate(keyframes, options) {
      const animation = { keyframes, options, element: this, cancel() {} };
      calls.push(animation);
      return animation;
    };
    try {
      run(calls);
    } finally {
      HTMLElement.prototype.animate = original;
    }
  }

  it("moves a multi-jump hop by hop and fades its captured pieces", () => {
    withFakeAnimate((calls) => {
      const model = fakeModel(doubleJumpState(), { animate: true });
      const { el } = mount(model);
      const mover = el.querySelector('[data-piece][data-square="9"]');
      model.set("state", afterDoubleJump());
      const travel = calls.find((c) => c.element === mover);
      expect(travel.keyframes.map((k) => k.transform)).toEqual([
        // Black at the bottom: 9 is drawn at row 5 col 6, 18 at row 3 col 4, 27 at row 1 col 2.
        "translate(600%, 500%)",
        "translate(400%, 300%)",
        "translate(200%, 100%)",
      ]);
      const fades = calls.filter((c) => c.element !== mover);
      expect(fades).toHaveLength(2);
      expect(fades.every((c) => c.keyframes.at(-1).opacity === 0)).toBe(true);
      // The second capture fades later than the first, as the piece passes it.
      expect(fades[1].options.delay).toBeGreaterThan(fades[0].options.delay);
    });
  });

  it("does not animate with animate=False or prefers-reduced-motion", () => {
    withFakeAnimate((calls) => {
      const model = fakeModel(startState(), { animate: false });
      mount(model);
      model.set("state", afterFirstMove());
      expect(calls).toHaveLength(0);
    });
    const original = window.matchMedia;
    window.matchMedia = (query) => ({ matches: query.includes("reduce"), media: query });
    try {
      withFakeAnimate((calls) => {
        const model = fakeModel(startState(), { animate: true });
        mount(model);
        model.set("state", afterFirstMove());
        expect(calls).toHaveLength(0);
      });
    } finally {
      window.matchMedia = original;
    }
  });
});

describe("drag and drop", () => {
  // Black at the bottom on a 400px board: 11 is drawn at row 5 col 2, 15 at row 4 col 3.
  const centre = { 11: [125, 275], 15: [175, 225], 14: [275, 225] };

  function drag(el, from, to) {
    const b = board(el);
    b.getBoundingClientRect = () => ({ left: 0, top: 0, width: 400, height: 400, right: 400, bottom: 400 });
    const init = (x, y) => ({ bubbles: true, cancelable: true, button: 0, pointerId: 7, isPrimary: true, clientX: x, clientY: y });
    square(el, from).dispatchEvent(new PointerEvent("pointerdown", init(...centre[from])));
    const [x0, y0] = centre[from];
    const [x1, y1] = centre[to];
    for (let i = 1; i <= 4; i++) {
      b.dispatchEvent(new PointerEvent("pointermove", init(x0 + ((x1 - x0) * i) / 4, y0 + ((y1 - y0) * i) / 4)));
    }
    expect(el.querySelector('[data-piece][data-square="' + from + '"]').classList.contains("cw-dragging")).toBe(true);
    b.dispatchEvent(new PointerEvent("pointerup", init(x1, y1)));
  }

  it("drops a piece on a landing square: sent, and held there until Python answers", () => {
    vi.useFakeTimers();
    const model = fakeModel(startState());
    const { el } = mount(model);
    const piece = el.querySelector('[data-piece][data-square="11"]');
    drag(el, 11, 15);
    expect(model.sent).toEqual([{ kind: "move", path: [11, 15], version: 1 }]);
    expect(piece.style.transform).toBe("translate(300%, 400%)");
    model.set("state", afterFirstMove());
    expect(el.querySelector('[data-piece][data-square="15"]')).toBe(piece);
    expect(piece.style.transform).toBe("translate(300%, 400%)");
  });

  it("a drop that gets no answer goes back home after a while", () => {
    vi.useFakeTimers();
    const model = fakeModel(startState());
    const { el } = mount(model);
    const piece = el.querySelector('[data-piece][data-square="11"]');
    drag(el, 11, 15);
    vi.advanceTimersByTime(3500);
    expect(piece.style.transform).toBe("translate(200%, 500%)");
  });

  it("a drop elsewhere is sent for Python to explain and the piece goes home at once", () => {
    const model = fakeModel(startState());
    const { el } = mount(model);
    const piece = el.querySelector('[data-piece][data-square="11"]');
    drag(el, 11, 14);
    expect(model.sent).toEqual([{ kind: "move", path: [11, 14], version: 1 }]);
    expect(piece.style.transform).toBe("translate(200%, 500%)");
    expect(piece.classList.contains("cw-dragging")).toBe(false);
  });
});

describe("optimistic drawing", () => {
  const pieceOn = (el, n) => el.querySelector(`.cw-pieces [data-piece][data-square="${n}"]`);

  it("draws a move along an exact legal path before any state arrives", () => {
    const model = fakeModel(startState());
    const { el } = mount(model);
    const piece = pieceOn(el, 11);
    click(square(el, 11));
    click(square(el, 15));
    expect(model.sent).toEqual([{ kind: "move", path: [11, 15], version: 1 }]);
    expect(pieceOn(el, 15)).toBe(piece);
    expect(pieceOn(el, 11)).toBeNull();
    expect(square(el, 11).classList.contains("cw-last")).toBe(true);
    expect(square(el, 15).classList.contains("cw-last")).toBe(true);
    expect(el.querySelector(".cw-selected")).toBeNull();
    expect(el.querySelector(".cw-target")).toBeNull();
    // Python's answer: the same drawing, the same element.
    model.set("state", afterFirstMove());
    expect(pieceOn(el, 15)).toBe(piece);
    expect(pieceOn(el, 11)).toBeNull();
  });

  it("removes the captured pieces and crowns at once", () => {
    const model = fakeModel(pendingState());
    const { el } = mount(model);
    click(square(el, 25));
    expect(model.sent).toEqual([{ kind: "move", path: [9, 18, 25], version: 2 }]);
    expect(pieceOn(el, 25).dataset.piece).toBe("black-man");
    expect(pieceOn(el, 14)).toBeNull();
    expect(pieceOn(el, 22)).toBeNull();
    expect(pieceOn(el, 23)).not.toBeNull();

    const crown = { notation: "27-32", path: [27, 32], captures: [], crowns: true };
    const model2 = fakeModel(startState({ pieces: { 27: "black-man", 5: "white-man" }, legal: [crown] }));
    const view2 = mount(model2);
    click(square(view2.el, 27));
    click(square(view2.el, 32));
    expect(pieceOn(view2.el, 32).dataset.piece).toBe("black-king");
  });

  it("waits for Python on a partial multi-jump path", () => {
    const model = fakeModel(doubleJumpState());
    const { el } = mount(model);
    click(square(el, 9));
    click(square(el, 18));
    expect(model.sent).toEqual([{ kind: "move", path: [9, 18], version: 1 }]);
    expect(pieceOn(el, 9)).not.toBeNull();
    expect(pieceOn(el, 18)).toBeNull();
  });

  it("puts the piece back when Python refuses the move", () => {
    const model = fakeModel(startState());
    const { el } = mount(model);
    click(square(el, 11));
    click(square(el, 15));
    expect(pieceOn(el, 15)).not.toBeNull();
    model.set("state", startState({ status: { text: "Lesson 1: try 11-15", kind: "refused" } }));
    expect(pieceOn(el, 11).dataset.piece).toBe("black-man");
    expect(pieceOn(el, 15)).toBeNull();
    expect(square(el, 15).classList.contains("cw-last")).toBe(false);
    expect(el.querySelector('[data-role="status"]').textContent).toBe("Lesson 1: try 11-15");
    // The board takes moves again.
    click(square(el, 10));
    click(square(el, 14));
    expect(model.sent.at(-1)).toEqual({ kind: "move", path: [10, 14], version: 1 });
    expect(pieceOn(el, 14)).not.toBeNull();
  });

  it("clicks made before the answer are played once it arrives", () => {
    const model = fakeModel(startState());
    const { el } = mount(model);
    click(square(el, 11));
    click(square(el, 15));
    click(square(el, 22));
    click(square(el, 18));
    expect(model.sent).toHaveLength(1);
    model.set("state", afterFirstMove());
    expect(model.sent.at(-1)).toEqual({ kind: "move", path: [22, 18], version: 2 });
    expect(pieceOn(el, 18)).not.toBeNull();
  });

  it("animates the move once: the confirming state does not animate it again", () => {
    const calls = [];
    const original = HTMLElement.prototype.animate;
    HTMLElement.prototype.animate = function animate(keyframes, options) {
      const animation = { keyframes, options, element: this, cancelled: false };
      animation.cancel = () => {
        animation.cancelled = true;
      };
      calls.push(animation);
      return animation;
    };
    try {
      const model = fakeModel(startState(), { animate: true });
      const { el } = mount(model);
      const piece = pieceOn(el, 11);
      click(square(el, 11));
      click(square(el, 15));
      expect(calls).toHaveLength(1);
      expect(calls[0].element).toBe(piece);
      expect(calls[0].keyframes.map((k) => k.transform)).toEqual(["translate(200%, 500%)", "translate(300%, 400%)"]);
      model.set("state", afterFirstMove());
      expect(calls).toHaveLength(1);
      // The flight goes on undisturbed.
      expect(calls[0].cancelled).toBe(false);
      expect(pieceOn(el, 15)).toBe(piece);
    } finally {
      HTMLElement.prototype.animate = original;
    }
  });
});

describe("one send path", () => {
  const EXPLORER = {
    name: "games",
    games: 1,
    rows: [{ move: "22-18", path: [22, 18], games: 1, black_wins: 1, draws: 0, white_wins: 0, playable: true }],
  };
  // Every message leaves through the outbox (js/outbox.js): each model.send is called from it.
  it("sends moves, selects, commands, edits and drawings through the outbox only", () => {
    const model = fakeModel(startState({ explorer: EXPLORER }));
    const callers = [];
    const send = model.send;
    model.send = (message) => {
      callers.push([message.kind, (new Error().stack || "").split("\n")[2] || ""]);
      send(message);
    };
    const { el } = mount(model);
    click(square(el, 11));
    click(square(el, 15)); // a move (the fake kernel leaves it unanswered)
    model.set("state", computerThinking({ explorer: EXPLORER }));
    click(square(el, 22)); // a select
    button(el, "undo").click(); // a command
    el.querySelector('[data-role="explorer-move"]').click(); // the explorer's move
    model.set("state", startState({ drawings: { arrows: [{ from: 9, to: 13, colour: "green" }], marks: [] } }));
    click(square(el, 15)); // an idle click: clears the drawing
    expect(callers.map(([kind]) => kind)).toEqual(["move", "select", "command", "move", "draw"]);
    for (const [kind, caller] of callers) expect(caller, kind).toMatch(/outbox\.js/);
  });
});
