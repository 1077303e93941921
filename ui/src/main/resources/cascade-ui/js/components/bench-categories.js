// The rulebook's category per suite prompt against the suite's label, as a confusion table beside route accuracy:
// a reasoning prompt routed large "because code" is right by route but wrong by reason, and only this table shows it.
import { el } from '../lib/dom.js';
import { formatPercent } from '../lib/format.js';

const CATEGORIES = ['factual', 'everyday', 'reasoning', 'code', 'analysis'];
const capitalize = (text) => (text ? text[0].toUpperCase() + text.slice(1) : text);

/** Rows: the suite's labels; columns: the rulebook's categories ("none": no rule assigned one); cells: prompts. */
export function categoryConfusionTable(categories) {
  if (!categories?.cells?.length) {
    return el('p', { class: 'muted', 'data-testid': 'bench-categories-empty' }, 'No category table: the run had no rulebook.');
  }
  const count = (label, predicted) => categories.cells.find((c) => c.label === label && c.predicted === predicted)?.count || 0;
  const extra = [...new Set(categories.cells.map((c) => c.predicted))].filter((p) => !CATEGORIES.includes(p));
  const predicted = [...CATEGORIES, ...extra];
  const misses = categories.predictions.filter((p) => p.label !== p.predicted);
  return el('div', { class: 'bench-categories' },
    el('p', { class: 'muted', 'data-testid': 'bench-categories-summary' },
      `Rulebook category matches the label for ${categories.matching} of ${categories.prompts} prompts `
      + `(${formatPercent(categories.accuracy)}); rows: label, columns: the rulebook's category.`),
    el('div', { class: 'table-scroll table-scroll--flat', tabindex: '0', role: 'region', 'aria-label': 'Category confusion' },
      el('table', { class: 'kv-table data-table', 'data-testid': 'bench-categories' },
        el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Label ↓ / rules →'),
          predicted.map((p) => el('th', { scope: 'col', class: 'num' }, capitalize(p))))),
        el('tbody', {}, CATEGORIES.filter((label) => categories.cells.some((c) => c.label === label)).map((label) =>
          el('tr', { dataset: { category: label } }, el('th', { scope: 'row' }, capitalize(label)),
            predicted.map((p) => {
              const n = count(label, p);
              return el('td', { class: `num${n && p !== label ? ' num--warn' : ''}`, dataset: { predicted: p } }, n ? String(n) : '·');
            })))))),
    misses.length ? el('ul', { class: 'muted bench-categories__misses', 'data-testid': 'bench-categories-misses' },
      misses.map((m) => el('li', {}, `${m.prompt_id}: labelled ${m.label}, rules say ${m.predicted}`))) : null);
}
