// The seed's summary cards of a benchmark run, one per system: peak throughput (req/s), peak aggregate generation
// (tok/s), saturation point, p95 latency at saturation (with its 95 % interval) and errors; plus the export of the
// per-level table in the seed's CSV shape (concurrent_results.csv) next to the run's own files.
import { el } from '../lib/dom.js';
import { EMPTY, formatMs, formatRate } from '../lib/format.js';
import { systemName } from './bench-tables.js';

const SEED_CSV_HEADER = ['system', 'concurrency', 'req_per_s', 'tok_per_s', 'p50_latency_s', 'p95_latency_s',
  'median_ttft_s', 'errors'];

function stat(term, value, testId, title) {
  return el('div', { class: 'bench-card__stat', title }, el('dt', {}, term), el('dd', { 'data-testid': testId }, value));
}

/** The interval text "(95% CI 1.2–1.5 s)" of a value, or '' without one. */
export function intervalText(low, high) {
  return low == null || high == null ? '' : ` (95% CI ${formatMs(low)}–${formatMs(high)})`;
}

/** One card per target of the run (cascade first). */
export function summaryCards(run) {
  const targets = (run.config?.targets || []).map((t) => t.name);
  return el('div', { class: 'bench-cards', 'data-testid': 'bench-cards' }, targets.map((target) => {
    const levels = (run.aggregates || []).filter((a) => a.target === target);
    const peakReq = levels.reduce((best, a) => (best == null || a.req_per_s > best.req_per_s ? a : best), null);
    const peakTok = levels.reduce((best, a) => (best == null || a.tok_per_s > best.tok_per_s ? a : best), null);
    const saturation = (run.saturation || []).find((s) => s.target === target);
    const atSaturation = saturation && levels.find((a) => a.level === saturation.saturation_level);
    const errors = levels.reduce((n, a) => n + a.errors, 0);
    const requests = levels.reduce((n, a) => n + a.requests, 0);
    return el('section', { class: 'card bench-card', 'data-testid': `bench-card-${target}`, dataset: { target },
      'aria-label': `${systemName(target)} summary` },
    el('h3', { class: 'card__title' }, el('span', { class: 'system-dot', dataset: { target } }), systemName(target)),
    el('dl', { class: 'bench-card__stats' },
      stat('Peak throughput', peakReq ? `${peakReq.req_per_s.toFixed(2)} req/s` : EMPTY, 'card-peak-req',
        peakReq ? `at concurrency ${peakReq.level}` : null),
      stat('Peak aggregate generation', peakTok ? `${formatRate(peakTok.tok_per_s)} tok/s` : EMPTY, 'card-peak-tok',
        peakTok ? `at concurrency ${peakTok.level}` : null),
      stat('Saturation', saturation ? (saturation.reached ? `concurrency ${saturation.saturation_level}`
        : `not reached up to ${saturation.saturation_level}`) : EMPTY, 'card-saturation',
      'Lowest level after which aggregate tok/s rises by at most 5%'),
      stat('p95 latency at saturation', atSaturation?.p95_ms != null
        ? `${formatMs(atSaturation.p95_ms)}${intervalText(atSaturation.p95_low_ms, atSaturation.p95_high_ms)}` : EMPTY,
      'card-p95-saturation'),
      stat('Errors', levels.length ? `${errors} of ${requests}` : EMPTY, 'card-errors')));
  }));
}

const seconds = (ms) => (ms == null ? '' : (ms / 1000).toFixed(3));

/** The per-level table as CSV in the seed's shape: one line per system and concurrency, latencies in seconds. */
export function seedCsv(run) {
  const lines = [SEED_CSV_HEADER.join(',')];
  for (const a of [...(run.aggregates || [])].sort((x, y) => x.target.localeCompare(y.target) || x.level - y.level)) {
    lines.push([a.target, a.level, a.req_per_s, a.tok_per_s, seconds(a.p50_ms), seconds(a.p95_ms), seconds(a.median_ttft_ms),
      a.errors].join(','));
  }
  return `${lines.join('\n')}\n`;
}

/** A download link for seedCsv(run): a data: URL built from the summary (small; nothing is fetched or kept alive). */
export function seedCsvLink(run) {
  return el('a', { class: 'button button--ghost', 'data-testid': 'bench-seed-csv',
    href: `data:text/csv;charset=utf-8,${encodeURIComponent(seedCsv(run))}`,
    download: `${run.id}-concurrent_results.csv`, title: 'Per-level results: system, concurrency, req/s, tok/s, latencies in s, errors' },
  'Download concurrent_results.csv');
}
