import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ANSWER_TIMEOUT_MS, createOutbox } from "./outbox.js";

function outbox() {
  const posted = [];
  const awaiting = [];
  let version = 1;
  const box = createOutbox({
    model: { send: (m) => posted.push(m) },
    version: () => version,
    awaiting: (on) => awaiting.push(on),
  });
  return { box, posted, awaiting, setVersion: (v) => (version = v) };
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
    const box = createOutbox({ model: { send: (m) => posted.push(m) }, version: () => version });
    box.send(() => ({ kind: "command", name: "undo" }));
    box.now({ kind: "select", square: 22 });
    box.move({ kind: "move", path: [11, 15] });
    expect(posted).toEqual([]);
    version = 1;
    box.send(() => ({ kind: "command", name: "redo" }));
    expect(posted).toHaveLength(1);
    box.send(() => ({ kind: "command", name: "undo" }));
    box.destroy();
    box.answered();
    expect(posted).toHaveLength(1);
  });

  it("sends a drawing or a select at once, waiting for nothing and holding nothing", () => {
    const { box, posted, awaiting } = outbox();
    box.send(() => ({ kind: "command", name: "hint" })); // in flight
    box.now({ kind: "select", square: 22 });
    box.now({ kind: "draw", action: "clear" });
    expect(posted).toEqual([
      { kind: "command", name: "hint", version: 1 },
      { kind: "select", square: 22, version: 1 },
      { kind: "draw", action: "clear", version: 1 },
    ]);
    expect(awaiting).toEqual([]);
  });
});

describe("a move awaiting its answer", () => {
  it("goes at once, stamped with the position it was made on, and says it awaits", () => {
    const { box, posted, awaiting } = outbox();
    box.move({ kind: "move", path: [11, 15] });
    box.move({ kind: "move", path: [9, 13] }, 7); // an explorer row drawn for version 7
    expect(posted).toEqual([
      { kind: "move", path: [11, 15], version: 1 },
      { kind: "move", path: [9, 13], version: 7 },
    ]);
    expect(awaiting).toEqual([true, true]);
    box.answered();
    expect(awaiting).toEqual([true, true, false]);
  });

  it("holds Undo pressed right after a move until the move's answer, then sends it with the new version", () => {
    const { box, posted, setVersion } = outbox();
    box.move({ kind: "move", path: [11, 15] });
    box.send(() => ({ kind: "command", name: "undo" }));
    expect(posted).toHaveLength(1); // not stamped with the position before the move
    setVersion(2);
    box.answered(); // the move's answer is drawn
    expect(posted.at(-1)).toEqual({ kind: "command", name: "undo", version: 2 });
  });

  it("lets the clicks made meanwhile go before the actions waiting", () => {
    const { box, posted, awaiting, setVersion } = outbox();
    box.move({ kind: "move", path: [9, 18] });
    box.send(() => ({ kind: "command", name: "hint" }));
    setVersion(2);
    box.answered(() => box.move({ kind: "move", path: [18, 27] }));
    expect(posted.map((m) => m.path || m.name)).toEqual([[9, 18], [18, 27]]);
    expect(awaiting).toEqual([true, false, true]); // the second move awaits its answer
    setVersion(3);
    box.answered();
    expect(posted.at(-1)).toEqual({ kind: "command", name: "hint", version: 3 });
  });

  it("goes on when the move's wait ends without an answer", () => {
    vi.useFakeTimers();
    const { box, posted, awaiting } = outbox();
    box.move({ kind: "move", path: [11, 15] });
    box.send(() => ({ kind: "command", name: "redo" }));
    vi.advanceTimersByTime(ANSWER_TIMEOUT_MS);
    expect(posted.at(-1)).toEqual({ kind: "command", name: "redo", version: 1 });
    expect(awaiting).toEqual([true, false]);
    expect(posted).toHaveLength(2); // nothing is sent twice
  });
});

// The one way out: nothing but the outbox sends to Python. A part that called model.send
// itself would skip the version stamp and the wait for the answer to the action before.
describe("one send path", () => {
  const here = dirname(fileURLToPath(import.meta.url));
  const modules = readdirSync(here).filter((name) => name.endsWith(".js") && !name.endsWith(".test.js"));

  it("no module but the outbox calls model.send", () => {
    expect(modules).toContain("widget.js");
    const sending = /\bmodel\s*(?:\?\.|\.)\s*send\b|\bmodel\s*\[\s*["'`]send["'`]\s*\]|\bsend\s*:\s*model\b|\{\s*send\s*\}\s*=\s*model\b/;
    const offenders = modules.filter((name) => name !== "outbox.js" && sending.test(readFileSync(join(here, name), "utf8")));
    expect(offenders).toEqual([]);
    expect(readFileSync(join(here, "outbox.js"), "utf8")).toMatch(/\bmodel\.send\(/);
  });
});
