// A key's secret right after create or rotate: shown this once (the gateway keeps only its hash), in a read-only
// field with a Copy button, under a warning that says so. Hide drops it from the page.
import { el, setText } from '../lib/dom.js';

export class KeySecret {
  constructor() {
    this.title = el('h3', { class: 'key-secret__title', 'data-testid': 'key-secret-title' });
    this.field = el('input', { class: 'input mono key-secret__value', type: 'text', readonly: true, id: 'key-secret-value',
      'data-testid': 'key-secret', spellcheck: 'false', autocomplete: 'off', 'aria-describedby': 'key-secret-warning' });
    this.copied = el('span', { class: 'key-secret__copied', role: 'status', 'data-testid': 'key-secret-copied' });
    this.root = el('section', { class: 'key-secret', 'aria-label': 'New secret', 'data-testid': 'key-secret-panel', hidden: true },
      this.title,
      el('p', { class: 'key-secret__warning', id: 'key-secret-warning' },
        el('strong', {}, 'Shown once. '), 'Copy it now and hand it to its owner: the gateway keeps only a salted hash and cannot show it again. '
        + 'Lost? Rotate the key for a new one.'),
      el('div', { class: 'key-secret__row' },
        el('label', { class: 'visually-hidden', for: 'key-secret-value' }, 'Secret'),
        this.field,
        el('button', { type: 'button', class: 'button', 'data-testid': 'key-secret-copy', on: { click: () => this.copy() } }, 'Copy'),
        el('button', { type: 'button', class: 'button button--quiet', 'data-testid': 'key-secret-hide', on: { click: () => this.hide() } }, 'Hide')),
      this.copied);
  }

  /** Shows `secret` of the key named `alias`; `what`: "created" or "rotated". */
  show(alias, secret, what) {
    setText(this.title, `Secret of “${alias}” (${what})`);
    this.field.value = secret;
    setText(this.copied, '');
    this.root.hidden = false;
    this.field.focus();
    this.field.select();
  }

  hide() {
    this.field.value = '';
    this.root.hidden = true;
  }

  async copy() {
    this.field.select();
    try {
      await navigator.clipboard.writeText(this.field.value);
      setText(this.copied, 'Copied to the clipboard.');
    } catch {
      // No clipboard permission (plain http beyond localhost): the text is selected for Ctrl/⌘+C.
      setText(this.copied, 'Selected: press Ctrl+C (⌘C) to copy.');
    }
  }
}
