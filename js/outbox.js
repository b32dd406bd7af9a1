// One action in flight at a time. Python answers every intent with a new state, and
// refuses an intent stamped with an older state's version ("made on an old position").
// So an edit or a command made before the answer to the previous one has come waits for
// that answer; then it is worked out again against the state the answer brought (a
// click in the editor toggles the piece that is there *now*) and sent with its version.
// Without this, quick clicks in the position editor, or Undo pressed twice while the
// kernel is busy, lost every action after the first. Moves do not come through here:
// a move belongs to the position it was made on (the board queues clicks itself); but
// while a move drawn ahead of Python's answer awaits that answer (`busy()`), actions wait
// for it too: Undo pressed just after a move undoes that move instead of being refused
// as made on the old position.

/** @import { Intent, IntentDraft } from "./types.js" */
/** @typedef {() => IntentDraft | null} MakeIntent Works out an intent (null: none) when it may go. */

// How long an action waits for the answer to the one before, at most: long enough for a
// kernel busy with a cell or a search; only an answer lost for good (a kernel gone)
// should end it, and the next action then goes as before (and may be refused as old).
export const ANSWER_TIMEOUT_MS = 10000;

export class Outbox {
  /**
   * `post(message)` sends a message to Python; `version()` is the version of the state
   * drawn now (undefined before the first state).
   * `busy()` says whether a move sent outside the outbox still awaits its answer.
   * @param {{
   *   post: (message: Intent) => void,
   *   version: () => number | undefined,
   *   busy?: () => boolean,
   *   timeoutMs?: number,
   * }} options
   */
  constructor({ post, version, busy = () => false, timeoutMs = ANSWER_TIMEOUT_MS }) {
    this.post = post;
    this.version = version;
    this.busy = busy;
    this.timeoutMs = timeoutMs;
    /** @type {MakeIntent[]} */
    this.waiting = [];
    this.inFlight = false;
    /** @type {ReturnType<typeof setTimeout> | null} */
    this.timer = null;
  }

  /**
   * Send the message `make()` returns (without its version), now or once the answer to
   * the one before has come; `make` returning null sends nothing.
   * @param {MakeIntent} make
   */
  send(make) {
    this.waiting.push(make);
    if (!this.inFlight) this.next();
  }

  /** A new state has come (and been drawn): the next waiting action may go. */
  answered() {
    clearTimeout(this.timer);
    this.timer = null;
    this.inFlight = false;
    this.next();
  }

  /** A move's wait has ended without a new state (it timed out): go on if nothing is in flight. */
  resume() {
    if (!this.inFlight) this.next();
  }

  next() {
    if (this.busy()) return; // a move's answer is awaited: answered() or resume() goes on
    while (this.waiting.length) {
      const message = /** @type {MakeIntent} */ (this.waiting.shift())(); // (the list is not empty)
      const version = this.version();
      if (!message || typeof version !== "number") continue;
      this.inFlight = true;
      // Should no answer come (the kernel gone), do not hold the next action forever.
      this.timer = setTimeout(() => this.answered(), this.timeoutMs);
      this.post({ ...message, version });
      return;
    }
  }

  destroy() {
    clearTimeout(this.timer);
    this.timer = null;
    this.waiting = [];
  }
}
