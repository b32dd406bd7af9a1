// The move clock (state.clock): a countdown for the side to move, shown in that side's
// chip in the bar. Python owns the clock: it says how much time was left when it sent
// the state (`remaining`, in seconds), whether the clock runs, and what happens at zero
// (a move played for the player, or the game lost: `on_expiry`). Here the time only
// ticks down locally between states, from the moment the state arrived, so that the
// display moves smoothly; it stops at 0:00 and sends nothing: expiry is Python's call.
// Until the first move is made on the board the clock waits (`waiting`): it shows the
// full time, standing still, and says that it starts with the first move.
//
// Screen readers: the ticking digits are aria-hidden (a live countdown would be read
// every second); the chip's screen-reader text says how much time is left instead,
// updated once a second, and is read when the user reaches the chip.

import { el } from "./dom.js";

/** @import { BoardState, Color, NetworkState } from "./types.js" */

const LOW_SECONDS = 10; // under this, the countdown turns to the warning style with tenths

/**
 * "1:05" for 65 s (whole seconds rounded up), and "9.4" (tenths) under ten seconds.
 * @param {number} seconds
 * @returns {string}
 */
export function formatClock(seconds) {
  const s = Math.max(0, Number(seconds) || 0);
  if (s < LOW_SECONDS) return (Math.floor(s * 10) / 10).toFixed(1);
  const whole = Math.ceil(s);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/**
 * The same in words for screen readers: "1 minute 5 seconds".
 * @param {number} seconds
 * @returns {string}
 */
export function clockWords(seconds) {
  const whole = Math.ceil(Math.max(0, Number(seconds) || 0));
  const m = Math.floor(whole / 60);
  const s = whole % 60;
  const parts = [];
  if (m) parts.push(`${m} minute${m === 1 ? "" : "s"}`);
  if (s || !m) parts.push(`${s} second${s === 1 ? "" : "s"}`);
  return parts.join(" ");
}

/**
 * Whether the clock's countdown moves for `state` (it runs and nothing holds it).
 * @param {BoardState | null | undefined} state
 * @returns {boolean}
 */
export function clockTicking(state) {
  const clock = state && state.clock;
  if (!clock || typeof clock.remaining !== "number") return false;
  /** @type {Partial<NetworkState>} */
  const network = state.network || {};
  return clock.running !== false && !clock.paused && !state.paused && !network.paused && !state.result;
}

export class Clock {
  /**
   * `now()`: milliseconds, monotonic (performance.now by default).
   * @param {{ now?: () => number }} [options]
   */
  constructor({ now = () => performance.now() } = {}) {
    this.now = now;
    /** @type {BoardState | null} */
    this.state = null;
    this.remaining = 0; // seconds left when the state arrived
    this.since = 0; // when it arrived, in now() milliseconds
    this.ticking = false;
    /** @type {ReturnType<typeof setTimeout> | null} */
    this.timer = null;
    this.words = "";
    // The digits (seen) and, beside them, their words (read); both go into a chip.
    this.element = el("span", "cw-clock", { "data-role": "clock", "aria-hidden": "true", "aria-live": "off" });
    this.element.hidden = true;
    this.sr = el("span", "cw-sr", { "data-role": "clock-words" });
    // An invisible twin in the other side's chip keeps the bar from reflowing each move.
    this.spacer = el("span", "cw-clock cw-clock-spacer", { "aria-hidden": "true" });
    this.spacer.textContent = "0:00";
  }

  /**
   * The side whose chip should hold the clock, or null when there is no clock to show.
   * @returns {Color | null}
   */
  get side() {
    const clock = this.state && this.state.clock;
    return clock && (clock.side === "black" || clock.side === "white") ? clock.side : null;
  }

  /**
   * A new state: restart the countdown from its `remaining`.
   * @param {BoardState | null} state
   */
  update(state) {
    const clock = state && state.clock;
    // The same clock redrawn (another trait changed): its countdown goes on untouched.
    if (clock && this.state && clock === this.state.clock) {
      this.state = state;
      return;
    }
    this.state = state;
    this.stop();
    if (!clock || typeof clock.remaining !== "number" || !this.side) {
      this.element.hidden = true;
      this.sr.textContent = "";
      this.words = "";
      return;
    }
    this.remaining = Math.max(0, clock.remaining);
    this.since = this.now();
    this.ticking = clockTicking(state) && this.remaining > 0;
    const names = state.names || {};
    // (this.side checked that clock.side is a side)
    const who = names[/** @type {Color} */ (clock.side)] || clock.side;
    const grace = clock.phase === "grace";
    const strikes = (clock.strikes && clock.strikes[/** @type {Color} */ (clock.side)]) || 0;
    const expiry = clock.on_expiry === "forfeit" ? "the game is lost" : "a move is played for them";
    const rule = [];
    if (clock.per_move) rule.push(`${clockWords(clock.per_move)} a move`);
    if (clock.grace) rule.push(`then ${clockWords(clock.grace)} extra`);
    const so = strikes ? ` (${strikes} time${strikes === 1 ? "" : "s"} so far)` : "";
    this.element.setAttribute("data-side", /** @type {Color} */ (clock.side));
    this.element.setAttribute("data-phase", grace ? "grace" : "move");
    this.element.setAttribute("data-ticking", String(this.ticking));
    this.element.setAttribute("data-waiting", String(Boolean(clock.waiting)));
    this.element.title = clock.waiting
      ? `The clock starts with the first move${rule.length ? ` (${rule.join(", ")})` : ""}. ` +
        `When a move's time runs out, ${expiry}.`
      : `${grace ? "Extra time" : "Time"} left for ${who}'s move${rule.length ? ` (${rule.join(", ")})` : ""}. ` +
        `When it runs out, ${expiry}${so}.`;
    this.element.hidden = false;
    this.render();
    if (this.ticking) this.schedule();
  }

  /** Seconds left now: counted down from the state's `remaining` while ticking. */
  left() {
    if (!this.ticking) return this.remaining;
    return Math.max(0, this.remaining - (this.now() - this.since) / 1000);
  }

  render() {
    const clock = this.state && this.state.clock;
    if (!clock) return;
    const left = this.left();
    const text = formatClock(left);
    if (this.element.textContent !== text) this.element.textContent = text;
    const low = left < LOW_SECONDS;
    if (this.element.getAttribute("data-low") !== String(low)) this.element.setAttribute("data-low", String(low));
    // (this.state is set: it has a clock)
    const held =
      !this.ticking && (clock.paused || /** @type {BoardState} */ (this.state).paused || clock.running === false);
    const extra = clock.phase === "grace" ? "extra " : "";
    const words = clock.waiting
      ? `, ${clockWords(left)} a move: the clock starts with the first move`
      : `, ${extra}time left: ${clockWords(left)}${held ? " (clock stopped)" : ""}`;
    // Whole seconds only: the words change once a second, not every tick.
    if (words !== this.words) {
      this.words = words;
      this.sr.textContent = words;
    }
  }

  schedule() {
    clearTimeout(this.timer);
    // Tenths are shown under ten seconds: tick faster there.
    const delay = this.left() < LOW_SECONDS + 0.2 ? 100 : 200;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.render();
      if (this.left() > 0) this.schedule();
      else {
        // At zero the display waits: Python decides what expiry does.
        this.ticking = false;
        this.remaining = 0;
        this.element.setAttribute("data-ticking", "false");
      }
    }, delay);
  }

  stop() {
    clearTimeout(this.timer);
    this.timer = null;
    this.ticking = false;
  }

  destroy() {
    this.stop();
  }
}
