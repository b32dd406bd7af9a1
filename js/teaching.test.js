// @vitest-environment happy-dom
import { describe, expect, it, vi } from "vitest";
import { countPieces, placeIntent } from "./editor.js";
import { MoveList, moveNumber, moveRows, numberedLine, startTurn } from "./movelist.js";
import { crownedFrom, hopCount, hopText, nextCapture, replayPieces, replayPlan } from "./replay.js";
import { afterFirstMove, startState } from "./test/fixtures.js";
import { fakeModel, mount } from "./test/harness.js";

// White's man on 25 takes three black men and is crowned on 4: 25x18x11x4.
const TRIPLE = { notation: "25x18x11x4", path: [25, 18, 11, 4], captures: [22, 15, 8], crowns: true };
const BEFORE = { 1: "black-man", 8: "black-man", 15: "black-man", 22: "black-man", 25: "white-man" };

function replayState(extra = {}) {
  return afterFirstMove({
    version: 7,
    turn: "black",
    pieces: { 1: "black-man", 4: "white-king" },
    last_move: TRIPLE,
    history: { line: ["25x18x11x4"], ply: 1, comments: {}, variations: {} },
    replay: { move: TRIPLE, before: BEFORE, ply: 0, speed: 0.8 },
    ...extra,
  });
}

describe("replay stepping (pure)", () => {
  it("puts the mover on each landing square and takes the jumped pieces off one by one", () => {
    expect(hopCount(TRIPLE)).toBe(3);
    expect(replayPieces(BEFORE, TRIPLE, 0)).toEqual(BEFORE);
    expect(replayPieces(BEFORE, TRIPLE, 1)).toEqual({ 1: "black-man", 8: "black-man", 15: "black-man", 18: "white-man" });
    expect(replayPieces(BEFORE, TRIPLE, 2)).toEqual({ 1: "black-man", 8: "black-man", 11: "white-man" });
    // The crowning shows at the end.
    expect(replayPieces(BEFORE, TRIPLE, 3)).toEqual({ 1: "black-man", 4: "white-king" });
    expect(replayPieces(BEFORE, TRIPLE, 9)).toEqual(replayPieces(BEFORE, TRIPLE, 3));
  });

  it("crowns the mover from the hop Python says (a Russian man goes on capturing as a king)", () => {
    // Russian draughts: White's man on 9 takes 6, is crowned on 2, and takes 11 as a king.
    const russian = { notation: "9x2x16", path: [9, 2, 16], captures: [6, 11], crowns: true };
    const before = { 6: "black-man", 9: "white-man", 11: "black-man" };
    expect(replayPieces(before, russian, 1, 1)).toEqual({ 2: "white-king", 11: "black-man" });
    expect(replayPieces(before, russian, 2, 1)).toEqual({ 16: "white-king" });
    expect(hopText(russian, 1, 1)).toBe("hop 1 of 2 · crowned");
    expect(hopText(russian, 2, 1)).toBe("hop 2 of 2");
    // Without a crown_hop (or null), a crowning move crowns at its end.
    expect(replayPieces(before, russian, 1, null)).toEqual({ 2: "white-man", 11: "black-man" });
    expect(crownedFrom(russian, null)).toBe(2);
    expect(crownedFrom({ ...russian, crowns: false }, null)).toBeNull();
  });

  it("rings the piece the next hop takes, and plans one hop at a time", () => {
    expect([0, 1, 2, 3].map((h) => nextCapture(TRIPLE, h))).toEqual([22, 15, 8, null]);
    expect(replayPlan(TRIPLE, 1, 2)).toEqual({
      from: 18,
      hops: [11],
      captures: [{ square: 15, hop: 0, change: "remove" }],
    });
    expect(replayPlan(TRIPLE, 2, 1)).toEqual({
      from: 11,
      hops: [18],
      captures: [{ square: 15, hop: 0, change: "restore" }],
    });
    expect(replayPlan(TRIPLE, 0, 3)).toBeNull();
    expect(hopText(TRIPLE, 0)).toBe("before 25x18x11x4");
    expect(hopText(TRIPLE, 2)).toBe("hop 2 of 3");
    expect(hopText(TRIPLE, 3)).toBe("hop 3 of 3 · crowned");
    const step = { notation: "11-15", path: [11, 15], captures: [], crowns: false };
    expect(hopText(step, 1)).toBe("step 1 of 1");
    expect(replayPieces({ 11: "black-man" }, step, 1)).toEqual({ 15: "black-man" });
  });
});

