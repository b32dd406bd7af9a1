// marimo re-runs the cells that read a board only when a trait changes from the browser,
// not when Python publishes a state. So, in marimo, after a new position the board's
// player brought about, Python asks (widget/marimo_reports.py) for a report of the
// position drawn here: the view-side trait drawn_version, which Python never acts on.
// Outside marimo Python never asks, and this sends nothing.

/** @import { Model } from "./types.js" */

/**
 * Whether a message from Python is a request for a report.
 * @param {unknown} message
 * @returns {message is { kind: "report-drawn", version: number }}
 */
export function isReportRequest(message) {
  if (typeof message !== "object" || message === null) return false;
  const { kind, version } = /** @type {{ kind?: unknown, version?: unknown }} */ (message);
  return kind === "report-drawn" && typeof version === "number";
}

export class DrawnReport {
  /**
   * `drawn()` is the version of the state this view has drawn (undefined before one).
   * @param {{ model: Model, drawn: () => number | undefined }} options
   */
  constructor({ model, drawn }) {
    this.model = model;
    this.drawn = drawn;
    /** The newest version Python asked about and this view has not reported yet (0: none). */
    this.due = 0;
  }

  /**
   * A custom message from Python: a request to report is noted (and answered at once
   * if its state is drawn already); any other message is none of this module's.
   * @param {unknown} message
   */
  received(message) {
    if (!isReportRequest(message)) return;
    this.due = Math.max(this.due, message.version);
    this.stateDrawn();
  }

  /** The view has drawn a state: report it if Python asked about it (or an older one). */
  stateDrawn() {
    const version = this.drawn();
    if (!this.due || typeof version !== "number" || version < this.due) return;
    this.due = 0;
    // Another view of the same model may have reported it already: say it only once.
    if (this.model.get("drawn_version") === version) return;
    this.model.set("drawn_version", version);
    this.model.save_changes();
  }
}
