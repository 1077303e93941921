// The Benchmark tab's view of a multi-turn run: time to first token per turn (cascade vs baseline, p50 solid and p95
// dashed, Chart.js like the level charts), a sentence on what it shows, the per-turn table (TTFT, prompt tokens sent,
// cached and evaluated, routes) and one line per system (turn 1 vs turn 2+, throughput, errors, prefix affinity).
import { el, setText, replaceChildren } from '../lib/dom.js';
import { loadChart } from '../lib/chart-loader.js';
import { EMPTY, formatMs, formatRate } from '../lib/format.js';
import { systemName } from './bench-tables.js';

const SYSTEM_COLORS = { cascade: '#4f46e5', baseline: '#64748b' };
const OTHER_COLORS = ['#0ea5e9', '#f59e0b'];
const colorFor = (target, i) => SYSTEM_COLORS[target] || OTHER_COLORS[i % OTHER_COLORS.length];
const tokens = (v) => (typeof v === 'number' && Number.isFinite(v) ? Math.round(v).toLocaleString('en-US') : EMPTY);

export const EXPLANATION = 'Each conversation re-sends its whole history every turn: a long system prompt, the user\u2019s '
  + 'turns and the model\u2019s own answers. Turn 1 evaluates the whole prompt; from turn 2 on a server that kept the '
  + 'conversation\u2019s prefix in its cache evaluates only the new turn, so time to first token drops. With several '
  + 'replicas per tier, the gateway\u2019s prefix affinity sends a conversation back to the replica that holds its prefix.';

/** Targets of a run in display order (cascade first). */
function targetsOf(figures) {
  const names = [...new Set((figures.per_turn || []).map((t) => t.target))];
  return names.sort((a, b) => (a === 'cascade' ? -1 : b === 'cascade' ? 1 : a.localeCompare(b)));
}

function routesText(routes) {
  const entries = Object.entries(routes || {});
  return entries.length ? entries.map(([route, n]) => `${route} ${n}`).join(', ') : EMPTY;
}

/** Turn | per system: TTFT p50 / p95 | prompt tokens | cached | evaluated | routes (the cascade) | errors. */
export function turnsTable(figures) {
  const targets = targetsOf(figures);
  const byKey = new Map((figures.per_turn || []).map((t) => [`${t.target}/${t.turn}`, t]));
  const headers = ['Turn'];
  targets.forEach((t) => headers.push(`${systemName(t)} TTFT p50`, 'p95', 'prompt tok', 'cached', 'evaluated',
    ...(t === 'cascade' ? ['routes'] : []), 'err'));
  const rows = [];
  for (let turn = 1; turn <= (figures.turns || 0); turn++) {
    const cells = [el('th', { scope: 'row' }, String(turn))];
    targets.forEach((target) => {
      const f = byKey.get(`${target}/${turn}`) || {};
      cells.push(el('td', { class: 'num' }, formatMs(f.ttft_p50_ms)), el('td', { class: 'num' }, formatMs(f.ttft_p95_ms)),
        el('td', { class: 'num' }, tokens(f.prompt_tokens)),
        el('td', { class: 'num', title: f.cached_tokens == null ? 'This server does not report cached prompt tokens' : null }, tokens(f.cached_tokens)),
        el('td', { class: 'num', title: f.evaluated_tokens == null ? 'Unknown: this server does not say how much of the prompt it reused' : null }, tokens(f.evaluated_tokens)));
      if (target === 'cascade') cells.push(el('td', {}, routesText(f.routes)));
      cells.push(el('td', { class: `num${f.errors > 0 ? ' num--bad' : ''}` }, f.errors == null ? EMPTY : String(f.errors)));
    });
    rows.push(el('tr', { dataset: { turn: String(turn) } }, cells));
  }
  return el('div', { class: 'table-scroll table-scroll--flat', tabindex: '0', role: 'region', 'aria-label': 'Figures per turn' },
    el('table', { class: 'kv-table data-table', 'data-testid': 'bench-turns-table' },
      el('thead', {}, el('tr', {}, headers.map((h, i) => el('th', { scope: 'col', class: i > 0 ? 'num' : null }, h)))),
      el('tbody', {}, rows.length ? rows : el('tr', {}, el('td', { colspan: String(headers.length), class: 'muted' }, 'Turns appear as the run ends.')))));
}

