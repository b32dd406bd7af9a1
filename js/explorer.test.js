// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { grouped, percent, rowLabel } from "./explorer.js";
import { fakeModel, mount } from "./test/harness.js";
import { afterFirstMove, startState } from "./test/fixtures.js";

const EXPLORER = {
  name: "four games",
  games: 4,
  rows: [
    { move: "11-15", path: [11, 15], games: 3, black_wins: 1, draws: 1, white_wins: 1, playable: true },
    { move: "9-13", path: [9, 13], games: 1, black_wins: 1, draws: 0, white_wins: 0, playable: false },
  ],
};

const panel = (el) => el.querySelector('[data-role="explorer"]');
const rowButtons = (el) => [...el.querySelectorAll('[data-role="explorer-move"]')];

describe("the opening explorer panel", () => {
  it("draws a button a move, with its games and its results as a bar", () => {
    const { el } = mount(fakeModel(startState({ explorer: EXPLORER })));
    expect(panel(el).hidden).toBe(false);
    expect(el.querySelector('[data-role="explorer-source"]').textContent).toBe("four games");
    expect(el.querySelector('[data-role="explorer-summary"]').textContent).toBe("4 games from this position");
    const [first, second] = rowButtons(el);
    expect(first.tagName).toBe("BUTTON");
    expect(first.querySelector(".cw-explorer-move").textContent).toBe("11-15");
    expect(first.querySelector(".cw-explorer-games").textContent).toBe("3");
    const parts = [...first.querySelectorAll(".cw-explorer-part")].map((p) => [p.dataset.kind, p.textContent]);
    expect(parts).toEqual([
      ["black", "33%"],
      ["draw", "33%"],
      ["white", "33%"],
    ]);
    expect(first.getAttribute("aria-label")).toBe("11-15: 3 games; Black won 1, drawn 1, White won 1");
    // A row the board does not offer now: still focusable and read, marked disabled.
    expect(second.getAttribute("aria-disabled")).toBe("true");
    expect(second.disabled).toBe(false);
    expect(second.querySelectorAll(".cw-explorer-part").length).toBe(1);
  });

  it("sends the row's move with the version of the state it was drawn from", () => {
    const model = fakeModel(startState({ explorer: EXPLORER, version: 7 }));
    const { el } = mount(model);
    rowButtons(el)[0].click();
    expect(model.sent).toEqual([{ kind: "move", path: [11, 15], version: 7 }]);
    rowButtons(el)[1].click(); // not playable: nothing sent
    expect(model.sent.length).toBe(1);
  });

  it("follows the state, and hides without an explorer", () => {
    const model = fakeModel(startState({ explorer: EXPLORER }));
    const { el } = mount(model);
    model.set("state", afterFirstMove({ explorer: { name: "four games", games: 0, rows: [] } }));
    expect(rowButtons(el)).toEqual([]);
    expect(el.querySelector('[data-role="explorer-summary"]').textContent).toBe(
      "No game of the collection reached this position.",
    );
    model.set("state", afterFirstMove({ explorer: null }));
    expect(panel(el).hidden).toBe(true);
  });

  it("keeps the focus in the panel when a played row redraws it", () => {
    const model = fakeModel(startState({ explorer: EXPLORER }));
    const { el } = mount(model);
    rowButtons(el)[0].focus();
    const next = { ...EXPLORER, rows: [{ ...EXPLORER.rows[0], move: "23-19", path: [23, 19] }] };
    model.set("state", afterFirstMove({ explorer: next }));
    expect(document.activeElement).toBe(rowButtons(el)[0]);
  });

  it("says the numbers in words", () => {
    expect(percent(1, 3)).toBe(33);
    expect(percent(0, 0)).toBe(0);
    const row = { ...EXPLORER.rows[1], games: 2 };
    expect(rowLabel(row)).toBe("9-13: 2 games; Black won 1, drawn 0, White won 0, 1 without a result");
  });
});

describe("the opening in the game header", () => {
  const OPENING = {
    number: 5,
    name: "Dreaded Edinburgh",
    moves: ["9-13", "22-18", "6-9"],
    status: "crossboard_144",
    in_deck: true,
    transposed: false,
    text: "ACF 5: 9-13 22-18 6-9 (Dreaded Edinburgh)",
  };
  const line = (el) => el.querySelector('[data-role="game-info-opening"]');

  it("shows the ACF opening even for a game without tags", () => {
    const model = fakeModel(startState({ opening: OPENING }), { game_info: {} });
    const { el } = mount(model);
    expect(el.querySelector('[data-role="game-info"]').hidden).toBe(false);
    expect(line(el).textContent).toBe("Opening: ACF 5: 9-13 22-18 6-9 (Dreaded Edinburgh)");
    model.set("state", startState({ opening: null }));
    expect(el.querySelector('[data-role="game-info"]').hidden).toBe(true);
  });

  it("adds the file's own Opening tag", () => {
    const { el } = mount(fakeModel(startState({ opening: OPENING }), { game_info: { opening: "Edinburgh" } }));
    expect(line(el).textContent).toBe("Opening: ACF 5: 9-13 22-18 6-9 (Dreaded Edinburgh) · Edinburgh");
  });
});

describe("counts", () => {
  it("are grouped as the header writes them, in the summary, the rows and the words", () => {
    // Reported (issue 26): the header said "22,621" and the list "22621 games".
    expect(grouped(22621)).toBe("22,621");
    expect(rowLabel({ move: "11-15", path: [11, 15], games: 12345, black_wins: 5000, draws: 6000, white_wins: 1345, playable: true })).toBe(
      "11-15: 12,345 games; Black won 5,000, drawn 6,000, White won 1,345",
    );
  });
});

