// One key's usage (GET /api/keys/{id}/usage): spend today and this month, a table per day and tier (requests, tokens,
// cost), a chart of cost (bars) and tokens (lines) per day by tier, and the gateway's CSV of the same rows.
import { el, setText, replaceChildren } from '../lib/dom.js';
import { formatInt, formatUsd } from '../lib/format.js';
import { loadChart } from '../lib/chart-loader.js';

const TIER_COLORS = ['#4f46e5', '#0ea5e9', '#f59e0b', '#10b981', '#ef4444', '#64748b'];

export class KeyUsage {
  constructor() {
    this.spend = el('p', { class: 'key-usage__spend', 'data-testid': 'key-usage-spend' });
    this.rows = el('tbody', { 'data-testid': 'key-usage-rows' });
    this.csv = el('a', { class: 'button button--ghost', 'data-testid': 'key-usage-csv', hidden: true }, 'Download usage CSV');
    this.canvas = el('canvas', { role: 'img', 'aria-label': 'Cost and tokens per day by tier', 'data-testid': 'key-usage-chart' });
    this.chartNote = el('p', { class: 'chart-card__empty muted', 'data-testid': 'key-usage-chart-note' });
    this.chart = null;
    this.root = el('div', { class: 'key-usage', 'data-testid': 'key-usage' },
      el('div', { class: 'key-usage__head' }, this.spend, this.csv),
      el('div', { class: 'chart-card__canvas key-usage__chart' }, this.canvas, this.chartNote),
      el('div', { class: 'table-scroll table-scroll--flat', tabindex: '0', role: 'region', 'aria-label': 'Usage per day and tier' },
        el('table', { class: 'kv-table data-table' },
          el('thead', {}, el('tr', {},
            el('th', { scope: 'col' }, 'Day (UTC)'), el('th', { scope: 'col' }, 'Tier'), el('th', { scope: 'col', class: 'num' }, 'Requests'),
            el('th', { scope: 'col', class: 'num' }, 'Tokens in'), el('th', { scope: 'col', class: 'num' }, 'Tokens out'),
            el('th', { scope: 'col', class: 'num' }, 'Cost'))),
          this.rows)));
  }

  /** usage: the API's answer; csvText: the gateway's CSV (null when it could not be read). */
  async show(usage, csvText, filePrefix) {
    setText(this.spend, `Spent today ${formatUsd(usage.spent_today_usd ?? 0)} · this month ${formatUsd(usage.spent_month_usd ?? 0)}`);
    const rows = [...(usage.usage || [])].sort((a, b) => (a.day === b.day ? a.tier.localeCompare(b.tier) : b.day.localeCompare(a.day)));
    replaceChildren(this.rows, rows.length ? rows.map((r) => el('tr', { 'data-testid': 'key-usage-row', dataset: { day: r.day, tier: r.tier } },
      el('td', {}, r.day), el('td', {}, r.tier), el('td', { class: 'num' }, formatInt(r.requests)),
      el('td', { class: 'num' }, formatInt(r.prompt_tokens)), el('td', { class: 'num' }, formatInt(r.completion_tokens)),
      el('td', { class: 'num', 'data-testid': 'key-usage-cost' }, formatUsd(r.cost_usd))))
      : el('tr', { class: 'data-table__empty' }, el('td', { colspan: '6', class: 'muted' }, 'No answered requests with this key yet.')));
    this.csv.hidden = csvText == null;
    if (csvText != null) {
      // A data: URL (like the Benchmark tab's CSV): the download needs no second authorized request.
      this.csv.href = `data:text/csv;charset=utf-8,${encodeURIComponent(csvText)}`;
      this.csv.setAttribute('download', `key-${filePrefix}-usage.csv`);
    }
    await this.draw(rows);
  }

  async draw(rows) {
    const days = [...new Set(rows.map((r) => r.day))].sort();
    const tiers = [...new Set(rows.map((r) => r.tier))].sort();
    this.chartNote.hidden = days.length > 0;
    setText(this.chartNote, days.length ? '' : 'The chart fills as the key is used.');
    let Chart;
    try {
      Chart = await loadChart();
    } catch (e) {
      this.chartNote.hidden = false;
      setText(this.chartNote, `Chart unavailable: ${e.message}. The table has every number.`);
      return;
    }
    const value = (day, tier, field) => rows.find((r) => r.day === day && r.tier === tier)?.[field] ?? 0;
    const datasets = tiers.flatMap((tier, i) => {
      const color = TIER_COLORS[i % TIER_COLORS.length];
      return [
        { type: 'bar', label: `${tier} cost (USD)`, data: days.map((d) => value(d, tier, 'cost_usd')), backgroundColor: color,
          stack: 'cost', yAxisID: 'cost' },
        { type: 'line', label: `${tier} tokens`, data: days.map((d) => value(d, tier, 'prompt_tokens') + value(d, tier, 'completion_tokens')),
          borderColor: color, backgroundColor: color, borderDash: [5, 3], borderWidth: 2, pointRadius: 3, yAxisID: 'tokens' },
      ];
    });
    if (this.chart) {
      this.chart.data.labels = days;
      this.chart.data.datasets = datasets;
      this.chart.update('none');
      return;
    }
    this.chart = new Chart(this.canvas, {
      data: { labels: days, datasets },
      options: {
        responsive: true, maintainAspectRatio: false, animation: false,
        interaction: { mode: 'index', intersect: false },
        plugins: { legend: { position: 'bottom', labels: { boxWidth: 12, padding: 12 } } },
        scales: {
          x: { title: { display: true, text: 'Day (UTC)' }, grid: { display: false } },
          cost: { type: 'linear', position: 'left', stacked: true, beginAtZero: true, title: { display: true, text: 'Cost (USD)' } },
          tokens: { type: 'linear', position: 'right', beginAtZero: true, grid: { drawOnChartArea: false }, title: { display: true, text: 'Tokens' } },
        },
      },
    });
  }

  /** Data points drawn (for tests): the chart's non-zero values. */
  points() {
    return this.chart ? this.chart.data.datasets.reduce((n, d) => n + d.data.filter((v) => v > 0).length, 0) : 0;
  }

  destroy() {
    this.chart?.destroy();
    this.chart = null;
  }
}
