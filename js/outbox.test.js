import { afterEach, describe, expect, it, vi } from "vitest";
import { ANSWER_TIMEOUT_MS, Outbox } from "./outbox.js";

function outbox() {
  const posted = [];
  let version = 1;
  const box = new Outbox({ post: (m) => posted.push(m), version: () => version });
  return { box, posted, setVersion: (v) => (version = v) };
}

afterEach(() => vi.useRealTimers());

describe("the outbox", () => {
  it("sends at once when nothing waits for an answer, stamped with the version drawn", () => {
    const { box, posted } = outbox();
    box.send(() => ({ kind: "command", name: "undo" }));
    expect(posted).toEqual([{ kind: "command", name: "undo", version: 1 }]);
  });

  it("holds the next action until the answer, then sends it with the new version", () => {
    const { box, posted, setVersion } = outbox();
    box.send(() => ({ kind: "command", name: "undo" }));
    box.send(() => ({ kind: "command", name: "undo" }));
    expect(posted).toHaveLength(1);
    setVersion(2);
    box.answered();
    expect(posted).toEqual([
      { kind: "command", name: "undo", version: 1 },
      { kind: "command", name: "undo", version: 2 },
    ]);
    box.answered();
    expect(posted).toHaveLength(2);
  });

  it("works an action out when it goes, and skips one that has become nothing", () => {
    const { box, posted } = outbox();
    let there = false;
    box.send(() => ({ kind: "edit", action: "clear" }));
    box.send(() => (there ? null : { kind: "edit", action: "place" }));
    box.send(() => ({ kind: "edit", action: "done" }));
    there = true;
    box.answered();
    expect(posted.map((m) => m.action)).toEqual(["clear", "done"]);
  });

  it("does not hold actions forever when no answer comes", () => {
    vi.useFakeTimers();
    const { box, posted } = outbox();
    box.send(() => ({ kind: "command", name: "new" }));
    box.send(() => ({ kind: "command", name: "hint" }));
    vi.advanceTimersByTime(ANSWER_TIMEOUT_MS - 1);
    expect(posted).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(posted.map((m) => m.name)).toEqual(["new", "hint"]);
  });

  it("sends nothing before the first state, and nothing after destroy", () => {
    const posted = [];
    let version;
    const box = new Outbox({ post: (m) => posted.push(m), version: () => version });
    box.send(() => ({ kind: "command", name: "undo" }));
    expect(posted).toEqual([]);
    version = 1;
    box.send(() => ({ kind: "command", name: "redo" }));
    expect(posted).toHaveLength(1);
    box.send(() => ({ kind: "command", name: "undo" }));
    box.destroy();
    box.answered();
    expect(posted).toHaveLength(1);
  });
});

describe("a move awaiting its answer", () => {
  it("holds Undo pressed right after a move until the move's answer, then sends it with the new version", () => {
    const posted = [];
    let version = 4;
    let moving = true; // a move drawn ahead of Python's answer
    const box = new Outbox({ post: (m) => posted.push(m), version: () => version, busy: () => moving });
    box.send(() => ({ kind: "command", name: "undo" }));
    expect(posted).toEqual([]); // not stamped with the position before the move
    version = 5;
    moving = false;
    box.answered(); // the move's answer is drawn
    expect(posted).toEqual([{ kind: "command", name: "undo", version: 5 }]);
  });

  it("goes on when the move's wait ends without an answer", () => {
    const posted = [];
    let moving = true;
    const box = new Outbox({ post: (m) => posted.push(m), version: () => 4, busy: () => moving });
    box.send(() => ({ kind: "command", name: "redo" }));
    moving = false;
    box.resume();
    expect(posted).toEqual([{ kind: "command", name: "redo", version: 4 }]);
    box.resume(); // nothing more waits; nothing is sent twice
    expect(posted).toHaveLength(1);
  });
});
