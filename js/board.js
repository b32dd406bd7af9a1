// The board part: the squares and pieces (view.js), the pointer and keys on them
// (input.js), the arrows and rings drawn on them (drawing.js), and the move drawn ahead
// of Python's answer (optimistic.js). It owns what the board shows: the position being
// edited, a replay's hop, a move awaiting its answer, or the game (with a reviewed
// game's engine move as the hint's arrow). Its intents go out through the outbox.

import { afterMove, confirmsMove } from "./optimistic.js";
import { editorBoardState } from "./editor.js";
import { DrawingInput, hasDrawing } from "./drawing.js";
import { BoardInput } from "./input.js";
import { isPaused } from "./pause.js";
import { reviewArrow } from "./review.js";
import { BoardView } from "./view.js";

/** @import { BoardState, DrawnState, PanelFacts } from "./types.js" */
/** @import { Plan } from "./animate.js" */
/** @import { OptimisticState } from "./optimistic.js" */
/** @import { EditorPanel } from "./editor.js" */
/** @import { Outbox } from "./outbox.js" */
/** @import { ReplayPanel } from "./replay.js" */
/**
 * @typedef {object} BoardOptions
 * @property {Outbox} outbox
 * @property {() => BoardState} state Python's newest state
 * @property {() => boolean} interactive the interactive trait
 * @property {() => boolean} motion whether to animate
 * @property {ReplayPanel} replay
 * @property {EditorPanel} editor
 * @property {(action: "pause" | "undo" | "redo" | "flip" | "hint") => void} press a key's control
 * @property {(text: string) => void} announce say it through the live region
 */

const OPTIMISTIC_TIMEOUT_MS = 3000;

export class BoardPart {
  /** @param {BoardOptions} options */
  constructor({ outbox, state, interactive, motion, replay, editor, press, announce }) {
    this.outbox = outbox;
    this.state = state;
    this.replay = replay;
    this.motion = motion;
    /** @type {OptimisticState | null} a move drawn before Python's answer */
    this.optimistic = null;
    /** @type {ReturnType<typeof setTimeout> | null} */
    this.timer = null;
    const view = (this.view = new BoardView());
    const paused = () => isPaused(state());
    // Drawing on the game's own position: not in the editor, a replay or paused.
    const canDraw = () => {
      const now = state();
      return interactive() && !paused() && !now.editor && !replay.active && !now.network;
    };
    this.drawing = new DrawingInput({
      element: view.element,
      getOrientation: () => view.orientation,
      getGeometry: () => view.board,
      canDraw,
      send: (intent) => outbox.now(intent),
      showPreview: (preview) => view.setDrawPreview(preview),
      announce,
    });
    const input = (this.input = new BoardInput({
      view,
      sendMove: (path) => this.play(path),
      sendSelect: (square) => outbox.now({ kind: "select", square }),
      isWaiting: () => this.optimistic !== null,
      command: press,
      getState: () => this.shown(),
      intercept: (square) => Boolean(state().editor) && interactive() && editor.clickSquare(square),
      getOrientation: () => view.orientation,
      // Paused: the board is hidden and takes no move.
      isInteractive: () => interactive() && !paused(),
      isPaused: paused,
      drawKey: (letter, square) => this.drawing.key(letter, square),
      // A left click that does nothing else clears the position's arrows and rings.
      idleClick: () => {
        if (canDraw() && hasDrawing(state())) outbox.now({ kind: "draw", action: "clear" });
      },
      changed: () => this.marks(),
      announce,
    }));
    this.element = view.element;
    this.frame = view.frame;
    this.flush = () => input.flushQueued();
  }

  /**
   * What the board draws now.
   * @returns {DrawnState}
   */
  shown() {
    const state = this.state();
    if (state.editor) return editorBoardState(state);
    if (this.replay.active) return this.replay.boardState(state);
    if (this.optimistic) return this.optimistic;
    const arrow = reviewArrow(state);
    return arrow ? { ...state, hint: arrow } : state;
  }

  /**
   * Play the move along `path` in the position of state `version` (by default the one
   * drawn): drawn at once when Python listed it for the position drawn, then sent.
   * @param {number[]} path
   * @param {number} [version]
   */
  play(path, version = this.state().version) {
    if (version === this.state().version) this.guess(path);
    this.outbox.move({ kind: "move", path }, version);
  }

  /**
   * Draw the move along `path` before Python's answer (when Python listed it); should no
   * answer come (a kernel gone away), go back to what Python last said.
   * @param {number[]} path
   */
  guess(path) {
    const state = this.state();
    if (state.editor || this.replay.active || this.optimistic) return;
    const after = afterMove(state, path);
    if (!after) return;
    this.optimistic = after;
    this.input.selected = null;
    this.draw(this.motion());
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (!this.optimistic) return;
      this.optimistic = null;
      this.input.dropQueued();
      this.draw(false);
    }, OPTIMISTIC_TIMEOUT_MS);
  }

  /** The marks (selection, targets, cursor) for this view. */
  marks() {
    this.view.setMarks(this.input.marks());
  }

  /**
   * Draw what `shown()` says, and its marks.
   * @param {boolean} animate
   * @param {Plan | null} [plan] how the pieces travel (else worked out from the states)
   * @param {number} [hopMs]
   * @param {boolean} [confirms] Python's answer confirms the move drawn before it
   */
  draw(animate, plan, hopMs, confirms = false) {
    const board = this.shown();
    this.input.stateChanged(board);
    this.view.draw(board, plan === undefined ? { animate, confirms } : { animate, plan, hopMs });
    this.marks();
    this.view.setJumped(this.replay.active && !this.state().editor ? this.replay.jumped() : null);
  }

  /**
   * A new state from Python: the answer to a move drawn before it is not animated again
   * (a running animation goes on); a refused one puts the piece back.
   * @param {BoardState} state
   * @param {PanelFacts} facts `animate`: animate the change; `replaying`: a replay is shown
   */
  update(state, { prev = null, animate = false, replaying = false }) {
    const guessed = this.optimistic;
    this.optimistic = null;
    clearTimeout(this.timer);
    const confirms = Boolean(guessed) && confirmsMove(/** @type {OptimisticState} */ (guessed), state);
    if (guessed && !confirms && prev && state.version === prev.version) this.input.dropQueued();
    this.draw(animate && !replaying && !state.editor && !(prev && prev.editor), undefined, undefined, confirms);
  }

  /** The interactive trait or the orientation changed: nothing picked up stays so. */
  reset() {
    this.input.selected = null;
    this.marks();
  }

  /** @param {AbortSignal} signal */
  listen(signal) {
    this.drawing.listen(signal);
    this.input.listen(signal);
  }

  destroy() {
    clearTimeout(this.timer);
    this.input.destroy();
    this.view.destroy();
  }
}
