// Milestones (state.milestones: { earned: [{id, title, description, date}], all: [{id,
// title, description}], new: [ids earned with this state] }): a "★ 3/8" button in the
// controls opens a panel listing every milestone, the earned ones marked with their
// date; and a milestone newly earned shows a short toast ("Milestone: First capture")
// that fades after a few seconds. Python decides what is earned and when; the button and
// the panel are this view's own (nothing is sent), and each view shows a given new
// milestone's toast once.

import { control } from "./controls.js";
import { el } from "./dom.js";

/** @import { BoardState, EarnedMilestone, Milestone, MilestonesState } from "./types.js" */
/**
 * @typedef {object} MilestoneItem One line of the panel.
 * @property {string} id
 * @property {string} title
 * @property {string} description
 * @property {boolean} earned
 * @property {string} date the day it was earned, or ""
 */

const TOAST_MS = 4000; // how long a toast stays
const FADE_MS = 400; // and fades (no fade with reduced motion)
let panelCounter = 0;

/**
 * A date as Python wrote it, shortened to the day when it is an ISO time stamp.
 * @param {unknown} date
 * @returns {string}
 */
export function dayOf(date) {
  const text = date === null || date === undefined ? "" : String(date);
  const m = /^(\d{4}-\d{2}-\d{2})(?:[T ].*)?$/.exec(text);
  return m ? m[1] : text;
}

/**
 * The list the panel shows: every milestone of `all` (then any earned one not in it),
 * each `{ id, title, description, earned, date }`.
 * @param {MilestonesState | null | undefined} milestones
 * @returns {MilestoneItem[]}
 */
export function milestoneList(milestones) {
  /** @type {Map<string, EarnedMilestone>} */
  const earned = new Map();
  for (const m of (milestones && milestones.earned) || []) if (m && m.id !== undefined) earned.set(m.id, m);
  /** @type {MilestoneItem[]} */
  const out = [];
  /** @type {Set<string>} */
  const seen = new Set();
  /** @param {Milestone} m */
  const add = (m) => {
    if (!m || m.id === undefined || seen.has(m.id)) return;
    seen.add(m.id);
    const got = earned.get(m.id);
    out.push({
      id: m.id,
      title: m.title || (got && got.title) || String(m.id),
      description: m.description || (got && got.description) || "",
      earned: Boolean(got),
      date: got ? dayOf(got.date) : "",
    });
  };
  for (const m of (milestones && milestones.all) || []) add(m);
  for (const m of earned.values()) add(m);
  return out;
}

export class Milestones {
  /**
   * `motion()`: whether the toast may fade (false with reduced motion).
   * @param {{ motion?: () => boolean }} [options]
   */
  constructor({ motion = () => true } = {}) {
    this.motion = motion;
    this.open = false;
    /** @type {string | null} */
    this.key = null;
    /** @type {Set<string>} */
    this.shownNew = new Set(); // ids this view has already toasted
    /** @type {ReturnType<typeof setTimeout>[]} */
    this.timers = [];
    const id = `cw-milestones-${++panelCounter}`;
    this.button = el("button", "cw-btn cw-milestones-btn", {
      type: "button",
      "data-action": "milestones",
      "aria-expanded": "false",
      "aria-controls": id,
    });
    this.button.hidden = true;
    this.panel = el("section", "cw-milestones", { id, "data-role": "milestones", "aria-label": "Milestones" });
    this.head = el("div", "cw-milestones-head");
    this.list = el("ul", "cw-milestones-list");
    this.panel.append(this.head, this.list);
    this.panel.hidden = true;
    // The toast: a polite status message under the controls, never over the board.
    this.toast = el("div", "cw-toast", { "data-role": "toast", role: "status" });
    this.toast.hidden = true;
  }

