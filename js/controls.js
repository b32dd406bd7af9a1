// The chrome around the board: the bar with each side's pieces and kings (and who
// plays it: "You", "Computer (hard)" or "Opponent (Alice)"), the move clock in the chip
// of the side to move, the status line with its thinking dots, the buttons, the hint
// and evaluation lines, and the hidden live region that reads moves and status aloud.
// Everything it shows comes from the state (which buttons show and which are enabled is
// Python's state.controls); the buttons only send commands, the Evaluation switch sets
// the live_eval trait and the Screen reader switch the accessible trait (a view
// preference: it opens the command line of accessible.js).

import { PROVEN_DRAW, evaluationHelp, evaluationParts, hintParts, hintText } from "./analysis.js";
import { Clock } from "./clock.js";
import { editingBarState } from "./editor.js";
import { pieceSvg } from "./pieces.js";
import { button, el } from "./dom.js";

/** @import { Analysis, BoardState, Color, CommandName, Control, ControlState, Count, PanelFacts, PartialState, PlayerKind } from "./types.js" */
/** @import { EvaluationParts } from "./analysis.js" */
/**
 * @typedef {"new" | "restart" | "pause" | "undo" | "redo" | "flip" | "hint" | "replay" | "edit"
 *   | "resign" | "offer-draw" | "accept-draw" | "decline-draw" | "claim-draw"} ButtonAction
 *   A button's action: the controls drawn as buttons.
 */
/**
 * @typedef {object} SideParts A side's chip in the bar.
 * @property {HTMLDivElement} chip
 * @property {HTMLSpanElement} name
 * @property {HTMLSpanElement} sep
 * @property {HTMLSpanElement} player
 * @property {HTMLSpanElement} thinking
 * @property {HTMLSpanElement} men
 * @property {HTMLSpanElement} kings
 * @property {HTMLSpanElement} sr
 */
/**
 * @typedef {object} ChromeOptions
 * @property {(name: Exclude<CommandName, "goto"> | "edit", side?: Color) => void} onCommand
 * @property {() => void} onFlip
 * @property {(on: boolean) => void} [onEvaluation]
 * @property {(on: boolean) => void} [onAccessible]
 * @property {(prev: BoardState, next: BoardState) => string} [speak] what to read aloud for a
 *   new state (by default its `announcement`)
 */
/**
 * @typedef {object} Switch A switch of the controls: a checkbox drawn as a track and knob.
 * @property {HTMLLabelElement} label the switch as drawn, its words included
 * @property {HTMLInputElement} input
 */

/** @type {Color[]} */
const SIDES = ["black", "white"];
const UNDO_TITLE = "Take back the last move (U)";
const PAUSE_TITLE = "Pause the game and the clock (P)";
const RESUME_TITLE = "Resume the game and the clock (P)";
/** @type {Record<string, string>} */
const CONFIRM = { resign: "Really resign?", new: "Really start again?", restart: "Really restart?" };

/**
 * A switch: a checkbox with role switch, drawn as a small track and knob, with its words.
 * @param {"evaluation" | "accessible"} action
 * @param {string} text
 * @param {string} title
 * @returns {Switch}
 */
function switchControl(action, text, title) {
  const label = el("label", "cw-switch", { title });
  const input = el("input", "cw-switch-input", {
    type: "checkbox",
    role: "switch",
    "data-action": action,
    "aria-checked": "false",
  });
  const track = el("span", "cw-switch-track", { "aria-hidden": "true" });
  const words = el("span", "cw-switch-text");
  words.textContent = text;
  label.append(input, track, words);
  return { label, input };
}

/**
 * Set a switch on or off.
 * @param {Switch} control
 * @param {boolean} on
 */
function setSwitch(control, on) {
  control.input.checked = on;
  control.input.setAttribute("aria-checked", String(on));
}

/**
 * Three dots that pulse while something is being searched (CSS draws them).
 * @param {string} className
 * @param {Record<string, string>} [attrs]
 */
function dots(className, attrs = {}) {
  const node = el("span", `cw-dots ${className}`, { "aria-hidden": "true", ...attrs });
  for (let i = 0; i < 3; i++) node.appendChild(el("span", "cw-dot"));
  node.hidden = true;
  return node;
}

