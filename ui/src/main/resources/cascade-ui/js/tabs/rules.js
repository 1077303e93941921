// Rules tab: edit the active Drools rulebook in the browser, validate it (problems marked at their lines), dry-run it
// on the benchmark prompts (which routes change), activate it with the admin token, and diff or roll back versions.
import { el, setText, replaceChildren } from '../lib/dom.js';
import { ApiError } from '../lib/api.js';
import { formatDateTime } from '../lib/format.js';
import { RULES_PATH, getActiveRules, getRulesHistory, getRulesVersion, validateRules, dryRunRules } from '../lib/rules-api.js';
import { adminRequest, AdminCancelled } from '../components/admin-token.js';
import { DrlEditor } from '../components/drl-editor.js';
import { renderDryRun } from '../components/dry-run-report.js';
import { RulesHistory } from '../components/rules-history.js';
import { ConfirmRulesChange } from '../components/rules-confirm.js';
import { saveDraft, takeDraft, dropDraft } from '../lib/rules-draft.js';

export const id = 'rules';
/** Recorded as the author of versions activated from the console. */
const AUTHOR = 'console';

let current = null; // the mounted view, for reveal()

export function mount(root) {
  const view = new RulesView();
  root.append(view.root);
  view.loaded = view.load();
  current = view;
  return view;
}

/** URL hash parameters (#rules?rule=<name>, the Requests tab's link): shows that rule in the editor. */
export function reveal(params) {
  const rule = params.get('rule');
  if (rule && current) current.revealRule(rule);
}

class RulesView {
  constructor() {
    this.active = null; // the active version, with files
    this.problemCount = 0; // problems the last check found in the current edits: Activate waits until they are fixed
    this.confirmation = null; // the confirmation dialog, made on first use
    this.editor = new DrlEditor({ onChange: () => this.edited() });
    this.history = new RulesHistory({ onPick: (v) => this.pick(v), onRollback: (v) => this.rollback(v) });

    this.version = el('span', { class: 'rules-head__version', 'data-testid': 'rules-version' }, '…');
    this.editing = el('span', { class: 'pill', 'data-testid': 'rules-editing' });
    this.meta = el('span', { class: 'card__caption', 'data-testid': 'rules-meta' });
    this.comment = el('input', { class: 'input rules-actions__comment', type: 'text', maxlength: '1000',
      placeholder: 'What does this change do? (stored with the version)', 'aria-label': 'Comment for the new version',
      'data-testid': 'rules-comment' });
    const button = (label, testId, handler, extra = '') => el('button', { type: 'button', class: `button ${extra}`.trim(),
      'data-testid': testId, on: { click: handler } }, label);
    this.revertButton = button('Revert edits', 'rules-revert', () => this.revert(), 'button--quiet');
    this.validateButton = button('Validate', 'rules-validate', () => this.validate());
    this.dryRunButton = button('Dry-run', 'rules-dry-run', () => this.dryRun());
    this.activateButton = button('Activate…', 'rules-activate', () => this.activate(), 'button--primary');
    this.message = el('div', { class: 'rules-message', role: 'status', 'data-testid': 'rules-message', hidden: true });
    this.problems = el('ol', { class: 'problems', 'data-testid': 'rules-problems' });
    this.problemsCard = el('section', { class: 'card', 'aria-label': 'Problems', hidden: true },
      el('header', { class: 'card__header' }, el('div', { class: 'card__heading' },
        el('h2', { class: 'card__title' }, 'Problems'),
        el('span', { class: 'card__caption' }, 'Click one to jump to its line'))),
      this.problems);
    this.dryRunBody = el('div', {});
    this.dryRunCard = el('section', { class: 'card', 'aria-label': 'Dry-run', 'data-testid': 'dry-run-card', hidden: true },
      el('header', { class: 'card__header' }, el('div', { class: 'card__heading' },
        el('h2', { class: 'card__title' }, 'Dry-run on the benchmark prompts'),
        el('span', { class: 'card__caption' }, 'Active rules vs your edits; nothing is activated'))),
      this.dryRunBody);

    const editorCard = el('section', { class: 'card rules-editor-card', 'aria-label': 'Rulebook editor' },
      el('header', { class: 'card__header rules-head' },
        el('div', { class: 'card__heading' },
          el('div', { class: 'card__heading--row' }, el('h2', { class: 'card__title' }, 'Rulebook'), this.version, this.editing),
          this.meta)),
      this.editor.root,
      el('div', { class: 'rules-actions' }, this.comment, this.revertButton, this.validateButton, this.dryRunButton, this.activateButton),
      this.message);
    this.root = el('div', { class: 'rules' },
      el('div', { class: 'rules__main' }, editorCard, this.problemsCard, this.dryRunCard, this.history.diffCard),
      el('div', { class: 'rules__side' }, this.history.root));
  }

