// The form of a virtual key, for create and edit: every field the admin API takes (alias, owner, tiers, Compare and
// hosted API, requests/tokens per minute, daily and monthly budgets, expiry, metadata). read() builds the API body,
// or says what is wrong with a field.
import { el, setText, replaceChildren } from '../lib/dom.js';

let formCount = 0;

/** "team=a\nproject=x" ⇄ { team: 'a', project: 'x' }. */
const metadataText = (metadata) => Object.entries(metadata || {}).map(([k, v]) => `${k}=${v}`).join('\n');

/** An ISO instant as the value of a datetime-local input (the browser's time zone), and back. */
function toLocalInput(iso) {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export class KeyForm {
  /** mode: 'create' | 'edit'; onSubmit(body), onCancel(). */
  constructor({ mode, onSubmit, onCancel }) {
    this.mode = mode;
    this.n = ++formCount;
    const id = (name) => `key-${mode}-${name}-${this.n}`;
    const field = (name, label, input, hint = null) => el('div', { class: 'field' },
      el('label', { class: 'field__label', for: id(name) }, label), input,
      hint ? el('span', { class: 'field__hint muted', id: `${id(name)}-hint` }, hint) : null);
    const input = (name, attrs = {}) => el('input', { class: 'input', id: id(name), 'data-testid': `key-${mode}-${name}`,
      ...(attrs.hint ? { 'aria-describedby': `${id(name)}-hint` } : {}), ...attrs, hint: null });
    this.alias = input('alias', { type: 'text', maxlength: '128', required: true, autocomplete: 'off' });
    this.owner = input('owner', { type: 'text', maxlength: '128', autocomplete: 'off', placeholder: 'e.g. ana@example.com' });
    this.rpm = input('rpm', { type: 'number', min: '0', step: '1', inputmode: 'numeric', placeholder: '0 = no limit', hint: true });
    this.tpm = input('tpm', { type: 'number', min: '0', step: '1', inputmode: 'numeric', placeholder: '0 = no limit', hint: true });
    this.daily = input('daily', { type: 'number', min: '0', step: 'any', inputmode: 'decimal', placeholder: 'none', hint: true });
    this.monthly = input('monthly', { type: 'number', min: '0', step: 'any', inputmode: 'decimal', placeholder: 'none', hint: true });
    this.expires = input('expires', { type: 'datetime-local', hint: true });
    this.metadata = el('textarea', { class: 'input key-form__metadata', id: id('metadata'), rows: '2', 'data-testid': `key-${mode}-metadata`,
      'aria-describedby': `${id('metadata')}-hint`, spellcheck: 'false', placeholder: 'team=a' });
    this.compare = el('input', { type: 'checkbox', id: id('compare'), 'data-testid': `key-${mode}-compare`, checked: true });
    this.hosted = el('input', { type: 'checkbox', id: id('hosted'), 'data-testid': `key-${mode}-hosted` });
    this.tiersBox = el('div', { class: 'key-form__tiers', role: 'group', 'aria-labelledby': id('tiers-label'), 'data-testid': `key-${mode}-tiers` });
    this.error = el('p', { class: 'key-form__error', role: 'alert', 'data-testid': `key-${mode}-error`, hidden: true });
    this.submit = el('button', { type: 'submit', class: 'button button--primary', 'data-testid': `key-${mode}-submit` },
      mode === 'create' ? 'Create key' : 'Save changes');
    const check = (box, label) => el('label', { class: 'key-form__check', for: box.id }, box, el('span', {}, label));
    this.root = el('form', { class: 'key-form', 'data-testid': `key-${mode}-form`, novalidate: true,
      on: { submit: (e) => { e.preventDefault(); this.send(onSubmit); } } },
    el('div', { class: 'key-form__grid' },
      field('alias', 'Alias (a name for people and metrics)', this.alias),
      field('owner', 'Owner', this.owner),
      field('rpm', 'Requests per minute', this.rpm, '0 or empty: no limit'),
      field('tpm', 'Tokens per minute', this.tpm, '0 or empty: no limit'),
      field('daily', 'Daily budget (USD, UTC day)', this.daily, 'Empty: none'),
      field('monthly', 'Monthly budget (USD, UTC month)', this.monthly, 'Empty: none'),
      field('expires', 'Expires (your time zone)', this.expires, 'Empty: never'),
      field('metadata', 'Metadata (key=value, one a line)', this.metadata, 'Up to 32 entries')),
    el('div', { class: 'key-form__choices' },
      el('div', { class: 'field' }, el('span', { class: 'field__label', id: id('tiers-label') }, 'Allowed tiers (none ticked: all)'), this.tiersBox),
      el('div', { class: 'field' }, el('span', { class: 'field__label' }, 'May use'),
        el('div', { class: 'key-form__tiers' }, check(this.compare, 'Compare'), check(this.hosted, 'the hosted API (paid)')))),
    this.error,
    el('div', { class: 'key-form__actions' },
      onCancel ? el('button', { type: 'button', class: 'button button--quiet', 'data-testid': `key-${mode}-cancel`, on: { click: onCancel } }, 'Cancel') : null,
      this.submit));
    this.setTiers([]);
  }

  /** The configured tiers to choose from (GET /v1/models without "auto"); keeps the ticks of tiers still there. */
  setTiers(tiers, ticked = this.tickedTiers()) {
    replaceChildren(this.tiersBox, tiers.length ? tiers.map((tier) => {
      const box = el('input', { type: 'checkbox', id: `key-${this.mode}-tier-${tier}-${this.n}`, value: tier,
        'data-testid': `key-${this.mode}-tier`, checked: ticked.includes(tier) });
      return el('label', { class: 'key-form__check', for: box.id }, box, el('span', {}, tier));
    }) : el('span', { class: 'muted' }, 'All tiers'));
  }

  tickedTiers() {
    return [...this.tiersBox.querySelectorAll('input[type=checkbox]')].filter((b) => b.checked).map((b) => b.value);
  }

  /** Fills the form with a key (edit). */
  fill(key) {
    this.alias.value = key.alias || '';
    this.owner.value = key.owner || '';
    this.rpm.value = key.rpm ? String(key.rpm) : '';
    this.tpm.value = key.tpm ? String(key.tpm) : '';
    this.daily.value = key.daily_budget_usd == null ? '' : String(key.daily_budget_usd);
    this.monthly.value = key.monthly_budget_usd == null ? '' : String(key.monthly_budget_usd);
    this.expires.value = toLocalInput(key.expires_at);
    this.metadata.value = metadataText(key.metadata);
    this.compare.checked = key.compare !== false;
    this.hosted.checked = key.hosted === true;
    for (const box of this.tiersBox.querySelectorAll('input[type=checkbox]')) box.checked = (key.tiers || []).includes(box.value);
  }

  reset() {
    this.root.reset();
    this.compare.checked = true;
    this.showError(null);
  }

  showError(text) {
    this.error.hidden = !text;
    setText(this.error, text || '');
  }

  /** The API body, or { problem, focus }. Every field is sent: on edit, an emptied field clears its limit. */
  read() {
    const alias = this.alias.value.trim();
    if (!alias) return { problem: 'A key needs an alias.', focus: this.alias };
    const whole = (input, label) => {
      const text = input.value.trim();
      if (!text) return { value: 0 };
      const n = Number(text);
      return Number.isInteger(n) && n >= 0 ? { value: n } : { problem: `${label} must be a whole number ≥ 0.`, focus: input };
    };
    const usd = (input, label) => {
      const text = input.value.trim();
      if (!text) return { value: null };
      const n = Number(text);
      return Number.isFinite(n) && n >= 0 ? { value: n } : { problem: `${label} must be an amount in USD ≥ 0.`, focus: input };
    };
    const rpm = whole(this.rpm, 'Requests per minute');
    const tpm = whole(this.tpm, 'Tokens per minute');
    const daily = usd(this.daily, 'The daily budget');
    const monthly = usd(this.monthly, 'The monthly budget');
    for (const part of [rpm, tpm, daily, monthly]) if (part.problem) return part;
    let expires = null;
    if (this.expires.value) {
      const date = new Date(this.expires.value);
      if (Number.isNaN(date.getTime())) return { problem: 'The expiry is not a date and time.', focus: this.expires };
      expires = date.toISOString();
    }
    const metadata = {};
    for (const line of this.metadata.value.split('\n').map((l) => l.trim()).filter(Boolean)) {
      const at = line.indexOf('=');
      if (at <= 0) return { problem: `Metadata "${line}" is not key=value.`, focus: this.metadata };
      metadata[line.slice(0, at).trim()] = line.slice(at + 1).trim();
    }
    const owner = this.owner.value.trim();
    return { body: { alias, owner: owner || null, tiers: this.tickedTiers(), compare: this.compare.checked, hosted: this.hosted.checked,
      rpm: rpm.value, tpm: tpm.value, daily_budget_usd: daily.value, monthly_budget_usd: monthly.value, expires_at: expires, metadata } };
  }

  async send(onSubmit) {
    const { body, problem, focus } = this.read();
    this.showError(problem || null);
    if (problem) {
      focus?.focus();
      return;
    }
    this.submit.disabled = true;
    try {
      await onSubmit(body);
    } finally {
      this.submit.disabled = false;
    }
  }
}
