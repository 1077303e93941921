// Compare tab: send one prompt through the cascade and watch it stream, with the routing and cost metrics.
// The racing view (cascade / baseline / hosted side by side) adds ResultPanels next to the first one.
import { el } from '../lib/dom.js';
import { ApiError, streamChat, explainRoute } from '../lib/api.js';
import { formatMs } from '../lib/format.js';
import { ResultPanel } from '../components/result-panel.js';
import { ExplainPanel } from '../components/explain-panel.js';
import { PromptForm, bindRunKeys } from '../components/prompt-form.js';

export const id = 'compare';

export function mount(root) {
  const view = new CompareView();
  root.append(view.root);
  view.form.loadModels();
  return view;
}

/** "Done · 1.23 s", noting when the answer was cut by max tokens or ended for another reason. */
function doneStatus(totalMs, finishReason) {
  const finish = finishReason === 'length' ? 'hit max tokens'
    : finishReason && finishReason !== 'stop' ? `finish: ${finishReason}` : null;
  return ['Done', totalMs != null && formatMs(totalMs), finish].filter(Boolean).join(' · ');
}

const errorTitle = (e) => (e instanceof ApiError && e.status ? `Error ${e.status}` : 'Error');

class CompareView {
  constructor() {
    this.running = null;
    const run = () => this.run();
    const stop = () => this.stop();
    this.form = new PromptForm({ onRun: run, onStop: stop, onExample: () => this.explain.clear() });
    this.panel = new ResultPanel({ title: 'Cascade', caption: 'Routed by the rulebook · /v1/chat/completions' });
    this.explain = new ExplainPanel();
    this.explainButton = el('button', { id: 'explain', 'data-testid': 'explain', class: 'button button--ghost', type: 'button',
      on: { click: () => this.explainRouting() } }, 'Explain routing');

    const explainCard = el('section', { class: 'card explain-card compare__routing', 'aria-label': 'Routing explanation' },
      el('header', { class: 'card__header' },
        el('div', { class: 'card__heading' },
          el('h2', { class: 'card__title' }, 'Routing'),
          el('span', { class: 'card__caption' }, 'Dry run · POST /api/route')),
        this.explainButton),
      this.explain.root);

    // Grid areas put the results right of the form on wide screens and right under it on narrow ones.
    this.form.root.classList.add('compare__prompt');
    this.root = el('div', { class: 'compare' }, this.form.root,
      el('div', { class: 'compare__results', 'data-testid': 'results' }, this.panel.root), explainCard);
    bindRunKeys(this.root, { onRun: run, onStop: stop, isRunning: () => !!this.running });
  }

  setRunning(controller) {
    this.running = controller;
    this.form.setRunning(!!controller);
    this.root.dataset.running = controller ? 'true' : 'false';
    this.panel.setStreaming(!!controller);
  }

  async run() {
    if (this.running) return;
    const { request, problem } = this.form.read();
    if (problem) {
      this.panel.reset();
      this.panel.showError('Not sent', problem);
      return;
    }
    const controller = new AbortController();
    this.panel.reset();
    this.setRunning(controller);
    this.panel.setStatus('Connecting…', 'busy');
    let pieces = 0;
    let finishReason = null;
    let streamError = null;
    let totalMs = null;
    try {
      for await (const event of streamChat({ ...request, signal: controller.signal })) {
        if (event.type === 'open') {
          this.panel.applyHeaders(event.headers);
          this.panel.setStatus('Waiting for the first token…', 'busy');
        } else if (event.type === 'delta') {
          if (pieces === 0) this.panel.setStatus('Streaming…', 'busy');
          this.panel.appendAnswer(event.text);
          this.panel.setLiveCount(++pieces);
        } else if (event.type === 'finish') {
          finishReason = event.reason;
        } else if (event.type === 'usage') {
          this.panel.applyCascade(event.cascade, event.usage);
          totalMs = event.cascade?.total_ms ?? totalMs;
        } else if (event.type === 'error') {
          streamError = event.message;
          this.panel.showError('Failed while streaming', event.message);
        }
      }
      if (!streamError) this.panel.setStatus(doneStatus(totalMs, finishReason), 'ok');
    } catch (e) {
      if (e.name === 'AbortError') this.panel.setStatus('Stopped — partial answer kept', 'warn');
      else this.panel.showError(errorTitle(e), e.message);
    } finally {
      if (this.running === controller) this.setRunning(null);
    }
  }

  stop() {
    this.running?.abort();
  }

  async explainRouting() {
    const prompt = this.form.promptText();
    if (!prompt) {
      this.explain.showMessage('Enter a prompt first.', 'warn');
      this.form.prompt.focus();
      return;
    }
    this.explainButton.disabled = true;
    this.explain.showMessage('Asking the rulebook…');
    try {
      this.explain.show(await explainRoute(prompt));
    } catch (e) {
      this.explain.showMessage(`${errorTitle(e)}: ${e.message}`, 'error');
    } finally {
      this.explainButton.disabled = false;
    }
  }
}