  /** Loads the active version into the editor (edits are dropped) and refreshes the history. */
  async load() {
    try {
      this.active = await getActiveRules();
    } catch (e) {
      this.say(`Cannot load the rules: ${e.message}`, 'error');
      return;
    }
    const draft = takeDraft(); // before the editor loads: loading saves (i.e. clears) the draft
    this.editor.load(this.active.files || []);
    const restored = draft && this.restoreDraft(draft);
    this.dryRunCard.hidden = true; // a dry-run compared against the previous active version
    replaceChildren(this.dryRunBody);
    setText(this.version, `v${this.active.version}`);
    const enabled = this.active.editing_enabled !== false;
    this.editing.className = `pill ${enabled ? 'pill--ok' : 'pill--warn'}`;
    setText(this.editing, enabled ? 'editing enabled' : 'editing disabled');
    this.editing.title = enabled ? 'Activate and roll back need the admin token'
      : 'Editing is disabled on this server: set CASCADE_ADMIN_TOKEN to enable it';
    setText(this.meta, [`${(this.active.rules || []).length} rules in ${(this.active.files || []).length} files`,
      `by ${this.active.author || 'unknown'}`, formatDateTime(this.active.created_at),
      this.active.comment, this.active.sha256 && `sha256 ${this.active.sha256.slice(0, 12)}`].filter(Boolean).join(' · '));
    this.showProblems([]);
    this.updateButtons();
    if (restored) this.say(restored, 'warn');
    // The shared database is unreachable: the server shows its cached copy, and edits will answer 503 until it is back.
    else if (this.active.source === 'cache') this.say(`Shown from this server's cached copy: ${this.active.source_note}`, 'warn');
    await this.refreshHistory();
  }

  /** Puts the cursor on the rule named `name` in the active files (the link from a request's explanation). */
  async revealRule(name) {
    await this.loaded;
    const quoted = new RegExp(`^\\s*rule\\s+(["'])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\1`);
    for (const file of this.editor.files()) {
      const line = file.content.split('\n').findIndex((text) => quoted.test(text) || text.trim() === `rule ${name}`);
      if (line >= 0) {
        this.editor.goTo(file.name, line + 1);
        this.say(`Rule “${name}”: ${file.name}, line ${line + 1}.`, 'info');
        return;
      }
    }
    this.say(`“${name}” is not a rule of the active version v${this.active?.version ?? '?'} (e.g. a model the client forced, or a rule since removed).`, 'warn');
  }

  async refreshHistory() {
    try {
      this.history.render(await getRulesHistory());
    } catch (e) {
      this.say(`Cannot load the history: ${e.message}`, 'error');
    }
  }

  editingEnabled() {
    return this.active?.editing_enabled !== false;
  }

  updateButtons() {
    const dirty = this.editor.isDirty();
    this.revertButton.disabled = !dirty;
    this.activateButton.disabled = !dirty || !this.editingEnabled() || this.problemCount > 0;
    this.activateButton.title = !this.editingEnabled() ? 'Editing is disabled on this server: set CASCADE_ADMIN_TOKEN'
      : this.problemCount > 0 ? 'Fix the problems listed, then Validate again'
      : dirty ? `Store the edits as a new version and route with them (changed: ${this.editor.changedFiles().join(', ')})`
        : 'Edit a file first';
  }