/** "Cascade: turn 1 p50 812 ms, turn 2+ p50 95 ms (8.5× faster) · p95 140 ms · 42 tok/s · 0 errors · affinity hit 10". */
export function totalsLines(figures) {
  return (figures.totals || []).map((t) => {
    const affinity = Object.entries(t.prefix_affinity || {}).map(([k, n]) => `${k} ${n}`).join(', ');
    return el('li', { 'data-testid': 'bench-turn-total', dataset: { target: t.target } },
      el('strong', {}, `${systemName(t.target)}: `),
      `turn 1 p50 ${formatMs(t.ttft_turn1_p50_ms)}, turns 2+ p50 ${formatMs(t.ttft_later_p50_ms)}`
      + `${t.later_speedup ? ` (${t.later_speedup.toFixed(2)}× faster)` : ''}, p95 ${formatMs(t.ttft_later_p95_ms)}`
      + ` · ${formatRate(t.tok_per_s)} tok/s, ${t.req_per_s?.toFixed(2) ?? EMPTY} req/s`
      + ` · prompt tokens ${tokens(t.prompt_tokens)}, cached ${tokens(t.cached_tokens)}, evaluated ${tokens(t.evaluated_tokens)}`
      + ` · ${t.errors} error${t.errors === 1 ? '' : 's'}${affinity ? ` · prefix affinity: ${affinity}` : ''}`);
  });
}

export class BenchTurns {
  constructor() {
    this.canvas = el('canvas', { 'aria-label': 'Time to first token per turn chart', role: 'img' });
    this.empty = el('p', { class: 'chart-card__empty muted' });
    this.table = el('div', {});
    this.totals = el('ul', { class: 'bench-turn-totals' });
    this.chart = null;
    this.root = el('section', { class: 'card chart-card', 'data-testid': 'chart-turns', 'aria-label': 'Time to first token per turn', hidden: true },
      el('header', { class: 'card__header' },
        el('div', { class: 'card__heading' },
          el('h2', { class: 'card__title' }, 'Time to first token per turn'),
          el('span', { class: 'card__caption' }, 'Multi-turn conversations · p50 solid, p95 dashed — lower is better'))),
      el('p', { class: 'muted', 'data-testid': 'bench-turns-explanation' }, EXPLANATION),
      el('div', { class: 'chart-card__canvas' }, this.canvas, this.empty),
      this.totals,
      this.table);
  }

  /** run: a summary of the multi-turn suite (run.conversations null while it runs). */
  async show(run) {
    const figures = run.conversations || { turns: 6, per_turn: [], totals: [] };
    replaceChildren(this.table, turnsTable(figures));
    replaceChildren(this.totals, totalsLines(figures));
    let Chart;
    try {
      Chart = await loadChart();
    } catch (e) {
      this.empty.hidden = false;
      setText(this.empty, `Chart unavailable: ${e.message}. The table below has every number.`);
      return;
    }
    const turns = Array.from({ length: figures.turns || 6 }, (_, i) => i + 1);
    const datasets = targetsOf(figures).flatMap((target, i) => {
      const byTurn = new Map(figures.per_turn.filter((t) => t.target === target).map((t) => [t.turn, t]));
      const color = colorFor(target, i);
      const line = (field, label, dashed) => ({ label: `${systemName(target)} ${label}`, borderColor: color, backgroundColor: color,
        data: turns.map((turn) => byTurn.get(turn)?.[field] ?? null), borderWidth: dashed ? 1.5 : 2,
        borderDash: dashed ? [6, 4] : [], pointRadius: dashed ? 2 : 3.5, tension: 0.2, spanGaps: true });
      return [line('ttft_p50_ms', 'p50', false), line('ttft_p95_ms', 'p95', true)];
    });
    const points = datasets.reduce((n, d) => n + d.data.filter((v) => v != null).length, 0);
    this.empty.hidden = points > 0;
    setText(this.empty, points > 0 ? '' : 'The chart appears when the conversations have ended.');
    const labels = turns.map(String);
    if (!this.chart) {
      this.chart = new Chart(this.canvas, { type: 'line', data: { labels, datasets }, options: options() });
    } else {
      this.chart.data.labels = labels;
      this.chart.data.datasets = datasets;
      this.chart.update('none');
    }
  }
}

function options() {
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    interaction: { mode: 'index', intersect: false },
    plugins: {
      legend: { position: 'bottom', labels: { boxWidth: 12, boxHeight: 2, padding: 14 } },
      tooltip: { callbacks: { title: (items) => `Turn ${items[0].label}`, label: (item) => `${item.dataset.label}: ${item.formattedValue} ms` } },
    },
    scales: {
      x: { title: { display: true, text: 'Turn of the conversation' }, grid: { display: false } },
      y: { beginAtZero: true, title: { display: true, text: 'Time to first token (ms)' } },
    },
  };
}
