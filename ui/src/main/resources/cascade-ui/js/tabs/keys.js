// Keys tab: the gateway's virtual API keys (/api/keys, admin token). List them with their limits, budgets and spend;
// create one (its secret shown once), edit, revoke or rotate it; read one key's usage per day and tier (table, chart,
// CSV).
import { el, setText, replaceChildren } from '../lib/dom.js';
import { ApiError, requestJson } from '../lib/api.js';
import { EMPTY, formatDateTime, formatInt, formatUsd } from '../lib/format.js';
import { AdminCancelled } from '../components/admin-token.js';
import { AdminGate } from '../components/admin-gate.js';
import { ConfirmDialog } from '../components/confirm-dialog.js';
import { KeyForm } from '../components/key-form.js';
import { KeySecret } from '../components/key-secret.js';
import { KeyUsage } from '../components/key-usage.js';
import { createKey, keyUsage, keyUsageCsv, listKeys, revokeKey, rotateKey, updateKey } from '../lib/keys-api.js';

export const id = 'keys';

export function mount(root) {
  const view = new KeysView();
  root.append(view.root);
  view.start();
  return view;
}

const STATUS_PILL = { active: 'pill--ok', revoked: 'pill--bad', expired: 'pill--warn' };
const limit = (n, unit) => (n ? `${formatInt(n)} ${unit}` : 'no limit');
const budget = (usd) => (usd == null ? 'none' : formatUsd(usd));

class KeysView {
  constructor() {
    this.keys = [];
    this.selected = null; // the id of the key whose details show
    this.gate = new AdminGate({ testId: 'keys-gate', what: 'Keys', onToken: () => this.load() });
    this.message = el('div', { class: 'rules-message', role: 'status', 'data-testid': 'keys-message', hidden: true });
    this.secret = new KeySecret();
    this.rows = el('tbody', { 'data-testid': 'keys-rows' });
    this.newButton = el('button', { type: 'button', class: 'button button--primary', 'data-testid': 'keys-new',
      'aria-expanded': 'false', 'aria-controls': 'keys-create-card', on: { click: () => this.toggleCreate() } }, 'New key');
    this.refreshButton = el('button', { type: 'button', class: 'button button--ghost', 'data-testid': 'keys-refresh',
      on: { click: () => this.load() } }, 'Refresh');
    this.createForm = new KeyForm({ mode: 'create', onSubmit: (body) => this.create(body), onCancel: () => this.toggleCreate(false) });
    this.createCard = el('section', { class: 'card', id: 'keys-create-card', 'aria-label': 'New key', 'data-testid': 'keys-create-card', hidden: true },
      el('header', { class: 'card__header' }, el('div', { class: 'card__heading' },
        el('h2', { class: 'card__title' }, 'New key'),
        el('span', { class: 'card__caption' }, 'Its secret is shown once, right after Create'))),
      this.createForm.root);

    this.listCard = el('section', { class: 'card', 'aria-label': 'Virtual keys' },
      el('header', { class: 'card__header' },
        el('div', { class: 'card__heading' },
          el('h2', { class: 'card__title' }, 'Virtual keys'),
          el('span', { class: 'card__caption' }, 'Who may call the gateway, with what limits and budgets · spend in USD (UTC day and month)')),
        el('div', { class: 'keys__actions' }, this.refreshButton, this.newButton)),
      this.gate.root, this.message, this.secret.root,
      el('div', { class: 'table-scroll table-scroll--flat', tabindex: '0', role: 'region', 'aria-label': 'Keys' },
        el('table', { class: 'kv-table data-table keys-table', 'data-testid': 'keys-table' },
          el('thead', {}, el('tr', {}, ['Alias', 'Prefix', 'Owner', 'Tiers', 'May use', 'Limits', 'Budgets (day / month)',
            'Spent (today / month)', 'Expires', 'Status', ''].map((h) => el('th', { scope: 'col' }, h)))),
          this.rows)));

    this.details = new KeyDetails({
      onSave: (key, body) => this.update(key, body),
      onRevoke: (key) => this.revoke(key),
      onRotate: (key) => this.rotate(key),
    });
    this.root = el('div', { class: 'keys', 'data-testid': 'keys' }, this.listCard, this.createCard, this.details.root);
  }

  start() {
    this.loadTiers();
    if (this.gate.open()) this.load();
    else this.renderRows();
  }

