// The admin token for actions that change the gateway (start/cancel a benchmark, activate/roll back rules): asked once
// in a small dialog, kept in sessionStorage (this tab only), sent as "Authorization: Bearer …", and asked again when
// the gateway rejects it. A server without a token configured says so instead of asking.
import { el, setText } from '../lib/dom.js';
import { ApiError, KEY_REFUSALS, requestJson } from '../lib/api.js';

const STORAGE_KEY = 'cascade4arm.adminToken';
const listeners = new Set();

/** The token stored for this browser tab, or null. */
export function storedToken() {
  try {
    return sessionStorage.getItem(STORAGE_KEY) || null;
  } catch {
    return null; // storage disabled: the dialog asks every time
  }
}

function saveToken(token) {
  try {
    if (token) sessionStorage.setItem(STORAGE_KEY, token);
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // storage disabled
  }
  for (const listener of listeners) listener(!!token);
}

export const forgetToken = () => saveToken(null);

/** Calls listener(hasToken) whenever the stored token changes. */
export function onTokenChange(listener) {
  listeners.add(listener);
  listener(!!storedToken());
}

/** Thrown when the user closes the token dialog without a token: the action did not run. */
export class AdminCancelled extends Error {
  constructor(action) {
    super(`${action} cancelled: no admin token given.`);
    this.name = 'AdminCancelled';
  }
}

/** The one token dialog of the page (a native modal <dialog>). */
class TokenDialog {
  constructor() {
    this.input = el('input', { class: 'input', type: 'password', id: 'admin-token-input', 'data-testid': 'admin-token-input',
      autocomplete: 'off', spellcheck: 'false', required: true });
    this.purpose = el('p', { class: 'dialog__text', 'data-testid': 'admin-token-purpose' });
    this.error = el('p', { class: 'dialog__error', role: 'alert', 'data-testid': 'admin-token-error', hidden: true });
    this.forgetButton = el('button', { type: 'button', class: 'button button--quiet', 'data-testid': 'admin-token-forget',
      on: { click: () => { forgetToken(); this.close(null); } } }, 'Forget saved token');
    this.form = el('form', { method: 'dialog', class: 'dialog__body',
      on: { submit: (e) => { e.preventDefault(); this.close(this.input.value.trim() || null); } } },
      el('h2', { class: 'dialog__title', id: 'admin-token-title' }, 'Admin token'),
      this.purpose,
      el('label', { class: 'field__label', for: 'admin-token-input' }, 'Token (CASCADE_ADMIN_TOKEN of the gateway)'),
      this.input,
      this.error,
      el('p', { class: 'dialog__hint muted' }, 'Kept in this browser tab only (sessionStorage) and sent as Authorization: Bearer …'),
      el('div', { class: 'dialog__actions' },
        this.forgetButton,
        el('button', { type: 'button', class: 'button', 'data-testid': 'admin-token-cancel', on: { click: () => this.close(null) } }, 'Cancel'),
        el('button', { type: 'submit', class: 'button button--primary', 'data-testid': 'admin-token-submit' }, 'Continue')));
    this.root = el('dialog', { class: 'dialog', 'data-testid': 'admin-token-dialog', 'aria-labelledby': 'admin-token-title' }, this.form);
    this.root.addEventListener('cancel', (e) => { e.preventDefault(); this.close(null); });
    this.resolve = null;
    document.body.append(this.root);
  }

  /** Opens the dialog; resolves to the entered token, or null when cancelled. */
  ask({ purpose, problem = null }) {
    this.resolve?.(null);
    setText(this.purpose, purpose);
    this.error.hidden = !problem;
    setText(this.error, problem || '');
    this.input.value = '';
    this.forgetButton.hidden = !storedToken();
    this.root.showModal();
    this.input.focus();
    return new Promise((resolve) => { this.resolve = resolve; });
  }

  close(token) {
    if (this.root.open) this.root.close();
    const resolve = this.resolve;
    this.resolve = null;
    resolve?.(token);
  }
}

let dialog = null;
const tokenDialog = () => (dialog ??= new TokenDialog());

/** Lets the user set or forget the token without an action (the header's key button). */
export async function manageToken() {
  const token = await tokenDialog().ask({
    purpose: storedToken() ? 'An admin token is saved for this tab. Enter another one to replace it.'
      : 'Starting or cancelling benchmarks and activating or rolling back rules need the gateway\u2019s admin token.',
  });
  if (token) saveToken(token);
}

/**
 * requestJson with the admin token: asks for it when none is saved, asks again (saying why) when the gateway answers
 * 401, and turns 403 admin_disabled into a plain explanation. Throws AdminCancelled when the user gives no token.
 */
export async function adminRequest(path, options, action) {
  let problem = null;
  for (;;) {
    let token = problem ? null : storedToken();
    if (!token) {
      token = await tokenDialog().ask({ purpose: `${action} needs the gateway\u2019s admin token.`, problem });
      if (!token) throw new AdminCancelled(action);
      saveToken(token);
    }
    try {
      return await requestJson(path, { ...options, headers: { ...(options?.headers || {}), Authorization: `Bearer ${token}` } });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      if (e.status === 401) {
        forgetToken();
        problem = `The gateway rejected this token (401 ${e.code || 'unauthorized'}): ${e.message}`;
        continue;
      }
      if (e.status === 403 && e.code === 'admin_disabled') {
        const disabled = new ApiError('Editing is disabled on this server: set CASCADE_ADMIN_TOKEN to enable admin actions.',
          { status: 403, type: e.type, code: e.code });
        disabled.body = e.body;
        throw disabled;
      }
      throw e;
    }
  }
}

/**
 * A Compare or Explain refused for want of a key (the gateway runs cascade.auth.mode=keys): what to tell the user, or
 * null for any other error. The console has no key of its own; the admin token stands in for one.
 */
export function keysModeProblem(e) {
  if (!(e instanceof ApiError) || e.status !== 401 || !KEY_REFUSALS.includes(e.code)) return null;
  return storedToken()
    ? 'This gateway requires an API key, and the admin token saved in this tab is not accepted in place of one. '
      + 'Set the right admin token (header: Admin token), then try again.'
    : 'This gateway requires an API key (keys mode): the console sends the gateway\u2019s admin token in place of one. '
      + 'Enter the admin token, then try again.';
}

/** Opens the token dialog for a Compare or Explain a gateway in keys mode refused; resolves once it closes. */
export async function askTokenForKeysMode(action) {
  const token = await tokenDialog().ask({ purpose: `${action}: this gateway requires an API key, and the console uses the admin token in its place.`,
    problem: storedToken() ? 'The saved token was not accepted.' : null });
  if (token) saveToken(token);
  return !!token;
}
