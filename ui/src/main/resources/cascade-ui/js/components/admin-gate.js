// For tabs whose every read needs the admin token (Keys, Requests): without a token they say what is needed and offer
// the token dialog, instead of opening it unasked; once a token is set (here or in the header) they load.
import { el, setText } from '../lib/dom.js';
import { manageToken, onTokenChange, storedToken } from './admin-token.js';

export class AdminGate {
  /** what: what the tab shows ("Keys"); onToken(): load now that a token is stored. */
  constructor({ testId, what, onToken }) {
    this.text = el('p', { class: 'admin-gate__text' });
    this.root = el('div', { class: 'admin-gate notice', role: 'status', 'data-testid': testId, hidden: true },
      this.text,
      el('button', { type: 'button', class: 'button button--primary', 'data-testid': `${testId}-button`, on: { click: () => manageToken() } },
        'Enter admin token'));
    setText(this.text, `${what} need the gateway\u2019s admin token (CASCADE_ADMIN_TOKEN): enter it to see them. It is kept in this browser tab only.`);
    let had = null;
    onTokenChange((hasToken) => {
      this.root.hidden = hasToken;
      if (hasToken && had === false) onToken();
      had = hasToken;
    });
  }

  /** Whether a token is stored; when not, the gate shows. */
  open() {
    const has = !!storedToken();
    this.root.hidden = has;
    return has;
  }

  /** The gateway refused the token or has none configured: say so in the gate. */
  refuse(message) {
    this.root.hidden = false;
    setText(this.text, message);
  }
}