/**
 * What plays `side`: "human" (on this computer), "computer" or "remote" (over the network).
 * @param {PartialState | null | undefined} state
 * @param {Color} side
 * @returns {PlayerKind}
 */
function playerKind(state, side) {
  /** @type {Partial<Record<Color, PlayerKind>>} */
  const players = (state && state.players) || {};
  return players[side] ?? "human";
}

/**
 * The other player's name in a network game, or "".
 * @param {PartialState | null | undefined} state
 */
function peerName(state) {
  const peer = state && state.network && state.network.peer;
  return typeof peer === "string" ? peer : "";
}

/**
 * Who plays `side`, for the bar: "Computer (hard)"; "Opponent (Alice)" (or "Opponent")
 * for the other person in a network game; "You" for the local player when the other
 * side is the computer or remote; "" between two people at one board.
 * @param {PartialState} state
 * @param {Color} side
 * @returns {string}
 */
export function playerLabel(state, side) {
  const kind = playerKind(state, side);
  if (kind === "waiting") return ""; // a network game before the sides are drawn
  if (kind === "computer") return state.level ? `Computer (${state.level})` : "Computer";
  if (kind === "remote") return peerName(state) ? `Opponent (${peerName(state)})` : "Opponent";
  const other = side === "black" ? "white" : "black";
  return playerKind(state, other) === "human" ? "" : "You";
}

/**
 * The same for screen readers, after the side's name: ", you", ", played by Alice".
 * @param {PartialState} state
 * @param {Color} side
 */
function playerWords(state, side) {
  const kind = playerKind(state, side);
  const label = playerLabel(state, side);
  if (!label) return "";
  if (label === "You") return ", you";
  if (kind === "remote") return peerName(state) ? `, your opponent ${peerName(state)}` : ", your opponent";
  return `, played by the ${label.toLowerCase()}`;
}

/**
 * Whether a search runs: the computer's move, or a hint being looked for.
 * @param {PartialState | null | undefined} state
 * @returns {boolean}
 */
export function searching(state) {
  return Boolean(state && (state.thinking || (state.status && state.status.kind === "thinking")));
}

/** A control the board does not offer (it has no entry in state.controls): not drawn. */
const ABSENT = Object.freeze({ shown: false, enabled: false, side: null, confirm: false });

/**
 * Control `name` as Python published it (state.controls[name]: shown, enabled, and for
 * Resign and the draw buttons the side they speak for, for Resign, New game and Restart
 * whether a click must be confirmed). Python decides all of it, from the players, the
 * result, the draw offer, the network, the pause...; this only reads it.
 * @param {PartialState | null | undefined} state
 * @param {Control} name
 * @returns {ControlState}
 */
export function control(state, name) {
  const controls = state && state.controls;
  return (controls && controls[name]) || ABSENT;
}

/**
 * Words for the counts: "12 pieces, 1 king".
 * @param {Count | null | undefined} count
 * @returns {string}
 */
export function countWords(count) {
  const men = (count && count.men) || 0;
  const kings = (count && count.kings) || 0;
  const total = men + kings;
  return `${total} piece${total === 1 ? "" : "s"}, ${kings} king${kings === 1 ? "" : "s"}`;
}

/**
 * The sentence read aloud when a state arrives after `prev`.
 * @param {BoardState | null} prev
 * @param {BoardState | null} next
 * @returns {string}
 */
export function announcement(prev, next) {
  if (!next || !next.status) return "";
  const names = next.names || { black: "Black", white: "White" };
  const parts = [];
  if (prev && next.last_move && next.ply === prev.ply + 1) {
    const move = next.last_move;
    const mover = names[prev.turn] || prev.turn;
    let text = `${mover} played ${move.notation}`;
    const n = (move.captures || []).length;
    if (n) text += `, taking ${n} piece${n === 1 ? "" : "s"}`;
    if (move.crowns) text += ", crowned";
    parts.push(`${text}.`);
  } else if (prev && next.ply === prev.ply - 1) {
    parts.push("Move taken back.");
  } else if (prev && next.pending && next.pending.path) {
    const path = next.pending.path;
    parts.push(`Jumped to ${path[path.length - 1]}.`);
  }
  parts.push(next.status.text);
  const hint = hintText(next.hint, next);
  if (hint && (!prev || hintText(prev.hint, prev) !== hint)) parts.push(`${hint}.`);
  return parts.join(" ");
}

