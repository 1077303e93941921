// The result of a rules dry-run: how many suite prompts change route, a table of every prompt (changes first and
// highlighted: old route/rule → new route/rule), and the edited rules that never fire or never matter.
import { el } from '../lib/dom.js';
import { routeBadge } from './route-badge.js';

function decision(outcome, testId) {
  if (outcome?.error) {
    return el('div', { class: 'decision-cell decision-cell--error', 'data-testid': testId },
      el('span', { class: 'pill pill--bad' }, 'error'), el('span', { class: 'decision-cell__rule' }, outcome.error));
  }
  return el('div', { class: 'decision-cell', 'data-testid': testId },
    routeBadge(outcome?.route, `${testId}-route`),
    el('span', { class: 'decision-cell__rule', 'data-testid': `${testId}-rule`, title: outcome?.rule || 'default' }, outcome?.rule || 'default'));
}

export function summaryLine(summary) {
  const parts = [`${summary.changed} of ${summary.prompts} prompts change route`];
  if (summary.changed) parts.push(`${summary.to_large} to large, ${summary.to_small} to small`);
  if (summary.rule_changed > summary.changed) parts.push(`${summary.rule_changed - summary.changed} more keep the route with another rule`);
  if (summary.with_expected_route) {
    parts.push(`expected route met: ${summary.active_matches_expected} → ${summary.candidate_matches_expected} of ${summary.with_expected_route}`);
  }
  if (summary.errors) parts.push(`${summary.errors} evaluation errors`);
  return parts.join(' · ');
}

function ruleList(title, rules, testId, hint) {
  return el('div', { class: 'rule-list', 'data-testid': testId },
    el('h3', { class: 'rule-list__title', title: hint }, `${title} (${rules.length})`),
    rules.length ? el('ul', {}, rules.map((rule) => el('li', {}, rule))) : el('p', { class: 'muted' }, 'None.'));
}

/** report: the body of POST /api/rules/dry-run. */
export function renderDryRun(report) {
  const rows = (report.results || []).map((r) => el('tr', {
    'data-testid': 'dry-run-row', dataset: { id: r.id, changed: String(!!r.changed), ruleChanged: String(!!r.rule_changed) },
  },
  el('td', { class: 'dry-run__prompt', title: r.prompt }, r.prompt),
  el('td', {}, r.category || '—', r.expected_route ? el('span', { class: 'muted dry-run__expects' }, `expects ${r.expected_route}`) : null),
  el('td', {}, decision(r.active, 'dry-run-active')),
  el('td', { class: 'dry-run__arrow', 'aria-hidden': 'true' }, '→'),
  el('td', {}, decision(r.candidate, 'dry-run-candidate'))));
  return el('div', { class: 'dry-run', 'data-testid': 'dry-run' },
    el('p', { class: 'dry-run__summary', 'data-testid': 'dry-run-summary', dataset: { changed: String(report.summary?.changed ?? 0) } },
      summaryLine(report.summary || { changed: 0, prompts: 0 })),
    // Scrolls on its own: focusable and named, so keyboard users can scroll it too.
    el('div', { class: 'table-scroll dry-run__scroll', tabindex: '0', role: 'region', 'aria-label': 'Dry-run result per prompt' },
      el('table', { class: 'kv-table data-table dry-run__table', 'data-testid': 'dry-run-table' },
        el('thead', {}, el('tr', {},
          el('th', { scope: 'col' }, 'Prompt'), el('th', { scope: 'col' }, 'Category'),
          el('th', { scope: 'col' }, `Active (v${report.active_version ?? '?'})`), el('th', { scope: 'col' }),
          el('th', { scope: 'col' }, 'Edited'))),
        el('tbody', {}, rows))),
    el('div', { class: 'rule-lists' },
      ruleList('Never fire', report.never_fired || [], 'dry-run-never-fired', 'Edited rules that fired on none of the prompts'),
      ruleList('Fire but never decide', report.shadowed || [], 'dry-run-shadowed',
        'Edited rules that fired but never chose the final route or category')));
}
