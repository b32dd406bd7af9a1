// anywidget entry point: render({ model, el }) draws the board for one view and returns
// the cleanup that removes everything it set up (model handlers, DOM listeners, timers,
// animations). Python is the only authority on the rules: this view draws the state it
// is sent and answers with intents ({kind: "move" | "select" | "command" | "edit" |
// "draw", version, ...}), every one through the outbox (outbox.js).
//
// This module only puts the parts together; each owns its part of the state and draws
// it (update(state, facts), see types.d.ts Panel): the board (board.js), the bar, status
// line and controls (controls.js), the move list and the opening explorer beside the
// board, the step-through replay and the position editor under it, the paused cover over
// it, the network line above it, the game review and the milestones under the controls,
// the game's header, the screen-reader mode's command line (accessible.js), and in
// marimo the report of the position drawn (report.js). Every state field a panel reads
// may be absent (the feature is off).

import "./widget.css";
import { CommandLine } from "./accessible.js";
import { motionAllowed } from "./animate.js";
import { createBoard } from "./board.js";
import { Chrome, announcement } from "./controls.js";
import { EditorPanel } from "./editor.js";
import { ExplorerPanel } from "./explorer.js";
import { GameInfoHeader } from "./gameinfo.js";
import { createLayout } from "./layout.js";
import { Milestones } from "./milestones.js";
import { MoveList } from "./movelist.js";
import { NetworkLine } from "./network.js";
import { createOutbox } from "./outbox.js";
import { PauseCover, isPaused } from "./pause.js";
import { ReplayPanel } from "./replay.js";
import { ReviewPanel, reviewAnnouncement } from "./review.js";
import { DrawnReport } from "./report.js";

/** @import { BoardState, Color, CommandName, IntentDraft, Model, ModelTraits, Panel } from "./types.js" */

/**
 * Draw one view of the widget in `el`; returns its cleanup.
 * @param {{ model: Model, el: HTMLElement }} view anywidget's model and the view's element
 * @returns {() => void}
 */
