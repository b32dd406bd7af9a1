// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { gameInfoLines } from "./gameinfo.js";
import { fakeModel, mount } from "./test/harness.js";
import { startState } from "./test/fixtures.js";

const TINSLEY = {
  black: "M Tinsley",
  white: "AA Long",
  event: "practice game 1947",
  sides: { black: "Black", white: "White" },
  result: "1/2-1/2",
  result_text: "Drawn",
};

const header = (el) => el.querySelector('[data-role="game-info"]');
const line = (el, name) => el.querySelector(`[data-role="game-info-${name}"]`);

describe("the loaded game's header", () => {
  it("shows the players with their sides, the event and the result", () => {
    const { el } = mount(fakeModel(startState(), { game_info: TINSLEY }));
    expect(header(el).hidden).toBe(false);
    expect(line(el, "players").textContent).toBe("M Tinsley (Black) v AA Long (White)");
    expect(line(el, "event").textContent).toBe("practice game 1947");
    expect(line(el, "result").textContent).toBe("Drawn (1/2-1/2)");
    // Above everything else of the board.
    expect(el.querySelector(".cw-main").firstElementChild).toBe(header(el));
  });

  it("is absent for a game without tags, and follows the trait", () => {
    const model = fakeModel(startState(), { game_info: {} });
    const { el } = mount(model);
    expect(header(el).hidden).toBe(true);
    model.set("game_info", { ...TINSLEY, result: undefined, result_text: undefined, date: "1947.05.01" });
    expect(header(el).hidden).toBe(false);
    expect(line(el, "event").textContent).toBe("practice game 1947 · 1947.05.01");
    expect(line(el, "result").hidden).toBe(true);
    model.set("game_info", {});
    expect(header(el).hidden).toBe(true);
  });

  it("draws tag values as text, never as markup", () => {
    const evil = '<img src=x onerror="window.hacked=1"><b>Bob</b>';
    const { el } = mount(fakeModel(startState(), { game_info: { ...TINSLEY, white: evil, event: "<i>x</i>" } }));
    expect(line(el, "players").textContent).toBe(`M Tinsley (Black) v ${evil} (White)`);
    expect(header(el).querySelector("img, b, i")).toBeNull();
    expect(window.hacked).toBeUndefined();
  });

  it("names the sides as the game does and fills in a missing name", () => {
    const lines = gameInfoLines({ white: "Ann", sides: { black: "Red", white: "White" }, round: "3", site: "Glasgow" });
    expect(lines).toEqual({ players: "? (Red) v Ann (White)", event: "Glasgow · round 3", result: "", opening: "" });
    expect(gameInfoLines(undefined)).toEqual({ players: "", event: "", result: "", opening: "" });
  });
});
