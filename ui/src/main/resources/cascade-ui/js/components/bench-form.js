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
/** The multi-turn suite (BenchConfig): 6 conversations of 6 turns, 2 at a time; answers ≤ 64 tokens so 6 turns fit a slot. */
export const CONVERSATIONS = 6;
export const CONVERSATION_MAX_TOKENS = 64;
const CONVERSATION_DEFAULTS = { conversations: CONVERSATIONS, concurrency: 2 };
export const SUITES = [
  { value: 'prompts', label: '50 prompts', title: 'Single prompts of the five categories, swept over concurrency levels' },
  { value: 'conversations', label: 'Multi-turn', title: `${CONVERSATIONS} conversations × 6 turns with long system prompts: what prompt caching does from turn 2 on` },
];

function numberInput(id, value, min, max) {
  return el('input', { id, 'data-testid': id, class: 'input input--number', type: 'number', min: String(min),
    max: String(max), step: '1', value: String(value), inputmode: 'numeric' });
}

export class BenchForm {
  /**
   * onRun(config): the user asked to start a run with { prompts, levels, requests_per_level, max_tokens, fixed_length,
   * warmup_requests, sampling }; onSuite(suite): the user picked a suite ('prompts' or 'conversations').
   */
  constructor({ onRun, onSuite = () => {} }) {
    this.onSuite = onSuite;
    this.suite = el('div', { class: 'segmented', role: 'radiogroup', 'aria-labelledby': 'bench-suite-label', 'data-testid': 'bench-suite-choice' },
      SUITES.map((s) => el('label', { class: 'segmented__option', for: `bench-suite-choice-${s.value}`, title: s.title },
        el('input', { type: 'radio', name: 'bench-suite', value: s.value, id: `bench-suite-choice-${s.value}`, 'data-testid': `bench-suite-choice-${s.value}`,
          checked: s.value === 'prompts', on: { change: () => this.showSuiteFields() } }),
        el('span', {}, s.label))));
    this.conversations = numberInput('bench-conversations', CONVERSATION_DEFAULTS.conversations, 1, CONVERSATIONS);
    this.concurrency = numberInput('bench-concurrency', CONVERSATION_DEFAULTS.concurrency, 1, CONVERSATIONS);
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
        el('div', { class: 'field' }, el('span', { class: 'field__label', id: 'bench-suite-label' }, 'Suite'), this.suite),
        this.promptFields = el('div', { class: 'form-stack' },
          el('div', { class: 'field' }, el('span', { class: 'field__label', id: 'bench-prompts-label' }, 'Prompts from the suite'), this.prompts),
          el('div', { class: 'field' }, el('span', { class: 'field__label', id: 'bench-levels-label' }, 'Concurrency levels'), this.levels),
          el('div', { class: 'field' }, el('label', { class: 'field__label', for: 'bench-requests' }, 'Requests per level'), this.requests)),
        this.conversationFields = el('div', { class: 'form-row', hidden: true, 'data-testid': 'bench-conversation-fields' },
          el('div', { class: 'field' }, el('label', { class: 'field__label', for: 'bench-conversations' }, 'Conversations'), this.conversations),
          el('div', { class: 'field' }, el('label', { class: 'field__label', for: 'bench-concurrency', title: 'Conversations in parallel' }, 'Concurrency'), this.concurrency)),
        el('div', { class: 'field' }, el('label', { class: 'field__label', for: 'bench-max-tokens' }, 'Max tokens'), this.maxTokens),
        this.method.root),
      el('div', { class: 'bench-form__actions' }, this.estimate, this.runButton),
      this.message);
    this.updateEstimate();
  }

  /** True when the multi-turn suite is chosen. */
  multiTurn() {
    return this.suite.querySelector('input:checked')?.value === 'conversations';
  }

  /** Shows the fields of the chosen suite; the judge and the draft pass compare single prompts only. */
  showSuiteFields() {
    const multi = this.multiTurn();
    this.promptFields.hidden = multi;
    this.conversationFields.hidden = !multi;
    this.method.root.querySelectorAll('#bench-judge, #bench-draft-pass').forEach((box) => {
      box.disabled = multi;
      if (multi) box.checked = false;
    });
    if (multi && Number(this.maxTokens.value) > CONVERSATION_MAX_TOKENS) this.maxTokens.value = String(CONVERSATION_MAX_TOKENS);
    this.updateEstimate();
    this.onSuite(multi ? 'conversations' : 'prompts');
  }

  /** The multi-turn config: { suite, conversations, levels: [concurrency], max_tokens, method }. */
  readConversations() {
    const conversations = this.integer(this.conversations, 'Conversations', CONVERSATIONS);
    if (conversations.problem) return conversations;
    const concurrency = this.integer(this.concurrency, 'Concurrency', conversations.value);
    if (concurrency.problem) return concurrency;
    const maxTokens = this.integer(this.maxTokens, 'Max tokens', CONVERSATION_MAX_TOKENS);
    if (maxTokens.problem) return maxTokens;
    const { method, problem } = this.method.read();
    if (problem) return { problem };
    const { judge, draft_pass: draftPass, ...rest } = method; // single-prompt options: not part of this suite
    return { config: { suite: 'conversations', conversations: conversations.value, levels: [concurrency.value],
      max_tokens: maxTokens.value, ...rest } };
  }

  /** { config } or { problem } naming the bad field. */
  read() {
    if (this.multiTurn()) return this.readConversations();
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
    if (config?.suite === 'conversations') {
      setText(this.estimate, `${config.conversations * 6} turns per system · ${config.levels[0]} conversation${config.levels[0] > 1 ? 's' : ''} at a time`);
      return;
    }
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