  /** The configured tiers (GET /v1/models, without "auto") for the forms' tier choices. */
  async loadTiers() {
    try {
      const { body } = await requestJson('/v1/models');
      this.tiers = (body.data || []).map((m) => m.id).filter((id) => id !== 'auto');
      this.createForm.setTiers(this.tiers);
      this.details.setTiers(this.tiers);
    } catch {
      // no tier list: the forms offer "all tiers" only
    }
  }

  say(text, tone = 'info') {
    this.message.hidden = !text;
    this.message.dataset.tone = tone;
    setText(this.message, text || '');
  }

  /** Lists the keys; the selected one's details follow. */
  async load() {
    try {
      this.keys = await listKeys();
    } catch (e) {
      this.failed('Listing keys', e);
      return;
    }
    this.gate.open();
    this.rows.dataset.loaded = 'true';
    this.renderRows();
    const selected = this.keys.find((k) => k.id === this.selected);
    if (selected) await this.details.show(selected);
    else this.details.hide();
  }

  renderRows() {
    replaceChildren(this.rows, this.keys.length ? this.keys.map((key) => this.row(key))
      : el('tr', { class: 'data-table__empty' }, el('td', { colspan: '11', class: 'muted' },
        this.rows.dataset.loaded ? 'No keys yet: New key makes one.' : 'Not read yet: the list needs the admin token.')));
  }

  row(key) {
    return el('tr', { 'data-testid': 'key-row', dataset: { keyId: key.id, alias: key.alias, status: key.status, selected: String(key.id === this.selected) } },
      el('th', { scope: 'row' }, key.alias),
      el('td', { class: 'mono', 'data-testid': 'key-prefix' }, key.prefix),
      el('td', {}, key.owner || EMPTY),
      el('td', {}, key.tiers?.length ? key.tiers.join(', ') : 'all'),
      el('td', {}, [key.compare ? 'Compare' : null, key.hosted ? 'hosted API' : null].filter(Boolean).join(', ') || 'chat only'),
      el('td', {}, `${limit(key.rpm, 'req/min')} · ${limit(key.tpm, 'tok/min')}`),
      el('td', { class: 'num' }, `${budget(key.daily_budget_usd)} / ${budget(key.monthly_budget_usd)}`),
      el('td', { class: 'num', 'data-testid': 'key-spent' }, `${formatUsd(key.spent_today_usd ?? 0)} / ${formatUsd(key.spent_month_usd ?? 0)}`),
      el('td', {}, key.expires_at ? formatDateTime(key.expires_at) : 'never'),
      el('td', {}, el('span', { class: `pill ${STATUS_PILL[key.status] || ''}`, 'data-testid': 'key-status' }, key.status)),
      el('td', {}, el('button', { type: 'button', class: 'link-button', 'data-testid': 'key-open',
        'aria-label': `Details of ${key.alias}`, on: { click: () => this.open(key.id) } }, 'Details')));
  }

  async open(keyId) {
    this.selected = keyId;
    this.renderRows();
    const key = this.keys.find((k) => k.id === keyId);
    if (key) {
      await this.details.show(key);
      this.details.root.scrollIntoView({ block: 'nearest' });
      this.details.heading.focus({ preventScroll: true });
    }
  }

  toggleCreate(show = this.createCard.hidden) {
    this.createCard.hidden = !show;
    this.newButton.setAttribute('aria-expanded', String(show));
    if (show) {
      this.createForm.reset();
      this.createForm.alias.focus();
    }
  }

  async create(body) {
    try {
      const key = await createKey(body);
      this.toggleCreate(false);
      this.selected = key.id;
      await this.load();
      this.say(`Created key “${key.alias}” (prefix ${key.prefix}).`, 'ok');
      this.secret.show(key.alias, key.secret, 'created');
    } catch (e) {
      if (e instanceof ApiError && e.status === 400) this.createForm.showError(e.message);
      else this.failed('Creating the key', e);
    }
  }

  async update(key, body) {
    try {
      await updateKey(key.id, body);
      await this.load();
      this.say(`Saved “${body.alias}”.`, 'ok');
    } catch (e) {
      if (e instanceof ApiError && e.status === 400) this.details.form.showError(e.message);
      else this.failed('Saving the key', e);
    }
  }

