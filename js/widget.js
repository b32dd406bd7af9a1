// anywidget entry point: render({ model, el }) draws the board for one view and returns
// the cleanup that removes everything it set up (model handlers, DOM listeners, timers,
// animations). Python is the only authority on the rules: this view draws the state it
// is sent and answers with intents ({kind: "move" | "command", version, ...}).

import "./widget.css";
import { motionAllowed } from "./animate.js";
import { Chrome, announcement } from "./controls.js";
import { BoardInput } from "./input.js";
import { BoardView } from "./view.js";

/** Draw one view of the widget in `el`; returns its cleanup. */
export function render({ model, el }) {
  const controller = new AbortController();
  const signal = controller.signal;
  let state = model.get("state") || {};

  const root = document.createElement("div");
  root.className = "cw-root";
  const view = new BoardView();
  const send = (message) => {
    if (typeof state.version === "number") model.send({ ...message, version: state.version });
  };
  const flip = () => {
    model.set("orientation", model.get("orientation") === "white" ? "black" : "white");
    model.save_changes();
  };
  const chrome = new Chrome({
    onCommand: (name, side) => send(side ? { kind: "command", name, side } : { kind: "command", name }),
    onFlip: flip,
    onEvaluation: (on) => {
      model.set("live_eval", Boolean(on));
      model.save_changes();
    },
  });
  const input = new BoardInput({
    view,
    sendMove: (path) => send({ kind: "move", path }),
    command: (action) => chrome.press(action),
    getState: () => state,
    getOrientation: () => view.orientation,
    isInteractive: () => Boolean(model.get("interactive")),
    changed: () => view.setMarks(input.marks()),
    announce: (text) => {
      chrome.live.textContent = text;
    },
  });
  root.append(chrome.bar, chrome.status, view.frame, chrome.controls, chrome.analysis, chrome.live);
  el.appendChild(root);

  const applyOptions = () => {
    const interactive = Boolean(model.get("interactive"));
    root.classList.toggle("cw-readonly", !interactive);
    view.setNumbers(model.get("show_numbers"));
    view.setOrientation(model.get("orientation"));
  };

  const draw = (prev, animate) => {
    root.classList.toggle("cw-busy", Boolean(state.thinking) && !state.result);
    input.stateChanged(state);
    view.draw(state, { animate });
    view.setMarks(input.marks());
    chrome.update(state, {
      interactive: Boolean(model.get("interactive")),
      announce: prev ? announcement(prev, state) : "",
    });
  };

  applyOptions();
  chrome.setLiveEval(model.get("live_eval"));
  draw(null, false);

  const handlers = {
    "change:state": () => {
      const prev = state;
      state = model.get("state") || {};
      draw(prev, motionAllowed(model.get("animate")));
    },
    "change:orientation": () => {
      view.setOrientation(model.get("orientation"));
      view.setMarks(input.marks());
    },
    "change:show_numbers": () => view.setNumbers(model.get("show_numbers")),
    "change:live_eval": () => chrome.setLiveEval(model.get("live_eval")),
    "change:interactive": () => {
      applyOptions();
      input.selected = null;
      view.setMarks(input.marks());
      chrome.update(state, { interactive: Boolean(model.get("interactive")) });
    },
  };
  for (const [event, handler] of Object.entries(handlers)) model.on(event, handler);

  input.listen(signal);
  chrome.listen(signal);

  return () => {
    for (const [event, handler] of Object.entries(handlers)) model.off(event, handler);
    controller.abort();
    input.destroy();
    chrome.destroy();
    view.destroy();
    root.remove();
  };
}

export default { render };