describe("move list numbering (pure)", () => {
  it("pairs the moves from Black's first move", () => {
    expect(moveRows(["11-15", "23-19", "8-11"])).toEqual([
      { number: 1, black: { ply: 1, notation: "11-15" }, white: { ply: 2, notation: "23-19" } },
      { number: 2, black: { ply: 3, notation: "8-11" }, white: null },
    ]);
    expect(numberedLine("8-11 22-17 9-14", 3)).toBe("2. 8-11 22-17 3. 9-14");
  });

  it('writes "1... 23-19" when White moves first', () => {
    expect(moveNumber(1, "white")).toEqual({ number: 1, side: "white" });
    expect(moveRows(["23-19", "11-15"], "white")).toEqual([
      { number: 1, black: null, white: { ply: 1, notation: "23-19" } },
      { number: 2, black: { ply: 2, notation: "11-15" }, white: null },
    ]);
    expect(numberedLine(["23-19", "11-15"], 1, "white")).toBe("1... 23-19 2. 11-15");
    expect(numberedLine(["22-17"], 2, "black")).toBe("1... 22-17");
    // The side that moved first, from the side to move and the ply.
    expect(startTurn({ turn: "black", history: { ply: 1 } })).toBe("white");
    expect(startTurn({ turn: "white", history: { ply: 1 } })).toBe("black");
    expect(startTurn({ turn: "white", history: { ply: 0 } })).toBe("white");
  });

  it("opens each pair with White's move where White moves first (international draughts)", () => {
    expect(moveNumber(1, "white", "white")).toEqual({ number: 1, side: "white" });
    expect(moveNumber(2, "white", "white")).toEqual({ number: 1, side: "black" });
    expect(moveRows(["32-28", "19-23", "28x19"], "white", "white")).toEqual([
      { number: 1, white: { ply: 1, notation: "32-28" }, black: { ply: 2, notation: "19-23" } },
      { number: 2, white: { ply: 3, notation: "28x19" }, black: null },
    ]);
    expect(numberedLine(["32-28", "19-23", "28x19"], 1, "white", "white")).toBe("1. 32-28 19-23 2. 28x19");
    // A set-up position with Black to move: "1... 19-23".
    expect(numberedLine(["19-23", "28x19"], 1, "black", "white")).toBe("1... 19-23 2. 28x19");
  });

  it("draws the first mover's column first in the list", () => {
    const list = new MoveList({ goto: () => {} });
    list.update(
      /** @type {any} */ ({
        turn: "black",
        history: { line: ["32-28", "19-23", "28x19"], ply: 3, comments: {}, variations: {}, leads: "white" },
      }),
    );
    const rows = [...list.element.querySelectorAll(".cw-move-row[role=listitem]")].map((r) =>
      [...r.children].map((c) => c.textContent),
    );
    expect(rows).toEqual([
      ["1.", "32-28", "19-23"],
      ["2.", "28x19", "…"],
    ]);
  });
});

describe("editor intents (pure)", () => {
  it("places the chosen piece, removes it when clicked again, erases", () => {
    const pieces = { 5: "black-man" };
    expect(placeIntent(pieces, 9, "white-king")).toEqual({ kind: "edit", action: "place", square: 9, piece: "white-king" });
    expect(placeIntent(pieces, 5, "black-man")).toEqual({ kind: "edit", action: "place", square: 5, piece: null });
    expect(placeIntent(pieces, 5, "black-king")).toEqual({ kind: "edit", action: "place", square: 5, piece: "black-king" });
    expect(placeIntent(pieces, 5, "none")).toEqual({ kind: "edit", action: "place", square: 5, piece: null });
    expect(placeIntent(pieces, 6, "none")).toBeNull();
    expect(countPieces({ 1: "black-king", 2: "black-man", 30: "white-man" })).toEqual({
      black: { men: 1, kings: 1 },
      white: { men: 1, kings: 0 },
    });
  });
});

// ------------------------------------------------------------------ in the widget


const boardPieces = (el) =>
  Object.fromEntries([...el.querySelectorAll(".cw-pieces [data-piece]")].map((p) => [p.dataset.square, p.dataset.piece]));
const action = (el, name) => el.querySelector(`[data-action="${name}"]`);
const key = (target, name) => target.dispatchEvent(new KeyboardEvent("keydown", { key: name, bubbles: true, cancelable: true }));

