// The screen-reader mode's command line (the accessible trait): a text box above the
// board where a line is typed and Enter runs it. A move is sent to Python as typed
// (a typed-move intent: Python reads the notation, decides, and publishes the new
// position or the refusal, which is read out); a question is answered from the state
// Python published (readout.js). Every answer goes through the board's live region,
// and is shown under the box for whoever sits beside the player.
//
// Keys in the box: Enter runs the line, Escape clears it, Up and Down go through the
// lines typed before. Nothing typed here reaches the board's or the notebook's shortcuts.

import { parseCommand } from "./command_line.js";
import { el, uniqueId } from "./dom.js";
import { geometryOf } from "./geometry.js";
import { isPaused } from "./pause.js";
import { clockText, helpText, lastMoveText, movesText, piecesText, rowText } from "./readout.js";

/** @import { BoardState, DrawnState } from "./types.js" */
/** @import { Command } from "./command_line.js" */
/**
 * @typedef {object} CommandLineOptions
 * @property {(notation: string) => void} sendMove send a typed move to Python
 * @property {(text: string) => void} say read `text` out (the live region)
 * @property {() => DrawnState} getState what the board draws now
 * @property {() => number} clockLeft seconds left on the clock now, as the bar shows it
 */

const HISTORY = 20; // lines kept for Up and Down

/** What the help line under the box says. */
export const COMMAND_HELP = "Type a move (11-15, 9x18x27) or m 11, p, l, c, s 3; ? lists them";

export class CommandLine {
  /** @param {CommandLineOptions} options */
  constructor({ sendMove, say, getState, clockLeft }) {
    this.sendMove = sendMove;
    this.say = say;
    this.getState = getState;
    this.clockLeft = clockLeft;
    /** @type {{ version: number, notation: string } | null} a typed move awaiting Python's answer */
    this.awaiting = null;
    /** @type {string[]} */
    this.history = [];
    this.recall = 0; // how far back Up went (0: the line being typed)
    const helpId = uniqueId("cw-command-help");
    const labelId = uniqueId("cw-command-label");
    this.element = el("div", "cw-command", { "data-role": "command-line", role: "group", "aria-label": "Command line" });
    // The label holds the box (a click on the word focuses it); the box is named by the
    // word alone (a label's name would take in what is typed).
    const row = el("label", "cw-command-row");
    const label = el("span", "cw-command-label", { id: labelId });
    label.textContent = "Command";
    this.input = el("input", "cw-command-input", {
      type: "text",
      "data-role": "command",
      "data-lm-suppress-shortcuts": "true",
      autocomplete: "off",
      autocapitalize: "off",
      spellcheck: "false",
      enterkeyhint: "send",
      "aria-labelledby": labelId,
      "aria-describedby": helpId,
    });
    row.append(label, this.input);
    this.help = el("div", "cw-command-help", { id: helpId });
    this.help.textContent = `${COMMAND_HELP}.`;
    // The last answer, for the eyes (the live region has read it already).
    this.echo = el("div", "cw-command-echo", { "data-role": "command-echo", "aria-hidden": "true" });
    this.echo.hidden = true;
    this.element.append(row, this.help, this.echo);
    this.element.hidden = true;
  }

  /**
   * Show the command line (the accessible trait on) or hide it.
   * @param {boolean} on
   */
  setOn(on) {
    this.element.hidden = !on;
    if (!on) this.awaiting = null;
  }

  /**
   * Run one typed line; returns what it asked for.
   * @param {string} text
   * @returns {Command}
   */
  run(text) {
    const state = this.getState();
    const board = geometryOf(state);
    const command = parseCommand(text, { squares: board.count, rows: board.rows.length });
    if (command.kind !== "empty") {
      this.history = [...this.history.filter((t) => t !== text.trim()), text.trim()].slice(-HISTORY);
    }
    this.recall = 0;
    switch (command.kind) {
      case "empty":
        break;
      case "error":
        this.answer(command.text);
        break;
      case "move":
        // Python decides: its answer (the move played, or why not) is read when it comes.
        this.awaiting = { version: state.version, notation: command.notation };
        this.echo.textContent = `${command.notation}: sent`;
        this.echo.hidden = false;
        this.sendMove(command.notation);
        break;
      case "help":
        this.answer(helpText(state));
        break;
      case "clock":
        this.answer(clockText(state, this.clockLeft()));
        break;
      default:
        // The position is hidden while the game is paused: nothing is read from it.
        if (isPaused(state)) {
          this.answer("The game is paused, and the board with it: resume it to read the position.");
        } else {
          this.answer(this.readout(command, state));
        }
    }
    return command;
  }

  /**
   * The answer to a question about the position.
   * @param {Command} command
   * @param {DrawnState} state
   * @returns {string}
   */
  readout(command, state) {
    if (command.kind === "moves") return movesText(state, command.square);
    if (command.kind === "pieces") return piecesText(state);
    if (command.kind === "last") return lastMoveText(state);
    if (command.kind === "scan") return rowText(state, command.row);
    return "";
  }

  /**
   * Say `text` and show it under the box.
   * @param {string} text
   */
  answer(text) {
    this.echo.textContent = text;
    this.echo.hidden = false;
    this.say(text);
  }

  /**
   * What to read when `next` follows `prev`, given the board's `usual` announcement.
   * The answer to a typed move that Python refused (the position unchanged, the status
   * line saying why) is "Not played: ..." and the reason; otherwise the usual words.
   * @param {BoardState | null} prev
   * @param {BoardState} next
   * @param {string} usual
   * @returns {string}
   */
  response(prev, next, usual) {
    const awaiting = this.awaiting;
    if (!awaiting || !prev) return usual;
    const status = next.status;
    const refused = status && (status.kind === "refused" || status.kind === "error");
    if (next.version === awaiting.version && !refused) return usual; // not the answer yet
    this.awaiting = null;
    const text = next.version === awaiting.version ? `Not played: ${status.text}` : usual;
    this.echo.textContent = `${awaiting.notation}: ${text}`;
    this.echo.hidden = false;
    return text;
  }

  /**
   * Up and Down: the lines typed before.
   * @param {number} step 1 back, -1 forward
   */
  browse(step) {
    const recall = Math.max(0, Math.min(this.history.length, this.recall + step));
    if (recall === this.recall) return;
    this.recall = recall;
    this.input.value = recall ? this.history[this.history.length - recall] : "";
  }

  /**
   * Wire the box; listeners go away with `signal`.
   * @param {AbortSignal} signal
   */
  listen(signal) {
    this.input.addEventListener(
      "keydown",
      (event) => {
        // Typing is for the box, not for the board's keys or the notebook's shortcuts.
        event.stopPropagation();
        if (event.key === "Enter") {
          event.preventDefault();
          const text = this.input.value;
          this.input.value = "";
          this.run(text);
        } else if (event.key === "Escape" || event.key === "Esc") {
          this.input.value = "";
          this.recall = 0;
        } else if (event.key === "ArrowUp") {
          event.preventDefault();
          this.browse(1);
        } else if (event.key === "ArrowDown") {
          event.preventDefault();
          this.browse(-1);
        }
      },
      { signal },
    );
  }
}
