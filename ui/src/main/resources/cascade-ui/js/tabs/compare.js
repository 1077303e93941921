// Compare tab: one prompt races through the cascade, the baseline and the hosted API at once
// (POST /api/compare/stream); three columns stream live, then a summary says how the cascade did.
import { el } from '../lib/dom.js';
import { ApiError, streamCompare, explainRoute, getCompareSystems } from '../lib/api.js';
import { ExplainPanel } from '../components/explain-panel.js';
import { PromptForm, bindRunKeys } from '../components/prompt-form.js';
import { RaceColumn, SYSTEMS } from '../components/race-column.js';
import { RaceSummary } from '../components/race-summary.js';
import { CompareIntro } from '../components/compare-intro.js';
import { getConsoleText } from '../lib/console-api.js';
import { askTokenForKeysMode, keysModeProblem, storedToken } from '../components/admin-token.js';

export const id = 'compare';
const PROGRESS_TICK_MS = 100;

export function mount(root) {
  const view = new CompareView();
  root.append(view.root);
  view.showUnconfiguredSystems();
  return view;
}

const errorTitle = (e) => (e instanceof ApiError && e.status ? `Error ${e.status}` : 'Error');

class CompareView {
  constructor() {
    this.running = null;
    const run = () => this.run();
    const stop = () => this.stop();
    this.form = new PromptForm({ onRun: run, onStop: stop, onExample: () => this.explain.clear() });
    this.columns = new Map(SYSTEMS.map((system) => [system.id, new RaceColumn(system)]));
    this.summary = new RaceSummary();
    this.explain = new ExplainPanel();
    this.explainButton = el('button', { id: 'explain', 'data-testid': 'explain', class: 'button button--ghost', type: 'button',
      on: { click: () => this.explainRouting() } }, 'Explain routing');

    const explainCard = el('section', { class: 'card explain-card compare__routing', 'aria-label': 'Routing explanation' },
      el('header', { class: 'card__header' },
        el('div', { class: 'card__heading' },
          el('h2', { class: 'card__title' }, 'Routing'),
          el('span', { class: 'card__caption' }, 'How the cascade would route it — dry run, nothing generated')),
        this.explainButton),
      this.explain.root);

    // Issue 17: the configured explanation, system panels, sampling and the baseline's expected time.
    this.intro = new CompareIntro();
    this.form.root.append(this.intro.samplingBox, this.intro.estimate);
    this.form.maxTokens.addEventListener('input', () => this.intro.updateEstimate(this.form.maxTokens.value));
    getConsoleText().then((text) => {
      this.intro.describe(text, this.columns);
      this.intro.updateEstimate(this.form.maxTokens.value);
    }, () => {});

    this.form.root.classList.add('compare__prompt');
    this.summary.root.classList.add('compare__summary');
    this.columnsBox = el('div', { class: 'compare__columns', 'data-testid': 'results', dataset: { skipped: '0' } },
      [...this.columns.values()].map((c) => c.root));
    // Reading order: the prompt first (what a newcomer acts on), then the race, then the framing and the dry run.
    this.root = el('div', { class: 'compare', dataset: { running: 'false' } }, this.form.root, this.intro.explanation,
      explainCard, this.summary.root, this.columnsBox);
    bindRunKeys(this.root, { onRun: run, onStop: stop, isRunning: () => !!this.running });
  }

  setRunning(controller) {
    this.running = controller;
    this.form.setRunning(!!controller);
    this.root.dataset.running = controller ? 'true' : 'false';
  }

  /** Systems that answered (ok or not) — a skipped one never ran, so it is neither finished nor counted. */
  finishedCount() {
    return this.racing().filter((c) => c.finished).length;
  }

  racing() {
    return [...this.columns.values()].filter((c) => !c.skipped);
  }

  // ---- Orientation and keeping the race in view ----

  /**
   * Before any run: a system the gateway would skip says so, and what to set (a failed lookup changes nothing); the
   * summary says whether the cascade and the baseline share CPUs here; the hosted reasoning default is shown.
   */
  async showUnconfiguredSystems() {
    let setup;
    try {
      setup = await getCompareSystems();
    } catch {
      return;
    }
    for (const { system, configured, reason } of setup.systems || []) {
      if (!configured) this.columns.get(system)?.showUnconfigured(reason);
    }
    this.layoutColumns();
    this.summary.setCpus(setup.cpus);
    this.intro.setHostedReasoning(setup.hosted_reasoning);
  }

  /** A system that will not run (or did not) takes a slim row instead of a third of the race. */
  layoutColumns() {
    const idle = [...this.columns.values()].filter((c) => c.skipped || c.root.dataset.state === 'unconfigured');
    this.columnsBox.dataset.skipped = String(idle.length);
  }

  /** On Run: the race summary scrolls into view (below the sticky header) and takes focus, so results are not missed. */
  bringRaceIntoView() {
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    this.summary.root.scrollIntoView({ block: 'start', behavior: smooth ? 'smooth' : 'auto' });
    this.summary.root.focus({ preventScroll: true });
  }