function click(target) {
  const init = { bubbles: true, cancelable: true, button: 0, pointerId: 1, isPrimary: true };
  target.dispatchEvent(new PointerEvent("pointerdown", init));
  target.dispatchEvent(new PointerEvent("pointerup", init));
}

describe("the replay panel", () => {
  it("draws each hop on the board, steps with buttons and keys, and closes", () => {
    const model = fakeModel(replayState());
    const { el } = mount(model);
    const panel = el.querySelector('[data-role="replay"]');
    expect(panel.hidden).toBe(false);
    expect(panel.getAttribute("tabindex")).toBe("0");
    const hop = el.querySelector('[data-role="replay-hop"]');
    // No motion (animate is off): it waits at the position before the move.
    expect(hop.textContent).toBe("before 25x18x11x4");
    expect(boardPieces(el)).toEqual(BEFORE);
    expect(el.querySelector('.cw-pieces [data-square="22"]').classList.contains("cw-jumped")).toBe(true);
    action(el, "replay-forward").click();
    expect(hop.textContent).toBe("hop 1 of 3");
    expect(boardPieces(el)).toEqual({ 1: "black-man", 8: "black-man", 15: "black-man", 18: "white-man" });
    expect(el.querySelector('.cw-pieces [data-square="15"]').classList.contains("cw-jumped")).toBe(true);
    key(panel, "ArrowRight");
    expect(boardPieces(el)).toEqual({ 1: "black-man", 8: "black-man", 11: "white-man" });
    key(panel, "End");
    expect(boardPieces(el)).toEqual({ 1: "black-man", 4: "white-king" });
    expect(hop.textContent).toBe("hop 3 of 3 · crowned");
    expect(action(el, "replay-forward").disabled).toBe(true);
    key(panel, "ArrowLeft");
    expect(boardPieces(el)).toEqual({ 1: "black-man", 8: "black-man", 11: "white-man" });
    action(el, "replay-first").click();
    expect(boardPieces(el)).toEqual(BEFORE);
    // No move is offered on the board during a replay.
    expect(el.querySelectorAll(".cw-sq.cw-movable")).toHaveLength(0);
    action(el, "replay-close").click();
    expect(panel.hidden).toBe(true);
    expect(boardPieces(el)).toEqual({ 1: "black-man", 4: "white-king" });
    expect(model.sent).toEqual([]);
    // Asked for again: the command is sent and the same replay shows again.
    action(el, "replay").click();
    expect(model.sent).toEqual([{ kind: "command", name: "replay", version: 7 }]);
    expect(panel.hidden).toBe(false);
  });

  it("plays the hops one after another at the chosen speed, and pauses", () => {
    vi.useFakeTimers();
    const model = fakeModel(replayState());
    const { el } = mount(model);
    const hop = el.querySelector('[data-role="replay-hop"]');
    action(el, "replay-play").click();
    expect(action(el, "replay-play").getAttribute("aria-pressed")).toBe("true");
    vi.advanceTimersByTime(850);
    expect(hop.textContent).toBe("hop 1 of 3");
    el.querySelector('[data-action="replay-speed"][data-speed="2"]').click();
    vi.advanceTimersByTime(450);
    expect(hop.textContent).toBe("hop 2 of 3");
    action(el, "replay-play").click(); // pause
    vi.advanceTimersByTime(5000);
    expect(hop.textContent).toBe("hop 2 of 3");
  });

  it("ends when Python clears the replay, and its timer goes with the cleanup", () => {
    vi.useFakeTimers();
    const model = fakeModel(replayState());
    const { el, cleanup } = mount(model);
    action(el, "replay-play").click();
    model.set("state", replayState({ replay: null, version: 8 }));
    expect(el.querySelector('[data-role="replay"]').hidden).toBe(true);
    expect(boardPieces(el)).toEqual({ 1: "black-man", 4: "white-king" });
    model.set("state", replayState({ version: 9 }));
    action(el, "replay-play").click();
    cleanup();
    expect(vi.getTimerCount()).toBe(0);
    expect(model.handlerCount()).toBe(0);
    expect(document.querySelector(".cw-root, .cw-replay, .cw-movelist, .cw-editor")).toBeNull();
  });
});

