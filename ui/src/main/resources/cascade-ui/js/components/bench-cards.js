// The seed's summary cards of a benchmark run, one per system: peak throughput (req/s), peak aggregate generation
// (tok/s), saturation point, p95 latency at saturation (with its 95 % interval), errors, and what the system cost
// over the run (instance price × wall time) and per million output tokens; plus the export of the per-level table in
// the seed's CSV shape (concurrent_results.csv, with each level's $ per million output tokens).
import { el } from '../lib/dom.js';
import { EMPTY, formatMs, formatRate, formatUsd } from '../lib/format.js';
import { systemName } from './bench-tables.js';

const SEED_CSV_HEADER = ['system', 'concurrency', 'req_per_s', 'tok_per_s', 'p50_latency_s', 'p95_latency_s',
  'median_ttft_s', 'errors', 'usd_per_m_output_tokens'];

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
    const cost = (run.costs || []).find((c) => c.target === target);
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
      stat('Saturation', saturationText(saturation), 'card-saturation',
        'Lowest level after which aggregate tok/s rises by at most 5%'),
      stat(saturation && !saturation.reached ? `p95 latency at concurrency ${saturation.saturation_level} (highest run)`
        : 'p95 latency at saturation', atSaturation?.p95_ms != null
        ? `${formatMs(atSaturation.p95_ms)}${intervalText(atSaturation.p95_low_ms, atSaturation.p95_high_ms)}` : EMPTY,
      'card-p95-saturation'),
      stat('Errors', levels.length ? `${errors} of ${requests}` : EMPTY, 'card-errors'),
      stat('Cost of this run', cost ? `${formatUsd(cost.cost_usd)} ($${cost.usd_per_hour}/h × ${formatMs(cost.wall_ms)})` : EMPTY, 'card-run-cost',
      'Instance price × the wall time the system served the run, idle moments included (the box is paid either way)'),
      stat('$ per million output tokens', cost?.usd_per_m_output_tokens != null
        ? `$${cost.usd_per_m_output_tokens.toFixed(2)}/M output tokens` : EMPTY, 'card-usd-per-m',
      cost ? `Cost of this run ÷ ${cost.output_tokens} output tokens × 1,000,000` : 'No instance price for this system')));
  }));
}

/** "concurrency 4"; without saturation, says up to which level it was looked for (one level cannot show one). */
function saturationText(saturation) {
  if (!saturation) return EMPTY;
  if (saturation.reached) return `concurrency ${saturation.saturation_level}`;
  return saturation.min_level === saturation.max_level ? `not measurable: one level (concurrency ${saturation.max_level}) run`
    : `not reached up to concurrency ${saturation.max_level}`;
}

const seconds = (ms) => (ms == null ? '' : (ms / 1000).toFixed(3));

/** The per-level table as CSV in the seed's shape: one line per system and concurrency, latencies in seconds. */
export function seedCsv(run) {
  const lines = [SEED_CSV_HEADER.join(',')];
  for (const a of [...(run.aggregates || [])].sort((x, y) => x.target.localeCompare(y.target) || x.level - y.level)) {
    lines.push([a.target, a.level, a.req_per_s, a.tok_per_s, seconds(a.p50_ms), seconds(a.p95_ms), seconds(a.median_ttft_ms),
      a.errors, a.usd_per_m_output_tokens ?? ''].join(','));
  }
  return `${lines.join('\n')}\n`;
}

/** A download link for seedCsv(run): a data: URL built from the summary (small; nothing is fetched or kept alive). */
export function seedCsvLink(run) {
  return el('a', { class: 'button button--ghost', 'data-testid': 'bench-seed-csv',
    href: `data:text/csv;charset=utf-8,${encodeURIComponent(seedCsv(run))}`,
    download: `${run.id}-concurrent_results.csv`, title: 'Per-level results: system, concurrency, req/s, tok/s, latencies in s, errors, $ per million output tokens' },
  'Download concurrent_results.csv');
}
