// Small DOM helpers. Everything that shows data goes through textContent / Text nodes, never innerHTML:
// model output, rule names and facts are text, and must never become markup.

/**
 * Creates an element. attrs: plain attributes, plus `class`, `dataset` (object), `on` (event → handler). No `style`
 * attribute: the gateway's Content-Security-Policy blocks inline styles, so set `node.style.x` (CSSOM) instead.
 * children: nodes or strings (strings become Text nodes), null/undefined/false are skipped.
 */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === 'class') node.className = value;
    else if (key === 'dataset') Object.assign(node.dataset, value);
    else if (key === 'on') for (const [event, handler] of Object.entries(value)) node.addEventListener(event, handler);
    else if (key === 'text') node.textContent = String(value);
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  appendChildren(node, children);
  return node;
}

function appendChildren(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replaces an element's content with plain text (the one render path for untrusted strings). */
export function setText(node, text) {
  node.textContent = text === null || text === undefined ? '' : String(text);
  return node;
}

/** Replaces an element's children with the given nodes/strings. */
export function replaceChildren(node, ...children) {
  node.replaceChildren();
  appendChildren(node, children);
  return node;
}

/** First element matching a data-testid inside root. */
export function byTestId(root, testId) {
  return root.querySelector(`[data-testid="${testId}"]`);
}