describe("the move list", () => {
  const history = {
    line: ["11-15", "23-19", "8-11", "22-17"],
    ply: 2,
    comments: { 0: "The Old Fourteenth", 2: "a classic" },
    variations: { 3: ["9-14 22-17"] },
  };

  it("numbers the pairs, marks the current ply, greys the redo line, shows notes", () => {
    const { el } = mount(fakeModel(startState({ ply: 2, history })));
    const list = el.querySelector('[data-role="moves"]');
    expect(el.querySelector('[data-role="movelist"]').hidden).toBe(false);
    const rows = [...list.querySelectorAll(".cw-move-row")].map((r) => r.textContent);
    expect(rows).toEqual(["Start", "1.11-1523-19", "2.8-1122-17"]);
    const current = list.querySelector(".cw-current");
    expect(current.dataset.ply).toBe("2");
    expect(current.getAttribute("aria-current")).toBe("step");
    expect([...list.querySelectorAll(".cw-future")].map((b) => b.dataset.ply)).toEqual(["3", "4"]);
    expect([...list.querySelectorAll('[data-role="comment"]')].map((c) => c.textContent)).toEqual([
      "The Old Fourteenth",
      "a classic",
    ]);
    expect(list.querySelector('[data-role="variation"]').textContent).toBe("(2. 9-14 22-17)");
  });

  it("shows a variation Python sent cut with an ellipsis, in the tooltip too", () => {
    const cut = { ...history, variations: { 3: ["9-14 22-17 5-9 24-20 …"] } };
    const { el } = mount(fakeModel(startState({ ply: 2, history: cut })));
    const variation = el.querySelector('[data-role="variation"]');
    expect(variation.textContent).toBe("(2. 9-14 22-17 3. 5-9 24-20 …)");
    expect(variation.title).toBe("2. 9-14 22-17 3. 5-9 24-20 …");
  });

  it("sends goto on a click and on arrow keys, one request at a time", () => {
    const model = fakeModel(startState({ version: 5, ply: 2, history }));
    const { el } = mount(model);
    const list = el.querySelector('[data-role="moves"]');
    list.querySelector('[data-ply="4"]').click();
    expect(model.sent).toEqual([{ kind: "command", name: "goto", ply: 4, version: 5 }]);
    model.set("state", startState({ version: 6, ply: 4, history: { ...history, ply: 4 } }));
    key(list, "ArrowLeft");
    key(list, "ArrowLeft"); // sent once Python answered the first
    expect(model.sent.slice(1)).toEqual([{ kind: "command", name: "goto", ply: 3, version: 6 }]);
    model.set("state", startState({ version: 7, ply: 3, history: { ...history, ply: 3 } }));
    expect(model.sent.slice(2)).toEqual([{ kind: "command", name: "goto", ply: 2, version: 7 }]);
    model.set("state", startState({ version: 8, ply: 2, history: { ...history, ply: 2 } }));
    key(list, "Home");
    expect(model.sent.at(-1)).toEqual({ kind: "command", name: "goto", ply: 0, version: 8 });
    model.set("state", startState({ version: 9, ply: 0, history: { ...history, ply: 0 } }));
    key(list, "End");
    expect(model.sent.at(-1)).toEqual({ kind: "command", name: "goto", ply: 4, version: 9 });
  });

  it('starts with "1..." when White moved first, and hides for a fresh game', () => {
    const model = fakeModel(
      startState({ turn: "black", ply: 1, history: { line: ["23-19"], ply: 1, comments: {}, variations: {} } }),
    );
    const { el } = mount(model);
    const rows = [...el.querySelectorAll(".cw-move-row")].map((r) => r.textContent);
    expect(rows).toEqual(["Start", "1.…23-19"]);
    model.set("state", startState({ history: { line: [], ply: 0, comments: {}, variations: {} } }));
    expect(el.querySelector('[data-role="movelist"]').hidden).toBe(true);
    expect(el.querySelector(".cw-root").classList.contains("cw-with-aside")).toBe(false);
  });
});

