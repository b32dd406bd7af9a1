// The step-through replay of one move (state.replay, set by widget.replay() or the
// "Replay last move" control): the position before the move, then one hop at a time,
// the piece about to be jumped ringed, then taken off as the mover lands. Python sent
// the position before the move and the move's path and captures; the positions in
// between are only drawn here (no rule is decided: hop k has the mover on path[k] and
// the first k captured pieces gone). The panel offers first / back / forward / last,
// play / pause and a speed; closing it shows the live position again.

import { button, el } from "./dom.js";

/** @import { BoardState, DrawnState, Move, PieceName, Pieces, Replay } from "./types.js" */
/** @import { Plan } from "./animate.js" */

const SPEEDS = [0.5, 1, 2];
const SVG_NS = "http://www.w3.org/2000/svg";

// Icons drawn as SVG (glyphs such as ⏮ are missing from many fonts).
const ICONS = {
  first: "M3 3h2v10H3zM13 3 6 8l7 5z",
  back: "M11 3 4 8l7 5z",
  forward: "M5 3l7 5-7 5z",
  last: "M11 3h2v10h-2zM3 3l7 5-7 5z",
  play: "M4 2.5 13 8l-9 5.5z",
  pause: "M4 3h3v10H4zM9 3h3v10H9z",
  close: "M3.5 4.9 4.9 3.5 8 6.6l3.1-3.1 1.4 1.4L9.4 8l3.1 3.1-1.4 1.4L8 9.4l-3.1 3.1-1.4-1.4L6.6 8z",
};

/**
 * An icon of the replay's buttons.
 * @param {keyof typeof ICONS} name
 */
function icon(name) {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", "0 0 16 16");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  svg.setAttribute("class", "cw-icon");
  const path = document.createElementNS(SVG_NS, "path");
  path.setAttribute("d", ICONS[name]);
  svg.appendChild(path);
  return svg;
}

/** Base ply of the drawings of a replay (far from any real ply, so no live animation). */
export const REPLAY_PLY = 1_000_000;

/**
 * The number of hops of `move` (1 for a plain step, the jumps for a capture).
 * @param {Move | null | undefined} move
 * @returns {number}
 */
export function hopCount(move) {
  return move && Array.isArray(move.path) ? Math.max(1, move.path.length - 1) : 0;
}

/**
 * The hop from which the mover of `move` is a king: `crownHop` as Python sent it
 * (state.replay.crown_hop: in Russian draughts a man crowned during a capture goes on as
 * a king), else the last hop of a crowning move; null when the move crowns no man.
 * @param {Move} move
 * @param {number | null} [crownHop]
 * @returns {number | null}
 */
export function crownedFrom(move, crownHop) {
  if (typeof crownHop === "number") return crownHop;
  return move.crowns ? hopCount(move) : null;
}

/**
 * Whether the mover of `move` is a king after `hop` hops (a man crowned on the way).
 * @param {Move} move
 * @param {number} hop
 * @param {number | null} [crownHop] see `crownedFrom`
 */
function crownedAt(move, hop, crownHop) {
  const from = crownedFrom(move, crownHop);
  return from !== null && hop >= from;
}

/**
 * The pieces after `hop` hops of `move`, from the position `before` (square -> name):
 * the mover on path[hop], the first `hop` captured pieces gone, and, from the hop where
 * the move crowns it (`crownedFrom`; the last hop unless Python says otherwise), the
 * mover a king.
 * @param {Pieces | null | undefined} before
 * @param {Move} move
 * @param {number} hop
 * @param {number | null} [crownHop] state.replay.crown_hop
 * @returns {Pieces}
 */
export function replayPieces(before, move, hop, crownHop) {
  const pieces = { ...(before || {}) };
  const path = move.path;
  const captures = move.captures || [];
  const last = path.length - 1;
  const k = Math.max(0, Math.min(last, hop));
  const kind = pieces[String(path[0])];
  delete pieces[String(path[0])];
  for (const square of captures.slice(0, k)) delete pieces[String(square)];
  if (kind) {
    pieces[String(path[k])] =
      crownedAt(move, k, crownHop) ? /** @type {PieceName} */ (kind.replace(/-man$/, "-king")) : kind;
  }
  return pieces;
}