  /** tone: info | ok | warn | error; extra nodes (e.g. a button) follow the text. */
  say(text, tone = 'info', ...extra) {
    this.message.hidden = !text;
    this.message.dataset.tone = tone;
    replaceChildren(this.message, text || '', ...extra);
  }

  showProblems(problems) {
    this.problemCount = problems.length;
    this.editor.setProblems(problems);
    this.problemsCard.hidden = problems.length === 0;
    replaceChildren(this.problems, problems.map((p) => el('li', {},
      el('button', { type: 'button', class: 'problems__item', 'data-testid': 'rules-problem', dataset: { file: p.file, line: String(p.line) },
        on: { click: () => this.editor.goTo(p.file, p.line) } },
      el('span', { class: 'problems__where mono' }, `${p.file}:${p.line}${p.column ? `:${p.column}` : ''}`),
      el('span', { class: 'problems__message' }, p.message)))));
  }

  async busy(action) {
    const buttons = [this.validateButton, this.dryRunButton, this.activateButton, this.history.rollbackButton];
    const before = buttons.map((b) => b.disabled);
    buttons.forEach((b) => { b.disabled = true; });
    try {
      await action();
    } finally {
      buttons.forEach((b, i) => { b.disabled = before[i]; });
      this.updateButtons();
    }
  }

  revert() {
    this.editor.revert();
    dropDraft();
    this.showProblems([]);
    this.say(`Edits reverted to v${this.active.version}.`);
  }

  validate() {
    return this.busy(async () => {
      this.say('Compiling…');
      try {
        const result = await validateRules(this.editor.files());
        this.showProblems(result.problems || []);
        if (result.valid) this.say(`Valid: ${(result.rules || []).length} rules compile.`, 'ok');
        else this.say(`${result.problems.length} problem${result.problems.length === 1 ? '' : 's'}: nothing can be activated until they are fixed.`, 'error');
      } catch (e) {
        this.say(`Validate failed: ${e.message}`, 'error');
      }
    });
  }

  dryRun() {
    return this.busy(async () => {
      this.say('Routing the benchmark prompts with both rulebooks…');
      try {
        const report = await dryRunRules(this.editor.files());
        this.showProblems([]);
        replaceChildren(this.dryRunBody, renderDryRun(report));
        this.dryRunCard.hidden = false;
        this.say(`Dry-run done: ${report.summary.changed} of ${report.summary.prompts} prompts change route.`, report.summary.changed ? 'warn' : 'ok');
      } catch (e) {
        this.failed('Dry-run', e);
      }
    });
  }

  activate() {
    if (!this.editor.isDirty()) {
      this.say(`Nothing to activate: no file differs from v${this.active.version}.`, 'warn');
      return Promise.resolve();
    }
    return this.busy(async () => {
      const comment = this.comment.value.trim();
      const files = this.editor.files();
      try {
        const confirmed = await this.confirmChange({ title: `Activate your edits as a new version (active: v${this.active.version})?`,
          confirmLabel: 'Activate', files, label: 'edits' });
        if (!confirmed) return;
        const { body } = await adminRequest(RULES_PATH, { method: 'PUT', body: {
          files, base_version: this.active.version, author: AUTHOR, ...(comment ? { comment } : {}),
        } }, 'Activating rules');
        this.comment.value = '';
        dropDraft();
        this.history.hideDiff();
        await this.load();
        this.say(`Activated version ${body.version}: routing uses it from the next request on.`, 'ok');
      } catch (e) {
        this.failed('Activate', e);
      }
    });
  }

  async pick(version) {
    try {
      const picked = await getRulesVersion(version);
      this.history.showDiff(picked, this.active, this.editingEnabled());
      this.history.diffCard.scrollIntoView({ block: 'nearest' });
    } catch (e) {
      this.say(`Cannot open version ${version}: ${e.message}`, 'error');
    }
  }

