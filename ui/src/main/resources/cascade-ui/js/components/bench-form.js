// The Benchmark tab's "New run" card: prompts (10/25/50 from the suite), concurrency levels, requests per level and
// max tokens, validated here the way the gateway does (it re-checks and names any bad value).
import { el, setText, replaceChildren } from '../lib/dom.js';
import { BenchMethodFields, categoryProblem, estimateText } from './bench-method.js';

export const PROMPT_COUNTS = [10, 25, 50];
export const LEVELS = [1, 2, 4, 8, 16];
/** The bench engine's own defaults (BenchConfig): 10 prompts, levels 1–16, 20 requests per level, 64 tokens. */
const DEFAULTS = { prompts: 10, levels: LEVELS, requestsPerLevel: 20, maxTokens: 64 };
const MAX_REQUESTS_PER_LEVEL = 500;
const MAX_TOKENS = 4096;

function numberInput(id, value, min, max) {
  return el('input', { id, 'data-testid': id, class: 'input input--number', type: 'number', min: String(min),
    max: String(max), step: '1', value: String(value), inputmode: 'numeric' });
}

export class BenchForm {
  /**
   * onRun(config): the user asked to start a run with { prompts, levels, requests_per_level, max_tokens, fixed_length,
   * warmup_requests, sampling }.
   */
  constructor({ onRun }) {
    this.prompts = el('div', { class: 'segmented', role: 'radiogroup', 'aria-labelledby': 'bench-prompts-label', 'data-testid': 'bench-prompts' },
      PROMPT_COUNTS.map((n) => el('label', { class: 'segmented__option', for: `bench-prompts-${n}`, title: `First ${n} prompts of the suite` },
        el('input', { type: 'radio', name: 'bench-prompts', value: String(n), id: `bench-prompts-${n}`, 'data-testid': `bench-prompts-${n}`,
          checked: n === DEFAULTS.prompts }),
        el('span', {}, String(n)))));
    this.levels = el('div', { class: 'checks', role: 'group', 'aria-labelledby': 'bench-levels-label', 'data-testid': 'bench-levels' },
      LEVELS.map((level) => el('label', { class: 'check', for: `bench-level-${level}` },
        el('input', { type: 'checkbox', value: String(level), id: `bench-level-${level}`, 'data-testid': `bench-level-${level}`,
          checked: DEFAULTS.levels.includes(level) }),
        el('span', {}, String(level)))));
    this.requests = numberInput('bench-requests', DEFAULTS.requestsPerLevel, 1, MAX_REQUESTS_PER_LEVEL);
    this.maxTokens = numberInput('bench-max-tokens', DEFAULTS.maxTokens, 1, MAX_TOKENS);
    this.runButton = el('button', { type: 'submit', class: 'button button--primary', 'data-testid': 'bench-run' }, 'Run benchmark');
    this.estimate = el('span', { class: 'muted bench-form__estimate', 'data-testid': 'bench-estimate' });
    this.message = el('div', { class: 'bench-form__message', 'data-testid': 'bench-message', role: 'status', hidden: true });
    this.method = new BenchMethodFields();
    this.baselineSpeed = null;

    this.root = el('form', { class: 'card bench-form', 'aria-label': 'New benchmark run', novalidate: true,
      on: { submit: (e) => { e.preventDefault(); this.submit(onRun); }, input: () => this.updateEstimate() } },
      el('header', { class: 'card__header' },
        el('div', { class: 'card__heading' },
          el('h2', { class: 'card__title' }, 'New run'),
          el('span', { class: 'card__caption' }, 'Cascade and baseline, level by level'))),
      el('div', { class: 'form-stack' },
        el('div', { class: 'field' }, el('span', { class: 'field__label', id: 'bench-prompts-label' }, 'Prompts from the suite'), this.prompts),
        el('div', { class: 'field' }, el('span', { class: 'field__label', id: 'bench-levels-label' }, 'Concurrency levels'), this.levels),
        el('div', { class: 'form-row' },
          el('div', { class: 'field' }, el('label', { class: 'field__label', for: 'bench-requests' }, 'Requests per level'), this.requests),
          el('div', { class: 'field' }, el('label', { class: 'field__label', for: 'bench-max-tokens' }, 'Max tokens'), this.maxTokens)),
        this.method.root),
      el('div', { class: 'bench-form__actions' }, this.estimate, this.runButton),
      this.message);
    this.updateEstimate();
  }

  /** { config } or { problem } naming the bad field. */
  read() {
    const prompts = Number(this.prompts.querySelector('input:checked')?.value ?? DEFAULTS.prompts);
    const levels = [...this.levels.querySelectorAll('input:checked')].map((i) => Number(i.value));
    if (!levels.length) return { problem: 'Pick at least one concurrency level.' };
    const requests = this.integer(this.requests, 'Requests per level', MAX_REQUESTS_PER_LEVEL);
    if (requests.problem) return requests;
    const maxTokens = this.integer(this.maxTokens, 'Max tokens', MAX_TOKENS);
    if (maxTokens.problem) return maxTokens;
    const skipped = categoryProblem(prompts, requests.value);
    if (skipped) return { problem: skipped };
    const { method, problem } = this.method.read();
    if (problem) return { problem };
    return { config: { prompts, levels, requests_per_level: requests.value, max_tokens: maxTokens.value, ...method } };
  }

  integer(input, name, max) {
    const raw = input.value.trim();
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1 || value > max) {
      input.focus();
      return { problem: `${name} must be a whole number between 1 and ${max}, but was "${raw}".` };
    }
    return { value };
  }

  updateEstimate() {
    const { config } = this.read();
    setText(this.estimate, config ? estimateText(config, this.baselineSpeed) : '');
  }

  /** speed: the baseline's measured tok/s from GET /api/console, for the duration estimate. */
  setBaselineSpeed(speed) {
    this.baselineSpeed = speed;
    this.updateEstimate();
  }

  submit(onRun) {
    const { config, problem } = this.read();
    if (problem) {
      this.showMessage(problem, 'error');
      return;
    }
    this.showMessage(null);
    onRun(config);
  }

  /** text: a string or nodes (e.g. a "Show it" button); tone: info | error | warn. Null hides it. */
  showMessage(text, tone = 'info', ...extra) {
    this.message.hidden = !text;
    this.message.dataset.tone = tone;
    replaceChildren(this.message, text || '', ...extra);
  }

  setBusy(busy) {
    this.runButton.disabled = busy;
  }
}
