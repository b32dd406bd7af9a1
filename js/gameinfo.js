// The header of a loaded game (model trait `game_info`, built by Python from the PDN
// tags: black, white, event, site, date, round, sides, result, result_text): the two
// players with their sides, then the event line and the result, above the board. It is
// drawn as plain text (textContent only: tag values come from files and are never
// markup). A game without tags has `{}`: no header.

import "./gameinfo.css";
import { el } from "./dom.js";

/** @import { Color, GameInfo } from "./types.js" */
/** @typedef {{ players: string, event: string, result: string }} GameInfoLines */

/**
 * The lines the header shows for `info`: { players, event, result } ("" when absent).
 * @param {GameInfo | null | undefined} info
 * @returns {GameInfoLines}
 */
export function gameInfoLines(info) {
  if (!info || typeof info !== "object") return { players: "", event: "", result: "" };
  /** @type {Partial<Record<Color, string>>} */
  const sides = info.sides || {};
  /** @type {(name: string | undefined, side: Color) => string} */
  const player = (name, side) => `${name || "?"} (${sides[side] || side})`;
  const players = info.black || info.white ? `${player(info.black, "black")} v ${player(info.white, "white")}` : "";
  const round = info.round ? `round ${info.round}` : "";
  const event = [info.event, info.site, info.date, round].filter(Boolean).join(" · ");
  const result = info.result ? `${info.result_text || "Result"} (${info.result})` : "";
  return { players, event, result };
}

export class GameInfoHeader {
  constructor() {
    this.element = el("div", "cw-gameinfo", { "data-role": "game-info" });
    this.players = el("div", "cw-gameinfo-players", { "data-role": "game-info-players" });
    this.event = el("div", "cw-gameinfo-event", { "data-role": "game-info-event" });
    this.result = el("div", "cw-gameinfo-result", { "data-role": "game-info-result" });
    this.element.append(this.players, this.event, this.result);
    this.element.hidden = true;
  }

  /**
   * Draw the header of the `game_info` trait.
   * @param {GameInfo | null | undefined} info
   */
  update(info) {
    const lines = gameInfoLines(info);
    for (const key of /** @type {(keyof GameInfoLines)[]} */ (["players", "event", "result"])) {
      const node = this[key];
      if (node.textContent !== lines[key]) node.textContent = lines[key];
      node.hidden = !lines[key];
    }
    this.element.hidden = !(lines.players || lines.event || lines.result);
  }
}
