// The Rules tab's history: every stored version (newest first), and for the one picked a line diff against the active
// version, file by file, with Rollback (which activates that content again as a new version).
import { el, setText, replaceChildren } from '../lib/dom.js';
import { diffHunks, diffStats } from '../lib/line-diff.js';
import { formatDateTime } from '../lib/format.js';

export class RulesHistory {
  /** onPick(version): show that version's diff; onRollback(version): restore it. */
  constructor({ onPick, onRollback }) {
    this.onPick = onPick;
    this.list = el('ol', { class: 'versions', 'data-testid': 'rules-history' });
    this.root = el('section', { class: 'card', 'aria-label': 'Rules history' },
      el('header', { class: 'card__header' },
        el('div', { class: 'card__heading' },
          el('h2', { class: 'card__title' }, 'History'),
          el('span', { class: 'card__caption' }, 'Pick a version to see its diff against the active one'))),
      this.list);
    this.diffTitle = el('h2', { class: 'card__title', 'data-testid': 'rules-diff-title' });
    this.diffCaption = el('span', { class: 'card__caption', 'data-testid': 'rules-diff-stats' });
    this.rollbackButton = el('button', { type: 'button', class: 'button', 'data-testid': 'rules-rollback',
      on: { click: () => this.picked && onRollback(this.picked.version) } }, 'Roll back to this version');
    this.diffBody = el('div', { class: 'diff', 'data-testid': 'rules-diff' });
    this.diffCard = el('section', { class: 'card', 'aria-label': 'Version diff', 'data-testid': 'rules-diff-card', hidden: true },
      el('header', { class: 'card__header' },
        el('div', { class: 'card__heading' }, this.diffTitle, this.diffCaption),
        this.rollbackButton),
      this.diffBody);
    this.picked = null;
  }

  /** history: { active_version, data: [version metadata] }. */
  render(history) {
    const active = history.active_version;
    replaceChildren(this.list, (history.data || []).map((v) => el('li', {
      class: 'versions__item', 'data-testid': 'rules-history-version', dataset: { version: String(v.version), active: String(v.version === active),
        picked: String(v.version === this.picked?.version) },
    }, el('button', { type: 'button', class: 'versions__open', disabled: v.damaged, on: { click: () => this.onPick(v.version) } },
      el('span', { class: 'versions__line' },
        el('span', { class: 'versions__number' }, `v${v.version}`),
        v.version === active ? el('span', { class: 'pill pill--ok' }, 'active') : null,
        v.damaged ? el('span', { class: 'pill pill--bad' }, 'damaged') : null,
        el('span', { class: 'versions__time' }, formatDateTime(v.created_at))),
      el('span', { class: 'versions__meta' }, v.damaged ? v.damage : [v.author || 'unknown',
        v.restored_from ? ` · restores v${v.restored_from}` : '', v.comment ? ` · ${v.comment}` : ''].join(''))))));
  }

  /**
   * Shows `version` (with files) against `active` (with files): per file, the lines the active version has that the
   * picked one does not (−) and the other way round (+). `editingEnabled` false disables Rollback.
   */
  showDiff(version, active, editingEnabled) {
    this.picked = version;
    for (const item of this.list.children) item.dataset.picked = String(item.dataset.version === String(version.version));
    const isActive = version.version === active.version;
    setText(this.diffTitle, isActive ? `Version ${version.version} (active)` : `Version ${version.version} vs active v${active.version}`);
    const diff = versionDiff(active.files, version.files, `v${version.version}`);
    const same = diff.files.length === 0;
    setText(this.diffCaption, same ? 'Same content as the active version: nothing to roll back'
      : `Rolling back would change ${diff.files.length} file${diff.files.length === 1 ? '' : 's'}: +${diff.added} −${diff.removed} lines`);
    replaceChildren(this.diffBody, same ? el('p', { class: 'muted' }, 'No differences.') : diff.files);
    // No rollback to the active version, nor to one with identical content: it would only add a copy.
    this.rollbackButton.hidden = isActive || same;
    this.rollbackButton.disabled = !editingEnabled;
    this.rollbackButton.title = editingEnabled ? '' : 'Editing is disabled on this server: set CASCADE_ADMIN_TOKEN';
    setText(this.rollbackButton, `Roll back to v${version.version}…`);
    this.diffCard.hidden = false;
  }

  hideDiff() {
    this.picked = null;
    this.diffCard.hidden = true;
  }
}

/**
 * The line diff from `beforeFiles` (the active version) to `afterFiles` ([{ name, content }]), file by file:
 * { files: [diff nodes of the files that differ], added, removed }. `afterLabel` names the other side ("v3", "edits").
 */
export function versionDiff(beforeFiles, afterFiles, afterLabel) {
  const before = new Map((beforeFiles || []).map((f) => [f.name, f.content]));
  const after = new Map((afterFiles || []).map((f) => [f.name, f.content]));
  let added = 0;
  let removed = 0;
  const files = [];
  for (const name of new Set([...before.keys(), ...after.keys()])) {
    const stats = diffStats(before.get(name) ?? '', after.get(name) ?? '');
    if (!stats.added && !stats.removed) continue;
    added += stats.added;
    removed += stats.removed;
    files.push(fileDiff(name, before.get(name), after.get(name), stats, afterLabel));
  }
  return { files, added, removed };
}

function fileDiff(name, oldText, newText, stats, afterLabel) {
  const status = oldText === undefined ? 'added' : newText === undefined ? 'removed' : `+${stats.added} −${stats.removed}`;
  return el('div', { class: 'diff__file', 'data-testid': 'rules-diff-file', dataset: { file: name } },
    el('div', { class: 'diff__file-head' }, el('span', { class: 'mono' }, name), el('span', { class: 'diff__status' }, status)),
    diffHunks(oldText ?? '', newText ?? '').map((hunk) => el('div', { class: 'diff__hunk' },
      el('div', { class: 'diff__hunk-head' }, `@@ active line ${hunk.oldStart} · ${afterLabel} line ${hunk.newStart} @@`),
      hunk.lines.map((line) => el('div', { class: `diff__line diff__line--${line.type}`, 'data-testid': `diff-${line.type}` },
        el('span', { class: 'diff__num' }, line.oldLine ?? ''),
        el('span', { class: 'diff__num' }, line.newLine ?? ''),
        el('span', { class: 'diff__sign' }, line.type === 'add' ? '+' : line.type === 'del' ? '−' : ' '),
        el('span', { class: 'diff__text' }, line.text))))));
}
