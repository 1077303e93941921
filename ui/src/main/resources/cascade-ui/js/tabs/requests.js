// Requests tab: the gateway's request log (GET /api/requests, admin token), newest first — time, key, route, rule,
// endpoint, status, TTFT, total, tokens, cost, escalated/fallback — filtered by key, route and status, searched as
// text, refreshed on demand or every few seconds; each row opens its explanation (the rule, its reason, the facts the
// decision used) with a link to that rule in the Rules tab.
import { el, setText, replaceChildren } from '../lib/dom.js';
import { ApiError, requestJson } from '../lib/api.js';
import { EMPTY, formatDateTime, formatFact, formatInt, formatMs, formatUsd } from '../lib/format.js';
import { AdminCancelled } from '../components/admin-token.js';
import { AdminGate } from '../components/admin-gate.js';
import { listRequests } from '../lib/keys-api.js';

export const id = 'requests';
const AUTO_REFRESH_MS = 5_000;
const ROWS = 200;
const COLUMNS = 13;

let current = null;

export function mount(root) {
  const view = new RequestsView();
  root.append(view.root);
  current = view;
  view.start();
  return view;
}

/** #requests?key=<alias or prefix>: opens the log filtered by that key. */
export function reveal(params) {
  if (current && params.get('key') != null) current.filterByKey(params.get('key'));
}

/** The text a row is searched by: everything it shows. */
const searchable = (r) => [r.time, r.request_id, r.kind, r.key_alias, r.key_prefix, r.route, r.rule, r.endpoint, r.status,
  r.reason, r.prompt, r.answer].filter((v) => v != null).join(' ').toLowerCase();

class RequestsView {
  constructor() {
    this.rows = [];
    this.open = new Set(); // request ids whose explanation is shown (kept across refreshes)
    this.timer = null;
    this.gate = new AdminGate({ testId: 'requests-gate', what: 'The request log and its explanations', onToken: () => this.load() });
    const input = (name, label, attrs) => {
      const control = el(attrs.tag || 'input', { class: `input ${attrs.tag === 'select' ? 'input--select' : ''}`.trim(), id: `requests-${name}`,
        'data-testid': `requests-${name}`, ...attrs, tag: null });
      return { control, field: el('div', { class: 'field' }, el('label', { class: 'field__label', for: `requests-${name}` }, label), control) };
    };
    const key = input('key', 'Key (alias or prefix)', { type: 'text', autocomplete: 'off', spellcheck: 'false', placeholder: 'any' });
    const route = input('route', 'Route', { tag: 'select' });
    const status = input('status', 'Status', { tag: 'select' });
    const search = input('search', 'Search', { type: 'search', autocomplete: 'off', placeholder: 'rule, endpoint, request id…' });
    this.key = key.control;
    this.route = route.control;
    this.status = status.control;
    this.search = search.control;
    this.setRoutes([]);
    replaceChildren(this.status, [['', 'any'], ['error', 'any error (≥ 400)'], ['4xx', '4xx'], ['429', '429 (limits, budgets)'], ['5xx', '5xx'], ['200', '200']]
      .map(([value, label]) => el('option', { value }, label)));
    this.key.addEventListener('change', () => this.load());
    this.route.addEventListener('change', () => this.load());
    this.status.addEventListener('change', () => this.load());
    this.search.addEventListener('input', () => this.render());
    this.refreshButton = el('button', { type: 'button', class: 'button', 'data-testid': 'requests-refresh', on: { click: () => this.load() } }, 'Refresh');
    this.auto = el('input', { type: 'checkbox', id: 'requests-auto', 'data-testid': 'requests-auto', on: { change: () => this.autoRefresh(this.auto.checked) } });
    this.count = el('span', { class: 'card__caption', role: 'status', 'data-testid': 'requests-count' });
    this.message = el('div', { class: 'rules-message', role: 'status', 'data-testid': 'requests-message', hidden: true });
    this.body = el('tbody', { 'data-testid': 'requests-rows' });
    this.root = el('div', { class: 'requests', 'data-testid': 'requests' },
      el('section', { class: 'card', 'aria-label': 'Request log' },
        el('header', { class: 'card__header' },
          el('div', { class: 'card__heading' },
            el('h2', { class: 'card__title' }, 'Request log'),
            this.count),
          el('div', { class: 'keys__actions' },
            el('label', { class: 'key-form__check', for: 'requests-auto' }, this.auto, el('span', {}, `Auto-refresh (${AUTO_REFRESH_MS / 1000} s)`)),
            this.refreshButton)),
        this.gate.root,
        el('form', { class: 'requests__filters', role: 'search', 'aria-label': 'Filter the request log',
          on: { submit: (e) => { e.preventDefault(); this.load(); } } }, key.field, route.field, status.field, search.field),
        this.message,
        el('div', { class: 'table-scroll', tabindex: '0', role: 'region', 'aria-label': 'Requests, newest first' },
          el('table', { class: 'kv-table data-table requests-table', 'data-testid': 'requests-table' },
            el('thead', {}, el('tr', {}, ['', 'Time', 'Key', 'Kind', 'Route', 'Rule', 'Endpoint', 'Status', 'TTFT', 'Total', 'Tokens in / out', 'Cost', 'Escalated / fallback']
              .map((h, i) => el('th', { scope: 'col', class: i >= 8 && i <= 11 ? 'num' : null }, i === 0 ? el('span', { class: 'visually-hidden' }, 'Explanation') : h)))),
            this.body))));
  }

