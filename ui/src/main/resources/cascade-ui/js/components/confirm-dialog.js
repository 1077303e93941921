// A yes/no question in a native modal <dialog> (Cancel, Esc or the confirm button): for actions that cannot be undone,
// such as revoking or rotating a key. One per use site; resolves true only when confirmed.
import { el, setText } from '../lib/dom.js';

export class ConfirmDialog {
  /** testId names the dialog and its buttons: `${testId}`, `${testId}-submit`, `${testId}-cancel`. */
  constructor(testId) {
    this.title = el('h2', { class: 'dialog__title', id: `${testId}-title` });
    this.text = el('p', { class: 'dialog__text', 'data-testid': `${testId}-text` });
    this.confirmButton = el('button', { type: 'submit', class: 'button button--primary', 'data-testid': `${testId}-submit` });
    this.root = el('dialog', { class: 'dialog', 'data-testid': testId, 'aria-labelledby': `${testId}-title` },
      el('form', { method: 'dialog', class: 'dialog__body', on: { submit: (e) => { e.preventDefault(); this.close(true); } } },
        this.title, this.text,
        el('div', { class: 'dialog__actions' },
          el('button', { type: 'button', class: 'button', 'data-testid': `${testId}-cancel`, on: { click: () => this.close(false) } }, 'Cancel'),
          this.confirmButton)));
    this.root.addEventListener('cancel', (e) => { e.preventDefault(); this.close(false); });
    this.resolve = null;
    document.body.append(this.root);
  }

  ask({ title, text, confirmLabel }) {
    this.resolve?.(false);
    setText(this.title, title);
    setText(this.text, text);
    setText(this.confirmButton, confirmLabel);
    this.root.showModal();
    this.confirmButton.focus();
    return new Promise((resolve) => { this.resolve = resolve; });
  }

  close(confirmed) {
    if (this.root.open) this.root.close();
    const resolve = this.resolve;
    this.resolve = null;
    resolve?.(confirmed);
  }
}
