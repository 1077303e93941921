// The small/large route badge shared by the Compare columns, the routing explanation and the Rules dry-run. Text only.
import { el, setText } from '../lib/dom.js';
import { EMPTY } from '../lib/format.js';

/** A badge for route "small" | "large"; any other value shows neutral. */
export function routeBadge(route, testId) {
  const badge = el('span', { class: 'badge', 'data-testid': testId });
  setRouteBadge(badge, route);
  return badge;
}

export function setRouteBadge(badge, route) {
  badge.dataset.route = route || 'none';
  setText(badge, route || EMPTY);
}