  start() {
    this.loadRoutes();
    if (this.gate.open()) this.load();
    else this.render();
  }

  async loadRoutes() {
    try {
      const { body } = await requestJson('/v1/models');
      this.setRoutes((body.data || []).map((m) => m.id).filter((id) => id !== 'auto'));
    } catch {
      // the route filter keeps "any"
    }
  }

  setRoutes(routes) {
    const chosen = this.route.value;
    replaceChildren(this.route, el('option', { value: '' }, 'any'), routes.map((r) => el('option', { value: r }, r)));
    this.route.value = routes.includes(chosen) ? chosen : '';
  }

  filterByKey(key) {
    this.key.value = key;
    this.load();
  }

  say(text, tone = 'info') {
    this.message.hidden = !text;
    this.message.dataset.tone = tone;
    setText(this.message, text || '');
  }

  async load() {
    if (this.loading) return;
    this.loading = true;
    try {
      const log = await listRequests({ key: this.key.value.trim(), route: this.route.value, status: this.status.value, limit: ROWS });
      this.gate.open();
      this.rows = log.requests || [];
      this.contentLogged = log.content_logged;
      this.loadedAt = new Date();
      this.say(null);
      this.render();
    } catch (e) {
      if (e instanceof AdminCancelled) this.gate.refuse('The request log needs the gateway\u2019s admin token: enter it to continue.');
      else this.say(`Cannot read the request log${e instanceof ApiError && e.status ? ` (${e.status})` : ''}: ${e.message}`, 'error');
      this.autoRefresh(false);
    } finally {
      this.loading = false;
    }
  }

  autoRefresh(on) {
    clearInterval(this.timer);
    this.timer = null;
    this.auto.checked = on;
    // Only while the tab shows: a hidden tab does not poll the gateway.
    if (on) this.timer = setInterval(() => { if (!this.root.closest('[hidden]')) this.load(); }, AUTO_REFRESH_MS);
  }

  render() {
    const query = this.search.value.trim().toLowerCase();
    const shown = query ? this.rows.filter((r) => searchable(r).includes(query)) : this.rows;
    setText(this.count, this.loadedAt ? `${shown.length} of the last ${this.rows.length} matching requests, newest first · `
      + `read ${formatDateTime(this.loadedAt.toISOString())}${this.contentLogged ? ' · prompt and answer text logged' : ' · no prompt or answer text kept'}` : '');
    replaceChildren(this.body, shown.length ? shown.flatMap((r) => this.row(r))
      : el('tr', { class: 'data-table__empty' }, el('td', { colspan: String(COLUMNS), class: 'muted' }, this.loadedAt ? 'No request matches.' : 'Not read yet.')));
  }