/**
 * The piece the next hop jumps (ringed while it waits), or null.
 * @param {Move | null | undefined} move
 * @param {number} hop
 * @returns {number | null}
 */
export function nextCapture(move, hop) {
  const captures = (move && move.captures) || [];
  return hop < captures.length ? captures[hop] : null;
}

/**
 * What the board draws at `hop`: no legal move, the path so far as the last move.
 * @param {BoardState} state
 * @param {Replay} replay
 * @param {number} hop
 * @returns {DrawnState}
 */
export function replayBoardState(state, replay, hop) {
  const move = replay.move;
  const captures = move.captures || [];
  return {
    ...state,
    ply: REPLAY_PLY + hop,
    turn: null,
    result: null,
    pieces: replayPieces(replay.before, move, hop, replay.crown_hop),
    legal: [],
    pending: null,
    hint: null,
    drawings: { arrows: [], marks: [] }, // the position's drawing is not the replayed hop's
    last_move:
      hop > 0
        ? {
            notation: move.notation,
            path: move.path.slice(0, hop + 1),
            captures: captures.slice(0, hop),
            crowns: crownedFrom(move, replay.crown_hop) === hop,
          }
        : null,
  };
}

/**
 * How the mover travels from hop `from` to the next or previous hop (else null).
 * @param {Move} move
 * @param {number} from
 * @param {number} to
 * @returns {Plan | null}
 */
export function replayPlan(move, from, to) {
  if (Math.abs(to - from) !== 1) return null;
  const captures = move.captures || [];
  const taken = captures[Math.min(from, to)];
  return {
    from: move.path[from],
    hops: [move.path[to]],
    captures: taken === undefined ? [] : [{ square: taken, hop: 0, change: to > from ? "remove" : "restore" }],
  };
}

/**
 * "hop 2 of 3" (with "crowned" at the hop that crowns the man: the end of the move,
 * unless `crownHop` says otherwise); "before 9x18x27" at 0.
 * @param {Move} move
 * @param {number} hop
 * @param {number | null} [crownHop] state.replay.crown_hop
 * @returns {string}
 */
export function hopText(move, hop, crownHop) {
  const n = hopCount(move);
  if (hop === 0) return `before ${move.notation}`;
  const word = (move.captures || []).length ? "hop" : "step";
  return `${word} ${hop} of ${n}${hop === crownedFrom(move, crownHop) ? " · crowned" : ""}`;
}

/**
 * The identity of a replay, so that a closed one is not shown again.
 * @param {Replay | null} replay
 */
function replayKey(replay) {
  return replay ? JSON.stringify([replay.move && replay.move.path, replay.ply, replay.before]) : "";
}

