// Answer quality of a judged benchmark run: the cascade against the baseline, per category and per route, as
// win/tie/loss/unjudged counts with a stacked bar, and the reminder that the demo models' answers are synthetic.
import { el } from '../lib/dom.js';
import { formatInt } from '../lib/format.js';

export const DEMO_NOTE = 'The demo models’ answers are synthetic: judging them measures nothing. '
  + 'Point the judge at runs of real models.';
const OUTCOMES = [['wins', 'Wins'], ['ties', 'Ties'], ['losses', 'Losses'], ['unjudged', 'Unjudged']];
const capitalize = (text) => (text ? text[0].toUpperCase() + text.slice(1) : text);

/** A bar of four segments sized by share; its text alternative says the counts. */
function bar(tally) {
  const total = OUTCOMES.reduce((sum, [key]) => sum + (tally[key] || 0), 0);
  return el('span', { class: 'quality-bar', role: 'img',
    'aria-label': OUTCOMES.map(([key, label]) => `${label} ${tally[key] || 0}`).join(', ') },
  total === 0 ? null : OUTCOMES.filter(([key]) => tally[key] > 0).map(([key]) => {
    const part = el('span', { class: `quality-bar__part quality-bar__part--${key}` });
    part.style.width = `${(100 * tally[key]) / total}%`; // CSSOM, not a style attribute: the CSP allows it
    return part;
  }));
}

function row(group, tally, name) {
  return el('tr', { dataset: { group, key: tally.key }, class: group === 'all' ? 'data-table__total' : null },
    el('th', { scope: 'row' }, name),
    OUTCOMES.map(([key]) => el('td', { class: 'num', dataset: { outcome: key } }, formatInt(tally[key] || 0))),
    el('td', {}, bar(tally)));
}

function stateLine(quality) {
  if (quality.state === 'skipped') return `Not judged: ${quality.note}`;
  const judged = (quality.prompts || []).length;
  const who = `Judge ${quality.judge_model}: ${quality.cascade_target} against ${quality.baseline_target}, `
    + 'each prompt in both orders (a win needs both orders, or one and a tie)';
  return quality.state === 'judging' ? `${who} · judging ${judged}/${quality.pairs}…` : `${who} · ${judged} prompts`;
}

/** The card body for run.quality (null: the run was not judged). */
export function qualityPanel(quality) {
  const note = el('p', { class: 'muted', 'data-testid': 'bench-quality-note' }, DEMO_NOTE);
  if (!quality) {
    return el('div', {}, el('p', { class: 'muted', 'data-testid': 'bench-quality-state' },
      'Not judged. Tick “Judge answers” (needs a judge configured with cascade.judge.url and a baseline).'), note);
  }
  const rows = [];
  if (quality.overall) {
    rows.push(row('all', quality.overall, 'All prompts'));
    (quality.by_category || []).forEach((t) => rows.push(row('category', t, capitalize(t.key))));
    (quality.by_route || []).forEach((t) => rows.push(row('route', t, `Route ${t.key}`)));
  }
  return el('div', {},
    el('p', { class: 'muted', 'data-testid': 'bench-quality-state', dataset: { state: quality.state } }, stateLine(quality)),
    rows.length ? el('div', { class: 'table-scroll table-scroll--flat', tabindex: '0', role: 'region', 'aria-label': 'Answer quality' },
      el('table', { class: 'kv-table data-table', 'data-testid': 'bench-quality' },
        el('caption', { class: 'visually-hidden' }, 'Answer quality: the cascade against the baseline'),
        el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Prompts'),
          OUTCOMES.map(([, label]) => el('th', { scope: 'col', class: 'num' }, label)), el('th', { scope: 'col' }, 'Share'))),
        el('tbody', {}, rows))) : null,
    note);
}
