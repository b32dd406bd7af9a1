// @vitest-environment happy-dom
// The play features: the move clock, pausing, Restart, milestones, network play.
import { describe, expect, it, vi } from "vitest";
import { Clock, clockWords, formatClock } from "./clock.js";
import { playerLabel } from "./controls.js";
import { dayOf, milestoneList } from "./milestones.js";
import { requestText } from "./network.js";
import { fakeModel, mount } from "./test/harness.js";
import {
  CONTROL_NAMES,
  NETWORK,
  OVER,
  afterFirstMove,
  clock,
  milestones,
  networkState,
  startState,
} from "./test/fixtures.js";

const q = (el, selector) => el.querySelector(selector);
const role = (el, name) => q(el, `[data-role="${name}"]`);
const button = (el, action) => q(el, `[data-action="${action}"]`);
const square = (el, n) => q(el, `.cw-sq[data-square="${n}"]`);
const board = (el) => role(el, "board");
const shown = (node) => Boolean(node) && !node.hidden && !node.closest("[hidden]");

function click(target) {
  const init = { bubbles: true, cancelable: true, button: 0, pointerId: 1, isPrimary: true };
  target.dispatchEvent(new PointerEvent("pointerdown", init));
  target.dispatchEvent(new PointerEvent("pointerup", init));
}

function key(target, name, mods = {}) {
  const event = new KeyboardEvent("keydown", { key: name, bubbles: true, cancelable: true, ...mods });
  target.dispatchEvent(event);
  return event;
}

describe("clock formatting", () => {
  it("writes m:ss (rounded up), then tenths under ten seconds, never below zero", () => {
    expect(formatClock(65)).toBe("1:05");
    expect(formatClock(64.2)).toBe("1:05");
    expect(formatClock(10)).toBe("0:10");
    expect(formatClock(9.96)).toBe("9.9");
    expect(formatClock(0.04)).toBe("0.0");
    expect(formatClock(-3)).toBe("0.0");
    expect(clockWords(65)).toBe("1 minute 5 seconds");
    expect(clockWords(1)).toBe("1 second");
    expect(clockWords(0)).toBe("0 seconds");
    expect(clockWords(120)).toBe("2 minutes");
  });

  it("a Clock alone ticks from an injected time source", () => {
    let t = 0;
    const c = new Clock({ now: () => t });
    c.update({ clock: clock(30), names: {} });
    t = 2500;
    expect(c.left()).toBeCloseTo(27.5);
    t = 60000;
    expect(c.left()).toBe(0);
    c.destroy();
  });
});

