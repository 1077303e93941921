// One system's column in the Compare race: its streamed answer (text only, never markup), status, metric strip and
// what went wrong — retries with their backoff, a rate-limit cool-down counting down, or why the system was skipped.
import { el, setText } from '../lib/dom.js';
import { EMPTY, formatMs, formatRate, formatUsd, formatPercent, formatInt } from '../lib/format.js';
import { routeBadge, setRouteBadge } from './route-badge.js';
import { systemAbout } from './compare-intro.js';

/** The three systems of POST /api/compare/stream, in column order. */
export const SYSTEMS = [
  { id: 'cascade', title: 'Cascade', caption: 'Rulebook picks the small or large model' },
  { id: 'baseline', title: 'Baseline', caption: 'One large full-precision model' },
  { id: 'hosted', title: 'Hosted API', caption: 'OpenAI-compatible hosted model' },
];

/** A finished system's status → status line and tone. */
const FINAL_STATUS = {
  ok: { label: 'Done', tone: 'ok' },
  skipped: { label: 'Skipped', tone: 'idle' },
  error: { label: 'Error', tone: 'error' },
  cooling_down: { label: 'Cooling down', tone: 'warn' },
};
const COUNTDOWN_TICK_MS = 200;
const ACCEPTANCE_HINT = 'Share of speculative draft tokens the large model accepted';

function chip(label, testId, hint) {
  const value = el('span', { class: 'chip__value', 'data-testid': testId }, EMPTY);
  return { node: el('div', { class: 'chip', title: hint }, el('span', { class: 'chip__label' }, label), value), value };
}

export class RaceColumn {
  /** system: one of SYSTEMS. */
  constructor(system) {
    this.system = system.id;
    this.title = system.title;
    this.isCascade = system.id === 'cascade';
    this.defaultCaption = system.caption;
    this.caption = el('span', { class: 'card__caption', 'data-testid': 'caption' }, system.caption);
    this.status = el('span', { class: 'status__text', 'data-testid': 'status' }, 'Idle');
    this.statusBox = el('div', { class: 'status', role: 'status', 'aria-live': 'polite', dataset: { tone: 'idle' } },
      el('span', { class: 'status__dot', 'aria-hidden': 'true' }), this.status);

    this.route = routeBadge(null, 'route');
    this.rule = el('span', { class: 'decision__rule', 'data-testid': 'rule' }, EMPTY);
    this.reason = el('span', { class: 'decision__reason', 'data-testid': 'reason' });
    this.fallback = el('span', { class: 'pill pill--warn', 'data-testid': 'fallback', hidden: true }, 'fallback');
    this.model = el('span', { class: 'decision__rule', 'data-testid': 'model' }, EMPTY);
    this.endpoint = el('span', { class: 'decision__reason mono', 'data-testid': 'endpoint' });
    const decision = this.isCascade
      ? [el('div', { class: 'decision__route' }, el('span', { class: 'chip__label' }, 'Route'), this.route),
        el('div', { class: 'decision__main' }, el('span', { class: 'chip__label' }, 'Rule ', this.fallback), this.rule, this.reason)]
      : [el('div', { class: 'decision__main' }, el('span', { class: 'chip__label' }, 'Model'), this.model, this.endpoint)];

    this.chips = {
      ttft: chip('TTFT', 'ttft', 'Time to first token, from the moment the gateway got the compare request'),
      tps: chip('Throughput', 'tps', 'Completion tokens per second after the first token'),
      total: chip('Total', 'total', 'Whole answer, retry waits included'),
      tokens: chip('Tokens', 'tokens', 'Prompt tokens → completion tokens (reasoning tokens included, and named)'),
      cost: chip('Cost', 'cost', 'USD for this answer'),
      last: this.isCascade ? chip('Draft accepted', 'acceptance', ACCEPTANCE_HINT)
        : chip('Retries', 'retries', 'Retries after HTTP 429/503 before any content'),
    };
    this.notice = el('div', { class: 'notice', 'data-testid': 'notice', role: 'note', hidden: true });
    this.answerText = document.createTextNode('');
    this.output = el('div', { class: 'answer answer--race', 'data-testid': 'output', tabindex: '0', role: 'region',
      'aria-label': `${system.title} answer`, 'data-placeholder': 'Waiting for a prompt.' }, this.answerText);

    this.root = el('article', { class: 'card race-column', 'aria-label': `${system.title} result`,
      'data-testid': `column-${system.id}`, dataset: { system: system.id, state: 'idle' } },
      el('header', { class: 'card__header' },
        el('div', { class: 'card__heading' },
          el('h2', { class: 'card__title' }, system.title),
          this.caption),
        this.statusBox),
      el('div', { class: 'decision', 'data-testid': 'decision' }, decision),
      el('div', { class: 'stats stats--three', 'data-testid': 'metrics' }, Object.values(this.chips).map((c) => c.node)),
      this.notice,
      this.output);
    this.timer = null;
    this.reset();
  }