  row(r) {
    const open = this.open.has(r.request_id);
    const detailsId = `request-${r.request_id}`.replace(/[^A-Za-z0-9_-]/g, '_');
    const toggle = el('button', { type: 'button', class: 'requests__toggle', 'aria-expanded': String(open), 'aria-controls': detailsId,
      'aria-label': `Explanation of request ${r.request_id}`, 'data-testid': 'request-toggle',
      on: { click: () => { if (this.open.has(r.request_id)) this.open.delete(r.request_id); else this.open.add(r.request_id); this.render(); } } },
    open ? '▾' : '▸');
    const statusClass = r.status >= 500 ? 'num--bad' : r.status >= 400 ? 'num--warn' : null;
    const flags = [r.escalated ? 'escalated' : null, r.fallback ? 'fallback' : null].filter(Boolean).join(', ') || EMPTY;
    const main = el('tr', { 'data-testid': 'request-row', dataset: { requestId: r.request_id, status: String(r.status), key: r.key_alias || '' } },
      el('td', {}, toggle),
      el('td', { class: 'requests__time' }, formatDateTime(r.time)),
      el('td', { 'data-testid': 'request-key' }, r.key_alias ? `${r.key_alias} (${r.key_prefix})` : EMPTY),
      el('td', {}, r.kind),
      el('td', {}, r.route || EMPTY),
      el('td', { class: 'requests__rule' }, r.rule || EMPTY),
      el('td', { class: 'mono' }, r.endpoint || EMPTY),
      el('td', { class: statusClass, 'data-testid': 'request-status' }, String(r.status)),
      el('td', { class: 'num' }, formatMs(r.ttft_ms)),
      el('td', { class: 'num' }, formatMs(r.total_ms)),
      el('td', { class: 'num' }, r.prompt_tokens == null ? EMPTY : `${formatInt(r.prompt_tokens)} / ${formatInt(r.completion_tokens)}`),
      el('td', { class: 'num' }, r.cost_usd == null ? EMPTY : formatUsd(r.cost_usd)),
      el('td', {}, flags));
    if (!open) return [main];
    return [main, el('tr', { class: 'requests__details', id: detailsId, 'data-testid': 'request-details' },
      el('td', { colspan: String(COLUMNS) }, explanation(r)))];
  }
}

/** A request's explanation: its decision (route, rule and reason, rules version), the rules that fired, the facts. */
function explanation(r) {
  const facts = r.facts && typeof r.facts === 'object' ? r.facts : null;
  const fired = Array.isArray(facts?.fired_rules) ? facts.fired_rules : [];
  const ruleLink = r.rule ? el('a', { href: `#rules?rule=${encodeURIComponent(r.rule)}`, class: 'requests__rule-link',
    'data-testid': 'request-rule-link' }, `Open rule “${r.rule}” in the Rules tab`) : null;
  const item = (label, value, testId) => el('div', {}, el('dt', {}, label), el('dd', { 'data-testid': testId }, value));
  return el('div', { class: 'requests__explain' },
    el('dl', { class: 'explain__summary' },
      item('Request', `${r.request_id} · ${r.kind}`, 'request-id'),
      item('Rule', r.rule || 'none: the request ended before the rulebook decided', 'request-rule'),
      item('Reason', r.reason || EMPTY, 'request-reason'),
      item('Rules version', r.rules_version == null ? EMPTY : `v${r.rules_version}`, 'request-rules-version'),
      fired.length ? item('Fired', el('ol', { class: 'explain__fired' }, fired.map((name) => el('li', {}, name))), 'request-fired') : null,
      r.prompt != null ? item('Prompt', r.prompt, 'request-prompt') : null,
      r.answer != null ? item('Answer', r.answer, 'request-answer') : null),
    ruleLink,
    facts ? el('div', { class: 'table-scroll requests__facts', tabindex: '0', role: 'region', 'aria-label': `Facts of request ${r.request_id}` },
      el('table', { class: 'kv-table facts-table', 'data-testid': 'request-facts' },
        el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Fact'), el('th', { scope: 'col' }, 'Value'))),
        el('tbody', {}, Object.entries(facts).filter(([k]) => k !== 'fired_rules').map(([k, v]) =>
          el('tr', { dataset: { fact: k } }, el('th', { scope: 'row' }, k), el('td', {}, formatFact(v)))))))
      : el('p', { class: 'muted' }, 'No facts: the request never reached the rulebook (refused before routing, or not a chat).'));
}
