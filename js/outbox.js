// The one way out to Python: every intent the view sends goes through an Outbox, the
// only module that calls model.send (outbox.test.js checks it). Python answers every
// intent with a new state, and refuses an intent stamped with an older state's version
// ("made on an old position"). Three kinds of message, three methods:
//
// - `send(make)`, an action (a command, an edit): one in flight at a time. An action
//   made before the answer to the one before has come waits for that answer; then it is
//   worked out again against the state the answer brought (a click in the editor toggles
//   the piece that is there *now*) and sent with its version. Without this, quick clicks
//   in the position editor, or Undo pressed twice while the kernel is busy, lost every
//   action after the first.
// - `move(draft)`, a move: it belongs to the position it was made on, so it goes at once,
//   stamped with that position's version (the board queues its own clicks). Until its
//   answer comes, actions wait for it too: Undo pressed just after a move undoes that
//   move instead of being refused as made on the old position.
// - `now(draft)`, a message that goes at once and waits for nothing (a drawing, a click
//   Python answers on the status line).

/** @import { Intent, IntentDraft, Model } from "./types.js" */
/** @typedef {() => IntentDraft | null} MakeIntent Works out an intent (null: none) when it may go. */

// How long an action waits for the answer to the one before, at most: long enough for a
// kernel busy with a cell or a search; only an answer lost for good (a kernel gone)
// should end it, and the next action then goes as before (and may be refused as old).
export const ANSWER_TIMEOUT_MS = 10000;

export class Outbox {
  /**
   * `model.send` takes the messages; `version()` is the version of the state drawn now
   * (undefined before the first state); `awaiting(on)` is told when a move starts and
   * stops awaiting its answer.
   * @param {{
   *   model: Pick<Model, "send">,
   *   version: () => number | undefined,
   *   awaiting?: (on: boolean) => void,
   *   timeoutMs?: number,
   * }} options
   */
  constructor({ model, version, awaiting = () => {}, timeoutMs = ANSWER_TIMEOUT_MS }) {
    this.model = model;
    this.version = version;
    this.awaiting = awaiting;
    this.timeoutMs = timeoutMs;
    /** @type {MakeIntent[]} */
    this.waiting = [];
    this.inFlight = false;
    /** @type {ReturnType<typeof setTimeout> | null} */
    this.timer = null;
    /** A move sent and not answered yet. */
    this.moving = false;
    /** @type {ReturnType<typeof setTimeout> | null} */
    this.moveTimer = null;
  }

  /**
   * Send `draft` now, stamped with `version` (by default the state drawn); nothing
   * before the first state.
   * @param {IntentDraft} draft
   * @param {number | undefined} [version]
   */
  now(draft, version = this.version()) {
    if (typeof version === "number") this.model.send(/** @type {Intent} */ ({ ...draft, version }));
  }

  /**
   * Send a move now (stamped with `version`, by default the state drawn); actions wait
   * for its answer, or for a while should none come.
   * @param {IntentDraft} draft
   * @param {number | undefined} [version]
   */
  move(draft, version = this.version()) {
    if (typeof version !== "number") return;
    // (awaited before it goes: an answer may come before send returns)
    this.moving = true;
    this.awaiting(true);
    clearTimeout(this.moveTimer);
    this.moveTimer = setTimeout(() => {
      this.moveDone();
      if (!this.inFlight) this.next();
    }, this.timeoutMs);
    this.now(draft, version);
  }

  moveDone() {
    clearTimeout(this.moveTimer);
    if (this.moving) this.awaiting(false);
    this.moving = false;
  }

  /**
   * Send the action `make()` returns (without its version), now or once the answer to
   * the one before has come; `make` returning null sends nothing.
   * @param {MakeIntent} make
   */
  send(make) {
    this.waiting.push(make);
    if (!this.inFlight) this.next();
  }

  /**
   * A new state has come (and been drawn): the move or action it answers is done. Then
   * `flush()` (the clicks made meanwhile, which may send a move), then the next action.
   * @param {() => void} [flush]
   */
  answered(flush) {
    this.moveDone();
    clearTimeout(this.timer);
    this.timer = null;
    this.inFlight = false;
    if (flush) flush();
    this.next();
  }

  next() {
    if (this.moving) return; // a move's answer is awaited: answered() or its timeout goes on
    while (this.waiting.length) {
      const message = /** @type {MakeIntent} */ (this.waiting.shift())(); // (the list is not empty)
      const version = this.version();
      if (!message || typeof version !== "number") continue;
      this.inFlight = true;
      // Should no answer come (the kernel gone), do not hold the next action forever.
      this.timer = setTimeout(() => this.answered(), this.timeoutMs);
      this.now(message, version);
      return;
    }
  }

  destroy() {
    clearTimeout(this.timer);
    clearTimeout(this.moveTimer);
    this.timer = null;
    this.waiting = [];
  }
}
