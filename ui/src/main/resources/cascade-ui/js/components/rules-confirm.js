// The confirmation every rules change goes through (Activate, Roll back): what changes against the active version (the
// line diff) and what it does to routing (the dry-run summary on the suite prompts), then Confirm or Cancel.
import { el, setText, replaceChildren } from '../lib/dom.js';
import { summaryLine } from './dry-run-report.js';
import { versionDiff } from './rules-history.js';

export class ConfirmRulesChange {
  constructor() {
    this.title = el('h2', { class: 'dialog__title', id: 'confirm-change-title', 'data-testid': 'confirm-change-title' });
    this.routing = el('p', { class: 'confirm-change__routing', 'data-testid': 'confirm-change-dry-run' });
    this.note = el('p', { class: 'dialog__error', 'data-testid': 'confirm-change-note', hidden: true });
    this.stats = el('p', { class: 'dialog__text', 'data-testid': 'confirm-change-stats' });
    this.diff = el('div', { class: 'diff confirm-change__diff', 'data-testid': 'confirm-change-diff', tabindex: '0',
      role: 'region', 'aria-label': 'Line diff against the active version' });
    this.confirmButton = el('button', { type: 'submit', class: 'button button--primary', 'data-testid': 'confirm-change-submit' });
    this.root = el('dialog', { class: 'dialog dialog--wide', 'data-testid': 'confirm-change-dialog', 'aria-labelledby': 'confirm-change-title' },
      el('form', { method: 'dialog', class: 'dialog__body', on: { submit: (e) => { e.preventDefault(); this.close(true); } } },
        this.title,
        this.note,
        el('h3', { class: 'confirm-change__heading' }, 'Routing of the benchmark prompts (dry-run)'),
        this.routing,
        el('h3', { class: 'confirm-change__heading' }, 'Changes against the active version'),
        this.stats,
        this.diff,
        el('div', { class: 'dialog__actions' },
          el('button', { type: 'button', class: 'button', 'data-testid': 'confirm-change-cancel', on: { click: () => this.close(false) } }, 'Cancel'),
          this.confirmButton)));
    this.root.addEventListener('cancel', (e) => { e.preventDefault(); this.close(false); });
    this.resolve = null;
    document.body.append(this.root);
  }

  /**
   * Shows the change and resolves true when confirmed. active/next: { files }; nextLabel names the new side ("edits",
   * "v3"); dryRun: the body of POST /api/rules/dry-run for the new files, or null with dryRunProblem saying why.
   */
  ask({ title, confirmLabel, active, next, nextLabel, dryRun, dryRunProblem = null, note = null }) {
    this.resolve?.(false);
    setText(this.title, title);
    this.note.hidden = !note;
    setText(this.note, note || '');
    setText(this.routing, dryRun ? summaryLine(dryRun.summary || { changed: 0, prompts: 0 })
      : `Dry-run unavailable (${dryRunProblem || 'no answer'}): check the diff carefully.`);
    this.routing.dataset.changed = String(dryRun?.summary?.changed ?? 0);
    const diff = versionDiff(active.files, next.files, nextLabel);
    setText(this.stats, `${diff.files.length} file${diff.files.length === 1 ? '' : 's'} change: +${diff.added} −${diff.removed} lines`);
    replaceChildren(this.diff, diff.files);
    setText(this.confirmButton, confirmLabel);
    this.root.showModal();
    this.confirmButton.focus();
    return new Promise((resolve) => { this.resolve = resolve; });
  }

  close(confirmed) {
    if (this.root.open) this.root.close();
    replaceChildren(this.diff); // a closed dialog keeps no second copy of the diff in the page
    const resolve = this.resolve;
    this.resolve = null;
    resolve?.(confirmed);
  }
}
