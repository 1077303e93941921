// The Benchmark tab's history: earlier runs (stored by the gateway, newest first) to open one, or tick two and
// compare them side by side.
import { el, setText, replaceChildren } from '../lib/dom.js';
import { formatDateTime } from '../lib/format.js';
import { runConfigLine, statusPill } from './bench-run-meta.js';

const COMPARE_COUNT = 2;

export class BenchHistory {
  /** onOpen(id): show one run; onCompare([idA, idB]): show two runs together. */
  constructor({ onOpen, onCompare }) {
    this.onOpen = onOpen;
    this.selected = [];
    this.current = null;
    this.list = el('ul', { class: 'history', 'data-testid': 'bench-history' });
    this.compareButton = el('button', { type: 'button', class: 'button button--ghost', 'data-testid': 'bench-compare', disabled: true,
      on: { click: () => onCompare([...this.selected]) } }, 'Compare');
    this.hint = el('span', { class: 'card__caption' }, 'Open a run, or tick two to compare');
    this.root = el('section', { class: 'card history-card', 'aria-label': 'Benchmark history' },
      el('header', { class: 'card__header' },
        el('div', { class: 'card__heading' }, el('h2', { class: 'card__title' }, 'History'), this.hint),
        this.compareButton),
      this.list);
    this.render([]);
  }

  /** runs: summaries, newest first. */
  render(runs) {
    const ids = new Set(runs.map((r) => r.id));
    this.selected = this.selected.filter((id) => ids.has(id));
    replaceChildren(this.list, runs.length ? runs.map((run) => this.item(run))
      : el('li', { class: 'history__empty muted' }, 'No runs yet.'));
    this.updateCompare();
  }

  item(run) {
    const checkbox = el('input', { type: 'checkbox', class: 'history__check', 'aria-label': `Select run ${run.id} to compare`,
      'data-testid': 'bench-history-select', checked: this.selected.includes(run.id),
      on: { change: (e) => this.toggle(run.id, e.target.checked) } });
    const allSpeedUp = (run.speed_ups || []).find((s) => s.category === 'all');
    return el('li', { class: 'history__item', 'data-testid': 'bench-history-item', dataset: { runId: run.id, current: String(run.id === this.current) } },
      checkbox,
      el('button', { type: 'button', class: 'history__open', 'data-testid': 'bench-history-open', on: { click: () => this.onOpen(run.id) } },
        el('span', { class: 'history__line' },
          el('span', { class: 'history__time' }, formatDateTime(run.started_at)),
          statusPill(run.status)),
        el('span', { class: 'history__meta' }, runConfigLine(run.config)),
        el('span', { class: 'history__meta mono' }, run.id,
          allSpeedUp ? el('span', { class: 'history__speedup', title: 'Median latency speed-up of the cascade over the baseline' },
            ` · ${allSpeedUp.speed_up.toFixed(2)}×`) : null)));
  }

  toggle(id, on) {
    this.selected = this.selected.filter((s) => s !== id);
    if (on) {
      this.selected.push(id);
      // Keep the two most recent ticks: a third tick replaces the oldest.
      while (this.selected.length > COMPARE_COUNT) this.selected.shift();
    }
    for (const box of this.list.querySelectorAll('.history__check')) {
      box.checked = this.selected.includes(box.closest('li').dataset.runId);
    }
    this.updateCompare();
  }

  updateCompare() {
    this.compareButton.disabled = this.selected.length !== COMPARE_COUNT;
    setText(this.hint, this.selected.length ? `${this.selected.length} of ${COMPARE_COUNT} ticked to compare`
      : 'Open a run, or tick two to compare');
  }

  /** Highlights the run on screen. */
  markCurrent(id) {
    this.current = id;
    for (const item of this.list.querySelectorAll('.history__item')) item.dataset.current = String(item.dataset.runId === id);
  }
}
