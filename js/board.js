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

/**
 * The board of one view.
 * @param {BoardOptions} options
 */
export function createBoard({ outbox, state, interactive, motion, replay, editor, press, announce }) {
  /** @type {OptimisticState | null} a move drawn before Python's answer */
  let optimistic = null;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const view = new BoardView();
  const paused = () => isPaused(state());
  // Drawing on the game's own position: not in the editor, a replay or paused.
  const canDraw = () => {
    const now = state();
    return interactive() && !paused() && !now.editor && !replay.active && !now.network;
  };
  const drawing = new DrawingInput({
    element: view.element,
    getOrientation: () => view.orientation,
    getGeometry: () => view.board,
    canDraw,
    send: (intent) => outbox.now(intent),
    showPreview: (preview) => view.setDrawPreview(preview),
    announce,
  });
  /**
   * What the board draws now.
   * @returns {DrawnState}
   */
  const shown = () => {
    const now = state();
    if (now.editor) return editorBoardState(now);
    if (replay.active) return replay.boardState(now);
    if (optimistic) return optimistic;
    // A reviewed game: the engine's move in the position shown, drawn as the hint's arrow.
    const arrow = reviewArrow(now);
    return arrow ? { ...now, hint: arrow } : now;
  };
  /** The marks (selection, targets, cursor) for this view. */
  const marks = () => view.setMarks(input.marks());
  /**
   * Draw what `shown()` says, and its marks.
   * @param {boolean} animate
   * @param {Plan | null} [plan] how the pieces travel (else worked out from the states)
   * @param {number} [hopMs]
   * @param {boolean} [confirms] Python's answer confirms the move drawn before it
   */
  const draw = (animate, plan, hopMs, confirms = false) => {
    const board = shown();
    input.stateChanged(board);
    view.draw(board, plan === undefined ? { animate, confirms } : { animate, plan, hopMs });
    marks();
    view.setJumped(replay.active && !state().editor ? replay.jumped() : null);
  };
  /**
   * Draw the move along `path` before Python's answer (when Python listed it); should no
   * answer come (a kernel gone away), go back to what Python last said.
   * @param {number[]} path
   */
  const guess = (path) => {
    const now = state();
    if (now.editor || replay.active || optimistic) return;
    const after = afterMove(now, path);
    if (!after) return;
    optimistic = after;
    input.selected = null;
    draw(motion());
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (!optimistic) return;
      optimistic = null;
      input.dropQueued();
      draw(false);
    }, OPTIMISTIC_TIMEOUT_MS);
  };
  /**
   * Play the move along `path` in the position of state `version` (by default the one
   * drawn): drawn at once when made on the position drawn, then sent.
   * @param {number[]} path
   * @param {number} [version]
   */
  const play = (path, version = state().version) => {
    if (version === state().version) guess(path);
    outbox.move({ kind: "move", path }, version);
  };
  const input = new BoardInput({
    view,
    sendMove: play,
    sendSelect: (square) => outbox.now({ kind: "select", square }),
    isWaiting: () => optimistic !== null,
    command: press,
    getState: shown,
    intercept: (square) => Boolean(state().editor) && interactive() && editor.clickSquare(square),
    getOrientation: () => view.orientation,
    // Paused: the board is hidden and takes no move.
    isInteractive: () => interactive() && !paused(),
    isPaused: paused,
    drawKey: (letter, square) => drawing.key(letter, square),
    // A left click that does nothing else clears the position's arrows and rings.
    idleClick: () => {
      if (canDraw() && hasDrawing(state())) outbox.now({ kind: "draw", action: "clear" });
    },
    changed: marks,
    announce,
  });
  return {
    view,
    element: view.element,
    frame: view.frame,
    shown,
    play,
    draw,
    marks,
    /** Play the clicks made while a move awaited Python's answer. */
    flush: () => input.flushQueued(),
    /**
     * A new state from Python: the answer to a move drawn before it is not animated again
     * (a running animation goes on); a refused one puts the piece back.
     * @param {BoardState} next
     * @param {PanelFacts} facts `animate`: animate the change; `replaying`: a replay is shown
     */
    update(next, { prev = null, animate = false, replaying = false }) {
      const guessed = optimistic;
      optimistic = null;
      clearTimeout(timer);
      const confirms = Boolean(guessed) && confirmsMove(/** @type {OptimisticState} */ (guessed), next);
      if (guessed && !confirms && prev && next.version === prev.version) input.dropQueued();
      draw(animate && !replaying && !next.editor && !(prev && prev.editor), undefined, undefined, confirms);
    },
    /** The interactive trait changed: nothing picked up stays so. */
    reset() {
      input.selected = null;
      marks();
    },
    /** @param {AbortSignal} signal */
    listen(signal) {
      drawing.listen(signal);
      input.listen(signal);
    },
    destroy() {
      clearTimeout(timer);
      input.destroy();
      view.destroy();
    },
  };
}
