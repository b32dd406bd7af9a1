// anywidget entry point: render({ model, el }) draws the board for one view and returns
// the cleanup that removes everything it set up (model handlers, DOM listeners, timers,
// animations). Python is the only authority on the rules: this view draws the state it
// is sent and answers with intents ({kind: "move" | "command" | "edit", version, ...}).
// In marimo, when Python asks, it also reports the position version it has drawn
// (report.js), so that the cells reading the board re-run after a move.
//
// Beside the board: the move list (state.history) and the opening explorer
// (state.explorer); under it, the step-through replay
// (state.replay) and the position editor (state.editor); over it, the paused cover
// (state.paused) and the milestone toast; above it, the network line (state.network);
// under the controls, the milestones panel (state.milestones); above the board, in the
// screen-reader mode (the accessible trait), the command line. Each in a module of its
// own; every one of these fields may be absent (the feature is off).

import "./widget.css";
import { CommandLine } from "./accessible.js";
import { motionAllowed } from "./animate.js";
import { Chrome, announcement } from "./controls.js";
import { EditorPanel, countPieces, editorBoardState } from "./editor.js";
import { ExplorerPanel } from "./explorer.js";
import { GameInfoHeader } from "./gameinfo.js";
import { DrawingInput, hasDrawing } from "./drawing.js";
import { BoardInput } from "./input.js";
import { Milestones } from "./milestones.js";
import { MoveList } from "./movelist.js";
import { NetworkLine } from "./network.js";
import { afterMove, confirmsMove } from "./optimistic.js";
import { ANSWER_TIMEOUT_MS, Outbox } from "./outbox.js";
import { PauseCover, isPaused } from "./pause.js";
import { ReplayPanel } from "./replay.js";
import { ReviewPanel, reviewAnnouncement, reviewArrow } from "./review.js";
import { DrawnReport } from "./report.js";
import { BoardView } from "./view.js";

/** @import { BoardState, Color, CommandName, DrawnState, EditorState, IntentDraft, Model, Status } from "./types.js" */
/** @import { Plan } from "./animate.js" */
/** @import { OptimisticState } from "./optimistic.js" */

const OPTIMISTIC_TIMEOUT_MS = 3000;

/**
 * Draw one view of the widget in `el`; returns its cleanup.
 * @param {{ model: Model, el: HTMLElement }} view anywidget's model and the view's element
 * @returns {() => void}
 */
