// The header of a loaded game (model trait `game_info`, built by Python from the PDN
// tags: black, white, event, site, date, round, sides, result, result_text): the two
// players with their sides, then the event line and the result, above the board. It is
// drawn as plain text (textContent only: tag values come from files and are never
// markup). A game without tags has `{}`: no header. Under it, the game's opening: the
// ACF three-move opening Python names (state.opening, play/openings.py), and a PDN
// `Opening` tag when the file gives one that says something else; a game played on the
// board shows only that line, once its first three moves name an opening.

import "./gameinfo.css";
import { el } from "./dom.js";

/** @import { BoardState, Color, GameInfo, OpeningState } from "./types.js" */
/** @typedef {{ players: string, event: string, result: string, opening: string }} GameInfoLines */

/**
 * The header's opening line: the ACF opening's text, then a tag that differs from it.
 * @param {GameInfo | null | undefined} info
 * @param {OpeningState | null | undefined} opening
 * @returns {string}
 */
export function openingLine(info, opening) {
  const acf = opening && typeof opening.text === "string" ? opening.text : "";
  const tag = info && typeof info === "object" && typeof info.opening === "string" ? info.opening : "";
  const parts = [acf ? `Opening: ${acf}` : "", tag && tag !== acf ? (acf ? tag : `Opening: ${tag}`) : ""];
  return parts.filter(Boolean).join(" · ");
}

/**
 * The lines the header shows for `info` and the game's `opening`:
 * { players, event, result, opening } ("" when absent).
 * @param {GameInfo | null | undefined} info
 * @param {OpeningState | null} [opening]
 * @returns {GameInfoLines}
 */
export function gameInfoLines(info, opening = null) {
  const openingText = openingLine(info, opening);
  if (!info || typeof info !== "object") return { players: "", event: "", result: "", opening: openingText };
  /** @type {Partial<Record<Color, string>>} */
  const sides = info.sides || {};
  /** @type {(name: string | undefined, side: Color) => string} */
  const player = (name, side) => `${name || "?"} (${sides[side] || side})`;
  const players = info.black || info.white ? `${player(info.black, "black")} v ${player(info.white, "white")}` : "";
  const round = info.round ? `round ${info.round}` : "";
  const event = [info.event, info.site, info.date, round].filter(Boolean).join(" · ");
  const result = info.result ? `${info.result_text || "Result"} (${info.result})` : "";
  return { players, event, result, opening: openingText };
}

export class GameInfoHeader {
  /**
   * `info()` reads the `game_info` trait.
   * @param {{ info: () => GameInfo | null | undefined }} options
   */
  constructor({ info }) {
    this.info = info;
    this.element = el("div", "cw-gameinfo", { "data-role": "game-info" });
    this.players = el("div", "cw-gameinfo-players", { "data-role": "game-info-players" });
    this.event = el("div", "cw-gameinfo-event", { "data-role": "game-info-event" });
    this.result = el("div", "cw-gameinfo-result", { "data-role": "game-info-result" });
    this.opening = el("div", "cw-gameinfo-opening", { "data-role": "game-info-opening" });
    this.element.append(this.players, this.event, this.result, this.opening);
    this.element.hidden = true;
  }

  /**
   * Draw the header of the `game_info` trait and the game's opening (state.opening).
   * @param {BoardState | null} state
   */
  update(state) {
    const lines = gameInfoLines(this.info(), (state && state.opening) || null);
    for (const key of /** @type {(keyof GameInfoLines)[]} */ (["players", "event", "result", "opening"])) {
      const node = this[key];
      if (node.textContent !== lines[key]) node.textContent = lines[key];
      node.hidden = !lines[key];
    }
    this.element.hidden = !(lines.players || lines.event || lines.result || lines.opening);
  }
}
