// One answer column: streamed text, status line and metric chips. Compare shows one today (the cascade);
// the racing view will put three side by side (cascade / baseline / hosted), hence a reusable component.
import { el, setText } from '../lib/dom.js';
import { EMPTY, formatMs, formatRate, formatUsd, formatPercent, formatInt } from '../lib/format.js';

const TONES = ['idle', 'busy', 'ok', 'warn', 'error'];

/** Small/large route badge; any other value shows neutral. Text only. */
export function routeBadge(route, testId) {
  const badge = el('span', { class: 'badge', 'data-testid': testId });
  setRouteBadge(badge, route);
  return badge;
}

export function setRouteBadge(badge, route) {
  badge.dataset.route = route || 'none';
  setText(badge, route || EMPTY);
}

function chip(label, testId, { hint, wide } = {}) {
  const value = el('span', { class: 'chip__value', 'data-testid': testId }, EMPTY);
  const node = el('div', { class: `chip${wide ? ' chip--wide' : ''}`, title: hint },
    el('span', { class: 'chip__label' }, label), value);
  return { node, value };
}

export class ResultPanel {
  /** title: column heading ("Cascade"); caption: a short line under it. */
  constructor({ title, caption = '' }) {
    this.route = routeBadge(null, 'route');
    this.status = el('span', { class: 'status__text', 'data-testid': 'status' }, 'Idle');
    this.statusBox = el('div', { class: 'status', role: 'status', 'aria-live': 'polite', dataset: { tone: 'idle' } },
      el('span', { class: 'status__dot', 'aria-hidden': 'true' }), this.status);
    this.liveCount = el('span', { class: 'live-count', 'data-testid': 'live-count', 'aria-hidden': 'true' });

    this.reason = el('span', { class: 'decision__reason', 'data-testid': 'reason' });
    this.chips = {
      route: { node: el('div', { class: 'chip chip--route', title: 'Pool that served the answer' }, el('span', { class: 'chip__label' }, 'Route'), this.route) },
      rule: chip('Rule', 'rule', { hint: 'Rule that decided the route', wide: true }),
      fallback: chip('Fallback', 'fallback', { hint: 'Served by the other pool because the chosen one failed', wide: true }),
      ttft: chip('TTFT', 'ttft', { hint: 'Time to first token, measured by the gateway' }),
      tps: chip('Throughput', 'tps', { hint: 'Completion tokens per second after the first token' }),
      total: chip('Total', 'total', { hint: 'Whole request, gateway side' }),
      tokens: chip('Tokens', 'tokens', { hint: 'Prompt tokens → completion tokens' }),
      cost: chip('Cost', 'cost', { hint: 'Instance price × time ÷ slots (USD)' }),
      acceptance: chip('Draft accepted', 'acceptance', { hint: 'Share of speculative draft tokens the large model accepted' }),
    };
    this.chips.fallback.node.classList.add('chip--warn');
    this.chips.rule.node.append(this.reason);
    const { route, rule, fallback, ...stats } = this.chips;

    this.alert = el('div', { class: 'alert', role: 'alert', 'data-testid': 'error', hidden: true });
    this.servedBy = el('p', { class: 'result__footer', 'data-testid': 'served-by' });
    this.answerText = document.createTextNode('');
    this.output = el('div', { class: 'answer', 'data-testid': 'output', tabindex: '0',
      'aria-label': `${title} answer`, 'data-placeholder': 'Run a prompt to see the answer stream in here.' }, this.answerText);

    this.root = el('article', { class: 'card result', 'aria-label': `${title} result` },
      el('header', { class: 'card__header' },
        el('div', { class: 'card__heading' },
          el('h2', { class: 'card__title' }, title),
          caption && el('span', { class: 'card__caption' }, caption)),
        el('div', { class: 'result__status' }, this.liveCount, this.statusBox)),
      el('div', { class: 'decision', 'data-testid': 'decision' }, route.node, rule.node, fallback.node),
      el('div', { class: 'stats', 'data-testid': 'metrics' }, Object.values(stats).map((c) => c.node)),
      this.alert,
      this.output,
      this.servedBy);
    this.reset();
  }

  /** Clears text and metrics before a new run. */
  reset() {
    this.answerText.data = '';
    this.output.dataset.state = 'idle';
    setRouteBadge(this.route, null);
    for (const c of Object.values(this.chips)) if (c.value) setText(c.value, EMPTY);
    this.chips.acceptance.node.hidden = true;
    this.chips.fallback.node.hidden = true;
    setText(this.liveCount, '');
    setText(this.reason, '');
    setText(this.servedBy, '');
    this.alert.hidden = true;
    setText(this.alert, '');
    this.setStatus('Idle', 'idle');
  }

  /** A failed run: short status line plus the gateway's full message in an alert above the answer. */
  showError(status, message) {
    this.setStatus(status, 'error');
    setText(this.alert, message);
    this.alert.hidden = false;
  }

  setStatus(text, tone = 'idle') {
    this.statusBox.dataset.tone = TONES.includes(tone) ? tone : 'idle';
    setText(this.status, text);
  }

  setStreaming(streaming) {
    this.output.dataset.state = streaming ? 'streaming' : 'settled';
  }

  /** Appends a streamed piece of model output — as text, never markup. */
  appendAnswer(text) {
    this.answerText.appendData(String(text));
  }

  answer() {
    return this.answerText.data;
  }

  setLiveCount(pieces) {
    setText(this.liveCount, pieces > 0 ? `${pieces} chunk${pieces === 1 ? '' : 's'}` : '');
  }

  /** What the response headers tell before the first token. */
  applyHeaders({ route, rule, fallback }) {
    if (route) setRouteBadge(this.route, route);
    if (rule) setText(this.chips.rule.value, rule);
    if (fallback) {
      this.chips.fallback.node.hidden = false;
      setText(this.chips.fallback.value, 'yes');
    }
  }

  /** The gateway's cascade object from the usage chunk. */
  applyCascade(cascade, usage) {
    if (!cascade) {
      if (usage) setText(this.chips.tokens.value, `${formatInt(usage.prompt_tokens)} → ${formatInt(usage.completion_tokens)}`);
      return;
    }
    setRouteBadge(this.route, cascade.route);
    setText(this.chips.rule.value, cascade.rule || EMPTY);
    setText(this.reason, cascade.reason || '');
    setText(this.chips.ttft.value, formatMs(cascade.ttft_ms));
    setText(this.chips.tps.value, cascade.tokens_per_second == null ? EMPTY : `${formatRate(cascade.tokens_per_second)} tok/s`);
    setText(this.chips.total.value, formatMs(cascade.total_ms));
    setText(this.chips.tokens.value, `${formatInt(cascade.prompt_tokens)} → ${formatInt(cascade.completion_tokens)}`);
    setText(this.chips.cost.value, formatUsd(cascade.cost_usd));
    const hasAcceptance = typeof cascade.draft_acceptance === 'number';
    this.chips.acceptance.node.hidden = !hasAcceptance;
    if (hasAcceptance) setText(this.chips.acceptance.value, formatPercent(cascade.draft_acceptance));
    const served = [cascade.endpoint && `Served by ${cascade.endpoint}`,
      cascade.rules_version != null && `rules v${cascade.rules_version}`].filter(Boolean);
    setText(this.servedBy, served.join(' · '));
    this.chips.fallback.node.hidden = !cascade.fallback;
    if (cascade.fallback) setText(this.chips.fallback.value, cascade.fallback_reason || 'yes');
  }
}
