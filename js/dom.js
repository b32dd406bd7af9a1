// The DOM helpers every part of the front end uses to build its elements.

/**
 * A new `tag` element with `className` (if any) and the attributes in `attrs`.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {string} [className]
 * @param {Record<string, string>} [attrs]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, className, attrs = {}) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  return node;
}

/**
 * A button (`type="button"`) that does `action` (its data-action), with its label and,
 * if given, its title (the tooltip).
 * @param {string} action
 * @param {string | Node} label
 * @param {string} [title]
 * @param {string} [className]
 * @returns {HTMLButtonElement}
 */
export function button(action, label, title, className = "cw-btn") {
  const b = el("button", className, { type: "button", "data-action": action });
  b.append(label);
  if (title) b.title = title;
  return b;
}

let idCounter = 0;

/**
 * An id no other element on the page has, for ARIA references (label for,
 * aria-describedby, aria-activedescendant). A counter alone is not enough: a front end
 * may load this module once per widget, each copy counting from one, on the same page.
 * @param {string} prefix
 * @returns {string}
 */
export function uniqueId(prefix) {
  const random = Math.random().toString(36).slice(2, 10);
  return `${prefix}-${++idCounter}-${random}`;
}