describe("the move clock", () => {
  const chip = (el, side) => q(el, `.cw-side[data-side="${side}"]`);

  it("shows the countdown in the chip of the side to move, with its words for screen readers", () => {
    vi.useFakeTimers();
    const { el } = mount(fakeModel(startState({ clock: clock(65) })));
    const c = role(el, "clock");
    expect(shown(c)).toBe(true);
    expect(c.textContent).toBe("1:05");
    expect(c.dataset.side).toBe("black");
    expect(c.dataset.phase).toBe("move");
    expect(c.dataset.low).toBe("false");
    expect(chip(el, "black").contains(c)).toBe(true);
    // The digits are not read (they tick); the chip's words say the time left.
    expect(c.getAttribute("aria-hidden")).toBe("true");
    expect(c.getAttribute("aria-live")).toBe("off");
    expect(q(el, "[aria-live=polite]").contains(c)).toBe(false);
    expect(chip(el, "black").querySelector('[data-role="clock-words"]').textContent).toBe(
      ", time left: 1 minute 5 seconds",
    );
    expect(c.title).toMatch(/Time left for Black's move \(1 minute a move, then 10 seconds extra\)/);
    expect(c.title).toMatch(/a move is played for them\.$/);
  });

  it("waits, with the full time standing still, until the first move is made", () => {
    vi.useFakeTimers();
    const model = fakeModel(startState({ clock: clock(60, { running: false, waiting: true }) }));
    const { el } = mount(model);
    const c = role(el, "clock");
    expect(shown(c)).toBe(true);
    expect(c.textContent).toBe("1:00");
    expect(c.dataset.waiting).toBe("true");
    expect(c.dataset.ticking).toBe("false");
    expect(c.title).toMatch(/^The clock starts with the first move \(1 minute a move/);
    expect(chip(el, "black").querySelector('[data-role="clock-words"]').textContent).toBe(
      ", 1 minute a move: the clock starts with the first move",
    );
    vi.advanceTimersByTime(120_000);
    expect(c.textContent).toBe("1:00");
    expect(model.sent).toEqual([]);
  });

  it("ticks down locally, turns to tenths and the warning style, stops at zero and sends nothing", () => {
    vi.useFakeTimers();
    const model = fakeModel(startState({ clock: clock(12) }));
    const { el } = mount(model);
    const c = role(el, "clock");
    expect(c.textContent).toBe("0:12");
    vi.advanceTimersByTime(1000);
    expect(c.textContent).toBe("0:11");
    vi.advanceTimersByTime(1500);
    expect(c.textContent).toBe("9.5");
    expect(c.dataset.low).toBe("true");
    vi.advanceTimersByTime(20000);
    expect(c.textContent).toBe("0.0");
    expect(c.dataset.ticking).toBe("false");
    expect(vi.getTimerCount()).toBe(0);
    expect(model.sent).toEqual([]);
  });

  it("restarts from each new state's remaining, and follows the side to move", () => {
    vi.useFakeTimers();
    const model = fakeModel(startState({ clock: clock(30) }));
    const { el } = mount(model);
    vi.advanceTimersByTime(5000);
    expect(role(el, "clock").textContent).toBe("0:25");
    model.set("state", afterFirstMove({ clock: clock(60, { side: "white" }) }));
    const c = role(el, "clock");
    expect(c.textContent).toBe("1:00");
    expect(chip(el, "white").contains(c)).toBe(true);
    expect(chip(el, "black").querySelector('[data-role="clock"]')).toBeNull();
    expect(el.querySelectorAll('[data-role="clock"]')).toHaveLength(1);
    // The other chip keeps the clock's room, invisibly, so the bar does not reflow.
    expect(chip(el, "black").querySelector(".cw-clock-spacer").getAttribute("aria-hidden")).toBe("true");
    // Another trait changing redraws the bar without resetting the countdown.
    vi.advanceTimersByTime(3000);
    model.set("interactive", false);
    expect(role(el, "clock").textContent).toBe("0:57");
  });

  it("stands still while paused or not running", () => {
    vi.useFakeTimers();
    const model = fakeModel(startState({ clock: clock(30, { paused: true }) }));
    const { el } = mount(model);
    vi.advanceTimersByTime(5000);
    expect(role(el, "clock").textContent).toBe("0:30");
    expect(role(el, "clock").dataset.ticking).toBe("false");
    expect(vi.getTimerCount()).toBe(0);
    expect(q(el, '[data-role="clock-words"]').textContent).toMatch(/clock stopped/);
    model.set("state", startState({ clock: clock(20, { running: false }) }));
    vi.advanceTimersByTime(5000);
    expect(role(el, "clock").textContent).toBe("0:20");
    // The game paused (the cover is up): the clock holds too.
    model.set("state", startState({ paused: true, pausable: true, clock: clock(15) }));
    vi.advanceTimersByTime(5000);
    expect(role(el, "clock").textContent).toBe("0:15");
    model.set("state", startState({ pausable: true, clock: clock(15) }));
    vi.advanceTimersByTime(5000);
    expect(role(el, "clock").textContent).toBe("0:10");
  });

  it("marks the grace period, with the warning under ten seconds", () => {
    vi.useFakeTimers();
    const { el } = mount(
      fakeModel(startState({ clock: clock(8, { phase: "grace", on_expiry: "forfeit", strikes: { black: 2, white: 0 } }) })),
    );
    const c = role(el, "clock");
    expect(c.dataset.phase).toBe("grace");
    expect(c.dataset.low).toBe("true");
    expect(c.textContent).toBe("8.0");
    expect(c.title).toMatch(/^Extra time left/);
    expect(c.title).toMatch(/the game is lost \(2 times so far\)\.$/);
    expect(q(el, '[data-role="clock-words"]').textContent).toBe(", extra time left: 8 seconds");
  });

  it("the cleanup stops the ticking", () => {
    vi.useFakeTimers();
    const { cleanup } = mount(fakeModel(startState({ clock: clock(30) })));
    expect(vi.getTimerCount()).toBe(1);
    cleanup();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("pausing", () => {
  // Against the computer: Pause is shown (and speaks, with Resign, for Black).
  const pausable = {
    pausable: true,
    players: { black: "human", white: "computer" },
    level: "easy",
    controls: { pause: { shown: true } },
  };
  const history = { line: ["11-15"], ply: 1 };
  // While paused the board is covered: no hint, no replay, no editing.
  const covered = { pause: { shown: true }, hint: { enabled: false }, replay: { enabled: false }, edit: { enabled: false } };

  it("the Pause button sends pause, and reads Resume (sending resume) while paused", () => {
    const model = fakeModel(startState(pausable));
    const { el } = mount(model);
    const b = button(el, "pause");
    expect(shown(b)).toBe(true);
    expect(b.textContent).toBe("Pause");
    expect(b.title).toBe("Pause the game and the clock (P)");
    b.click();
    expect(model.sent).toEqual([{ kind: "command", name: "pause", version: 1 }]);
    model.set("state", startState({ ...pausable, paused: true }));
    expect(b.textContent).toBe("Resume");
    b.click();
    expect(model.sent.at(-1)).toEqual({ kind: "command", name: "resume", version: 1 });
  });

  it("hides the board and the move list behind the cover and takes no move", () => {
    const model = fakeModel(afterFirstMove({ ...pausable, players: { black: "computer", white: "human" }, history }));
    const { el } = mount(model);
    expect(shown(role(el, "paused-cover"))).toBe(false);
    model.set(
      "state",
      afterFirstMove({ ...pausable, players: { black: "computer", white: "human" }, history, paused: true, controls: covered }),
    );
    const cover = role(el, "paused-cover");
    expect(shown(cover)).toBe(true);
    expect(cover.textContent).toMatch(/^Paused/);
    expect(cover.getAttribute("aria-label")).toBe("Game paused");
    expect(q(el, ".cw-root").classList.contains("cw-paused")).toBe(true);
    expect(board(el).getAttribute("aria-hidden")).toBe("true");
    expect(board(el).hasAttribute("inert")).toBe(true);
    expect(role(el, "movelist").hasAttribute("inert")).toBe(true);
    // No lit piece, no move by click or key, no goto from the list.
    expect(el.querySelectorAll(".cw-sq.cw-movable")).toHaveLength(0);
    click(square(el, 22));
    click(square(el, 18));
    key(board(el), "ArrowUp");
    key(board(el), "Enter");
    key(board(el), "u");
    const start = q(el, '.cw-move[data-ply="0"]');
    expect(start.disabled).toBe(true);
    start.click();
    expect(model.sent).toEqual([]);
    expect(q(el, ".cw-sq.cw-cursor")).toBeNull();
    expect(button(el, "hint").disabled).toBe(true);
    // Resume from the cover.
    button(el, "resume").click();
    expect(model.sent).toEqual([{ kind: "command", name: "resume", version: 2 }]);
    model.set("state", afterFirstMove({ ...pausable, players: { black: "computer", white: "human" }, history, version: 3 }));
    expect(shown(role(el, "paused-cover"))).toBe(false);
    expect(board(el).hasAttribute("aria-hidden")).toBe(false);
    expect(board(el).hasAttribute("inert")).toBe(false);
    expect(q(el, ".cw-root").classList.contains("cw-paused")).toBe(false);
    // Moves are taken again.
    click(square(el, 22));
    click(square(el, 18));
    expect(model.sent.at(-1)).toEqual({ kind: "move", path: [22, 18], version: 3 });
  });

  it("P pauses and resumes; while paused only P is taken; P on the cover resumes", () => {
    const model = fakeModel(startState(pausable));
    const { el } = mount(model);
    key(board(el), "p");
    expect(model.sent).toEqual([{ kind: "command", name: "pause", version: 1 }]);
    model.set("state", startState({ ...pausable, paused: true, version: 2, controls: covered }));
    const ignored = key(board(el), "r");
    expect(ignored.defaultPrevented).toBe(false);
    key(board(el), "h");
    key(board(el), "P");
    expect(model.sent).toEqual([
      { kind: "command", name: "pause", version: 1 },
      { kind: "command", name: "resume", version: 2 },
    ]);
    key(button(el, "resume"), "p");
    expect(model.sent.at(-1)).toEqual({ kind: "command", name: "resume", version: 2 });
    expect(model.sent).toHaveLength(3);
  });

  it("moves focus to Resume when the board had it, and back when the game resumes", () => {
    const model = fakeModel(startState(pausable));
    const { el } = mount(model);
    board(el).focus();
    expect(document.activeElement).toBe(board(el));
    model.set("state", startState({ ...pausable, paused: true }));
    expect(document.activeElement).toBe(button(el, "resume"));
    model.set("state", startState(pausable));
    expect(document.activeElement).toBe(board(el));
  });

  it("P does nothing when nothing can pause, or with a modifier", () => {
    const model = fakeModel(startState());
    const { el } = mount(model);
    expect(shown(button(el, "pause"))).toBe(false);
    key(board(el), "p");
    expect(model.sent).toEqual([]);
    model.set("state", startState(pausable));
    key(board(el), "p", { ctrlKey: true });
    key(board(el), "p", { metaKey: true });
    key(board(el), "P", { shiftKey: true });
    expect(model.sent).toEqual([]);
  });

  it("U and R still undo and redo, and are left alone with Ctrl or Meta", () => {
    const model = fakeModel(afterFirstMove({ can_redo: true, controls: { redo: { enabled: true } } }));
    const { el } = mount(model);
    key(board(el), "u");
    key(board(el), "R");
    const withCtrl = key(board(el), "u", { ctrlKey: true });
    key(board(el), "r", { metaKey: true });
    expect(withCtrl.defaultPrevented).toBe(false);
    expect(model.sent).toEqual([
      { kind: "command", name: "undo", version: 2 },
      { kind: "command", name: "redo", version: 2 },
    ]);
  });

  it("a network pause shows the connection's status, with no Resume to press", () => {
    // A network pause is lifted by the connection: the Pause button cannot lift it.
    const controls = { ...covered, pause: { shown: true, enabled: false } };
    const model = fakeModel(
      networkState({ pausable: true, controls }, { paused: true, connected: false, status: "Alice lost the connection; waiting…" }),
    );
    const { el } = mount(model);
    const cover = role(el, "paused-cover");
    expect(shown(cover)).toBe(true);
    expect(role(el, "paused-text").textContent).toBe("Alice lost the connection; waiting…");
    expect(shown(button(el, "resume"))).toBe(false);
    expect(button(el, "pause").disabled).toBe(true);
    key(board(el), "p");
    key(cover, "p");
    click(square(el, 11));
    expect(model.sent).toEqual([]);
  });
});

describe("Restart and New game", () => {
  it("Restart asks for a second click in a game under way, like New game", () => {
    const model = fakeModel(afterFirstMove());
    const { el } = mount(model);
    const restart = button(el, "restart");
    expect(shown(restart)).toBe(true);
    expect(restart.textContent).toBe("Restart");
    expect(restart.title).toBe("Start this game again from its opening (same sides)");
    expect(button(el, "new").title).toBe("Start a fresh game (sides drawn again when random)");
    restart.click();
    expect(model.sent).toEqual([]);
    expect(restart.textContent).toBe("Really restart?");
    expect(restart.classList.contains("cw-armed")).toBe(true);
    restart.click();
    expect(model.sent).toEqual([{ kind: "command", name: "restart", version: 2 }]);
    expect(restart.textContent).toBe("Restart");
  });

  it("sends at once at the start or once the game is over; the confirmation times out", () => {
    vi.useFakeTimers();
    const model = fakeModel(startState());
    const { el } = mount(model);
    button(el, "restart").click();
    expect(model.sent).toEqual([{ kind: "command", name: "restart", version: 1 }]);
    model.set("state", afterFirstMove({ result: "1-0", status: { text: "Black wins", kind: "over" }, controls: OVER }));
    button(el, "restart").click();
    expect(model.sent.at(-1)).toEqual({ kind: "command", name: "restart", version: 2 });
    model.set("state", afterFirstMove());
    button(el, "restart").click();
    vi.advanceTimersByTime(5000);
    expect(button(el, "restart").textContent).toBe("Restart");
    button(el, "restart").click();
    expect(model.sent).toHaveLength(2);
  });

  it("Undo takes Python's wording as its title when given", () => {
    const model = fakeModel(afterFirstMove({ undo_label: "Take back your move and the computer's reply (U)" }));
    const { el } = mount(model);
    expect(button(el, "undo").title).toBe("Take back your move and the computer's reply (U)");
    model.set("state", afterFirstMove());
    expect(button(el, "undo").title).toBe("Take back the last move (U)");
  });
});

describe("milestones", () => {
  it("lists them in order, the earned ones with their day", () => {
    const list = milestoneList(milestones());
    expect(list.map((m) => [m.id, m.earned, m.date])).toEqual([
      ["first-win", true, "2024-05-01"],
      ["first-king", false, ""],
      ["triple", false, ""],
    ]);
    expect(dayOf("2024-05-01")).toBe("2024-05-01");
    expect(dayOf("yesterday")).toBe("yesterday");
  });

  it("the button toggles the panel, sending nothing", () => {
    const model = fakeModel(startState({ milestones: milestones() }));
    const { el } = mount(model);
    const b = button(el, "milestones");
    const panel = role(el, "milestones");
    expect(shown(b)).toBe(true);
    expect(b.textContent).toBe("★ 1/3");
    expect(b.getAttribute("aria-expanded")).toBe("false");
    expect(b.getAttribute("aria-controls")).toBe(panel.id);
    expect(shown(panel)).toBe(false);
    b.click();
    expect(shown(panel)).toBe(true);
    expect(b.getAttribute("aria-expanded")).toBe("true");
    const items = panel.querySelectorAll("[data-milestone]");
    expect([...items].map((i) => i.dataset.earned)).toEqual(["true", "false", "false"]);
    expect(items[0].textContent).toMatch(/First win.*Win a game.*Earned 2024-05-01/);
    expect(items[1].querySelector("time")).toBeNull();
    // Redrawn by a new state: still open.
    model.set("state", afterFirstMove({ milestones: milestones([], ["first-win", "triple"]) }));
    expect(shown(panel)).toBe(true);
    expect(b.textContent).toBe("★ 2/3");
    key(panel, "Escape");
    expect(shown(panel)).toBe(false);
    expect(document.activeElement).toBe(b);
    b.click();
    b.click();
    expect(shown(panel)).toBe(false);
    expect(model.sent).toEqual([]);
  });

  it("toasts a new milestone once, then fades it", () => {
    vi.useFakeTimers();
    const model = fakeModel(startState({ milestones: milestones() }), { animate: true });
    const { el } = mount(model);
    const toast = role(el, "toast");
    expect(toast.getAttribute("role")).toBe("status");
    expect(shown(toast)).toBe(false);
    model.set("state", afterFirstMove({ milestones: milestones(["first-king"], ["first-win", "first-king"]) }));
    expect(shown(toast)).toBe(true);
    expect(toast.textContent).toBe("Milestone: Crowned");
    vi.advanceTimersByTime(4000);
    expect(toast.classList.contains("cw-toast-out")).toBe(true);
    vi.advanceTimersByTime(400);
    expect(shown(toast)).toBe(false);
    // The same id sent again (another state before Python clears it): no second toast.
    model.set("state", afterFirstMove({ version: 3, milestones: milestones(["first-king"], ["first-win", "first-king"]) }));
    expect(shown(toast)).toBe(false);
    model.set("state", afterFirstMove({ version: 4, milestones: milestones(["first-king", "triple"]) }));
    expect(toast.textContent).toBe("Milestone: Triple jump");
  });

  it("no fade with reduced motion, and the cleanup clears the toast's timers", () => {
    vi.useFakeTimers();
    const model = fakeModel(startState({ milestones: milestones(["first-win"]) }), { animate: false });
    const { el, cleanup } = mount(model);
    const toast = role(el, "toast");
    expect(toast.textContent).toBe("Milestone: First win");
    vi.advanceTimersByTime(4000);
    expect(shown(toast)).toBe(false);
    model.set("state", afterFirstMove({ milestones: milestones(["triple"]) }));
    expect(vi.getTimerCount()).toBe(1);
    cleanup();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("network play", () => {
  it("labels the remote side with the peer's name and the local one You", () => {
    const state = networkState();
    expect(playerLabel(state, "white")).toBe("Opponent (Alice)");
    expect(playerLabel(state, "black")).toBe("You");
    expect(playerLabel({ ...state, network: { ...state.network, peer: null } }, "white")).toBe("Opponent");
    expect(playerLabel(startState(), "black")).toBe("");
    // (Which side the buttons speak for is Python's: tests/play/test_commands.py.)

    const { el } = mount(fakeModel(state));
    const chip = (side) => q(el, `.cw-side[data-side="${side}"]`);
    expect(chip("white").querySelector('[data-role="player"]').textContent).toBe("Opponent (Alice)");
    expect(chip("black").querySelector('[data-role="player"]').textContent).toBe("You");
    expect(chip("white").classList.contains("cw-remote")).toBe(true);
    expect(chip("white").querySelector(".cw-sr").textContent).toBe(", your opponent Alice: 12 pieces, 0 kings");
  });

  it("buttons speak for the local player; the remote side's turn takes no move", () => {
    const speaks = { ...NETWORK, resign: { side: "black" }, "offer-draw": { side: "black" } };
    const model = fakeModel(
      afterFirstMove({ players: { black: "human", white: "remote" }, legal: [], network: networkState().network, controls: speaks }),
    );
    const { el } = mount(model);
    expect(el.querySelectorAll(".cw-sq.cw-movable")).toHaveLength(0);
    click(square(el, 22));
    click(square(el, 18));
    expect(model.sent).toEqual([]);
    expect(q(el, "[aria-live]").textContent).toBe("It is your opponent's turn.");
    button(el, "resign").click();
    button(el, "resign").click();
    expect(model.sent).toEqual([{ kind: "command", name: "resign", side: "black", version: 2 }]);
    expect(button(el, "offer-draw").title).toBe("Black offers a draw");
  });

  it("before the sides are drawn, neither chip names a player", () => {
    const nobody = { resign: { shown: false }, "offer-draw": { shown: false } };
    const state = networkState({ players: { black: "waiting", white: "waiting" }, legal: [], controls: nobody });
    expect(playerLabel(state, "black")).toBe("");
    expect(playerLabel(state, "white")).toBe("");
    const { el } = mount(fakeModel(state));
    expect(el.querySelectorAll(".cw-remote")).toHaveLength(0);
    expect(shown(button(el, "resign"))).toBe(false);
  });

  it("hides the controls that cannot cross the link", () => {
    const { el } = mount(fakeModel(networkState()));
    for (const action of ["undo", "redo", "new", "restart", "hint", "edit", "pause"]) {
      expect(shown(button(el, action)), action).toBe(false);
    }
    for (const action of ["flip", "resign", "offer-draw", "replay"]) {
      expect(shown(button(el, action)), action).toBe(true);
    }
  });

  it("shows the connection's status above the board", () => {
    const model = fakeModel(networkState());
    const { el } = mount(model);
    const line = role(el, "network");
    expect(shown(line)).toBe(true);
    expect(role(el, "network-status").textContent).toBe("Connected to Alice");
    expect(line.dataset.connected).toBe("true");
    expect(line.dataset.networkRole).toBe("host");
    expect(line.compareDocumentPosition(board(el)) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(shown(role(el, "peer-request"))).toBe(false);
    model.set("state", networkState({}, { role: "guest", connected: false, status: "Connecting to 10.0.0.2…" }));
    expect(role(el, "network-status").textContent).toBe("Connecting to 10.0.0.2…");
    expect(line.dataset.connected).toBe("false");
  });

  it("says nothing above the board while the link is fine, and a lost link once", () => {
    const model = fakeModel(networkState({}, { status: "" }));
    const { el } = mount(model);
    expect(shown(role(el, "network"))).toBe(false);
    const lost = "Connection lost: waiting up to 60 s for Alice to come back";
    model.set("state", networkState({ pausable: true }, { paused: true, connected: false, status: lost }));
    expect(role(el, "paused-text").textContent).toBe(lost);
    expect(shown(role(el, "network"))).toBe(false); // the cover says it: not twice
    expect(el.textContent.split(lost)).toHaveLength(2);
  });

  it("a join request offers Accept and Refuse, each sent once", () => {
    const request = { name: "Bob", address: "192.168.1.7" };
    expect(requestText(request)).toBe("Bob (192.168.1.7) wants to join");
    // The test gives Python's answers itself (the states below).
    const model = fakeModel(
      networkState({}, { status: "Waiting for a player…", connected: false, peer: null, request }),
      {},
      { answers: false },
    );
    const { el } = mount(model);
    const box = role(el, "peer-request");
    expect(shown(box)).toBe(true);
    expect(box.textContent).toMatch(/^Bob \(192\.168\.1\.7\) wants to join/);
    button(el, "accept-peer").click();
    button(el, "accept-peer").click();
    button(el, "refuse-peer").click();
    expect(model.sent).toEqual([{ kind: "command", name: "accept-peer", version: 1 }]);
    model.set("state", networkState({ version: 2 }, { status: "Waiting for a player…", peer: null, request }));
    button(el, "refuse-peer").click();
    expect(model.sent.at(-1)).toEqual({ kind: "command", name: "refuse-peer", version: 2 });
    model.set("state", networkState({ version: 3 }));
    expect(shown(box)).toBe(false);
  });
});

describe("an old state, without any of the new fields", () => {
  it("shows none of the new elements", () => {
    vi.useFakeTimers();
    for (const state of [startState(), afterFirstMove({ paused: null, clock: null, milestones: null, network: null })]) {
      const { el } = mount(fakeModel(state));
      for (const name of ["clock", "paused-cover", "milestones", "toast", "network", "peer-request"]) {
        const node = role(el, name);
        expect(shown(node), name).toBe(false);
      }
      for (const action of ["pause", "resume", "milestones", "accept-peer", "refuse-peer"]) {
        expect(shown(button(el, action)), action).toBe(false);
      }
      expect(q(el, ".cw-root").classList.contains("cw-paused")).toBe(false);
      expect(board(el).hasAttribute("inert")).toBe(false);
      // The chip holds what it always did, and nothing more.
      const chip = q(el, '.cw-side[data-side="black"]');
      expect(chip.children).toHaveLength(9);
      expect(chip.textContent).toBe(`Black·120: 12 pieces, 0 kings${state.turn === "black" ? ", to move" : ""}`);
      expect(vi.getTimerCount()).toBe(0);
    }
  });
});

describe("controls chosen by Python", () => {
  it("shows only the controls the state lists", () => {
    // controls=["undo", "flip"]: only those two are offered.
    const only = Object.fromEntries(
      CONTROL_NAMES.filter((n) => n !== "undo" && n !== "flip").map((n) => [n, { offered: false, shown: false }]),
    );
    const model = fakeModel(startState({ controls: only, milestones: milestones() }));
    const { el } = mount(model);
    expect(shown(button(el, "undo"))).toBe(true);
    expect(shown(button(el, "flip"))).toBe(true);
    for (const action of ["new", "restart", "hint", "edit", "replay", "resign", "offer-draw", "milestones"]) {
      expect(shown(button(el, action)), action).toBe(false);
    }
    expect(shown(q(el, '[data-action="evaluation"]'))).toBe(false);
    model.set("state", startState({ milestones: milestones() }));
    for (const action of ["new", "hint", "milestones"]) expect(shown(button(el, action)), action).toBe(true);
    expect(shown(q(el, '[data-action="evaluation"]'))).toBe(true);
  });
});
