// The Compare race's summary bar: progress while the three systems answer, then how the cascade did against the
// baseline and the hosted API, worded from the gateway's ratios (cascade ÷ other) in the right direction.
import { el, setText, replaceChildren } from '../lib/dom.js';
import { formatMs, formatRate, formatPercent } from '../lib/format.js';
import { describeComparison, comparisonSentence } from '../lib/ratios.js';
import { systemSpread, draftSpeedup } from '../lib/repeat-stats.js';

/** Systems and metrics of the repeated-race table (lower is better for times, higher for tok/s). */
const SPREAD_SYSTEMS = [['cascade', 'Cascade'], ['baseline', 'Baseline'], ['hosted', 'Hosted API']];
const SPREAD_METRICS = [
  { key: 'ttft_ms', label: 'TTFT', format: formatMs },
  { key: 'total_ms', label: 'Total', format: formatMs },
  { key: 'tokens_per_second', label: 'Throughput', format: (v) => `${formatRate(v)} tok/s` },
];
const ONE_SAMPLE = 'One race is one sample: on a shared machine the same prompt can come out several times faster or'
  + ' slower on the next run. Repeat (3 or 5 races) to see the median and its range.';

/** The comparisons the gateway reports, and how to name the other side. */
const COMPARISONS = [
  { key: 'cascade_vs_baseline', system: 'baseline', name: 'baseline', title: 'vs Baseline' },
  { key: 'cascade_vs_hosted', system: 'hosted', name: 'the hosted API', title: 'vs Hosted API' },
];

export class RaceSummary {
  constructor() {
    this.status = el('span', { class: 'race-summary__status', 'data-testid': 'race-status' });
    this.rows = el('div', { class: 'race-summary__rows', 'data-testid': 'ratios' });
    this.noise = el('p', { class: 'race-summary__noise', 'data-testid': 'race-noise', hidden: true });
    this.cpus = el('p', { class: 'race-summary__cpus', 'data-testid': 'race-cpus', hidden: true });
    this.spreadBox = el('div', { class: 'race-summary__spread', 'data-testid': 'race-spread' });
    this.draft = el('div', { class: 'race-summary__draft', 'data-testid': 'draft-speedup', hidden: true });
    // Announced to screen readers at the start and the end of a race only (not every progress tick).
    this.announcement = el('p', { class: 'visually-hidden', role: 'status', 'data-testid': 'race-announcement' });
    this.root = el('section', { class: 'card race-summary', 'aria-label': 'Race summary', 'data-testid': 'race-summary',
      tabindex: '-1', dataset: { state: 'idle' } },
      el('div', { class: 'race-summary__head' },
        el('h2', { class: 'card__title' }, 'Race'),
        this.status),
      this.announcement,
      this.cpus,
      this.noise,
      this.rows,
      this.spreadBox,
      this.draft);
    this.idle();
  }

  idle() {
    this.root.dataset.state = 'idle';
    setText(this.status, 'Run a prompt to race the cascade against the baseline and the hosted API.');
    replaceChildren(this.rows);
  }

  /** cpus: { known, shared, cascade, baseline, note } from GET /api/compare/systems — said once, above the results. */
  setCpus(cpus) {
    if (!cpus?.note) return;
    this.cpus.hidden = false;
    this.cpus.dataset.shared = String(cpus.shared === true);
    setText(this.cpus, cpus.note);
  }

  /** A new race: the previous one's ratios go. */
  start() {
    replaceChildren(this.rows);
    replaceChildren(this.spreadBox);
    this.noise.hidden = true;
    this.draft.hidden = true;
    setText(this.announcement, 'Race started: the answers stream below.');
  }

  /** While streaming: which race, how many of its systems finished and the time since it started. */
  progress(label, finished, total, elapsedMs) {
    this.root.dataset.state = 'running';
    setText(this.status, `${label}… ${finished} of ${total} finished · ${formatMs(elapsedMs)}`);
  }

  /** skipped: titles of systems that never ran (not counted in `total`); racesDone: complete races before Stop. */
  stopped(finished, total, skipped = [], racesDone = 0) {
    this.root.dataset.state = 'stopped';
    const notRun = skipped.length ? ` (${skipped.join(', ')} skipped)` : '';
    const before = racesDone ? ` (${racesDone} complete race${racesDone === 1 ? '' : 's'} before)` : '';
    setText(this.status, `Stopped after ${finished} of ${total} finished${notRun}${before} — no comparison; measured so far is kept.`);
    setText(this.announcement, this.status.textContent);
  }

  failed(message) {
    this.root.dataset.state = 'error';
    setText(this.status, message);
    setText(this.announcement, message);
    replaceChildren(this.rows);
  }

  /**
   * races: the aggregates ({ systems, ratios, elapsed_ms, deadline_ms }) of every race of this Run; pairs: null, or
   * [{ on, off }] cascade results with the draft on and off. One race: its ratios, said to be one sample. Several:
   * each system's median with its min–max, and ratios of the medians.
   */
  show(races, pairs = null) {
    const last = races[races.length - 1];
    this.root.dataset.state = 'done';
    this.root.dataset.races = String(races.length);
    const elapsed = races.reduce((sum, r) => sum + (r.elapsed_ms || 0), 0);
    const what = races.length === 1 ? 'All finished' : `${races.length} races finished`;
    setText(this.status, `${what} in ${formatMs(elapsed)}`);
    setText(this.announcement, `${what} in ${formatMs(elapsed)}.`);
    this.noise.hidden = races.length !== 1;
    setText(this.noise, races.length === 1 ? ONE_SAMPLE : '');
    replaceChildren(this.rows, races.length === 1 ? COMPARISONS.map((c) => this.row(c, last)) : []);
    replaceChildren(this.spreadBox, races.length > 1 ? this.spreadTable(races) : []);
    this.showDraft(pairs);
  }