  /**
   * The button, the panel and any toast for a new state.
   * @param {BoardState | null} state
   */
  update(state) {
    const milestones = (state && state.milestones) || null;
    this.button.hidden = !milestones || !control(state, "milestones").shown;
    if (!milestones) {
      this.setOpen(false);
      return;
    }
    const items = milestoneList(milestones);
    const got = items.filter((m) => m.earned).length;
    this.button.textContent = `★ ${got}/${items.length}`;
    this.button.title = `Milestones: ${got} of ${items.length} earned`;
    this.button.setAttribute("aria-label", `Milestones, ${got} of ${items.length} earned`);
    const key = JSON.stringify(items);
    if (key !== this.key) {
      this.key = key;
      this.build(items, got);
    }
    this.panel.hidden = !this.open;
    const byId = new Map(items.map((m) => [m.id, m]));
    const fresh = (milestones.new || []).filter((id) => !this.shownNew.has(id));
    for (const id of fresh) this.shownNew.add(id);
    if (fresh.length) this.showToast(fresh.map((id) => `Milestone: ${(byId.get(id) || { title: String(id) }).title}`));
  }

  /**
   * Fill the panel.
   * @param {MilestoneItem[]} items
   * @param {number} got how many are earned
   */
  build(items, got) {
    this.head.textContent = `Milestones: ${got} of ${items.length} earned`;
    const nodes = items.map((m) => {
      const li = el("li", "cw-milestone", { "data-milestone": String(m.id), "data-earned": String(m.earned) });
      const mark = el("span", "cw-milestone-mark", { "aria-hidden": "true" });
      mark.textContent = m.earned ? "★" : "☆";
      const body = el("div", "cw-milestone-body");
      const title = el("div", "cw-milestone-title");
      title.textContent = m.title;
      const state = el("span", "cw-sr");
      state.textContent = m.earned ? ", earned" : ", not earned yet";
      title.appendChild(state);
      body.appendChild(title);
      if (m.description) {
        const d = el("div", "cw-milestone-desc");
        d.textContent = m.description;
        body.appendChild(d);
      }
      if (m.earned && m.date) {
        const t = el("time", "cw-milestone-date", { datetime: m.date });
        t.textContent = `Earned ${m.date}`;
        body.appendChild(t);
      }
      li.append(mark, body);
      return li;
    });
    this.list.replaceChildren(...nodes);
  }

  /** @param {boolean} open */
  setOpen(open) {
    this.open = Boolean(open) && !this.button.hidden;
    this.button.setAttribute("aria-expanded", String(this.open));
    this.button.classList.toggle("cw-open", this.open);
    this.panel.hidden = !this.open;
    // A tab stop while open, so that a long list scrolls from the keyboard (Escape closes).
    if (this.open) this.panel.setAttribute("tabindex", "0");
    else this.panel.removeAttribute("tabindex");
  }

  /** @param {string[]} lines */
  showToast(lines) {
    this.clearTimers();
    this.toast.classList.remove("cw-toast-out");
    this.toast.hidden = false;
    this.toast.replaceChildren(
      ...lines.map((line) => {
        const div = el("div", "cw-toast-line");
        div.textContent = line;
        return div;
      }),
    );
    this.timers.push(
      setTimeout(() => {
        if (!this.motion()) {
          this.hideToast();
          return;
        }
        this.toast.classList.add("cw-toast-out");
        this.timers.push(setTimeout(() => this.hideToast(), FADE_MS));
      }, TOAST_MS),
    );
  }

  hideToast() {
    this.clearTimers();
    this.toast.hidden = true;
    this.toast.classList.remove("cw-toast-out");
    this.toast.replaceChildren();
  }

  clearTimers() {
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
  }

  /**
   * The button opens and closes the panel; Escape in the panel closes it.
   * @param {AbortSignal} signal
   */
  listen(signal) {
    this.button.addEventListener("click", () => this.setOpen(!this.open), { signal });
    this.panel.addEventListener(
      "keydown",
      (event) => {
        if (event.key !== "Escape" && event.key !== "Esc") return;
        event.preventDefault();
        event.stopPropagation();
        this.setOpen(false);
        this.button.focus({ preventScroll: true });
      },
      { signal },
    );
    this.toast.addEventListener("click", () => this.hideToast(), { signal });
  }

  destroy() {
    this.clearTimers();
  }
}