export class Chrome {
  /**
   * `onCommand(name, side)` sends a command; `onFlip()` turns the board;
   * `onEvaluation(on)` sets the live evaluation. The board's own element is placed by
   * the caller between the status line and the controls.
   * @param {ChromeOptions} options
   */
  constructor({ onCommand, onFlip, onEvaluation = () => {}, onAccessible = () => {}, speak = announcement }) {
    this.onCommand = onCommand;
    this.speak = speak;
    this.onFlip = onFlip;
    this.onEvaluation = onEvaluation;
    this.onAccessible = onAccessible;
    /** @type {BoardState | null} */
    this.state = null;
    this.liveEval = false;
    /** @type {EvaluationParts | null} */
    this.lastEval = null; // the last evaluation shown, kept (dimmed) while a new one is searched
    /** @type {{ action: ButtonAction, timer: ReturnType<typeof setTimeout> } | null} */
    this.armed = null; // { action, timer }: a button waiting for its confirming click
    this.clock = new Clock(); // moved into the chip of the side whose time runs
    this.bar = el("div", "cw-bar", { "data-role": "bar" });
    this.sides = /** @type {Record<Color, SideParts>} */ ({});
    for (const side of SIDES) {
      const chip = el("div", `cw-side cw-side-${side}`, { "data-side": side });
      const icon = el("span", "cw-side-icon", { "data-icon": `${side}-man` });
      icon.appendChild(pieceSvg(`${side}-man`));
      const name = el("span", "cw-side-name");
      const sep = el("span", "cw-side-sep", { "aria-hidden": "true" });
      sep.textContent = "·";
      const player = el("span", "cw-side-player", { "data-role": "player" });
      const thinking = dots("cw-side-thinking", { "data-role": "side-thinking" });
      const men = el("span", "cw-count", { "data-count": "pieces" });
      const kingIcon = el("span", "cw-side-icon cw-king-icon", { "data-icon": `${side}-king` });
      kingIcon.appendChild(pieceSvg(`${side}-king`));
      const kings = el("span", "cw-count", { "data-count": "kings" });
      const sr = el("span", "cw-sr");
      chip.append(icon, name, sep, player, men, kingIcon, kings, thinking, sr);
      chip.querySelectorAll(".cw-side-icon, .cw-count, .cw-side-player").forEach((n) =>
        n.setAttribute("aria-hidden", "true"),
      );
      this.sides[side] = { chip, name, sep, player, thinking, men, kings, sr };
    }
    this.offerText = el("span", "cw-offer-text");
    this.buttons = /** @type {Record<ButtonAction, HTMLButtonElement>} */ ({});
    /** @type {(action: ButtonAction, label: string, title: string) => HTMLButtonElement} */
    const make = (action, label, title) => {
      const b = button(action, label, title);
      this.buttons[action] = b;
      return b;
    };
    const drawBox = el("div", "cw-draw", { role: "group", "aria-label": "Game" });
    drawBox.append(
      this.offerText,
      make("offer-draw", "Offer draw", "Offer your opponent a draw"),
      make("accept-draw", "Accept", "Accept the draw offer"),
      make("decline-draw", "Decline", "Decline the draw offer"),
      make("claim-draw", "Claim draw", "Claim the draw the rules allow"),
      make("resign", "Resign", "Resign the game (click twice)"),
    );
    const sideBox = el("div", "cw-sides");
    sideBox.append(this.sides.black.chip, this.sides.white.chip);
    this.bar.append(sideBox, drawBox);

    this.status = el("div", "cw-status", { "data-role": "status" });
    this.statusDots = dots("cw-thinking", { "data-role": "thinking", title: "Thinking" });
    this.statusText = el("span", "cw-status-text");
    this.status.append(this.statusDots, this.statusText);
    this.live = el("div", "cw-sr", {
      role: "status",
      "aria-live": "polite",
      "aria-atomic": "true",
      "data-role": "announce",
    });

    this.controls = el("div", "cw-controls", { role: "toolbar", "aria-label": "Board controls" });
    this.controls.append(
      make("new", "New game", "Start a fresh game (sides drawn again when random)"),
      make("restart", "Restart", "Start this game again from its opening (same sides)"),
      make("pause", "Pause", PAUSE_TITLE),
      make("undo", "Undo", UNDO_TITLE),
      make("redo", "Redo", "Replay the move taken back (R)"),
      make("flip", "Flip", "Turn the board round (F)"),
      make("hint", "Hint", "Show a good move (H)"),
      make("replay", "Replay", "Replay the last move hop by hop"),
      make("edit", "Edit", "Set up a position (place and remove pieces)"),
    );
    // The switches, at the end of the row: the live evaluation (the live_eval trait) and
    // the screen-reader mode (the accessible trait).
    this.evaluation = switchControl(
      "evaluation",
      "Evaluation",
      "Show the computer's evaluation of the position as the game goes on",
    );
    this.evalSwitch = this.evaluation.label;
    this.evalBox = this.evaluation.input;
    this.accessible = switchControl(
      "accessible",
      "Screen reader",
      "Screen-reader mode: a command line above the board to type moves (11-15) and " +
        "questions (m 11, p, l, c, s 3; ? lists them), the answers read aloud",
    );
    this.switches = el("span", "cw-switches");
    this.switches.append(this.evalSwitch, this.accessible.label);
    this.controls.append(this.switches);

    // Under the controls: the hint and the evaluation, one line each.
    this.analysis = el("div", "cw-analysis", { "data-role": "analysis" });
    this.hintLine = el("div", "cw-line cw-hint-line", { "data-role": "hint" });
    this.evalLine = el("div", "cw-line cw-eval-line", { "data-role": "evaluation" });
    this.hintLine.hidden = true;
    this.evalLine.hidden = true;
    this.analysis.append(this.hintLine, this.evalLine);
    this.analysis.hidden = true;
    /** @type {Record<string, string>} */
    this.labels = {};
    for (const [action, b] of Object.entries(this.buttons)) this.labels[action] = b.textContent;
  }

