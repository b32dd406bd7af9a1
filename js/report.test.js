// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { isReportRequest } from "./report.js";
import { fakeModel, mount } from "./test/harness.js";
import { afterFirstMove, startState } from "./test/fixtures.js";

const ask = (version) => ({ kind: "report-drawn", version });

describe("the report of the position drawn (marimo)", () => {
  it("sends nothing unless Python asks, however the state changes", () => {
    const model = fakeModel(startState());
    mount(model);
    model.set("state", afterFirstMove());
    model.receive({ kind: "something-else", version: 2 });
    expect(model.saves).toBe(0);
    expect(model.get("drawn_version")).toBeUndefined();
  });

  it("reports the version drawn when asked about it", () => {
    const model = fakeModel(startState());
    mount(model);
    model.set("state", afterFirstMove());
    model.receive(ask(2));
    expect(model.get("drawn_version")).toBe(2);
    expect(model.saves).toBe(1);
    model.receive(ask(2)); // already said
    expect(model.saves).toBe(1);
  });

  it("waits until the state asked about is drawn", () => {
    const model = fakeModel(startState());
    mount(model);
    model.receive(ask(2)); // the request overtook its state
    expect(model.saves).toBe(0);
    model.set("state", afterFirstMove());
    expect(model.get("drawn_version")).toBe(2);
    expect(model.saves).toBe(1);
    model.set("state", { ...afterFirstMove(), version: 3 }); // not asked about
    expect(model.saves).toBe(1);
  });

  it("is said once for a model shown in two views", () => {
    const model = fakeModel(startState());
    mount(model);
    mount(model);
    model.set("state", afterFirstMove());
    model.receive(ask(2));
    expect(model.get("drawn_version")).toBe(2);
    expect(model.saves).toBe(1);
  });

  it("stops listening when the view goes", () => {
    const model = fakeModel(startState());
    const { cleanup } = mount(model);
    cleanup();
    model.set("state", afterFirstMove());
    model.receive(ask(2));
    expect(model.saves).toBe(0);
  });

  it("reads only well-formed requests", () => {
    expect(isReportRequest(ask(3))).toBe(true);
    for (const bad of [null, 3, "report-drawn", {}, { kind: "report-drawn" }, { kind: "report-drawn", version: "3" }]) {
      expect(isReportRequest(bad)).toBe(false);
    }
  });
});