  /** Shows (or replaces) the system's configured hardware / model / tagline panel under the column header. */
  describe(about) {
    this.reportedModel = about.models?.length === 1 ? about.models[0] : null; // what the baseline's server serves
    const panel = systemAbout(about);
    if (this.about) this.about.replaceWith(panel);
    else this.root.querySelector('.card__header').after(panel);
    this.about = panel;
  }

  /** Clears text, metrics and notices before a new run. */
  reset() {
    this.stopCountdown();
    this.finished = false;
    this.deltas = 0;
    this.retries = 0;
    this.answerText.data = '';
    this.output.dataset.state = 'idle';
    this.output.dataset.placeholder = 'Waiting for a prompt.';
    setRouteBadge(this.route, null);
    setText(this.rule, EMPTY);
    setText(this.reason, '');
    setText(this.model, EMPTY);
    setText(this.endpoint, '');
    this.fallback.hidden = true;
    for (const c of Object.values(this.chips)) setText(c.value, EMPTY);
    this.hideNotice();
    this.setState('idle', 'Idle', 'idle');
  }

  /** The race started at `startedAt` (performance.now() ms): this column waits for its first token. */
  begin(startedAt = performance.now()) {
    this.reset();
    this.startedAt = startedAt;
    this.firstDeltaAt = null;
    this.output.dataset.state = 'streaming';
    this.output.dataset.placeholder = '';
    this.setState('running', 'Waiting for the first token…', 'busy');
  }

  /** Appends a streamed piece of model output — as text, never markup. */
  appendDelta(text) {
    if (this.finished) return;
    if (this.deltas === 0) this.firstDeltaAt = performance.now();
    if (this.deltas++ === 0 || this.root.dataset.state === 'retrying') {
      this.hideNotice();
      this.stopCountdown();
      this.setState('running', 'Streaming…', 'busy');
    }
    this.answerText.appendData(String(text));
  }

  answer() {
    return this.answerText.data;
  }

  /** A 429/503 before any content: shows the attempt, the reason and the backoff counting down. */
  retrying({ attempt, retryInMs, reason }) {
    this.retries = Math.max(this.retries, (attempt ?? 2) - 1);
    if (!this.isCascade) setText(this.chips.last.value, String(this.retries));
    this.setState('retrying', `Retrying · attempt ${attempt}`, 'warn');
    const until = performance.now() + (retryInMs ?? 0);
    this.showNotice('retry', () => {
      const left = Math.max(0, until - performance.now());
      return `${reason || 'Upstream busy'} — attempt ${attempt} in ${(left / 1000).toFixed(1)} s`;
    }, until);
  }

  /** The system finished: { status, model, endpoint, text, route, rule, … } with every key present. */
  finish(result) {
    this.stopCountdown();
    this.finished = true;
    this.output.dataset.state = 'settled';
    if (!this.answerText.data && result.text) this.answerText.data = result.text;
    // The gateway's simulated hosted API names itself in its model; say so in words, never pass it off as OpenRouter.
    const simulated = typeof result.model === 'string' && result.model.startsWith('simulated');
    setText(this.caption, simulated ? 'Simulated hosted API — a local stand-in, not OpenRouter' : this.defaultCaption);
    this.applyDecision(result);
    this.applyMetrics(result);
    const known = FINAL_STATUS[result.status] || { label: result.status || 'Unknown', tone: 'warn' };
    const label = result.status === 'ok' && result.total_ms != null ? `${known.label} · ${formatMs(result.total_ms)}` : known.label;
    this.setState(result.status || 'unknown', label, known.tone);
    if (result.status === 'skipped') {
      this.output.dataset.placeholder = 'Skipped — nothing was sent.';
      this.showNotice('skipped', () => `Skipped: ${result.error || 'not configured'}`);
    } else if (result.status === 'cooling_down') {
      this.output.dataset.placeholder = 'Not sent while cooling down.';
      const until = performance.now() + (result.cooldown_seconds ?? 0) * 1000;
      this.showNotice('cooldown', () => {
        const left = Math.ceil(Math.max(0, until - performance.now()) / 1000);
        return left > 0 ? `Rate limited (repeated HTTP 429) — cooling down, ${left} s left` : 'Cool-down over — it will be tried on the next run';
      }, until);
    } else if (result.status === 'error') {
      this.output.dataset.placeholder = 'No answer.';
      this.showNotice('error', () => `${result.partial ? 'Cut short: ' : ''}${result.error || 'failed'}`);
    } else {
      this.hideNotice();
    }
  }

  /** The user stopped the race before this system finished. */
  stop() {
    if (this.finished) return;
    this.stopCountdown();
    this.finished = true;
    this.output.dataset.state = 'settled';
    this.hideNotice();
    this.keepMeasuredSoFar();
    this.setState('stopped', this.answerText.data ? 'Stopped · partial kept' : 'Stopped', 'warn');
  }

