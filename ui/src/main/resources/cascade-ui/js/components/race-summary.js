// The Compare race's summary bar: progress while the three systems answer, then how the cascade did against the
// baseline and the hosted API, worded from the gateway's ratios (cascade ÷ other) in the right direction.
import { el, setText, replaceChildren } from '../lib/dom.js';
import { formatMs } from '../lib/format.js';
import { describeComparison, comparisonSentence } from '../lib/ratios.js';

/** The comparisons the gateway reports, and how to name the other side. */
const COMPARISONS = [
  { key: 'cascade_vs_baseline', system: 'baseline', name: 'baseline', title: 'vs Baseline' },
  { key: 'cascade_vs_hosted', system: 'hosted', name: 'the hosted API', title: 'vs Hosted API' },
];

export class RaceSummary {
  constructor() {
    this.status = el('span', { class: 'race-summary__status', 'data-testid': 'race-status' });
    this.rows = el('div', { class: 'race-summary__rows', 'data-testid': 'ratios' });
    // Announced to screen readers at the start and the end of a race only (not every progress tick).
    this.announcement = el('p', { class: 'visually-hidden', role: 'status', 'data-testid': 'race-announcement' });
    this.root = el('section', { class: 'card race-summary', 'aria-label': 'Race summary', 'data-testid': 'race-summary',
      tabindex: '-1', dataset: { state: 'idle' } },
      el('div', { class: 'race-summary__head' },
        el('h2', { class: 'card__title' }, 'Race'),
        this.status),
      this.announcement,
      this.rows);
    this.idle();
  }

  idle() {
    this.root.dataset.state = 'idle';
    setText(this.status, 'Run a prompt to race the cascade against the baseline and the hosted API.');
    replaceChildren(this.rows);
  }

  /** A new race: the previous one's ratios go. */
  start() {
    replaceChildren(this.rows);
    setText(this.announcement, 'Race started: the answers stream below.');
  }

  /** While streaming: how many of the three finished and the time since the start. */
  progress(finished, total, elapsedMs) {
    this.root.dataset.state = 'running';
    setText(this.status, `Racing… ${finished} of ${total} finished · ${formatMs(elapsedMs)}`);
  }

  /** skipped: titles of systems that never ran (not counted in `total`). */
  stopped(finished, total, skipped = []) {
    this.root.dataset.state = 'stopped';
    const notRun = skipped.length ? ` (${skipped.join(', ')} skipped)` : '';
    setText(this.status, `Stopped after ${finished} of ${total} finished${notRun} — no comparison; measured so far is kept.`);
    setText(this.announcement, this.status.textContent);
  }

  failed(message) {
    this.root.dataset.state = 'error';
    setText(this.status, message);
    setText(this.announcement, message);
    replaceChildren(this.rows);
  }

  /** aggregate: { systems, ratios, elapsed_ms, deadline_ms }. */
  show(aggregate) {
    this.root.dataset.state = 'done';
    setText(this.status, `All finished in ${formatMs(aggregate.elapsed_ms)}`);
    setText(this.announcement, `Race finished in ${formatMs(aggregate.elapsed_ms)}.`);
    replaceChildren(this.rows, COMPARISONS.map((c) => this.row(c, aggregate)));
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
    case 'skipped': return `was skipped${reason}`;
    case 'cooling_down': return `is cooling down after rate limits${reason}`;
    case 'error': return `failed${reason}`;
    default: return `ended with status ${result.status}${reason}`;
  }
}