export class ReplayPanel {
  /**
   * `redraw(plan)` draws the board again (with `plan`, one hop to animate, or null);
   * `motion()` tells whether to animate (the animate trait and prefers-reduced-motion).
   * @param {{
   *   redraw: (plan: Plan | null) => void,
   *   motion: () => boolean,
   *   announce?: (text: string) => void,
   * }} options
   */
  constructor({ redraw, motion, announce = () => {} }) {
    this.redraw = redraw;
    this.announce = announce;
    this.motion = motion;
    /** @type {Replay | null} */
    this.replay = null; // the replay shown, or null
    this.key = "";
    this.closed = ""; // the key of a replay closed here
    this.hop = 0;
    this.factor = 1;
    this.playing = false;
    /** @type {ReturnType<typeof setTimeout> | null} */
    this.timer = null;

    this.element = el("div", "cw-replay", {
      "data-role": "replay",
      role: "group",
      "aria-label": "Replay of a move, hop by hop (arrow keys step)",
      "data-lm-suppress-shortcuts": "true",
    });
    const head = el("div", "cw-replay-head");
    this.title = el("span", "cw-replay-title");
    this.counter = el("span", "cw-replay-hop", { "data-role": "replay-hop" });
    const close = this.button("replay-close", icon("close"), "Close the replay and show the game (Esc)");
    close.classList.add("cw-replay-close");
    head.append(this.title, this.counter, close);
    const bar = el("div", "cw-replay-controls", { role: "toolbar", "aria-label": "Replay controls" });
    this.buttons = {
      first: this.button("replay-first", icon("first"), "Back to the position before the move (Home)"),
      back: this.button("replay-back", icon("back"), "One hop back (←)"),
      play: this.button("replay-play", icon("play"), "Play the hops one after another (Space)"),
      forward: this.button("replay-forward", icon("forward"), "One hop forward (→)"),
      last: this.button("replay-last", icon("last"), "The position after the move (End)"),
    };
    this.buttons.play.classList.add("cw-replay-play");
    const speeds = el("div", "cw-replay-speeds", { role: "group", "aria-label": "Speed" });
    this.speedButtons = SPEEDS.map((factor) => {
      const b = this.button("replay-speed", `${factor}×`, `Play at ${factor}× speed`);
      b.dataset.speed = String(factor);
      b.setAttribute("aria-pressed", String(factor === this.factor));
      speeds.appendChild(b);
      return b;
    });
    bar.append(this.buttons.first, this.buttons.back, this.buttons.play, this.buttons.forward, this.buttons.last, speeds);
    this.element.append(head, bar);
    this.element.hidden = true;
  }

  /**
   * A button of the panel.
   * @param {string} action its data-action
   * @param {string | Node} label
   * @param {string} title
   */
  button(action, label, title) {
    const b = button(action, label, title, "cw-btn cw-replay-btn");
    b.setAttribute("aria-label", title);
    return b;
  }

  get active() {
    return this.replay !== null;
  }

  get hops() {
    return this.replay ? hopCount(this.replay.move) : 0;
  }

  /**
   * A new state: start, keep or end the replay. Returns whether the board must redraw.
   * @param {BoardState | null} state
   * @returns {boolean}
   */
  update(state) {
    const replay = (state && !state.editor && state.replay) || null;
    const key = replayKey(replay);
    if (key === this.key) return false;
    this.key = key;
    this.stop();
    if (!replay || key === this.closed) {
      this.hide();
      return true;
    }
    this.closed = "";
    this.replay = replay;
    this.hop = 0;
    this.element.hidden = false;
    this.element.setAttribute("tabindex", "0"); // a tab stop only while shown
    this.title.replaceChildren("Replay ", Object.assign(el("b"), { textContent: replay.move.notation }));
    this.refresh();
    // Played through at once, unless the user asked for no motion: then it waits for steps.
    if (this.motion()) this.play();
    return true;
  }

  /** Show the replay of the same move again (the user asked for it anew). */
  reopen() {
    this.closed = "";
    this.key = "";
  }

  /**
   * What the board draws now, given the live state (while a replay is shown).
   * @param {BoardState} state
   * @returns {DrawnState}
   */
  boardState(state) {
    return replayBoardState(state, /** @type {Replay} */ (this.replay), this.hop);
  }

  jumped() {
    return this.replay ? nextCapture(this.replay.move, this.hop) : null;
  }

  /**
   * Go to `hop` (clamped); a single hop is animated when motion is allowed.
   * @param {number} hop
   */
  go(hop) {
    if (!this.replay) return;
    const to = Math.max(0, Math.min(this.hops, hop));
    if (to === this.hop) return;
    const plan = this.motion() ? replayPlan(this.replay.move, this.hop, to) : null;
    this.hop = to;
    this.refresh();
    this.redraw(plan);
    if (!this.playing) this.announce(`Replay of ${this.replay.move.notation}: ${hopText(this.replay.move, to, this.replay.crown_hop)}.`);
  }