  async revoke(key) {
    this.confirmation ??= new ConfirmDialog('keys-confirm');
    const yes = await this.confirmation.ask({ title: `Revoke “${key.alias}”?`, confirmLabel: 'Revoke key',
      text: `Requests with key ${key.prefix} are refused (401) from now on, on every replica. A revoked key cannot be restored: its usage stays readable.` });
    if (!yes) return;
    try {
      await revokeKey(key.id);
      await this.load();
      this.say(`Revoked “${key.alias}”: its requests now get 401 revoked_api_key.`, 'ok');
    } catch (e) {
      this.failed('Revoking the key', e);
    }
  }

  async rotate(key) {
    this.confirmation ??= new ConfirmDialog('keys-confirm');
    const yes = await this.confirmation.ask({ title: `Rotate “${key.alias}”?`, confirmLabel: 'Rotate key',
      text: `A new secret replaces the current one (${key.prefix}…), which stops working at once. Limits, budgets and usage stay.` });
    if (!yes) return;
    try {
      const rotated = await rotateKey(key.id);
      await this.load();
      this.say(`Rotated “${key.alias}”: new prefix ${rotated.prefix}.`, 'ok');
      this.secret.show(rotated.alias, rotated.secret, 'rotated');
    } catch (e) {
      this.failed('Rotating the key', e);
    }
  }

  failed(what, e) {
    if (e instanceof AdminCancelled) {
      this.gate.refuse(`${what} needs the gateway\u2019s admin token: enter it to continue.`);
      return;
    }
    this.say(`${what} failed${e instanceof ApiError && e.status ? ` (${e.status})` : ''}: ${e.message}`, 'error');
  }
}

/** The selected key: its edit form, Revoke and Rotate, and its usage. */
class KeyDetails {
  constructor({ onSave, onRevoke, onRotate }) {
    this.key = null;
    this.heading = el('h2', { class: 'card__title', tabindex: '-1', 'data-testid': 'key-details-title' });
    this.caption = el('span', { class: 'card__caption', 'data-testid': 'key-details-caption' });
    this.form = new KeyForm({ mode: 'edit', onSubmit: (body) => onSave(this.key, body) });
    this.revokeButton = el('button', { type: 'button', class: 'button', 'data-testid': 'key-revoke', on: { click: () => onRevoke(this.key) } }, 'Revoke…');
    this.rotateButton = el('button', { type: 'button', class: 'button', 'data-testid': 'key-rotate', on: { click: () => onRotate(this.key) } }, 'Rotate…');
    this.usage = new KeyUsage();
    this.usageMessage = el('p', { class: 'muted', 'data-testid': 'key-usage-message', hidden: true });
    this.root = el('section', { class: 'card key-details', 'aria-labelledby': 'key-details-title', 'data-testid': 'key-details', hidden: true },
      el('header', { class: 'card__header' },
        el('div', { class: 'card__heading' }, this.heading, this.caption),
        el('div', { class: 'keys__actions' }, this.rotateButton, this.revokeButton)),
      el('h3', { class: 'key-details__heading' }, 'Usage per day'),
      this.usageMessage, this.usage.root,
      el('h3', { class: 'key-details__heading' }, 'Edit'),
      this.form.root);
    this.heading.id = 'key-details-title';
  }

  setTiers(tiers) {
    this.form.setTiers(tiers);
  }

  async show(key) {
    const changed = this.key?.id !== key.id;
    this.key = key;
    this.root.hidden = false;
    setText(this.heading, `Key “${key.alias}”`);
    setText(this.caption, `prefix ${key.prefix} · created ${formatDateTime(key.created_at)}`
      + (key.revoked_at ? ` · revoked ${formatDateTime(key.revoked_at)}` : ''));
    const revoked = key.status === 'revoked';
    this.revokeButton.disabled = revoked;
    this.rotateButton.disabled = revoked;
    this.form.submit.disabled = false;
    if (changed || !this.form.root.contains(document.activeElement)) {
      this.form.fill(key);
      this.form.showError(null);
    }
    try {
      const [usage, csv] = await Promise.all([keyUsage(key.id), keyUsageCsv(key.id).catch(() => null)]);
      this.usageMessage.hidden = true;
      await this.usage.show(usage, csv, key.prefix);
    } catch (e) {
      this.usageMessage.hidden = false;
      setText(this.usageMessage, `Cannot read the usage: ${e.message}`);
    }
  }

  hide() {
    this.key = null;
    this.root.hidden = true;
  }
}
