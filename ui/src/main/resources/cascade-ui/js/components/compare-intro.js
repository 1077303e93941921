// The seed's framing of the Compare race, all text from GET /api/console: the "two baselines, one optimized stack"
// explanation, each column's hardware / model and quantization / tagline, the sampling every system gets, and
// before a run the baseline's expected time for this prompt from its measured tok/s.
import { el, setText } from '../lib/dom.js';
import { SamplingFields } from './sampling-fields.js';

export class CompareIntro {
  constructor() {
    this.title = el('h2', { class: 'card__title', 'data-testid': 'compare-explanation-title' }, 'Two baselines, one optimized stack');
    this.text = el('p', { class: 'compare-explanation__text', 'data-testid': 'compare-explanation-text' });
    this.explanation = el('section', { class: 'card compare-explanation', 'data-testid': 'compare-explanation',
      'aria-label': 'What is compared' }, el('header', { class: 'card__header' }, el('div', { class: 'card__heading' }, this.title)), this.text);
    this.sampling = new SamplingFields('compare');
    // The hosted API's reasoning (OpenRouter's "reasoning"): blank = the gateway's cascade.compare.hosted.reasoning.
    this.reasoning = el('select', { id: 'hosted-reasoning', 'data-testid': 'hosted-reasoning', class: 'input input--select' },
      el('option', { value: '' }, 'gateway default'),
      ['off', 'low', 'medium', 'high'].map((v) => el('option', { value: v }, v === 'off' ? 'off' : `effort ${v}`)));
    this.reasoningNote = el('span', { class: 'field__hint', 'data-testid': 'hosted-reasoning-default' });
    this.samplingBox = el('details', { class: 'compare-sampling', 'data-testid': 'compare-sampling-box' },
      el('summary', {}, 'Sampling and hosted reasoning'), this.sampling.root,
      el('div', { class: 'field field--inline compare-sampling__reasoning' },
        el('label', { class: 'field__label', for: 'hosted-reasoning' }, 'Hosted API reasoning'), this.reasoning, this.reasoningNote));
    this.estimate = el('p', { class: 'muted compare-estimate', 'data-testid': 'baseline-estimate', role: 'note' });
    this.speed = null;
  }

  /** The gateway's configured hosted reasoning ("medium", "off", "2048 tokens"), shown as what the default means. */
  setHostedReasoning(configured) {
    if (!configured) return;
    setText(this.reasoningNote, `default here: ${configured}`);
    this.reasoning.options[0].textContent = `gateway default (${configured})`;
  }

  /** The reasoning asked for this race, or null for the gateway's default. */
  hostedReasoning() {
    return this.reasoning.value || null;
  }

  /** text: GET /api/console; columns: Map system id → RaceColumn. */
  describe(text, columns) {
    setText(this.title, text.explanation?.title || '');
    setText(this.text, text.explanation?.text || '');
    for (const [system, column] of columns) {
      const about = text.systems?.[system];
      if (about) column.describe(about);
    }
    this.speed = text.baseline_speed;
  }

  /** "The self-hosted baseline runs at ≈ 5.0 tok/s, so 128 tokens take it about 26 s" (or why it is unknown). */
  updateEstimate(maxTokens) {
    if (!(this.speed?.tok_per_s > 0)) {
      setText(this.estimate, 'The baseline\'s speed is measured by a benchmark run; none has measured it yet.');
      return;
    }
    const tokens = Number(maxTokens);
    const seconds = Number.isFinite(tokens) && tokens > 0 ? Math.round(tokens / this.speed.tok_per_s) : null;
    setText(this.estimate, `The self-hosted baseline runs at ≈ ${this.speed.tok_per_s.toFixed(1)} tok/s`
      + (seconds == null ? '' : `, so ${tokens} tokens take it about ${seconds} s`)
      + ` (measured in benchmark run ${this.speed.run_id}).`);
  }
}

/**
 * The panel of one compared system: hardware; the models as their servers report them (quantization, parameters,
 * context) and the engine; the configured description; the tagline (all as text).
 */
export function systemAbout(about) {
  return el('div', { class: 'system-about', 'data-testid': 'system-about' },
    el('div', { class: 'system-about__hardware', 'data-testid': 'system-hardware' }, about.hardware || ''),
    el('div', { class: 'system-about__model', 'data-testid': 'system-model', title: 'As the model servers report it' },
      about.model || ''),
    about.engine ? el('div', { class: 'system-about__engine muted', 'data-testid': 'system-engine' }, `Engine: ${about.engine}`) : null,
    about.description && about.description !== about.model
      ? el('div', { class: 'system-about__description muted', 'data-testid': 'system-description' }, about.description) : null,
    el('div', { class: 'system-about__tagline', 'data-testid': 'system-tagline' }, about.tagline || ''));
}