  /**
   * Runs `repeat` races of the prompt (each streamed into the columns); with draft on/off, each race is followed by
   * one of the cascade alone with its draft off. Then the summary: one race's ratios (said to be one sample), or the
   * medians with their range over all races, and what the draft bought.
   */
  async run() {
    if (this.running) return;
    const { request, repeat = 1, draftOff = false, problem } = this.form.read();
    const { sampling, problem: samplingProblem } = this.intro.sampling.read();
    this.form.showProblem(problem || samplingProblem || null);
    if (problem || samplingProblem) return;
    const controller = new AbortController();
    this.setRunning(controller);
    const hostedReasoning = this.intro.hostedReasoning();
    const races = [];
    const pairs = [];
    this.summary.start();
    this.bringRaceIntoView();
    try {
      for (let i = 1; i <= repeat; i++) {
        const aggregate = await this.race({ ...request, sampling, hostedReasoning }, controller,
          repeat > 1 ? `Race ${i} of ${repeat}` : 'Racing');
        if (!aggregate) return;
        races.push(aggregate);
        if (draftOff) {
          const off = await this.cascadeWithoutDraft({ ...request, sampling }, controller, `Race ${i} of ${repeat}`);
          if (!off) return;
          pairs.push({ on: aggregate.systems?.cascade, off: off.systems?.cascade });
        }
      }
      this.summary.show(races, draftOff ? pairs : null);
    } catch (e) {
      if (e.name === 'AbortError') {
        const finished = this.finishedCount();
        const skipped = [...this.columns.values()].filter((c) => c.skipped).map((c) => c.title);
        for (const column of this.columns.values()) column.stop();
        this.summary.stopped(finished, this.racing().length, skipped, races.length);
      } else {
        const title = errorTitle(e);
        const keysMode = keysModeProblem(e);
        for (const column of this.columns.values()) if (!column.finished) column.abandon(keysMode ? 'Needs the admin token' : title);
        this.summary.failed(keysMode ? 'The gateway requires an API key: the console needs the admin token to race.'
          : `${title}: the gateway refused the request.`);
        this.form.showProblem(keysMode || e.message);
        if (keysMode) askTokenForKeysMode('Compare');
      }
    } finally {
      if (this.running === controller) this.setRunning(null);
    }
  }

  /** One race streamed into the columns; its aggregate, or null when the stream ended without one (said so). */
  async race(request, controller, label) {
    const started = performance.now();
    for (const column of this.columns.values()) column.begin(started);
    const tick = () => this.summary.progress(label, this.finishedCount(), this.racing().length, performance.now() - started);
    tick();
    const ticker = setInterval(tick, PROGRESS_TICK_MS);
    let aggregate = null;
    try {
      for await (const event of streamCompare({ ...request, signal: controller.signal, token: storedToken() })) {
        const column = this.columns.get(event.system);
        if (event.type === 'delta') column?.appendDelta(event.text);
        else if (event.type === 'routed') column?.routed(event);
        else if (event.type === 'retrying') column?.retrying(event);
        else if (event.type === 'result') column?.finish(event.result);
        else if (event.type === 'aggregate') aggregate = event.aggregate;
        else if (event.type === 'error') this.form.showProblem(event.message);
      }
    } finally {
      clearInterval(ticker);
    }
    if (!aggregate) {
      this.endUnfinished('Ended without a result');
      this.summary.failed('The stream ended before the gateway sent its summary.');
      return null;
    }
    // The aggregate repeats every result: a column whose own event was lost still ends right.
    for (const [system, result] of Object.entries(aggregate.systems || {})) {
      const column = this.columns.get(system);
      if (column && !column.finished) column.finish(result);
    }
    this.layoutColumns();
    return aggregate;
  }

  /** The cascade alone with its speculative draft off (its columns keep the race's answers); its aggregate. */
  async cascadeWithoutDraft(request, controller, label) {
    const started = performance.now();
    const tick = () => this.summary.progress(`${label} · cascade again, draft off`, 0, 1, performance.now() - started);
    tick();
    const ticker = setInterval(tick, PROGRESS_TICK_MS);
    let aggregate = null;
    try {
      for await (const event of streamCompare({ ...request, systems: ['cascade'], draft: false, signal: controller.signal,
        token: storedToken() })) {
        if (event.type === 'aggregate') aggregate = event.aggregate;
      }
    } finally {
      clearInterval(ticker);
    }
    if (!aggregate) this.summary.failed('The draft-off race ended before the gateway sent its summary.');
    return aggregate;
  }

  endUnfinished(label) {
    for (const column of this.columns.values()) if (!column.finished) column.abandon(label);
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
      this.explain.show(await explainRoute(prompt, undefined, storedToken()));
    } catch (e) {
      const keysMode = keysModeProblem(e);
      this.explain.showMessage(keysMode || `${errorTitle(e)}: ${e.message}`, 'error');
      if (keysMode) askTokenForKeysMode('Explain routing');
    } finally {
      this.explainButton.disabled = false;
    }
  }
}
