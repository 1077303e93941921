// Benchmark tab: start a load run (cascade vs baseline, level by level), follow it live (progress, charts, table),
// read its speed-ups, routing accuracy and saturation, download its rows, and compare two runs from the history.
import { el, replaceChildren } from '../lib/dom.js';
import { ApiError } from '../lib/api.js';
import { listRuns, getRun, RUNS_PATH, runPath } from '../lib/bench-api.js';
import { adminRequest, AdminCancelled } from '../components/admin-token.js';
import { BenchForm } from '../components/bench-form.js';
import { BenchHistory } from '../components/bench-history.js';
import { BenchRunPanel } from '../components/bench-run-panel.js';
import { BenchCharts } from '../components/bench-charts.js';
import { resultsTable, speedUpTable, accuracyTable, saturationTable, scorecardTable, systemName } from '../components/bench-tables.js';
import { qualityPanel } from '../components/bench-quality.js';
import { categoryConfusionTable } from '../components/bench-categories.js';
import { formatDateTime } from '../lib/format.js';
import { runConfigLine, statusPill } from '../components/bench-run-meta.js';
// Issue 17: method, seed panels and honest run comparison (separate modules; wired in the marked sections below).
import { getConsoleText, refreshConsoleText } from '../lib/console-api.js';
import { summaryCards, seedCsvLink } from '../components/bench-cards.js';
import { PromptTable, suiteDescription } from '../components/bench-prompts.js';
import { comparabilityWarnings, warningsBox, changesTable } from '../components/bench-compare-runs.js';
import { samplingLine } from '../components/sampling-fields.js';
import { draftSpeedupLine } from '../components/bench-draft.js';
import { BenchTurns } from '../components/bench-turns.js';

export const id = 'benchmark';
/** How often a running run is polled. */
export const POLL_MS = 500;
/** The intro card's text while the multi-turn suite is on screen or picked (bench/README.md, "The multi-turn suite"). */
export const MULTI_TURN_INTRO = 'Six conversations of six turns, each opening with a long system prompt (a document to '
  + 'answer from, about 1,000 tokens) and user turns from the five categories of the prompt suite. Every turn re-sends '
  + 'the whole history \u2014 the system prompt, the user\u2019s turns and the model\u2019s own answers \u2014 to the '
  + 'cascade and to the baseline at the same time, a few conversations at once; a failed turn ends its conversation. '
  + 'Measured per turn: time to first token, and the prompt tokens sent, taken from the server\u2019s cache and evaluated.';

export function mount(root) {
  const view = new BenchmarkView();
  root.append(view.root);
  view.start();
  return view;
}

function card(title, caption, body, testId) {
  return el('section', { class: 'card', 'data-testid': testId, 'aria-label': title },
    el('header', { class: 'card__header' },
      el('div', { class: 'card__heading' }, el('h2', { class: 'card__title' }, title), caption && el('span', { class: 'card__caption' }, caption))),
    body);
}

/** 2.18 → "2.18× faster", 0.8 → "1.25× slower". */
function speedUpWords(speedUp) {
  return speedUp >= 1 ? `${speedUp.toFixed(2)}× faster` : `${(1 / speedUp).toFixed(2)}× slower`;
}