  /**
   * Wire the buttons; listeners go away with `signal`.
   * @param {AbortSignal} signal
   */
  listen(signal) {
    for (const [action, b] of /** @type {[ButtonAction, HTMLButtonElement][]} */ (Object.entries(this.buttons))) {
      b.addEventListener("click", () => this.press(action), { signal });
    }
    this.evalBox.addEventListener("change", () => this.onEvaluation(this.evalBox.checked), { signal });
    this.accessible.input.addEventListener("change", () => this.onAccessible(this.accessible.input.checked), {
      signal,
    });
  }

  /**
   * The accessible trait changed (from this view, another one, or Python).
   * @param {boolean} on
   */
  setAccessible(on) {
    setSwitch(this.accessible, Boolean(on));
  }

  /**
   * The live_eval trait changed (from this view, another one, or Python).
   * @param {boolean} on
   */
  setLiveEval(on) {
    this.liveEval = Boolean(on);
    setSwitch(this.evaluation, this.liveEval);
    if (!this.liveEval) this.lastEval = null;
    this.drawAnalysis();
  }

  /**
   * Read `text` out through the live region.
   * @param {string} text
   */
  say(text) {
    // Rewriting the same text would not be read again; a trailing space makes it new.
    this.live.textContent = this.live.textContent === text ? `${text}\u00a0` : text;
  }

  /**
   * A button was pressed (or its keyboard shortcut used).
   * @param {ButtonAction} action
   */
  press(action) {
    const b = this.buttons[action];
    if (b && (b.disabled || b.hidden)) return;
    if (action === "flip") {
      this.onFlip();
      return;
    }
    const state = this.state;
    const published = control(state, action);
    // Throwing a game in progress away takes a second click (Python says when).
    if (published.confirm && (!this.armed || this.armed.action !== action)) {
      this.arm(action);
      return;
    }
    this.disarm();
    if (action === "pause") {
      // One button (and P) for both: what it sends follows the state.
      this.onCommand(state && state.paused ? "resume" : "pause");
      return;
    }
    // Resign and the draw buttons speak for a side: the one Python published.
    this.onCommand(action, published.side || undefined);
  }

