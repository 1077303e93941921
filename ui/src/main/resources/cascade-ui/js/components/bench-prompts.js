// Per-prompt results of a benchmark run (prompt, category, route, each system's median latency, speed-up), sortable
// by any column, and the description of the suite itself (what the prompts are, from GET /api/console).
import { el, replaceChildren } from '../lib/dom.js';
import { EMPTY, formatMs } from '../lib/format.js';
import { systemName } from './bench-tables.js';

const PROMPT_CHARS = 56;
const clip = (text) => (text && text.length > PROMPT_CHARS ? `${text.slice(0, PROMPT_CHARS - 1)}…` : text || EMPTY);

/** A sortable table of run.prompts; clicking a header sorts by it (again: the other direction). */
export class PromptTable {
  constructor() {
    this.sort = { key: 'index', ascending: true };
    this.run = null;
    this.root = el('div', { class: 'table-scroll table-scroll--flat' });
  }

  render(run) {
    this.run = run;
    const targets = (run.config?.targets || []).map((t) => t.name);
    const columns = [
      { key: 'prompt', label: 'Prompt', value: (p) => p.prompt || p.prompt_id },
      { key: 'category', label: 'Category', value: (p) => p.category },
      { key: 'route', label: 'Route', value: (p) => p.route || '' },
      ...targets.map((t) => ({ key: `median:${t}`, label: `${systemName(t)} median`, numeric: true, value: (p) => p.median_ms?.[t] })),
      { key: 'speed_up', label: 'Speed-up', numeric: true, value: (p) => p.speed_up },
    ];
    const rows = (run.prompts || []).map((p, index) => ({ p, index }));
    const column = columns.find((c) => c.key === this.sort.key);
    if (column) {
      rows.sort((x, y) => compare(column.value(x.p), column.value(y.p)) * (this.sort.ascending ? 1 : -1) || x.index - y.index);
    }
    const header = columns.map((c) => el('th', { scope: 'col', class: c.numeric ? 'num' : null,
      'aria-sort': this.sort.key === c.key ? (this.sort.ascending ? 'ascending' : 'descending') : 'none' },
    el('button', { type: 'button', class: 'sort-button', 'data-testid': `sort-${c.key}`, on: { click: () => this.sortBy(c.key) } }, c.label)));
    replaceChildren(this.root, el('table', { class: 'kv-table data-table', 'data-testid': 'bench-prompt-table' },
      el('caption', { class: 'visually-hidden' }, 'Results per prompt; column headers sort'),
      el('thead', {}, el('tr', {}, header)),
      el('tbody', {}, rows.length ? rows.map(({ p }) => el('tr', { dataset: { promptId: p.prompt_id } },
        el('th', { scope: 'row', title: p.prompt || '' }, el('span', { class: 'mono muted' }, `${p.prompt_id} `), clip(p.prompt)),
        el('td', {}, p.category),
        el('td', { class: p.route && p.route !== p.expected_route ? 'num--warn' : null,
          title: `expected ${p.expected_route}` }, p.route || EMPTY),
        targets.map((t) => el('td', { class: 'num' }, formatMs(p.median_ms?.[t]))),
        el('td', { class: 'num' }, p.speed_up == null ? EMPTY : `${p.speed_up.toFixed(2)}×`)))
        : el('tr', {}, el('td', { colspan: String(columns.length), class: 'muted' }, 'Rows appear as requests finish.')))));
  }

  sortBy(key) {
    this.sort = { key, ascending: this.sort.key === key ? !this.sort.ascending : true };
    if (this.run) this.render(this.run);
  }
}

function compare(a, b) {
  if (a == null && b == null) return 0;
  if (a == null) return 1;
  if (b == null) return -1;
  return typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
}

/** "What the prompts are": each category with its count, expected route and an example (GET /api/console's suite). */
export function suiteDescription(suite) {
  return el('ul', { class: 'suite-list', 'data-testid': 'bench-suite' }, (suite || []).map((c) => el('li', { dataset: { category: c.category } },
    el('strong', {}, c.category[0].toUpperCase() + c.category.slice(1)),
    el('span', { class: 'muted' }, ` ${c.prompts} prompts · should route to ${c.expected_route}`),
    el('div', { class: 'suite-list__example' }, `e.g. “${c.example}”`))));
}
