// Network play (state.network: { role: "host" | "guest", status, connected, paused,
// peer, request }): a line above the board with what is wrong with the connection in
// Python's words ("Bob has left"; empty while all is well, since the status line says
// where the game stands), and, on the host, a join request ("Alice (192.168.1.7) wants
// to join") with Accept and Refuse, sent as the "accept-peer" and "refuse-peer"
// commands. While the connection is lost the pause cover shows the status instead, so
// the line shows nothing then: each thing is said once. Python runs the connection and
// decides everything; this only shows it and passes the answer on.

import { button, el } from "./dom.js";

/** @import { BoardState, PeerRequest } from "./types.js" */
/** @typedef {"accept-peer" | "refuse-peer"} PeerAnswer */

/**
 * "Alice (192.168.1.7) wants to join", from the request Python sent.
 * @param {PeerRequest | null | undefined} request
 * @returns {string}
 */
export function requestText(request) {
  if (!request) return "";
  const name = request.name || "Someone";
  return `${name}${request.address ? ` (${request.address})` : ""} wants to join`;
}

export class NetworkLine {
  /**
   * `command(name)` sends a command intent.
   * @param {{ command: (name: PeerAnswer) => void }} options
   */
  constructor({ command }) {
    this.command = command;
    this.element = el("div", "cw-network", { "data-role": "network" });
    const dot = el("span", "cw-network-dot", { "aria-hidden": "true" });
    // Polite live text: a change of connection is worth hearing, and changes are rare.
    this.text = el("span", "cw-network-text", { "data-role": "network-status", role: "status" });
    this.request = el("div", "cw-peer-request", { "data-role": "peer-request", role: "group" });
    this.requestText = el("span", "cw-peer-request-text", { role: "status" });
    this.accept = button("accept-peer", "Accept", "", "cw-btn cw-primary");
    this.refuse = button("refuse-peer", "Refuse");
    this.request.append(this.requestText, this.accept, this.refuse);
    this.request.hidden = true;
    this.element.append(dot, this.text, this.request);
    this.element.hidden = true;
    /** @type {PeerAnswer | null} */
    this.answered = null; // the request answered from this view, until a new state comes
  }

  /**
   * Show the connection's trouble and any join request of a new state.
   * @param {BoardState | null} state
   * @param {{ interactive?: boolean }} [options]
   */
  update(state, { interactive = true } = {}) {
    const network = (state && state.network) || null;
    this.element.hidden = !network;
    if (!network) {
      this.request.hidden = true;
      return;
    }
    this.element.setAttribute("data-network-role", network.role === "guest" ? "guest" : "host");
    this.element.setAttribute("data-connected", String(Boolean(network.connected)));
    // While paused, the cover over the board says what happened to the connection.
    const status = network.paused ? "" : network.status || "";
    if (this.text.textContent !== status) this.text.textContent = status;
    this.text.hidden = !status;
    const request = network.request || null;
    const text = requestText(request);
    this.element.hidden = !status && !request;
    this.request.hidden = !request;
    if (this.requestText.textContent !== text) this.requestText.textContent = text;
    this.request.setAttribute("aria-label", text || "Join request");
    this.accept.title = request ? `Let ${request.name || "them"} join and play` : "";
    this.refuse.title = request ? `Turn ${request.name || "them"} away` : "";
    // One answer per request: the buttons wait for Python's next state.
    this.answered = null;
    this.accept.disabled = this.refuse.disabled = !interactive;
  }

  /**
   * Answer the join request (once).
   * @param {PeerAnswer} name
   */
  answer(name) {
    if (this.answered || this.request.hidden) return;
    this.answered = name;
    this.accept.disabled = this.refuse.disabled = true;
    this.command(name);
  }

  /** @param {AbortSignal} signal */
  listen(signal) {
    this.accept.addEventListener("click", () => this.answer("accept-peer"), { signal });
    this.refuse.addEventListener("click", () => this.answer("refuse-peer"), { signal });
  }
}
