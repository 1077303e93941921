// Tables of a benchmark run's summary: per-level results in the seed's shape, per-category speed-ups, routing
// accuracy, saturation and the router scorecard. Pure renderers: summary JSON in, elements out (all values as text).
import { el } from '../lib/dom.js';
import { EMPTY, formatMs, formatRate, formatPercent, formatInt } from '../lib/format.js';

const TARGET_ORDER = ['cascade', 'baseline'];
const targetRank = (t) => (TARGET_ORDER.includes(t) ? TARGET_ORDER.indexOf(t) : TARGET_ORDER.length);
const SYSTEM_NAMES = { cascade: 'Cascade', baseline: 'Baseline' };
export const systemName = (target) => SYSTEM_NAMES[target] || target;

const capitalize = (text) => (text ? text[0].toUpperCase() + text.slice(1) : text);
const categoryName = (category) => (category === 'all' ? 'All categories' : capitalize(category));
const num = (v, digits) => (typeof v === 'number' && Number.isFinite(v) ? v.toFixed(digits) : EMPTY);
const factor = (v) => (typeof v === 'number' && Number.isFinite(v) ? `${v.toFixed(2)}×` : EMPTY);

function table(testId, headers, rows, { caption, numericFrom = 1 } = {}) {
  // Scrolls sideways on a phone: focusable and named so the keyboard can scroll it.
  return el('div', { class: 'table-scroll table-scroll--flat', tabindex: '0', role: 'region', 'aria-label': caption || testId },
    el('table', { class: 'kv-table data-table', 'data-testid': testId },
      caption && el('caption', { class: 'visually-hidden' }, caption),
      el('thead', {}, el('tr', {}, headers.map((h, i) => el('th', { scope: 'col', class: i >= numericFrom ? 'num' : null }, h)))),
      el('tbody', {}, rows)));
}

function emptyRow(columns, text) {
  return el('tr', { class: 'data-table__empty' }, el('td', { colspan: String(columns), class: 'muted' }, text));
}

/** A latency cell: the value, then its 95 % bootstrap interval in small print when the run recorded one. */
function latencyCell(value, low, high) {
  return el('td', { class: 'num', title: low == null ? null : '95% bootstrap confidence interval in brackets' },
    formatMs(value), low == null || high == null ? null
      : el('span', { class: 'ci', 'data-testid': 'ci' }, ` [${formatMs(low)}–${formatMs(high)}]`));
}

/** The speed-up's interval "[1.62–2.31×]", and whether it includes 1 (no clear winner). */
function speedUpInterval(s) {
  if (s.speed_up_low == null || s.speed_up_high == null) return el('td', { class: 'num' }, EMPTY);
  return el('td', { class: `num${s.crosses_one ? ' num--warn' : ''}`, 'data-testid': 'speedup-ci',
    title: s.crosses_one ? 'The 95% interval includes 1×: this difference may be noise' : '95% bootstrap interval' },
  `${s.speed_up_low.toFixed(2)}–${s.speed_up_high.toFixed(2)}×${s.crosses_one ? ' · crosses 1×' : ''}`);
}

/** System | Conc. | Req/s | tok/s | p50 | p95 | median TTFT | Err — one row per target and completed level. */
export function resultsTable(aggregates, testId = 'bench-table') {
  const rows = [...(aggregates || [])].sort((a, b) => a.level - b.level || targetRank(a.target) - targetRank(b.target));
  return table(testId, ['System', 'Conc.', 'Req/s', 'tok/s', 'p50', 'p95', 'median TTFT', 'Err'],
    rows.length ? rows.map((a) => el('tr', { dataset: { target: a.target, level: String(a.level) } },
      el('th', { scope: 'row' }, el('span', { class: 'system-dot', dataset: { target: a.target } }), systemName(a.target)),
      el('td', { class: 'num' }, String(a.level)),
      el('td', { class: 'num' }, num(a.req_per_s, 2)),
      el('td', { class: 'num' }, formatRate(a.tok_per_s)),
      latencyCell(a.p50_ms, a.p50_low_ms, a.p50_high_ms),
      latencyCell(a.p95_ms, a.p95_low_ms, a.p95_high_ms),
      el('td', { class: 'num' }, formatMs(a.median_ttft_ms)),
      el('td', { class: `num${a.errors > 0 ? ' num--bad' : ''}`, title: `${a.errors} of ${a.requests} requests failed` },
        String(a.errors))))
      : emptyRow(8, 'Rows appear as each concurrency level completes.'),
    { caption: 'Results per system and concurrency level', numericFrom: 1 });
}