  rollback(version) {
    return this.busy(async () => {
      const dropped = this.editor.isDirty();
      try {
        const target = await getRulesVersion(version);
        const confirmed = await this.confirmChange({ title: `Roll back to v${version} (active: v${this.active.version})?`,
          confirmLabel: `Roll back to v${version}`, files: target.files || [], label: `v${version}`,
          note: dropped ? 'Your unsaved edits in the editor will be discarded.' : null });
        if (!confirmed) return;
        dropDraft();
        const { body } = await adminRequest(`${RULES_PATH}/rollback/${encodeURIComponent(version)}`, { method: 'POST',
          body: { base_version: this.active.version, author: AUTHOR } }, 'Rolling back rules');
        this.history.hideDiff();
        await this.load();
        this.say(`Rolled back: version ${body.version} restores v${version}${dropped ? ' (your edits were discarded)' : ''}.`, 'ok');
      } catch (e) {
        this.failed('Rollback', e);
      }
    });
  }

  // ---- Safe activation: a confirmation with the diff and the dry-run, drafts kept across reloads ----

  /**
   * Dry-runs `files`, then asks for confirmation showing their diff against the active version and the dry-run's
   * summary. Resolves false when cancelled; throws what the dry-run threw (e.g. problems in the rules).
   */
  async confirmChange({ title, confirmLabel, files, label, note = null }) {
    this.say('Checking the change on the benchmark prompts before asking…');
    let dryRun = null;
    let dryRunProblem = null;
    try {
      dryRun = await dryRunRules(files);
    } catch (e) {
      if (e instanceof ApiError && Array.isArray(e.body?.problems)) throw e; // broken rules are never confirmed
      dryRunProblem = e.message; // e.g. the dry-run's time budget on a busy gateway: the diff still shows
    }
    this.confirmation ??= new ConfirmRulesChange();
    const confirmed = await this.confirmation.ask({ title, confirmLabel, active: this.active, next: { files },
      nextLabel: label, dryRun, dryRunProblem, note });
    this.say(confirmed ? 'Confirmed: applying…' : 'Cancelled: nothing changed.', confirmed ? 'info' : 'warn');
    return confirmed;
  }

  /** The editor changed: the buttons follow, and the edits are kept in this browser so a reload does not lose them. */
  edited() {
    this.updateButtons();
    if (this.active) saveDraft(this.active.version, this.editor);
  }

  /** After a load: puts back edits kept from before a reload; returns what to tell the user. */
  restoreDraft(draft) {
    if (draft.baseVersion !== this.active.version) {
      dropDraft();
      return `Unsaved edits from before the reload were made on v${draft.baseVersion}, but v${this.active.version} is active now: they were discarded.`;
    }
    this.editor.restore(draft.files);
    return `Restored your unsaved edits to ${Object.keys(draft.files).join(', ')} (kept in this browser). Revert edits drops them.`;
  }

  /** Explains a failed call: problems in the DRL, a stale base version, the admin token, or anything else. */
  failed(what, e) {
    if (e instanceof AdminCancelled) {
      this.say(e.message, 'warn');
    } else if (e instanceof ApiError && Array.isArray(e.body?.problems)) {
      this.showProblems(e.body.problems);
      this.say(`${what} refused: ${e.body.problems.length} problem${e.body.problems.length === 1 ? '' : 's'} in the rules.`, 'error');
    } else if (e instanceof ApiError && e.code === 'stale_base_version') {
      this.say(`${what} refused: the active rules changed to v${e.body?.current_version ?? '?'} since you loaded v${this.active.version}. `
        + 'Reload to edit the new version (your edits here are discarded).', 'warn',
      el('button', { type: 'button', class: 'link-button', 'data-testid': 'rules-reload', on: { click: () => this.load() } }, 'Reload'));
    } else {
      this.say(`${what} failed${e instanceof ApiError && e.status ? ` (${e.status})` : ''}: ${e.message}`, 'error');
    }
  }
}