  /** @param {number} delta hops forward (negative: back) */
  step(delta) {
    this.stop();
    this.go(this.hop + delta);
  }

  hopMs() {
    const speed = this.replay && this.replay.speed > 0 ? this.replay.speed : 0.8;
    return (speed * 1000) / this.factor;
  }

  play() {
    if (!this.replay) return;
    if (this.hop >= this.hops) this.go(0);
    this.playing = true;
    this.refresh();
    this.schedule();
  }

  schedule() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (!this.playing) return;
      this.go(this.hop + 1);
      if (this.hop >= this.hops) this.stop();
      else this.schedule();
    }, this.hopMs());
  }

  stop() {
    clearTimeout(this.timer);
    this.timer = null;
    if (this.playing) {
      this.playing = false;
      this.refresh();
    }
  }

  close() {
    this.stop();
    this.closed = this.key;
    this.hide();
    this.redraw(null);
  }

  hide() {
    this.replay = null;
    this.element.hidden = true;
    this.element.removeAttribute("tabindex");
  }

  /** @param {number} factor */
  setSpeed(factor) {
    this.factor = factor;
    for (const b of this.speedButtons) b.setAttribute("aria-pressed", String(Number(b.dataset.speed) === factor));
    if (this.playing) this.schedule();
  }

  refresh() {
    if (!this.replay) return;
    const n = this.hops;
    this.counter.textContent = hopText(this.replay.move, this.hop, this.replay.crown_hop);
    this.buttons.first.disabled = this.buttons.back.disabled = this.hop === 0;
    this.buttons.forward.disabled = this.buttons.last.disabled = this.hop >= n;
    this.buttons.play.replaceChildren(icon(this.playing ? "pause" : "play"));
    const label = this.playing ? "Pause (Space)" : "Play the hops one after another (Space)";
    this.buttons.play.title = label;
    this.buttons.play.setAttribute("aria-label", label);
    this.buttons.play.setAttribute("aria-pressed", String(this.playing));
    this.element.classList.toggle("cw-replay-playing", this.playing);
  }

  /**
   * A button of the panel was pressed (or its key).
   * @param {string} action
   * @param {HTMLElement} [target] the button (a speed button's data-speed)
   */
  press(action, target) {
    if (action === "replay-first") this.step(-this.hops);
    else if (action === "replay-back") this.step(-1);
    else if (action === "replay-forward") this.step(1);
    else if (action === "replay-last") this.step(this.hops);
    else if (action === "replay-play") {
      if (this.playing) this.stop();
      else this.play();
    } else if (action === "replay-close") this.close();
    else if (action === "replay-speed") this.setSpeed(Number(/** @type {HTMLElement} */ (target).dataset.speed));
  }

  /** @param {KeyboardEvent} event */
  onKeyDown(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    /** @type {Record<string, string>} */
    const keys = {
      ArrowRight: "replay-forward",
      ArrowLeft: "replay-back",
      Home: "replay-first",
      End: "replay-last",
      Escape: "replay-close",
    };
    let action = keys[event.key];
    if (!action && (event.key === " " || event.key === "k") && event.target === this.element) action = "replay-play";
    if (!action) return;
    event.preventDefault();
    event.stopPropagation();
    this.press(action);
  }

  /** @param {AbortSignal} signal */
  listen(signal) {
    this.element.addEventListener(
      "click",
      (event) => {
        const b = /** @type {HTMLButtonElement | null} */ (
          // (a click's target is an element)
          /** @type {Element} */ (event.target).closest &&
            /** @type {Element} */ (event.target).closest("button[data-action]")
        );
        if (b && !b.disabled && this.element.contains(b)) this.press(/** @type {string} */ (b.dataset.action), b);
      },
      { signal },
    );
    this.element.addEventListener("keydown", (event) => this.onKeyDown(event), { signal });
  }

  destroy() {
    clearTimeout(this.timer);
    this.timer = null;
    this.playing = false;
  }
}