function render({ model, el }) {
  const controller = new AbortController();
  const signal = controller.signal;
  let state = model.get("state") || {};

  const root = document.createElement("div");
  root.className = "cw-root";
  const view = new BoardView();
  // A move is stamped with the version of the position it was made on; edits and
  // commands wait in the outbox for the answer to the action before them.
  /** @param {IntentDraft} message */
  const send = (message) => {
    if (typeof state.version === "number") model.send({ ...message, version: state.version });
  };
  // A move sent and not answered yet: edits and commands wait for its answer too (else an
  // Undo pressed just after a move, while the kernel is busy, is stamped with the position
  // before the move and refused as old). Should no answer come, they go after a while.
  let moveAwaited = false;
  /** @type {ReturnType<typeof setTimeout> | null} */
  let moveTimer = null;
  const outbox = new Outbox({
    post: (message) => model.send(message),
    version: () => state.version,
    busy: () => moveAwaited,
  });
  // The root says so too (data-awaiting="move"): tests that ask the kernel after a click
  // wait for Python's answer first, and the move is not taken for done before then.
  const awaitMove = () => {
    moveAwaited = true;
    root.dataset.awaiting = "move";
    clearTimeout(moveTimer);
    moveTimer = setTimeout(() => {
      moveAwaited = false;
      delete root.dataset.awaiting;
      outbox.resume();
    }, ANSWER_TIMEOUT_MS);
  };
  const moveAnswered = () => {
    moveAwaited = false;
    delete root.dataset.awaiting;
    clearTimeout(moveTimer);
  };
  /** @param {IntentDraft} message */
  const act = (message) => outbox.send(() => message);
  const flip = () => {
    model.set("orientation", model.get("orientation") === "white" ? "black" : "white");
    model.save_changes();
  };
  const motion = () => motionAllowed(model.get("animate"));
  // In marimo, the report of the position drawn that lets cells reading the board re-run.
  const report = new DrawnReport({ model, drawn: () => state.version });
  const replay = new ReplayPanel({
    redraw: (plan) => drawBoard(Boolean(plan), plan, plan ? Math.min(400, replay.hopMs() * 0.6) : undefined),
    motion,
    announce: (text) => {
      chrome.live.textContent = text;
    },
  });
  const editor = new EditorPanel({ send: (make) => outbox.send(make) });
  const moveList = new MoveList({ goto: (ply) => act({ kind: "command", name: "goto", ply }) });
  // The game review under the controls: its graph's points go to a ply as the move list does.
  const review = new ReviewPanel({
    command: (name) => act({ kind: "command", name }),
    goto: (ply) => moveList.request(ply),
  });
  // The opening explorer: a row asks for its move in the position it was drawn for
  // (Python refuses it as stale if the position has changed since).
  const explorer = new ExplorerPanel({
    play: (path, version) => {
      if (version === state.version) drawOptimistic(path);
      model.send({ kind: "move", path, version });
      awaitMove();
    },
  });
  // Every command intent goes through here: the buttons, their keys, the cover, the network line.
  /**
   * @param {Exclude<CommandName, "goto"> | "edit"} name
   * @param {Color} [side]
   */
  const command = (name, side) => {
    if (name === "edit") {
      act({ kind: "edit", action: "start" });
      return;
    }
    if (name === "replay") {
      // Asked again after closing it: show the same replay again.
      replay.reopen();
      if (replay.update(state)) drawBoard(false);
    }
    act(side ? { kind: "command", name, side } : { kind: "command", name });
  };
  const chrome = new Chrome({
    onCommand: command,
    onFlip: flip,
    onEvaluation: (on) => {
      model.set("live_eval", Boolean(on));
      model.save_changes();
    },
    onAccessible: (on) => {
      model.set("accessible", Boolean(on));
      model.save_changes();
      chrome.say(
        on
          ? "Screen-reader mode on: type moves and commands in the Command box above the board; ? lists the commands."
          : "Screen-reader mode off.",
      );
    },
  });
  // A move the user just completed along one of state.legal's full paths is drawn at
  // once (Python listed it, so it is legal), before Python's answer; that answer is
  // then drawn as usual (it normally matches; a veto puts the piece back).
  /** @type {OptimisticState | null} */
  let optimistic = null;
  /** @type {ReturnType<typeof setTimeout> | null} */
  let optimisticTimer = null;
  // What the board draws: the position being edited, a replay's hop, or the game.
  /** @returns {DrawnState} */
  const shown = () => {
    if (state.editor) return editorBoardState(state);
    if (replay.active) return replay.boardState(state);
    if (optimistic) return optimistic;
    // A reviewed game: the engine's move in the position shown, drawn as the hint's arrow.
    const arrow = reviewArrow(state);
    return arrow ? { ...state, hint: arrow } : state;
  };
  /** @param {number[]} path */
  function drawOptimistic(path) {
    if (state.editor || replay.active || optimistic) return;
    const after = afterMove(state, path);
    if (!after) return;
    optimistic = after;
    input.selected = null;
    drawBoard(motion());
    clearTimeout(optimisticTimer);
    // Should no answer come (a kernel gone away), go back to what Python last said.
    optimisticTimer = setTimeout(() => {
      if (!optimistic) return;
      optimistic = null;
      input.dropQueued();
      drawBoard(false);
    }, OPTIMISTIC_TIMEOUT_MS);
  }
  const paused = () => isPaused(state);
  // Drawing (js/drawing.js) on the game's own position: not in the editor, a replay or paused.
  const canDraw = () =>
    Boolean(model.get("interactive")) && !paused() && !state.editor && !replay.active && !state.network;
  const drawing = new DrawingInput({
    element: view.element,
    getOrientation: () => view.orientation,
    getGeometry: () => view.board,
    canDraw,
    send,
    showPreview: (preview) => view.setDrawPreview(preview),
    announce: (text) => {
      chrome.live.textContent = text;
    },
  });
  const input = new BoardInput({
    view,
    sendMove: (path) => {
      drawOptimistic(path);
      send({ kind: "move", path });
      awaitMove();
    },
    isWaiting: () => optimistic !== null,
    command: (action) => chrome.press(action),
    getState: shown,
    intercept: (square) => Boolean(state.editor) && Boolean(model.get("interactive")) && editor.clickSquare(square),
    getOrientation: () => view.orientation,
    // Paused: the board is hidden and takes no move.
    isInteractive: () => Boolean(model.get("interactive")) && !paused(),
    isPaused: paused,
    drawKey: (letter, square) => drawing.key(letter, square),
    // A left click that does nothing else clears the position's arrows and rings.
    idleClick: () => {
      if (canDraw() && hasDrawing(state)) send({ kind: "draw", action: "clear" });
    },
    changed: () => view.setMarks(input.marks()),
    announce: (text) => {
      chrome.live.textContent = text;
    },
  });
  // The screen-reader mode's command line: a typed move goes to Python as typed.
  const commandLine = new CommandLine({
    sendMove: (notation) => send({ kind: "move", notation }),
    say: (text) => chrome.say(text),
    getState: shown,
    clockLeft: () => chrome.clock.left(),
  });
  const cover = new PauseCover({
    resume: () => command("resume"),
    board: view.element,
    hides: [view.element, moveList.element, explorer.element],
  });
  const network = new NetworkLine({ command: (name) => command(name) });
  const milestones = new Milestones({ motion });
  view.frame.append(cover.element);
  chrome.controls.insertBefore(milestones.button, chrome.switches);
  const gameInfo = new GameInfoHeader();
  const main = document.createElement("div");
  main.className = "cw-main";
  main.append(
    gameInfo.element,
    chrome.bar,
    chrome.status,
    network.element,
    commandLine.element,
    view.frame,
    replay.element,
    editor.element,
    chrome.controls,
    review.element,
    milestones.toast, // under the controls: a note never covers the board
    milestones.panel,
    chrome.analysis,
    chrome.live,
  );
  const aside = document.createElement("div");
  aside.className = "cw-aside";
  aside.append(moveList.element, explorer.element);
  root.append(main, aside);
  el.appendChild(root);

  const applyOptions = () => {
    const interactive = Boolean(model.get("interactive"));
    root.classList.toggle("cw-readonly", !interactive);
    view.setNumbers(model.get("show_numbers"));
    view.setOrientation(model.get("orientation"));
    applySize();
    applyAccessible();
  };
  // The screen-reader mode: the command line shows, and so do the square numbers
  // (for whoever follows the typed moves by eye).
  const applyAccessible = () => {
    const on = Boolean(model.get("accessible"));
    root.classList.toggle("cw-accessible", on);
    commandLine.setOn(on);
    chrome.setAccessible(on);
  };
  // The board's width (the size trait, in pixels); none: the cell's width up to the
  // stylesheet's default. The board is never wider than the cell.
  const applySize = () => {
    const size = model.get("size");
    if (typeof size === "number" && size > 0) root.style.setProperty("--cw-size", `${size}px`);
    else root.style.removeProperty("--cw-size");
  };

  /**
   * Draw the board (what `shown()` says), and its marks.
   * @param {boolean} animate
   * @param {Plan | null} [plan] how the pieces travel (else worked out from the states)
   * @param {number} [hopMs]
   * @param {boolean} [confirms] Python's answer confirms the move drawn before it
   */
  function drawBoard(animate, plan, hopMs, confirms = false) {
    const board = shown();
    input.stateChanged(board);
    view.draw(board, plan === undefined ? { animate, confirms } : { animate, plan, hopMs });
    view.setMarks(input.marks());
    view.setJumped(replay.active && !state.editor ? replay.jumped() : null);
  }

  /**
   * Draw a new state (`prev`: the one before, null at first).
   * @param {BoardState | null} prev
   * @param {boolean} animate
   */
  const draw = (prev, animate) => {
    const interactive = Boolean(model.get("interactive"));
    root.classList.toggle("cw-busy", Boolean(state.thinking) && !state.result);
    const replaying = replay.update(state) || replay.active;
    const guessed = optimistic;
    optimistic = null;
    clearTimeout(optimisticTimer);
    // The answer to a move already drawn: no second animation (a running one goes on).
    const confirms = Boolean(guessed) && confirmsMove(/** @type {OptimisticState} */ (guessed), state);
    const refused = Boolean(guessed) && !confirms && prev && state.version === prev.version;
    if (refused) input.dropQueued();
    drawBoard(animate && !replaying && !state.editor && !(prev && prev.editor), undefined, undefined, confirms);
    editor.update(state, { interactive });
    // While paused the move list is hidden (widget.css) and its moves are inert.
    const hidden = paused();
    moveList.update(state, { interactive: interactive && !hidden });
    review.update(state, { interactive: interactive && !hidden });
    explorer.update(state, { interactive: interactive && !hidden });
    gameInfo.update(model.get("game_info"), state.opening || null);
    root.classList.toggle("cw-paused", hidden);
    for (const node of [view.element, moveList.element, explorer.element]) {
      node.toggleAttribute("inert", hidden);
      if (hidden) node.setAttribute("aria-hidden", "true");
      else node.removeAttribute("aria-hidden");
    }
    cover.update(state, { interactive });
    network.update(state, { interactive });
    milestones.update(state);
    const editing = Boolean(state.editor);
    root.classList.toggle("cw-editing", editing);
    root.classList.toggle("cw-with-aside", moveList.visible || explorer.visible);
    aside.hidden = !(moveList.visible || explorer.visible);
    chrome.controls.hidden = editing;
    // While editing, the bar and the status line speak of the position being edited.
    // (`editing`: state.editor is set)
    /** @returns {Status} */
    const editStatus = () => {
      if (state.status && state.status.kind === "refused") return state.status;
      const names = state.names || {};
      const side =
        names[/** @type {EditorState} */ (state.editor).turn] || /** @type {EditorState} */ (state.editor).turn;
      return { text: `Setting up a position: ${side} to move`, kind: "turn" };
    };
    const barState = editing
      ? {
          ...state,
          turn: /** @type {EditorState} */ (state.editor).turn,
          result: null,
          draw_offer: null,
          draw_claim: null,
          counts: countPieces(/** @type {EditorState} */ (state.editor).pieces),
          status: editStatus(),
          clock: null,
        }
      : state;
    const said = prev ? commandLine.response(prev, state, announcement(prev, state)) : "";
    // (The review's end and the learn mode's words are read too.)
    const reviewSaid = prev ? reviewAnnouncement(prev, state) : "";
    chrome.update(barState, { announce: [said, reviewSaid].filter(Boolean).join(" ") });
  };

  applyOptions();
  chrome.setLiveEval(model.get("live_eval"));
  draw(null, false);

  const handlers = {
    "change:state": () => {
      const prev = state;
      state = model.get("state") || {};
      draw(prev, motionAllowed(model.get("animate")));
      // Clicks made while a move awaited Python's answer, now that it is here; then the
      // next edit or command waiting for an answer.
      moveAnswered();
      input.flushQueued();
      outbox.answered();
      report.stateDrawn();
    },
    /** @param {unknown} message */
    "msg:custom": (message) => report.received(message),
    "change:orientation": () => {
      view.setOrientation(model.get("orientation"));
      view.setMarks(input.marks());
    },
    "change:show_numbers": () => view.setNumbers(model.get("show_numbers")),
    "change:size": applySize,
    "change:live_eval": () => chrome.setLiveEval(model.get("live_eval")),
    "change:accessible": applyAccessible,
    "change:game_info": () => gameInfo.update(model.get("game_info"), state.opening || null),
    "change:interactive": () => {
      applyOptions();
      input.selected = null;
      view.setMarks(input.marks());
      chrome.update(state); // (the controls of a board that only shows: Python's state.controls)
      cover.update(state, { interactive: Boolean(model.get("interactive")) });
      network.update(state, { interactive: Boolean(model.get("interactive")) });
    },
  };
  for (const [event, handler] of Object.entries(handlers)) model.on(event, handler);

  drawing.listen(signal);
  input.listen(signal);
  chrome.listen(signal);
  replay.listen(signal);
  editor.listen(signal);
  moveList.listen(signal);
  review.listen(signal);
  explorer.listen(signal);
  cover.listen(signal);
  network.listen(signal);
  milestones.listen(signal);
  commandLine.listen(signal);

  return () => {
    for (const [event, handler] of Object.entries(handlers)) model.off(event, handler);
    controller.abort();
    clearTimeout(optimisticTimer);
    clearTimeout(moveTimer);
    outbox.destroy();
    input.destroy();
    replay.destroy();
    chrome.destroy();
    milestones.destroy();
    view.destroy();
    root.remove();
  };
}

export default { render };