/** Category | Cascade median | Baseline median | Speed-up ("all" last, emphasised). */
export function speedUpTable(speedUps) {
  const list = [...(speedUps || [])].sort((a, b) => (a.category === 'all') - (b.category === 'all'));
  const a = list[0]?.target_a ?? 'cascade';
  const b = list[0]?.target_b ?? 'baseline';
  return table('bench-speedups', ['Category', systemName(a), systemName(b), 'Speed-up', '95% CI'],
    list.length ? list.map((s) => el('tr', { class: s.category === 'all' ? 'data-table__total' : null, dataset: { category: s.category } },
      el('th', { scope: 'row' }, categoryName(s.category)),
      el('td', { class: 'num' }, formatMs(s.median_ms_a)),
      el('td', { class: 'num' }, formatMs(s.median_ms_b)),
      el('td', { class: `num ${s.speed_up >= 1 ? 'num--good' : 'num--bad'}`,
        title: `${systemName(b)}'s median latency ÷ ${systemName(a)}'s; above 1 means ${systemName(a)} is faster` }, factor(s.speed_up)),
      speedUpInterval(s)))
      : emptyRow(5, 'Needs finished requests from both systems.'),
    { caption: 'Median latency speed-up per prompt category' });
}

/**
 * Category | Routed | Correct | Hard → small | Easy → large | Accuracy — share of the cascade's routes that match the
 * prompt's expected route, with the two misses apart: a hard prompt sent small risks quality, an easy one sent large
 * costs compute.
 */
export function accuracyTable(accuracy) {
  const list = [...(accuracy || [])].sort((a, b) => (a.category === 'all') - (b.category === 'all'));
  const several = new Set(list.map((a) => a.target)).size > 1;
  return table('bench-accuracy', ['Category', 'Routed', 'Correct', 'Hard → small', 'Easy → large', 'Share'],
    list.length ? list.map((a) => el('tr', { class: a.category === 'all' ? 'data-table__total' : null, dataset: { category: a.category } },
      el('th', { scope: 'row' }, `${categoryName(a.category)}${several ? ` · ${systemName(a.target)}` : ''}`),
      el('td', { class: 'num' }, formatInt(a.routed)),
      el('td', { class: 'num' }, formatInt(a.correct)),
      el('td', { class: 'num', title: 'Expected large, routed small: a quality risk' }, formatInt(a.hard_sent_small)),
      el('td', { class: 'num', title: 'Expected small, routed large: a cost' }, formatInt(a.easy_sent_large)),
      el('td', { class: `num ${a.accuracy >= 0.95 ? 'num--good' : 'num--warn'}` }, formatPercent(a.accuracy))))
      : emptyRow(6, 'Needs routed requests.'),
    { caption: 'Routing accuracy per prompt category' });
}