describe("the position editor", () => {
  const editing = (extra = {}) =>
    startState({
      version: 3,
      editor: { fen: "B:W30:B5", turn: "black", pieces: { 5: "black-man", 30: "white-man" }, error: null, ...extra },
    });

  it("sends start from the Edit control", () => {
    const model = fakeModel(startState({ version: 2 }));
    const { el } = mount(model);
    expect(el.querySelector('[data-role="editor"]').hidden).toBe(true);
    expect(el.querySelector('[data-action="edit-piece"]')).toBeNull();
    action(el, "edit").click();
    expect(model.sent).toEqual([{ kind: "edit", action: "start", version: 2 }]);
  });

  it("draws the edited pieces, no legal move, and turns clicks and buttons into edit intents", () => {
    const model = fakeModel(editing());
    const { el } = mount(model);
    expect(boardPieces(el)).toEqual({ 5: "black-man", 30: "white-man" });
    // Only the pieces on the board carry data-piece, the palette's buttons included.
    expect([...el.querySelectorAll("[data-piece]")].every((p) => p.closest(".cw-pieces"))).toBe(true);
    expect(el.querySelectorAll("[data-tool]").length).toBeGreaterThan(0);
    expect(el.querySelectorAll(".cw-sq.cw-movable")).toHaveLength(0);
    expect(el.querySelector(".cw-controls").hidden).toBe(true);
    const square = (n) => el.querySelector(`.cw-sq[data-square="${n}"]`);
    click(square(9)); // black man by default
    click(square(5)); // the same piece again: removed
    el.querySelector('[data-action="edit-piece"][data-tool="white-king"]').click();
    expect(el.querySelector('[data-tool="white-king"][data-action]').getAttribute("aria-pressed")).toBe("true");
    click(square(1));
    el.querySelector('[data-action="edit-piece"][data-tool="none"]').click();
    click(square(30));
    el.querySelector('[data-action="edit-turn"][data-turn="white"]').click();
    action(el, "edit-clear").click();
    action(el, "edit-reset").click();
    action(el, "edit-done").click();
    action(el, "edit-cancel").click();
    expect(model.sent).toEqual(
      [
        { kind: "edit", action: "place", square: 9, piece: "black-man" },
        { kind: "edit", action: "place", square: 5, piece: null },
        { kind: "edit", action: "place", square: 1, piece: "white-king" },
        { kind: "edit", action: "place", square: 30, piece: null },
        { kind: "edit", action: "turn", turn: "white" },
        { kind: "edit", action: "clear" },
        { kind: "edit", action: "reset" },
        { kind: "edit", action: "done" },
        { kind: "edit", action: "cancel" },
      ].map((m) => ({ ...m, version: 3 })),
    );
  });

  it("holds quick clicks until Python answers the one before, then works them out again", () => {
    // A busy kernel: nothing is answered until the test sets a state.
    const model = fakeModel(editing(), {}, { answers: false });
    const { el } = mount(model);
    const square = (n) => el.querySelector(`.cw-sq[data-square="${n}"]`);
    click(square(9)); // a black man on 9
    click(square(9)); // again: meant as "take it off", once the first has been done
    el.querySelector('[data-action="edit-piece"][data-tool="white-king"]').click();
    click(square(1));
    // Only the first has gone; the others wait for its answer (else Python would refuse
    // them as made on an old position and they would be lost).
    expect(model.sent).toEqual([{ kind: "edit", action: "place", square: 9, piece: "black-man", version: 3 }]);
    const pieces = { 5: "black-man", 30: "white-man" };
    model.set("state", editing({ pieces: { ...pieces, 9: "black-man" } }));
    // The second click, worked out against the answer: the man on 9 comes off.
    expect(model.sent.at(-1)).toEqual({ kind: "edit", action: "place", square: 9, piece: null, version: 3 });
    model.set("state", { ...editing({ pieces }), version: 4 });
    // The third, with the tool chosen before it and the version the answer brought.
    expect(model.sent.at(-1)).toEqual({ kind: "edit", action: "place", square: 1, piece: "white-king", version: 4 });
    expect(model.sent).toHaveLength(3);
  });

  it("shows the FEN, sends an edited one on Enter, and shows a refusal", () => {
    const model = fakeModel(editing());
    const { el } = mount(model);
    const fen = el.querySelector('[data-role="fen"]');
    expect(fen.value).toBe("B:W30:B5");
    fen.focus();
    fen.value = "W:W30:B5,K1";
    fen.dispatchEvent(new Event("input", { bubbles: true }));
    key(fen, "Enter");
    expect(model.sent).toEqual([{ kind: "edit", action: "fen", fen: "W:W30:B5,K1", version: 3 }]);
    model.set("state", editing({ error: "a black man cannot stand on 30: it would have been crowned there" }));
    // The refusal is said once, on the status line: the editor does not repeat it.
    expect(el.querySelector('[data-role="editor"]').textContent).not.toContain("cannot stand on 30");
    // Done: the editor goes, with its palette.
    model.set("state", startState({ version: 4 }));
    expect(el.querySelector('[data-role="editor"]').hidden).toBe(true);
    expect(el.querySelector('[data-action="edit-piece"]')).toBeNull();
    expect(el.querySelector(".cw-controls").hidden).toBe(false);
  });
});
