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
