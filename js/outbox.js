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

/**
 * The view's outbox. `model.send` takes the messages; `version()` is the version of the
 * state drawn now (undefined before the first state: nothing goes); `awaiting(on)` is
 * told when a move starts and stops awaiting its answer.
 * @param {{
 *   model: Pick<Model, "send">,
 *   version: () => number | undefined,
 *   awaiting?: (on: boolean) => void,
 *   timeoutMs?: number,
 * }} options
 */
export function createOutbox({ model, version, awaiting = () => {}, timeoutMs = ANSWER_TIMEOUT_MS }) {
  /** @type {MakeIntent[]} */
  let waiting = [];
  let inFlight = false; // an action sent and not answered yet
  let moving = false; // a move sent and not answered yet
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let moveTimer;

  /**
   * Send `draft` now, stamped with `stamp` (by default the version of the state drawn).
   * @param {IntentDraft} draft
   * @param {number | undefined} [stamp]
   */
  const now = (draft, stamp = version()) => {
    if (typeof stamp === "number") model.send(/** @type {Intent} */ ({ ...draft, version: stamp }));
  };
  const moveDone = () => {
    clearTimeout(moveTimer);
    if (moving) awaiting(false);
    moving = false;
  };
  const next = () => {
    if (moving) return; // a move's answer is awaited: its answer or its timeout goes on
    while (waiting.length) {
      const message = /** @type {MakeIntent} */ (waiting.shift())(); // (the list is not empty)
      const stamp = version();
      if (!message || typeof stamp !== "number") continue;
      inFlight = true;
      // Should no answer come (the kernel gone), do not hold the next action forever.
      timer = setTimeout(answered, timeoutMs);
      now(message, stamp);
      return;
    }
  };
  /**
   * A new state has come (and been drawn): the move or action it answers is done. Then
   * `flush()` (the clicks made meanwhile, which may send a move), then the next action.
   * @param {() => void} [flush]
   */
  const answered = (flush) => {
    moveDone();
    clearTimeout(timer);
    inFlight = false;
    if (flush) flush();
    next();
  };
  return {
    now,
    answered,
    /**
     * Send a move now (stamped with `stamp`, by default the state drawn); actions wait
     * for its answer, or for a while should none come.
     * @param {IntentDraft} draft
     * @param {number | undefined} [stamp]
     */
    move(draft, stamp = version()) {
      if (typeof stamp !== "number") return;
      // (awaited before it goes: an answer may come before send returns)
      moving = true;
      awaiting(true);
      clearTimeout(moveTimer);
      moveTimer = setTimeout(() => {
        moveDone();
        if (!inFlight) next();
      }, timeoutMs);
      now(draft, stamp);
    },
    /**
     * Send the action `make()` returns (without its version), now or once the answer to
     * the one before has come; `make` returning null sends nothing.
     * @param {MakeIntent} make
     */
    send(make) {
      waiting.push(make);
      if (!inFlight) next();
    },
    destroy() {
      clearTimeout(timer);
      clearTimeout(moveTimer);
      waiting = [];
    },
  };
}

/** @typedef {ReturnType<typeof createOutbox>} Outbox */