class BenchmarkView {
  constructor() {
    this.generation = 0; // bumps whenever another run (or comparison) is put on screen; stale answers are dropped
    this.pollTimer = null;
    this.form = new BenchForm({ onRun: (config) => this.startRun(config), onSuite: (suite) => this.describeSuite(suite) });
    this.history = new BenchHistory({ onOpen: (runId) => this.open(runId), onCompare: (ids) => this.compare(ids) });
    this.runPanel = new BenchRunPanel({ onCancel: (runId) => this.cancel(runId) });
    this.charts = new BenchCharts();
    this.turns = new BenchTurns(); // the multi-turn suite's view, in place of the level charts and tables
    this.table = el('div', {});
    this.speedUps = el('div', {});
    this.accuracy = el('div', {});
    this.saturation = el('div', {});
    // Issue 17: summary cards, method line, seed CSV, per-prompt table, "Run the suite" explanation.
    this.cards = el('div', {});
    this.methodLine = el('p', { class: 'muted bench-method-line', 'data-testid': 'bench-method-line' });
    this.seedCsv = el('span', {});
    this.draftSpeedup = el('div', {});
    this.promptTable = new PromptTable();
    this.suiteIntro = el('p', { class: 'muted', 'data-testid': 'bench-intro-text' });
    this.suiteList = el('div', {});
    this.promptsPart = el('div', {}, el('h3', { class: 'card__subtitle' }, 'What the prompts are'), this.suiteList);
    this.intro = card('Run the suite', 'What the benchmark measures, and how', el('div', {}, this.suiteIntro, this.promptsPart), 'bench-intro');
    this.introCaption = this.intro.querySelector('.card__caption');
    this.benchmarkText = '';
    this.scorecard = el('div', {});
    this.quality = el('div', {});
    this.single = el('div', { class: 'bench-single' },
      card('Summary per system', 'Peaks, saturation, tail latency and errors over the completed levels',
        el('div', {}, this.methodLine, this.draftSpeedup, this.cards, el('div', { class: 'bench-export' }, this.seedCsv)), 'bench-summary'),
      card('Results per level', 'Completed levels; latency over successful requests', this.table, 'bench-results'),
      el('div', { class: 'bench-details' },
        card('Speed-up by category', 'Median latency, all levels; baseline ÷ cascade', this.speedUps, 'bench-speedups-card'),
        card('Routing accuracy', 'Routes matching the expected route; categories the rulebook assigned vs the labels', this.accuracy, 'bench-accuracy-card'),
        card('Saturation', 'Where tok/s stops rising by 5%; gain lowest → highest level', this.saturation, 'bench-saturation-card'),
        card('Router scorecard', 'Rulebook vs always-small, always-large, random at the same mix; ~ estimated', this.scorecard, 'bench-scorecard-card'),
        card('Answer quality', 'Cascade vs baseline, judged per prompt in both orders: wins, ties, losses', this.quality, 'bench-quality-card')),
      card('Per prompt', 'Median latency over all levels; click a column to sort', this.promptTable.root, 'bench-prompts-card'));
    this.compareHeader = el('div', {});
    this.compareTables = el('div', { class: 'bench-compare__tables', 'data-testid': 'bench-compare-tables' });
    this.comparison = el('div', { class: 'bench-compare', 'data-testid': 'bench-comparison', hidden: true }, this.compareHeader);
    this.empty = el('section', { class: 'card empty-state', 'data-testid': 'bench-empty' },
      el('h2', { class: 'card__title' }, 'No benchmark runs yet'),
      el('p', { class: 'muted' }, 'Choose prompts, concurrency levels and requests per level on the left, then Run benchmark. '
        + 'Each level sends the same prompts to the cascade and to the baseline at the same time.'));
    this.main = el('div', { class: 'bench__main', hidden: true },
      this.runPanel.root, this.comparison, this.turns.root, this.charts.root, this.single, this.compareTables);
    this.root = el('div', { class: 'bench' },
      el('div', { class: 'bench__side' }, this.form.root, this.history.root),
      el('div', { class: 'bench__content' }, this.intro, this.empty, this.main));
  }

  /** Issue 17: the configured explanation, the suite's categories and the baseline's speed for the estimate. */
  describe(text) {
    this.benchmarkText = text.benchmark_text || '';
    replaceChildren(this.suiteList, suiteDescription(text.suite));
    this.describeSuite(this.intro.dataset.suite);
    this.form.setBaselineSpeed(text.baseline_speed);
  }

  /** The intro card describes one suite: the run's on screen, or the one just picked in the form (the last wins). */
  describeSuite(suite) {
    const multi = suite === 'conversations';
    this.intro.dataset.suite = multi ? 'conversations' : 'prompts';
    this.introCaption.textContent = multi ? 'What the multi-turn suite measures, and how' : 'What the benchmark measures, and how';
    this.suiteIntro.textContent = multi ? MULTI_TURN_INTRO : this.benchmarkText;
    this.promptsPart.hidden = multi;
  }

  /** Loads the history and shows the running run, else the newest one. */
  async start() {
    getConsoleText().then((text) => this.describe(text), () => {}); // the tab works without the description
    const runs = await this.refreshHistory();
    const first = runs.find((r) => r.status === 'running') || runs[0];
    if (first) this.show(first);
  }

  async refreshHistory() {
    try {
      const runs = await listRuns();
      this.history.render(runs);
      return runs;
    } catch (e) {
      this.form.showMessage(`Cannot list runs: ${e.message}`, 'error');
      return [];
    }
  }

