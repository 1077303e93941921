// The Benchmark tab's charts (Chart.js from its WebJar): throughput (req/s), generation (tok/s) and p95 latency against concurrency,
// one line per system, and per run when two runs are compared (the second run dashed).
import { el, setText } from '../lib/dom.js';
import { loadChart } from '../lib/chart-loader.js';

const SYSTEM_COLORS = { cascade: '#4f46e5', baseline: '#64748b' };
const OTHER_COLORS = ['#0ea5e9', '#f59e0b', '#10b981', '#ef4444'];

/** What each chart plots from a LevelAggregate. */
const CHARTS = [
  { id: 'requests', title: 'Throughput vs concurrency', unit: 'req/s', field: 'req_per_s', axis: 'Requests per second — higher is better' },
  { id: 'throughput', title: 'Generation vs concurrency', unit: 'tok/s', field: 'tok_per_s', axis: 'Tokens per second (all requests) — higher is better' },
  { id: 'latency', title: 'Tail latency vs concurrency', unit: 'ms', field: 'p95_ms', axis: 'p95 request latency (ms) — lower is better' },
];

function colorFor(target, index) {
  return SYSTEM_COLORS[target] || OTHER_COLORS[index % OTHER_COLORS.length];
}

export class BenchCharts {
  constructor() {
    this.cards = CHARTS.map((spec) => {
      const canvas = el('canvas', { 'aria-label': `${spec.title} chart`, role: 'img' });
      const empty = el('p', { class: 'chart-card__empty muted' });
      const card = el('section', { class: 'card chart-card', 'data-testid': `chart-${spec.id}`, 'aria-label': spec.title },
        el('header', { class: 'card__header' },
          el('div', { class: 'card__heading' },
            el('h2', { class: 'card__title' }, spec.title),
            el('span', { class: 'card__caption' }, spec.axis))),
        el('div', { class: 'chart-card__canvas' }, canvas, empty));
      return { spec, canvas, empty, card, chart: null };
    });
    this.root = el('div', { class: 'bench-charts' }, this.cards.map((c) => c.card));
    loadChart().catch(() => {}); // start fetching Chart.js now; show() reports a failure where the charts would be
  }

  /**
   * series: [{ label, target, dashed, aggregates: LevelAggregate[] }]; levels: the x axis (concurrency values).
   * Charts are created on first use and updated in place afterwards (live while a run progresses).
   */
  async show(series, levels) {
    let Chart;
    try {
      Chart = await loadChart();
    } catch (e) {
      for (const card of this.cards) {
        card.empty.hidden = false;
        setText(card.empty, `Charts unavailable: ${e.message}. The table below has every number.`);
      }
      return;
    }
    const labels = levels.map(String);
    for (const card of this.cards) {
      const datasets = series.map((s, index) => {
        const color = colorFor(s.target, index);
        const byLevel = new Map(s.aggregates.filter((a) => a.target === s.target).map((a) => [a.level, a[card.spec.field]]));
        return {
          label: s.label,
          data: levels.map((level) => (byLevel.has(level) ? byLevel.get(level) : null)),
          borderColor: color,
          backgroundColor: color,
          borderWidth: 2,
          borderDash: s.dashed ? [6, 4] : [],
          pointRadius: 3.5,
          pointHoverRadius: 5,
          tension: 0.2,
          spanGaps: true,
        };
      });
      const points = datasets.reduce((n, d) => n + d.data.filter((v) => v != null).length, 0);
      card.empty.hidden = points > 0;
      setText(card.empty, points > 0 ? '' : 'Points appear as each concurrency level completes.');
      if (!card.chart) {
        card.chart = new Chart(card.canvas, { type: 'line', data: { labels, datasets }, options: chartOptions(card.spec) });
      } else {
        card.chart.data.labels = labels;
        card.chart.data.datasets = datasets;
        card.chart.update('none');
      }
    }
  }

  destroy() {
    for (const card of this.cards) {
      card.chart?.destroy();
      card.chart = null;
    }
  }
}

function chartOptions(spec) {
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: false, // live updates every 500 ms: redraw at once instead of animating stale positions
    interaction: { mode: 'index', intersect: false },
    plugins: {
      legend: { position: 'bottom', labels: { boxWidth: 12, boxHeight: 2, padding: 14 } },
      tooltip: {
        callbacks: {
          title: (items) => `Concurrency ${items[0].label}`,
          label: (item) => `${item.dataset.label}: ${item.formattedValue} ${spec.unit}`,
        },
      },
    },
    scales: {
      x: { title: { display: true, text: 'Concurrency (requests in flight)' }, grid: { display: false } },
      y: { beginAtZero: true, title: { display: true, text: spec.unit } },
    },
  };
}
