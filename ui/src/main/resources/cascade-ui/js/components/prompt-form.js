// The prompt card of the Compare race: text, one example per prompt category, max tokens, Run/Stop and the
// keyboard shortcuts (Ctrl/⌘+Enter runs, Esc stops).
import { el } from '../lib/dom.js';

/** One example per prompt category of the benchmark suite, each one the default rulebook puts in its category. */
export const EXAMPLE_PROMPTS = [
  { category: 'factual', label: 'Factual', prompt: 'What is the capital of France?' },
  { category: 'everyday', label: 'Everyday', prompt: 'Hi there!' },
  { category: 'reasoning', label: 'Reasoning', prompt: 'A train leaves at 3:15 pm and travels 180 km at 80 km/h. At what time does it arrive? Show your reasoning step by step.' },
  { category: 'code', label: 'Code', prompt: 'Write a Python function that finds the longest palindromic substring.' },
  { category: 'analysis', label: 'Analysis', prompt: 'Compare merge sort and quicksort, including their trade-offs in practice.' },
];

/** Three systems answer at once on shared cores: a moderate default keeps the race short. */
export const DEFAULT_MAX_TOKENS = 128;
/** How many races a Run makes: one is a single noisy sample; more give a median and its range. */
export const REPEAT_CHOICES = [1, 3, 5];
const isMac = /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

export class PromptForm {
  /** onRun(): the user asked to run; onStop(): to stop; onExample(prompt): an example was picked. */
  constructor({ onRun, onStop, onExample = () => {} }) {
    this.prompt = el('textarea', { id: 'prompt', 'data-testid': 'prompt', class: 'input prompt-input', rows: '4',
      placeholder: 'Ask anything — or pick an example below', 'aria-describedby': 'prompt-hint', spellcheck: 'true' });
    this.repeat = el('select', { id: 'repeat', 'data-testid': 'repeat', class: 'input input--select' },
      REPEAT_CHOICES.map((n) => el('option', { value: String(n) }, n === 1 ? '1 race' : `${n} races · median`)));
    this.draftOff = el('input', { id: 'draft-off', 'data-testid': 'draft-off', type: 'checkbox' });
    this.maxTokens = el('input', { id: 'max-tokens', 'data-testid': 'max-tokens', class: 'input input--number',
      type: 'number', min: '1', step: '1', value: String(DEFAULT_MAX_TOKENS), inputmode: 'numeric' });
    this.runButton = el('button', { id: 'run', 'data-testid': 'run', class: 'button button--primary', type: 'submit' },
      'Run', el('kbd', { class: 'kbd', 'aria-hidden': 'true' }, isMac ? '⌘↵' : 'Ctrl ↵'));
    this.stopButton = el('button', { id: 'stop', 'data-testid': 'stop', class: 'button', type: 'button', disabled: true,
      on: { click: onStop } }, 'Stop');

    const pick = (prompt) => {
      this.prompt.value = prompt;
      this.prompt.focus();
      onExample(prompt);
    };
    this.problem = el('div', { class: 'alert', role: 'alert', 'data-testid': 'form-error', hidden: true });
    // A problem with what was typed goes as soon as it is edited: a fixed value must not keep its error.
    for (const field of [this.prompt, this.maxTokens]) field.addEventListener('input', () => this.showProblem(null));
    this.root = el('form', { class: 'card prompt-card', 'aria-label': 'Prompt', novalidate: true,
      on: { submit: (e) => { e.preventDefault(); onRun(); } } },
      el('header', { class: 'card__header' },
        el('div', { class: 'card__heading' },
          el('h2', { class: 'card__title' }, el('label', { for: 'prompt' }, 'Prompt')),
          el('span', { class: 'card__caption', id: 'prompt-hint' }, 'Sent to all three systems at once',
            el('span', { class: 'keyboard-hint' }, ` · ${isMac ? '⌘' : 'Ctrl'}+Enter runs · Esc stops`)))),
      this.prompt,
      el('div', { class: 'controls' },
        el('div', { class: 'field field--inline' }, el('label', { class: 'field__label', for: 'max-tokens' }, 'Max tokens'), this.maxTokens),
        el('div', { class: 'field field--inline' }, el('label', { class: 'field__label', for: 'repeat' }, 'Repeat'), this.repeat),
        el('label', { class: 'check check--inline', for: 'draft-off', title: 'After each race, race the cascade once more with '
          + 'its speculative draft turned off, and show what the draft buys on this machine' },
          this.draftOff, el('span', {}, 'Draft on/off')),
        el('div', { class: 'controls__actions' }, this.stopButton, this.runButton)),
      el('div', { class: 'examples', role: 'group', 'aria-labelledby': 'examples-title' },
        el('span', { class: 'examples__title', id: 'examples-title' }, 'Examples — one per prompt category'),
        EXAMPLE_PROMPTS.map((example) => el('button', {
          type: 'button', class: 'example', 'data-testid': `example-${example.category}`, title: example.prompt,
          on: { click: () => pick(example.prompt) },
        }, el('span', { class: 'example__category' }, example.label), el('span', { class: 'example__text' }, example.prompt)))),
      this.problem);
  }

  promptText() {
    return this.prompt.value.trim();
  }

  /**
   * The request the form describes: { request: { prompt, maxTokens } } or { problem } naming what is wrong
   * (the field is focused). The gateway enforces its own max_tokens cap and says so.
   */
  read() {
    const prompt = this.promptText();
    if (!prompt) {
      this.prompt.focus();
      return { problem: 'Enter a prompt first.' };
    }
    const raw = this.maxTokens.value.trim();
    const maxTokens = Number(raw);
    if (!Number.isInteger(maxTokens) || maxTokens < 1) {
      this.maxTokens.focus();
      return { problem: `Max tokens must be a whole number of at least 1, but was "${raw}".` };
    }
    return { request: { prompt, maxTokens }, repeat: Number(this.repeat.value) || 1, draftOff: this.draftOff.checked };
  }

  /** Shows (or with null hides) a problem with the request: invalid input or the gateway refusing it. */
  showProblem(message) {
    this.problem.hidden = !message;
    this.problem.textContent = message || '';
  }

  setRunning(running) {
    this.runButton.disabled = running;
    this.stopButton.disabled = !running;
    this.repeat.disabled = running;
    this.draftOff.disabled = running;
  }
}

/** Ctrl/⌘+Enter runs and Esc stops anywhere inside root. */
export function bindRunKeys(root, { onRun, onStop, isRunning }) {
  root.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onRun();
    } else if (event.key === 'Escape' && isRunning()) {
      event.preventDefault();
      onStop();
    }
  });
}