  // ---- Routing as soon as it is decided, metrics kept on Stop, unconfigured systems ----

  /** True when the gateway skipped this system (not configured): it never ran. */
  get skipped() {
    return this.root.dataset.state === 'skipped';
  }

  /** The gateway routed the cascade's request: route and rule show before the first token. */
  routed({ route, rule }) {
    if (!this.isCascade || this.finished) return;
    setRouteBadge(this.route, route);
    setText(this.rule, rule || EMPTY);
  }

  /** On Stop the gateway sends no result: what the browser measured (TTFT, total, tokens as deltas, tok/s) stays. */
  keepMeasuredSoFar() {
    if (this.startedAt == null) return;
    const now = performance.now();
    const measured = 'Measured in the browser until Stop';
    const put = (chip, text) => { setText(chip.value, text); chip.node.title = measured; };
    put(this.chips.total, formatMs(now - this.startedAt));
    if (this.firstDeltaAt == null) return;
    put(this.chips.ttft, formatMs(this.firstDeltaAt - this.startedAt));
    put(this.chips.tokens, `${EMPTY} → ${formatInt(this.deltas)}`);
    const generatingS = (now - this.firstDeltaAt) / 1000;
    if (generatingS > 0 && this.deltas > 1) put(this.chips.tps, `${formatRate((this.deltas - 1) / generatingS)} tok/s`);
  }

  /** Before any run: the gateway would skip this system; says what to set. */
  showUnconfigured(reason) {
    if (this.root.dataset.state !== 'idle') return;
    this.setState('unconfigured', 'Not configured', 'idle');
    this.output.dataset.placeholder = 'Not configured: nothing will be sent to it.';
    this.showNotice('setup', () => `Not configured — how to set it: ${reason || 'see the gateway configuration'}`);
  }

  /** The request failed for everyone (e.g. the gateway refused it): the column only says so. */
  abandon(label) {
    this.reset();
    this.output.dataset.placeholder = '';
    this.setState('error', label, 'error');
  }

  applyDecision(result) {
    if (this.isCascade) {
      setRouteBadge(this.route, result.route);
      setText(this.rule, result.rule || EMPTY);
      setText(this.reason, result.route_reason || '');
      this.reason.title = result.route_reason || '';
      this.fallback.hidden = !result.fallback;
    } else {
      // The baseline is called without a model id: its server reports what it has loaded (the echoed id is an alias).
      const reported = this.system === 'baseline' && this.reportedModel?.model
        ? [this.reportedModel.model, this.reportedModel.quantization].filter(Boolean).join(' · ') : null;
      setText(this.model, reported || result.model || EMPTY);
      setText(this.endpoint, result.endpoint || '');
      this.endpoint.title = result.endpoint || '';
    }
  }

  applyMetrics(r) {
    setText(this.chips.ttft.value, formatMs(r.ttft_ms));
    setText(this.chips.tps.value, r.tokens_per_second == null ? EMPTY : `${formatRate(r.tokens_per_second)} tok/s`);
    setText(this.chips.total.value, formatMs(r.total_ms));
    // Reasoning tokens are part of the completion tokens (and billed as output): said apart when there are any.
    const reasoning = r.reasoning_tokens > 0 ? ` (${formatInt(r.reasoning_tokens)} reasoning)` : '';
    setText(this.chips.tokens.value, r.prompt_tokens == null && r.completion_tokens == null ? EMPTY
      : `${formatInt(r.prompt_tokens)} → ${formatInt(r.completion_tokens)}${reasoning}`);
    setText(this.chips.cost.value, formatUsd(r.cost_usd));
    if (this.isCascade) {
      setText(this.chips.last.value, typeof r.draft_acceptance === 'number' ? formatPercent(r.draft_acceptance) : 'n/a');
      this.chips.last.node.title = typeof r.draft_acceptance === 'number' ? ACCEPTANCE_HINT
        : 'No speculative decoding on this route (the small model answered)';
    } else {
      setText(this.chips.last.value, r.retries == null ? EMPTY : String(r.retries));
    }
  }

  setState(state, label, tone) {
    this.root.dataset.state = state;
    this.statusBox.dataset.tone = tone;
    setText(this.status, label);
  }

  /** Shows a notice; render() gives its text, re-rendered every tick until `until` (performance.now() ms). */
  showNotice(kind, render, until = null) {
    this.stopCountdown();
    this.notice.dataset.kind = kind;
    this.notice.hidden = false;
    setText(this.notice, render());
    if (until != null) {
      this.timer = setInterval(() => {
        setText(this.notice, render());
        if (performance.now() >= until) this.stopCountdown();
      }, COUNTDOWN_TICK_MS);
    }
  }

  hideNotice() {
    this.notice.hidden = true;
    setText(this.notice, '');
  }

  stopCountdown() {
    clearInterval(this.timer);
    this.timer = null;
  }
}