  /**
   * Ask for a confirming click on the button of `action`.
   * @param {ButtonAction} action
   */
  arm(action) {
    this.disarm();
    const b = this.buttons[action];
    b.textContent = CONFIRM[action];
    b.classList.add("cw-armed");
    const timer = setTimeout(() => this.disarm(), 4000);
    this.armed = { action, timer };
  }

  disarm() {
    if (!this.armed) return;
    clearTimeout(this.armed.timer);
    const b = this.buttons[this.armed.action];
    b.textContent = this.labels[this.armed.action];
    b.classList.remove("cw-armed");
    this.armed = null;
  }

  /**
   * Draw the bar, the status line, the buttons and the analysis lines for a new state
   * (`prev`: the one drawn before, if any: what changed is read aloud). While a position
   * is edited, the bar and the status line speak of it, and the controls hide.
   * @param {BoardState | null} next
   * @param {PanelFacts} [facts]
   */
  update(next, { prev = null } = {}) {
    const editing = Boolean(next && next.editor);
    this.controls.hidden = editing;
    const announce = prev && next ? this.speak(prev, next) : "";
    const state = next && editing ? editingBarState(next) : next;
    const prevStatus = this.state && this.state.status;
    this.state = state;
    if (!state || !state.status) return;
    const names = state.names || { black: "Black", white: "White" };
    for (const side of SIDES) {
      const parts = this.sides[side];
      const count = (state.counts && state.counts[side]) || { men: 0, kings: 0 };
      const name = names[side] || side;
      const player = playerLabel(state, side);
      parts.name.textContent = name;
      parts.player.textContent = player;
      parts.player.hidden = parts.sep.hidden = !player;
      parts.chip.classList.toggle("cw-computer", (state.players || {})[side] === "computer");
      parts.chip.classList.toggle("cw-remote", (state.players || {})[side] === "remote");
      const thinking = Boolean(state.thinking) && !state.result && state.turn === side;
      // The computer's chip keeps room for its dots, so that the bar never reflows.
      const computer = (state.players || {})[side] === "computer";
      parts.thinking.hidden = !computer;
      parts.thinking.classList.toggle("cw-resting", !thinking);
      parts.men.textContent = String((count.men || 0) + (count.kings || 0));
      parts.kings.textContent = String(count.kings || 0);
      const toMove = !state.result && state.turn === side;
      const who = playerWords(state, side);
      parts.sr.textContent = `${who}: ${countWords(count)}${toMove ? ", to move" : ""}${thinking ? ", thinking" : ""}`;
      parts.chip.classList.toggle("cw-to-move", toMove);
      parts.chip.title = `${name}${player ? ` (${player})` : ""}: ${countWords(count)}`;
    }
    // The clock goes into the chip of the side whose time runs, after its words.
    this.clock.update(state);
    const clockSide = this.clock.side;
    if (clockSide) {
      const chip = this.sides[clockSide].chip;
      if (this.clock.element.parentNode !== chip) chip.append(this.clock.element, this.clock.sr);
      this.sides[clockSide === "black" ? "white" : "black"].chip.append(this.clock.spacer);
    } else {
      this.clock.element.remove();
      this.clock.sr.remove();
      this.clock.spacer.remove();
    }
    const status = state.status;
    if (!prevStatus || prevStatus.text !== status.text || prevStatus.kind !== status.kind) {
      this.statusText.textContent = status.text;
      this.status.setAttribute("data-kind", status.kind);
      this.status.className = `cw-status cw-status-${status.kind}`;
    }
    this.statusDots.hidden = !searching(state) || Boolean(state.result);
    if (announce) this.say(announce);
    this.evalSwitch.hidden = !control(state, "evaluation").shown;
    this.accessible.label.hidden = !control(state, "accessible").shown;
    for (const [action, b] of /** @type {[ButtonAction, HTMLButtonElement][]} */ (Object.entries(this.buttons))) {
      const published = control(state, action);
      b.hidden = !published.shown;
      b.disabled = !published.enabled;
    }
    if (this.armed) {
      const armed = control(state, this.armed.action);
      if (!armed.shown || !armed.enabled) this.disarm();
    }
    if (state.draw_offer && !state.result) {
      this.offerText.textContent = `${names[state.draw_offer] || state.draw_offer} offers a draw`;
      const taker = control(state, "accept-draw").side;
      if (taker) {
        this.buttons["accept-draw"].title = `${names[taker] || taker} accepts the draw`;
        this.buttons["decline-draw"].title = `${names[taker] || taker} declines the draw`;
      }
    } else {
      this.offerText.textContent = "";
    }
    if (state.draw_claim) this.buttons["claim-draw"].title = `Claim: ${state.draw_claim}`;
    // Python may word Undo for the game at hand (e.g. a move and the computer's reply).
    this.buttons.undo.title = typeof state.undo_label === "string" && state.undo_label ? state.undo_label : UNDO_TITLE;
    const pause = this.buttons.pause;
    pause.textContent = state.paused ? "Resume" : "Pause";
    pause.title = state.paused ? RESUME_TITLE : PAUSE_TITLE;
    const resigner = control(state, "resign").side || state.turn;
    const offerer = control(state, "offer-draw").side || state.turn;
    this.buttons.resign.title = `${names[resigner] || resigner} resigns (click twice)`;
    this.buttons["offer-draw"].title = `${names[offerer] || offerer} offers a draw`;
    this.buttons.hint.title = state.turn
      ? `Show a good move for ${names[state.turn] || state.turn} (H)`
      : "Show a good move (H)";
    this.drawAnalysis();
  }

