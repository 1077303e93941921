// The DRL editor of the Rules tab: one tab per rule file, a plain <textarea> with a line-number gutter, and the
// compiler's problems marked at their lines (gutter and a band behind the text). Edits stay here until activated.
import { el, setText, replaceChildren } from '../lib/dom.js';

/** Must match the CSS line height of .editor__text and .editor__gutter (px). */
const LINE_HEIGHT_PX = 20;

export class DrlEditor {
  /** onChange(): the text of some file changed (or files were loaded). */
  constructor({ onChange = () => {} } = {}) {
    this.onChange = onChange;
    this.original = new Map(); // name → content as loaded
    this.drafts = new Map(); // name → content as edited
    this.problems = [];
    this.current = null;
    this.renderedLines = -1;
    this.tabs = el('div', { class: 'file-tabs', role: 'tablist', 'aria-label': 'Rule files', 'data-testid': 'rules-files' });
    this.gutter = el('div', { class: 'editor__gutter', 'aria-hidden': 'true', 'data-testid': 'rules-gutter' });
    this.marks = el('div', { class: 'editor__marks', 'aria-hidden': 'true' });
    this.text = el('textarea', { class: 'editor__text', 'data-testid': 'rules-editor', wrap: 'off', spellcheck: 'false',
      autocapitalize: 'off', autocomplete: 'off', 'aria-label': 'DRL source', role: 'tabpanel',
      on: { input: () => this.edited(), scroll: () => this.syncScroll() } });
    this.text.addEventListener('keydown', (e) => this.indentWithTab(e));
    this.position = el('span', { class: 'editor__position', 'data-testid': 'rules-position' });
    this.text.addEventListener('keyup', () => this.showPosition());
    this.text.addEventListener('click', () => this.showPosition());
    this.root = el('div', { class: 'editor' },
      this.tabs,
      el('div', { class: 'editor__body' }, this.gutter, el('div', { class: 'editor__pane' }, this.marks, this.text)),
      el('div', { class: 'editor__status' }, el('span', { class: 'muted' }, 'DRL · Tab indents · changes stay in this page until you activate them'), this.position));
  }

  /** files: [{ name, content }] of a version; selects the first file (or keeps the current one if it still exists). */
  load(files) {
    this.original = new Map(files.map((f) => [f.name, f.content]));
    this.drafts = new Map(this.original);
    this.problems = [];
    const keep = this.current && this.original.has(this.current) ? this.current : files[0]?.name ?? null;
    this.current = null;
    this.renderTabs();
    if (keep) this.select(keep);
    this.onChange();
  }

  /** Edited files in their original order, as the API wants them. */
  files() {
    return [...this.drafts].map(([name, content]) => ({ name, content }));
  }

  changedFiles() {
    return [...this.drafts.keys()].filter((name) => this.drafts.get(name) !== this.original.get(name));
  }

  isDirty() {
    return this.changedFiles().length > 0;
  }

  /** Throws away the edits: back to the loaded version. */
  revert() {
    this.drafts = new Map(this.original);
    this.problems = [];
    this.renderTabs();
    this.select(this.current);
    this.onChange();
  }

  select(name) {
    if (!this.drafts.has(name)) return;
    this.current = name;
    this.text.value = this.drafts.get(name);
    this.text.scrollTop = 0;
    this.text.scrollLeft = 0;
    for (const tab of this.tabs.children) {
      const selected = tab.dataset.file === name;
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
    }
    this.renderedLines = -1;
    this.renderGutter();
    this.showPosition();
  }

  /** problems: [{ file, line, column, message }] from validate / dry-run / activate; [] clears the marks. */
  setProblems(problems) {
    this.problems = problems || [];
    this.renderTabs();
    this.renderedLines = -1;
    this.renderGutter();
  }

