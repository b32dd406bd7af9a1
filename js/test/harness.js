// Test helpers shared by the widget's unit tests: a fake anywidget model and mounting.
import { afterEach, vi } from "vitest";
import widget from "../widget.js";

/**
 * A stand-in for anywidget's model: get/set/on/off/send/save_changes. Like Python, it
 * answers every edit, command and drawing with a state (the same one, its `seq` counted
 * on; the answers to moves and selects are the tests' own), unless
 * `{ answers: false }` makes it a kernel too busy to answer until the test sets a state.
 */
export function fakeModel(state, extra = {}, { answers = true } = {}) {
  const values = {
    state,
    orientation: "black",
    show_numbers: false,
    interactive: true,
    animate: false,
    ...extra,
  };
  const handlers = new Map();
  const model = {
    sent: [],
    saves: 0,
    handlers,
    get: (key) => values[key],
    set(key, value) {
      values[key] = value;
      for (const handler of [...(handlers.get(`change:${key}`) || [])]) handler();
    },
    on(event, handler) {
      if (!handlers.has(event)) handlers.set(event, []);
      handlers.get(event).push(handler);
    },
    off(event, handler) {
      const list = handlers.get(event) || [];
      const i = list.indexOf(handler);
      if (i >= 0) list.splice(i, 1);
    },
    send(message) {
      model.sent.push(JSON.parse(JSON.stringify(message)));
      if (answers && values.state && message.kind !== "move" && message.kind !== "select") {
        const answer = { ...values.state, seq: (values.state.seq || 0) + 1 };
        model.set("state", answer);
      }
    },
    save_changes() {
      model.saves += 1;
    },
    /** A custom message from Python (`widget.send(...)`), as anywidget delivers it. */
    receive(message) {
      for (const handler of [...(handlers.get("msg:custom") || [])]) handler(message, []);
    },
    handlerCount() {
      let n = 0;
      for (const list of handlers.values()) n += list.length;
      return n;
    },
  };
  return model;
}

const views = [];

export function mount(model) {
  const el = document.createElement("div");
  document.body.appendChild(el);
  const cleanup = widget.render({ model, el });
  views.push({ el, cleanup });
  return { el, cleanup };
}

afterEach(() => {
  for (const { el, cleanup } of views.splice(0)) {
    try {
      cleanup();
    } catch {
      // cleaned up by the test already
    }
    el.remove();
  }
  vi.useRealTimers();
});