  /** The hint and evaluation lines under the controls. */
  drawAnalysis() {
    const state = this.state;
    if (!state) return;
    const hint = hintParts(state.hint, state);
    this.hintLine.hidden = !hint;
    if (hint) {
      fillLine(this.hintLine, [
        ["cw-line-label", hint.label],
        ["", " "],
        ["cw-line-move", hint.move],
        ...(hint.score ? [["", " ("], ["cw-line-score", hint.score], ["", ")"]] : []),
        ...(hint.line ? [["cw-line-sep", " · line: "], ["cw-line-pv", hint.line]] : []),
      ]);
      // (a hint line means there is a hint)
      const shownHint = /** @type {Analysis} */ (state.hint);
      // (no depth beside a proven draw: the databases decided it, not a search)
      const depth = shownHint.depth && shownHint.score !== PROVEN_DRAW ? ` (depth ${shownHint.depth})` : "";
      this.hintLine.title = `${hintText({ .../** @type {Analysis} */ (state.hint), pv: "" }, state)} · line: ${
        /** @type {Analysis} */ (state.hint).pv || ""
      }${depth}`;
    }
    let ev = null;
    let stale = false;
    if (this.liveEval && !state.result) {
      const parts = evaluationParts(state.evaluation, state);
      if (parts) {
        this.lastEval = parts;
        ev = parts;
      } else {
        // Searching (or the computer's turn): keep the last one, dimmed.
        ev = this.lastEval || { label: "Evaluation:", score: "…", depth: "", line: "" };
        stale = true;
      }
    }
    this.evalLine.hidden = !ev;
    this.evalLine.classList.toggle("cw-stale", stale);
    if (ev) {
      fillLine(this.evalLine, [
        ["cw-line-label", ev.label],
        ["", " "],
        ["cw-line-score", ev.score],
        ...(ev.depth ? [["cw-line-sep", " · "], ["cw-line-depth", ev.depth]] : []),
        ...(ev.line ? [["cw-line-sep", " · line: "], ["cw-line-pv", ev.line]] : []),
      ]);
      this.evalLine.title = evaluationHelp(state);
    }
    this.analysis.hidden = !hint && !ev;
  }

  destroy() {
    this.disarm();
    this.clock.destroy();
  }
}

/**
 * Replace `line`'s content with spans ([className, text] pairs; "" for plain text).
 * @param {HTMLElement} line
 * @param {string[][]} segments
 */
function fillLine(line, segments) {
  const nodes = segments.map(([cls, text]) => {
    if (!cls) return document.createTextNode(text);
    const span = el("span", cls);
    if (cls === "cw-line-pv") {
      // One unbreakable span a move, so a narrow board wraps the line between moves,
      // never inside one ("11-" / "15"); the text stays the same for copying.
      String(text).split(" ").forEach((move, i) => {
        if (i) span.append(" ");
        const ply = el("span", "cw-line-ply");
        ply.textContent = move;
        span.append(ply);
      });
    } else {
      span.textContent = text;
    }
    return span;
  });
  line.replaceChildren(...nodes);
}