function render({ model, el }) {
  const controller = new AbortController();
  /** @type {BoardState} */
  let state = model.get("state") || {};
  const interactive = () => Boolean(model.get("interactive"));
  const motion = () => motionAllowed(model.get("animate"));
  /** @param {string} text */
  const say = (text) => {
    chrome.live.textContent = text;
  };
  const outbox = createOutbox({ model, version: () => state.version, awaiting: (on) => layout.awaiting(on) });
  // A view preference (orientation, live_eval, accessible), set from this view.
  /**
   * @template {"orientation" | "live_eval" | "accessible"} K
   * @param {K} name
   * @param {ModelTraits[K]} value
   */
  const setTrait = (name, value) => {
    model.set(name, value);
    model.save_changes();
  };
  /** @param {IntentDraft} message */
  const act = (message) => outbox.send(() => message);
  // Every command: the buttons, their keys, the cover, the network line.
  /**
   * @param {Exclude<CommandName, "goto"> | "edit"} name
   * @param {Color} [side]
   */
  const command = (name, side) => {
    if (name === "edit") return act({ kind: "edit", action: "start" });
    if (name === "replay") {
      // Asked again after closing it: show the same replay again.
      replay.reopen();
      if (replay.update(state)) board.draw(false);
    }
    act(side ? { kind: "command", name, side } : { kind: "command", name });
  };

  const replay = new ReplayPanel({
    redraw: (plan) => board.draw(Boolean(plan), plan, plan ? Math.min(400, replay.hopMs() * 0.6) : undefined),
    motion,
    announce: say,
  });
  const editor = new EditorPanel({ send: (make) => outbox.send(make) });
  const moveList = new MoveList({ goto: (ply) => act({ kind: "command", name: "goto", ply }) });
  // The game review: its graph's points go to a ply as the move list does.
  const review = new ReviewPanel({ command: (name) => act({ kind: "command", name }), goto: (ply) => moveList.request(ply) });
  const chrome = new Chrome({
    onCommand: command,
    onFlip: () => setTrait("orientation", model.get("orientation") === "white" ? "black" : "white"),
    onEvaluation: (on) => setTrait("live_eval", Boolean(on)),
    onAccessible: (on) => {
      setTrait("accessible", Boolean(on));
      chrome.say(
        on
          ? "Screen-reader mode on: type moves and commands in the Command box above the board; ? lists the commands."
          : "Screen-reader mode off.",
      );
    },
    // Read aloud: what changed, the command line's answer, the review's end and the learn mode's words.
    speak: (prev, next) =>
      [commandLine.response(prev, next, announcement(prev, next)), reviewAnnouncement(prev, next)]
        .filter(Boolean)
        .join(" "),
  });
  const board = createBoard({
    outbox,
    state: () => state,
    interactive,
    motion,
    replay,
    editor,
    press: (action) => chrome.press(action),
    announce: say,
  });
  // An explorer row asks for its move in the position it was drawn for (Python refuses
  // it as stale if the position has changed since).
  const explorer = new ExplorerPanel({ play: (path, version) => board.play(path, version) });
  // The screen-reader mode's command line: a typed move goes to Python as typed.
  const commandLine = new CommandLine({
    sendMove: (notation) => outbox.now({ kind: "move", notation }),
    say: (text) => chrome.say(text),
    getState: () => board.shown(),
    clockLeft: () => chrome.clock.left(),
  });
  const cover = new PauseCover({
    resume: () => command("resume"),
    board: board.element,
    hides: [board.element, moveList.element, explorer.element],
  });
  const network = new NetworkLine({ command });
  const milestones = new Milestones({ motion });
  const gameInfo = new GameInfoHeader({ info: () => model.get("game_info") });
  const report = new DrawnReport({ model, drawn: () => state.version });
  board.frame.append(cover.element);
  chrome.controls.insertBefore(milestones.button, chrome.switches);
  const layout = createLayout({
    main: [
      gameInfo.element,
      chrome.bar,
      chrome.status,
      network.element,
      commandLine.element,
      board.frame,
      replay.element,
      editor.element,
      chrome.controls,
      review.element,
      milestones.toast, // under the controls: a note never covers the board
      milestones.panel,
      chrome.analysis,
      chrome.live,
    ],
    aside: [moveList, explorer],
  });
  el.appendChild(layout.root);

  // Told every new state, in this order (the layout after the panels it places).
  /** @type {Panel[]} */
  const panels = [board, editor, moveList, review, explorer, gameInfo, cover, network, milestones, chrome, layout];
  /** @param {BoardState | null} prev the state drawn before (null: none) */
  const draw = (prev) => {
    const facts = {
      prev,
      interactive: interactive(),
      paused: isPaused(state),
      animate: Boolean(prev) && motion(),
      replaying: replay.update(state) || replay.active,
    };
    for (const panel of panels) panel.update(state, facts);
  };
  const applyOptions = () => {
    const accessible = Boolean(model.get("accessible"));
    layout.setOptions({ interactive: interactive(), accessible, size: model.get("size") });
    // The screen-reader mode: the command line shows, and so do the square numbers.
    commandLine.setOn(accessible);
    chrome.setAccessible(accessible);
  };

  board.view.setNumbers(model.get("show_numbers"));
  board.view.setOrientation(model.get("orientation"));
  applyOptions();
  chrome.setLiveEval(model.get("live_eval"));
  draw(null);

  const handlers = {
    "change:state": () => {
      const prev = state;
      state = model.get("state") || {};
      draw(prev);
      // The move or action it answers is done; then the clicks made meanwhile, then the
      // next action waiting.
      outbox.answered(board.flush);
      report.stateDrawn();
    },
    /** @param {unknown} message */
    "msg:custom": (message) => report.received(message),
    "change:orientation": () => {
      board.view.setOrientation(model.get("orientation"));
      board.marks();
    },
    "change:show_numbers": () => board.view.setNumbers(model.get("show_numbers")),
    "change:size": applyOptions,
    "change:live_eval": () => chrome.setLiveEval(model.get("live_eval")),
    "change:accessible": applyOptions,
    "change:game_info": () => gameInfo.update(state),
    "change:interactive": () => {
      applyOptions();
      board.reset();
      // (the controls of a board that only shows: Python's state.controls)
      for (const panel of [chrome, cover, network]) panel.update(state, { interactive: interactive() });
    },
  };
  for (const [event, handler] of Object.entries(handlers)) model.on(event, handler);
  for (const part of [board, chrome, replay, editor, moveList, review, explorer, cover, network, milestones, commandLine]) {
    part.listen(controller.signal);
  }

  return () => {
    for (const [event, handler] of Object.entries(handlers)) model.off(event, handler);
    controller.abort();
    outbox.destroy();
    for (const part of [board, replay, chrome, milestones]) part.destroy();
    layout.root.remove();
  };
}

export default { render };
