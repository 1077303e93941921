// The header card of the benchmark run on screen: status, a progress bar (requests done of total, current level),
// Cancel while it runs, the rows.csv download and what the run measured (config, rules version, git commit).
import { el, setText, replaceChildren } from '../lib/dom.js';
import { EMPTY, formatDateTime } from '../lib/format.js';
import { rowsCsvUrl, turnsCsvUrl } from '../lib/bench-api.js';
import { runConfigLine, runDuration, statusPill } from './bench-run-meta.js';

export class BenchRunPanel {
  /** onCancel(id): the user asked to cancel the running run. */
  constructor({ onCancel }) {
    this.run = null;
    this.title = el('h2', { class: 'card__title', 'data-testid': 'bench-run-title' }, 'Run');
    this.status = el('span', { 'data-testid': 'bench-status-box' });
    this.cancelButton = el('button', { type: 'button', class: 'button', 'data-testid': 'bench-cancel', hidden: true,
      on: { click: () => this.run && onCancel(this.run.id) } }, 'Cancel run');
    this.csv = el('a', { class: 'button button--ghost', 'data-testid': 'bench-csv', download: '', hidden: true }, 'Download rows.csv');
    this.turnsCsv = el('a', { class: 'button button--ghost', 'data-testid': 'bench-turns-csv', download: '', hidden: true }, 'Download turns.csv');
    this.bar = el('div', { class: 'progress__bar' });
    this.progress = el('div', { class: 'progress', role: 'progressbar', 'aria-label': 'Requests finished', 'data-testid': 'bench-progress',
      'aria-valuemin': '0', 'aria-valuemax': '0', 'aria-valuenow': '0' }, this.bar);
    this.progressLabel = el('span', { class: 'progress__label', 'data-testid': 'bench-progress-label' });
    this.meta = el('dl', { class: 'run-meta', 'data-testid': 'bench-meta' });
    this.error = el('div', { class: 'alert', role: 'alert', 'data-testid': 'bench-error', hidden: true });
    this.root = el('section', { class: 'card run-card', 'aria-label': 'Benchmark run', 'data-testid': 'bench-run-panel' },
      el('header', { class: 'card__header' },
        el('div', { class: 'card__heading card__heading--row' }, this.title, this.status),
        el('div', { class: 'run-card__actions' }, this.cancelButton, this.csv, this.turnsCsv)),
      el('div', { class: 'progress-row' }, this.progress, this.progressLabel),
      this.error,
      this.meta);
  }

  /** run: the summary of GET /api/bench/runs/:id. */
  render(run) {
    this.run = run;
    setText(this.title, `Run ${run.id}`);
    replaceChildren(this.status, statusPill(run.status, 'bench-status'));
    const running = run.status === 'running';
    this.cancelButton.hidden = !running;
    this.cancelButton.disabled = false;
    this.csv.hidden = false;
    this.csv.href = rowsCsvUrl(run.id);
    this.csv.setAttribute('download', `${run.id}-rows.csv`);
    this.turnsCsv.hidden = run.config?.suite !== 'conversations';
    this.turnsCsv.href = turnsCsvUrl(run.id);
    this.turnsCsv.setAttribute('download', `${run.id}-turns.csv`);

    const total = Math.max(0, run.total ?? 0);
    const done = Math.min(total, Math.max(0, run.done ?? 0));
    this.progress.setAttribute('aria-valuemax', String(total));
    this.progress.setAttribute('aria-valuenow', String(done));
    this.progress.dataset.state = run.status;
    this.bar.style.width = `${total ? (100 * done) / total : 0}%`;
    const levels = run.config?.levels || [];
    const parallel = run.current_level ?? run.config?.levels?.[0];
    const levelText = run.config?.suite === 'conversations'
      ? (running ? ` · ${parallel} conversation${parallel === 1 ? '' : 's'} at a time` : '')
      : run.current_level != null && running
      ? ` · level ${run.current_level} (${levels.indexOf(run.current_level) + 1} of ${levels.length})` : '';
    setText(this.progressLabel, `${done} / ${total} requests${levelText}`);

    this.error.hidden = !run.error;
    setText(this.error, run.error || '');
    replaceChildren(this.meta, [
      ['Started', formatDateTime(run.started_at)],
      ['Duration', `${runDuration(run)}${running ? ' so far' : ''}`],
      ['Config', runConfigLine(run.config)],
      ['Systems', (run.config?.targets || []).map((t) => t.name).join(', ') || EMPTY],
      ['Rules', run.rules_version == null ? EMPTY : `v${run.rules_version}`],
      ['Commit', run.git_commit ? run.git_commit.slice(0, 10) : EMPTY],
    ].map(([term, value]) => el('div', {}, el('dt', {}, term), el('dd', { title: term === 'Commit' ? run.git_commit || '' : null }, value))));
  }

  setCancelling() {
    this.cancelButton.disabled = true;
  }
}