  async open(runId) {
    const generation = ++this.generation;
    try {
      const run = await getRun(runId);
      if (generation === this.generation) this.show(run, generation);
    } catch (e) {
      if (generation === this.generation) this.form.showMessage(`Cannot open run ${runId}: ${e.message}`, 'error');
    }
  }

  /** Puts one run on screen and keeps polling it while it runs. */
  show(run, generation = ++this.generation) {
    clearTimeout(this.pollTimer);
    this.empty.hidden = true;
    this.main.hidden = false;
    this.runPanel.root.hidden = false;
    this.comparison.hidden = true;
    this.compareTables.hidden = true;
    this.history.markCurrent(run.id);
    this.render(run);
    if (run.status === 'running') this.pollTimer = setTimeout(() => this.poll(run.id, generation), POLL_MS);
  }

  render(run) {
    this.runPanel.render(run);
    const multiTurn = run.config?.suite === 'conversations';
    this.describeSuite(run.config?.suite);
    this.turns.root.hidden = !multiTurn;
    this.charts.root.hidden = multiTurn;
    this.single.hidden = multiTurn;
    if (multiTurn) {
      this.turns.show(run);
      return;
    }
    const targets = (run.config?.targets || []).map((t) => t.name);
    const names = targets.length ? targets : [...new Set((run.aggregates || []).map((a) => a.target))];
    this.charts.show(names.map((target) => ({ label: systemName(target), target, aggregates: run.aggregates || [] })),
      run.config?.levels || []);
    replaceChildren(this.table, resultsTable(run.aggregates));
    replaceChildren(this.speedUps, speedUpTable(run.speed_ups));
    replaceChildren(this.accuracy, accuracyTable(run.accuracy), categoryConfusionTable(run.categories));
    replaceChildren(this.saturation, saturationTable(run.saturation));
    replaceChildren(this.scorecard, scorecardTable(run.scorecard));
    replaceChildren(this.quality, qualityPanel(run.quality));
    this.renderSeedPanels(run);
  }

  /** Issue 17: summary cards, method, per-prompt table; the seed CSV once the run has ended. */
  renderSeedPanels(run) {
    replaceChildren(this.cards, summaryCards(run));
    const c = run.config || {};
    const warmup = (run.warmup || []).map((w) => `${w.target} ${w.ok}/${w.requests}`).join(', ');
    this.methodLine.textContent = `Every category at every level · ${c.fixed_length ? `exactly ${c.max_tokens} tokens per request (ignore_eos)`
      : `up to ${c.max_tokens} tokens (stops at end of text)`} · ${samplingLine(c.sampling)} · ${c.warmup_requests ?? 0} warm-up `
      + `requests per system, not measured${warmup ? ` (ok: ${warmup})` : ''} · intervals are 95% bootstrap`;
    replaceChildren(this.draftSpeedup, draftSpeedupLine(run.draft_speedup));
    replaceChildren(this.seedCsv, run.status === 'running' ? '' : seedCsvLink(run));
    this.promptTable.render(run);
  }

  async poll(runId, generation) {
    let run = null;
    try {
      run = await getRun(runId);
    } catch {
      // a missed poll is retried on the next tick
    }
    if (generation !== this.generation) return;
    if (run) this.render(run);
    if (!run || run.status === 'running') {
      this.pollTimer = setTimeout(() => this.poll(runId, generation), POLL_MS);
    } else {
      if (this.startedMessageRun === runId) {
        this.startedMessageRun = null;
        this.form.showMessage(null);
      }
      this.refreshHistory().then(() => this.history.markCurrent(runId));
      refreshConsoleText().then((text) => this.describe(text), () => {}); // the run measured the baseline again
    }
  }

  async startRun(config) {
    this.form.setBusy(true);
    this.form.showMessage('Starting…');
    try {
      const { body } = await adminRequest(RUNS_PATH, { method: 'POST', body: config }, 'Starting a benchmark');
      this.form.showMessage(body.note ? `Started: ${body.note}` : `Started run ${body.id}: ${body.total} requests.`, body.note ? 'warn' : 'info');
      this.startedMessageRun = body.note ? null : body.id; // "Started run …" goes when that run ends (a note stays)
      await this.refreshHistory();
      await this.open(body.id);
    } catch (e) {
      this.showStartError(e);
    } finally {
      this.form.setBusy(false);
    }
  }

