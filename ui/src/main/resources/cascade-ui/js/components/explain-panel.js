// Shows a routing decision from POST /api/route: route, rule, reason and the extracted facts.
// Used by Compare's "Explain routing".
import { el, setText, replaceChildren } from '../lib/dom.js';
import { EMPTY, formatFact } from '../lib/format.js';
import { routeBadge, setRouteBadge } from './route-badge.js';

export class ExplainPanel {
  constructor() {
    this.route = routeBadge(null, 'explain-route');
    this.rule = el('span', { class: 'explain__rule', 'data-testid': 'explain-rule' }, EMPTY);
    this.reason = el('span', { 'data-testid': 'explain-reason' }, EMPTY);
    this.version = el('span', { class: 'muted', 'data-testid': 'explain-version' });
    this.fired = el('ol', { class: 'explain__fired', 'data-testid': 'explain-fired' });
    this.firedRow = el('div', {}, el('dt', {}, 'Fired'), el('dd', {}, this.fired));
    this.message = el('p', { class: 'explain__message', 'data-testid': 'explain-message' });
    this.facts = el('tbody', { 'data-testid': 'facts' });
    this.details = el('div', { class: 'explain__details', hidden: true },
      el('dl', { class: 'explain__summary' },
        el('div', {}, el('dt', {}, 'Route'), el('dd', {}, this.route)),
        el('div', {}, el('dt', {}, 'Rule'), el('dd', {}, this.rule)),
        el('div', { class: 'explain__reason' }, el('dt', {}, 'Reason'), el('dd', {}, this.reason)),
        this.firedRow),
      el('div', { class: 'explain__facts-head' }, el('span', {}, 'Extracted facts'), this.version),
      el('div', { class: 'table-scroll', tabindex: '0', role: 'region', 'aria-label': 'Extracted facts' },
        el('table', { class: 'kv-table facts-table' },
          el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Fact'), el('th', { scope: 'col' }, 'Value'))),
          this.facts)));
    this.root = el('div', { class: 'explain', 'data-testid': 'explain-result' }, this.message, this.details);
    this.showMessage('Ask the rulebook how it would route the prompt, without generating anything.');
  }

  showMessage(text, tone = 'muted') {
    this.message.dataset.tone = tone;
    this.message.hidden = false;
    this.details.hidden = true;
    setText(this.message, text);
  }

  /** Renders a decision: { route, rule, reason, rules_version, facts }. */
  show(decision) {
    this.message.hidden = true;
    this.details.hidden = false;
    setRouteBadge(this.route, decision.route);
    setText(this.rule, decision.rule || EMPTY);
    setText(this.reason, decision.reason || EMPTY);
    setText(this.version, decision.rules_version == null ? '' : `rules v${decision.rules_version}`);
    const fired = Array.isArray(decision.facts?.fired_rules) ? decision.facts.fired_rules : [];
    this.firedRow.hidden = fired.length === 0;
    replaceChildren(this.fired, fired.map((name) => el('li', {}, name)));
    const rows = Object.entries(decision.facts || {}).map(([key, value]) =>
      el('tr', { dataset: { fact: key } }, el('th', { scope: 'row' }, key), el('td', {}, formatFact(value))));
    replaceChildren(this.facts, rows);
  }

  clear() {
    this.showMessage('Ask the rulebook how it would route the prompt, without generating anything.');
  }
}
