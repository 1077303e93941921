// Header health dot: polls GET /health and lists each upstream endpoint with its breaker state.
import { el, setText, replaceChildren } from '../lib/dom.js';
import { getHealth } from '../lib/api.js';

export const HEALTH_POLL_MS = 5_000;
const REQUEST_TIMEOUT_MS = 4_000;

export class HealthIndicator {
  /** root: the header's <details data-testid="health"> element. */
  constructor(root) {
    this.root = root;
    this.label = root.querySelector('[data-testid="health-label"]');
    this.error = root.querySelector('[data-testid="health-error"]');
    this.rows = root.querySelector('[data-testid="health-endpoints"]');
    this.timer = null;
    // A popover closes on a click elsewhere or Esc, like a menu.
    document.addEventListener('click', (e) => { if (!root.contains(e.target)) root.open = false; });
    root.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && root.open) {
        root.open = false;
        root.querySelector('summary').focus();
      }
    });
  }

  start() {
    const tick = async () => {
      await this.refresh();
      this.timer = setTimeout(tick, HEALTH_POLL_MS);
    };
    tick();
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible' && this.timer) {
        clearTimeout(this.timer);
        tick();
      }
    });
  }

  async refresh() {
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
    try {
      const { body } = await getHealth(controller.signal);
      this.render(body);
    } catch (e) {
      this.render({ status: 'unreachable', endpoints: [], error: { message: e.name === 'AbortError' ? 'no answer within 4 s' : e.message } });
    } finally {
      clearTimeout(timeout);
    }
  }

  render(health) {
    const endpoints = health.endpoints || [];
    const unhealthy = endpoints.filter((e) => !e.healthy || e.breaker === 'open').length;
    let state;
    let label;
    if (health.status === 'ok') {
      state = unhealthy ? 'degraded' : 'ok';
      label = unhealthy ? `Degraded · ${unhealthy}/${endpoints.length} down` : 'Healthy';
    } else {
      state = 'down';
      label = health.status === 'unreachable' ? 'Gateway unreachable' : 'Unavailable';
    }
    this.root.dataset.state = state;
    this.root.title = `Gateway health: ${label}`;
    setText(this.label, label);
    const message = health.error?.message;
    this.error.hidden = !message;
    setText(this.error, message || '');
    replaceChildren(this.rows, endpoints.length ? endpoints.map((e) => el('tr', {},
      el('td', {}, e.pool),
      el('td', { class: 'mono', title: e.detail || '' }, e.url || e.name),
      el('td', {}, el('span', { class: `pill ${e.healthy ? 'pill--ok' : 'pill--bad'}` }, e.healthy ? 'healthy' : 'down')),
      el('td', {}, el('span', { class: `pill ${e.breaker === 'closed' ? 'pill--muted' : 'pill--warn'}` }, e.breaker || '—'))))
      : el('tr', {}, el('td', { colspan: '4', class: 'muted' }, 'No endpoint information.')));
  }
}