  showStartError(e) {
    if (e instanceof AdminCancelled) {
      this.form.showMessage(e.message, 'warn');
    } else if (e instanceof ApiError && e.code === 'run_active' && e.body?.running_id) {
      const runningId = e.body.running_id;
      this.form.showMessage(`A run is already active (${runningId}); one run at a time.`, 'warn', ' ',
        el('button', { type: 'button', class: 'link-button', 'data-testid': 'bench-show-active', on: { click: () => this.open(runningId) } }, 'Show it'));
    } else {
      this.form.showMessage(e instanceof ApiError && e.status ? `Error ${e.status}: ${e.message}` : e.message, 'error');
    }
  }

  async cancel(runId) {
    this.runPanel.setCancelling();
    try {
      const { body } = await adminRequest(runPath(runId), { method: 'DELETE' }, 'Cancelling a benchmark');
      this.form.showMessage(`Run ${runId} ${body.status === 'cancelled' ? 'cancelled' : `ended (${body.status})`}; finished rows are kept.`);
      this.show(body);
      await this.refreshHistory();
      this.history.markCurrent(runId);
    } catch (e) {
      this.showStartError(e);
      this.open(runId);
    }
  }

  /** Two runs together: overlaid chart lines (the second dashed) and their tables side by side. */
  async compare(ids) {
    const generation = ++this.generation;
    clearTimeout(this.pollTimer);
    let runs;
    try {
      runs = await Promise.all(ids.map((runId) => getRun(runId)));
    } catch (e) {
      this.form.showMessage(`Cannot compare: ${e.message}`, 'error');
      return;
    }
    if (generation !== this.generation) return;
    runs.sort((a, b) => String(a.started_at).localeCompare(String(b.started_at)));
    const letters = ['A', 'B'];
    this.empty.hidden = true;
    this.main.hidden = false;
    this.runPanel.root.hidden = true;
    this.single.hidden = true;
    this.turns.root.hidden = true;
    this.charts.root.hidden = false;
    this.comparison.hidden = false;
    this.compareTables.hidden = false;
    this.history.markCurrent(null);
    const levels = [...new Set(runs.flatMap((r) => r.config?.levels || []))].sort((a, b) => a - b);
    const series = runs.flatMap((run, i) => (run.config?.targets || []).map((t) => ({
      label: `${systemName(t.name)} · run ${letters[i]}`, target: t.name, dashed: i === 1, aggregates: run.aggregates || [] })));
    this.charts.show(series, levels);
    replaceChildren(this.compareHeader, el('section', { class: 'card compare-head' },
      el('header', { class: 'card__header' },
        el('div', { class: 'card__heading' },
          el('h2', { class: 'card__title' }, 'Comparing two runs'),
          el('span', { class: 'card__caption' }, 'Run A solid, run B dashed in the charts')),
        el('button', { type: 'button', class: 'button button--ghost', 'data-testid': 'bench-compare-close',
          on: { click: () => this.open(runs[1].id) } }, 'Back to one run')),
      warningsBox(comparabilityWarnings(runs[0], runs[1])),
      el('h3', { class: 'card__subtitle' }, 'Changes from run A to run B'),
      changesTable(runs[0], runs[1])));
    replaceChildren(this.compareTables, runs.map((run, i) => {
      const all = (run.speed_ups || []).find((s) => s.category === 'all');
      return el('section', { class: 'card', 'data-testid': 'bench-compare-run', dataset: { runId: run.id } },
        el('header', { class: 'card__header' },
          el('div', { class: 'card__heading' },
            el('div', { class: 'card__heading--row' }, el('h2', { class: 'card__title' }, `Run ${letters[i]}`), statusPill(run.status)),
            el('span', { class: 'card__caption mono' }, `${run.id} · ${formatDateTime(run.started_at)}`),
            el('span', { class: 'card__caption' }, runConfigLine(run.config)))),
        resultsTable(run.aggregates, `bench-table-${letters[i].toLowerCase()}`),
        el('p', { class: 'compare-run__speedup' }, all
          ? `Overall: cascade ${speedUpWords(all.speed_up)} than baseline (median latency)${all.speed_up_low == null ? ''
            : `, 95% CI ${all.speed_up_low.toFixed(2)}–${all.speed_up_high.toFixed(2)}×${all.crosses_one ? ', crosses 1×: no clear winner' : ''}`}.`
          : 'No overall speed-up (needs finished requests from both systems).'));
    }));
  }
}