  /** Median (min–max) per system and metric over the races, and the cascade's ratio of medians to each other system. */
  spreadTable(races) {
    const spreads = Object.fromEntries(SPREAD_SYSTEMS.map(([id]) => [id,
      Object.fromEntries(SPREAD_METRICS.map((m) => [m.key, systemSpread(races, id, m.key)]))]));
    const cell = (s, format) => (s ? [el('span', { class: 'spread__median' }, format(s.median)),
      el('span', { class: 'spread__range' }, ` ${format(s.min)}–${format(s.max)} · n=${s.n}`)] : '—');
    const ratio = (system, metric) => {
      const c = spreads.cascade[metric.key];
      const o = spreads[system][metric.key];
      if (!c || !o || !(o.median > 0) || !(c.median > 0)) return '—';
      const r = c.median / o.median;
      const better = metric.key === 'tokens_per_second' ? r : 1 / r;
      return better >= 1 ? `${better.toFixed(1)}× better` : `${(1 / better).toFixed(1)}× worse`;
    };
    return el('div', { class: 'table-scroll table-scroll--flat' },
      el('table', { class: 'table spread-table', 'data-testid': 'spread-table' },
        el('caption', { class: 'spread-table__caption' }, `Median of ${races.length} races (min–max, n = races the system finished)`),
        el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'System'), SPREAD_METRICS.map((m) => el('th', { scope: 'col' }, m.label)))),
        el('tbody', {},
          SPREAD_SYSTEMS.map(([id, title]) => el('tr', { 'data-testid': `spread-${id}` }, el('th', { scope: 'row' }, title),
            SPREAD_METRICS.map((m) => el('td', {}, cell(spreads[id][m.key], m.format))))),
          ['baseline', 'hosted'].map((other) => el('tr', { class: 'spread-table__ratio', 'data-testid': `spread-ratio-${other}` },
            el('th', { scope: 'row' }, `Cascade vs ${other === 'baseline' ? 'Baseline' : 'Hosted API'} (medians)`),
            SPREAD_METRICS.map((m) => el('td', {}, ratio(other, m))))))));
  }

  /** What speculative decoding bought on this machine: cascade tok/s with and without the draft, paired per race. */
  showDraft(pairs) {
    if (!pairs) {
      this.draft.hidden = true;
      return;
    }
    const d = draftSpeedup(pairs);
    this.draft.hidden = false;
    const range = (s, f) => (s.n > 1 ? ` (${f(s.min)}–${f(s.max)}, ${s.n} pairs)` : ' (one pair: one sample)');
    if (!d.pairs) {
      setText(this.draft, d.smallRoute
        ? 'Draft on/off: the cascade answered on its small model, which has no draft — nothing to compare. Pick a Reasoning, Code or Analysis prompt.'
        : 'Draft on/off: no race finished on the large model both with and without its draft.');
      return;
    }
    const x = (v) => `${v.toFixed(2)}×`;
    const tps = (v) => `${formatRate(v)} tok/s`;
    const verdict = d.speedup.median >= 1.05 ? 'helps here' : d.speedup.median <= 0.95 ? 'costs time here' : 'makes no difference here';
    replaceChildren(this.draft,
      el('strong', {}, `Speculative decoding ${verdict}: ${x(d.speedup.median)}`),
      el('span', { 'data-testid': 'draft-speedup-detail' },
        ` the large model's throughput with its draft ÷ without${range(d.speedup, x)}; `
        + `with ${tps(d.on.median)}, without ${tps(d.off.median)}`
        + (d.acceptance ? `, draft accepted ${formatPercent(d.acceptance.median)}` : '') + '.'));
  }

  row(comparison, aggregate) {
    const ratios = aggregate.ratios?.[comparison.key];
    const parts = describeComparison(ratios);
    const sentence = comparisonSentence(ratios, comparison.name);
    const other = aggregate.systems?.[comparison.system];
    const cascade = aggregate.systems?.cascade;
    const testId = `ratio-${comparison.system}`;
    if (!parts.length) {
      return el('div', { class: 'ratio-row ratio-row--none', 'data-testid': testId },
        el('span', { class: 'ratio-row__title' }, comparison.title),
        el('span', { class: 'ratio-row__none', 'data-testid': `${testId}-sentence` },
          `No comparison: ${whyNotComparable(cascade, other, comparison.name)}`));
    }
    return el('div', { class: 'ratio-row', 'data-testid': testId },
      el('span', { class: 'ratio-row__title' }, comparison.title),
      el('div', { class: 'ratio-row__tiles' }, parts.map((p) => el('div', {
        class: 'ratio-tile', dataset: { favours: p.favours, metric: p.key }, title: p.label,
      }, el('span', { class: 'ratio-tile__value' }, p.value), el('span', { class: 'ratio-tile__phrase' }, p.phrase)))),
      el('p', { class: 'ratio-row__sentence', 'data-testid': `${testId}-sentence` }, sentence));
  }
}

/** Why the gateway gave no ratios: the side that did not finish ok, and its own reason. */
function whyNotComparable(cascade, other, otherName) {
  if (cascade && cascade.status !== 'ok') return `the cascade ${describeStatus(cascade)}.`;
  if (other && other.status !== 'ok') return `${otherName} ${describeStatus(other)}.`;
  return 'the numbers needed are missing.';
}

function describeStatus(result) {
  const reason = result.error ? ` (${result.error})` : '';
  switch (result.status) {
    case 'skipped': return 'was skipped (its column says why)'; // the reason is shown once, in the column
    case 'cooling_down': return `is cooling down after rate limits${reason}`;
    case 'error': return `failed${reason}`;
    default: return `ended with status ${result.status}${reason}`;
  }
}