  /** Shows a file and puts the caret at the start of a line (1-based), scrolled into view. */
  goTo(file, line) {
    if (file && file !== this.current) this.select(file);
    const lines = this.text.value.split('\n');
    const target = Math.min(Math.max(1, line || 1), lines.length);
    const offset = lines.slice(0, target - 1).reduce((n, l) => n + l.length + 1, 0);
    this.text.focus();
    this.text.setSelectionRange(offset, offset + (lines[target - 1]?.length ?? 0));
    this.text.scrollTop = Math.max(0, (target - 4) * LINE_HEIGHT_PX);
    this.syncScroll();
    this.showPosition();
  }

  edited() {
    this.drafts.set(this.current, this.text.value);
    this.renderGutter();
    this.updateTab(this.current);
    this.onChange();
  }

  renderTabs() {
    replaceChildren(this.tabs, [...this.drafts.keys()].map((name) => el('button', {
      type: 'button', role: 'tab', class: 'file-tab', 'data-testid': `rules-file-${name}`, dataset: { file: name },
      'aria-selected': String(name === this.current), tabindex: name === this.current ? '0' : '-1',
      on: { click: () => this.select(name), keydown: (e) => this.tabKey(e) },
    }, el('span', { class: 'file-tab__name' }, name), el('span', { class: 'file-tab__dot', title: 'edited' }),
    el('span', { class: 'file-tab__problems' }))));
    for (const name of this.drafts.keys()) this.updateTab(name);
  }

  updateTab(name) {
    const tab = [...this.tabs.children].find((t) => t.dataset.file === name);
    if (!tab) return;
    tab.dataset.modified = String(this.drafts.get(name) !== this.original.get(name));
    const count = this.problems.filter((p) => p.file === name).length;
    tab.dataset.problems = String(count);
    setText(tab.querySelector('.file-tab__problems'), count ? String(count) : '');
  }

  /** Arrow keys move between file tabs (WAI-ARIA tabs). */
  tabKey(event) {
    const tabs = [...this.tabs.children];
    const index = tabs.indexOf(event.currentTarget);
    const moves = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = tabs[(moves[event.key] + tabs.length) % tabs.length];
    this.select(next.dataset.file);
    next.focus();
  }

  /** Line numbers (rebuilt when the count changes) and problem marks for the current file. */
  renderGutter() {
    const lineCount = this.text.value.split('\n').length;
    const marked = new Map();
    for (const p of this.problems.filter((p) => p.file === this.current)) {
      const line = Math.max(1, p.line || 1);
      marked.set(line, [...(marked.get(line) || []), p.message]);
    }
    if (lineCount !== this.renderedLines) {
      const numbers = [];
      for (let n = 1; n <= lineCount; n++) numbers.push(el('div', { class: 'editor__line', dataset: { line: String(n) } }, String(n)));
      replaceChildren(this.gutter, numbers, el('div', { class: 'editor__gutter-pad' }));
      this.renderedLines = lineCount;
    }
    for (const node of this.gutter.children) {
      const messages = marked.get(Number(node.dataset.line));
      node.classList.toggle('editor__line--problem', !!messages);
      node.title = messages ? messages.join('\n') : '';
    }
    replaceChildren(this.marks, [...marked.keys()].map((line) => {
      const mark = el('div', { class: 'editor__mark', 'data-testid': 'rules-problem-mark', dataset: { line: String(line) } });
      // CSSOM, not a style attribute: the gateway's Content-Security-Policy (style-src 'self') blocks inline styles.
      mark.style.top = `${(line - 1) * LINE_HEIGHT_PX}px`;
      return mark;
    }));
    this.syncScroll();
  }

  syncScroll() {
    this.gutter.scrollTop = this.text.scrollTop;
    this.marks.style.transform = `translateY(${-this.text.scrollTop}px)`;
  }

  showPosition() {
    const before = this.text.value.slice(0, this.text.selectionStart);
    const line = before.split('\n').length;
    const column = before.length - before.lastIndexOf('\n');
    setText(this.position, `${this.current ?? ''} · line ${line}, column ${column}`);
  }

  /** Tab inserts four spaces instead of leaving the editor (Shift+Tab still leaves). */
  indentWithTab(event) {
    if (event.key !== 'Tab' || event.shiftKey || event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();
    this.text.setRangeText('    ', this.text.selectionStart, this.text.selectionEnd, 'end');
    this.edited();
  }
}