/** Target | Saturates at | tok/s gain from the lowest to the highest level, with its 95 % interval. */
export function saturationTable(saturation) {
  const list = [...(saturation || [])].sort((a, b) => targetRank(a.target) - targetRank(b.target));
  return table('bench-saturation', ['System', 'Saturates at', 'Gain'],
    list.length ? list.map((s) => el('tr', { dataset: { target: s.target } },
      el('th', { scope: 'row' }, el('span', { class: 'system-dot', dataset: { target: s.target } }), systemName(s.target)),
      el('td', { class: 'num', title: s.reached ? 'Aggregate tok/s rose by less than 5% beyond this level'
        : 'Aggregate tok/s still rose by more than 5% at the highest level run' },
      s.reached ? `c = ${s.saturation_level}` : 'still rising'),
      el('td', { class: 'num', title: `tok/s at concurrency ${s.max_level} ÷ tok/s at concurrency ${s.min_level}, 95% bootstrap interval in brackets` },
        s.throughput_ratio == null ? EMPTY : factor(s.throughput_ratio),
        s.throughput_ratio_low == null ? null : el('span', { class: 'ci', 'data-testid': 'ci' },
          ` [${factor(s.throughput_ratio_low)}–${factor(s.throughput_ratio_high)}]`))))
      : emptyRow(3, 'Needs at least one completed level.'),
    { caption: 'Where throughput stops rising', numericFrom: 1 });
}

const POLICY_NAMES = { rulebook: 'Rulebook', 'always-small': 'Always small', 'always-large': 'Always large',
  'random-same-mix': 'Random, same mix' };
const usd = (v) => (typeof v === 'number' && Number.isFinite(v) ? `$${v.toFixed(4)}` : EMPTY);

/**
 * Policy | Large share | Cost / 1,000 req | median latency | Route accuracy | Hard → small | Easy → large |
 * Escalated | Quality — the router
 * scorecard: the rulebook as measured, the other policies estimated (marked ~) from the same run's per-tier
 * measurements; quality (wins/ties/losses against the baseline) only for the rulebook of a judged run.
 */
export function scorecardTable(scorecard) {
  const list = scorecard || [];
  return table('bench-scorecard', ['Policy', 'Large share', 'Cost / 1,000 req', 'Median latency', 'Route accuracy',
    'Hard → small', 'Easy → large', 'Escalated', 'Quality W/T/L'],
    list.length ? list.map((c) => el('tr', { class: c.policy === 'rulebook' ? 'data-table__total' : null, dataset: { policy: c.policy } },
      el('th', { scope: 'row', title: c.measured ? 'Measured' : 'Estimated from the same run’s per-tier TTFT, decode rate and cost' },
        `${c.measured ? '' : '~ '}${POLICY_NAMES[c.policy] || c.policy}`),
      el('td', { class: 'num' }, formatPercent(c.large_share)),
      el('td', { class: 'num' }, usd(c.cost_per_1000_usd)),
      el('td', { class: 'num' }, formatMs(c.median_latency_ms)),
      el('td', { class: 'num' }, formatPercent(c.route_accuracy)),
      el('td', { class: 'num', title: 'Share of the prompts labelled large routed small: a quality risk' },
        c.hard_sent_small == null ? EMPTY : formatPercent(c.hard_sent_small)),
      el('td', { class: 'num', title: 'Share of the prompts labelled small routed large: a cost' },
        c.easy_sent_large == null ? EMPTY : formatPercent(c.easy_sent_large)),
      el('td', { class: 'num', title: c.escalated_ttft_ms == null ? null : `median TTFT of escalated requests: ${formatMs(c.escalated_ttft_ms)}` },
        c.measured ? formatInt(c.escalated) : EMPTY),
      el('td', { class: 'num', 'data-testid': 'scorecard-quality', title: c.quality
        ? `judged against the baseline: ${c.quality.wins} wins, ${c.quality.ties} ties, ${c.quality.losses} losses, ${c.quality.unjudged} unjudged`
        : 'Judged only for the rulebook of a run with a judge' },
      c.quality ? `${c.quality.wins}/${c.quality.ties}/${c.quality.losses}` : EMPTY)))
      : emptyRow(9, 'Appears when the run ends, if the cascade served both tiers.'),
    { caption: 'Router scorecard: the rulebook against fixed and random routing' });
}
