// The method part of the Benchmark form: fixed-length mode, warm-up, sampling, the rule that every category runs
// at every level, and the run's estimated duration from the baseline's measured speed.
import { el } from '../lib/dom.js';
import { SamplingFields } from './sampling-fields.js';

/** The suite's five categories: a level of fewer requests would leave one out (the gateway refuses it too). */
export const CATEGORY_COUNT = 5;
const DEFAULT_WARMUP = 2;
const MAX_WARMUP = 50;

export class BenchMethodFields {
  constructor() {
    this.fixedLength = el('input', { type: 'checkbox', id: 'bench-fixed-length', 'data-testid': 'bench-fixed-length' });
    this.warmup = el('input', { id: 'bench-warmup', 'data-testid': 'bench-warmup', class: 'input input--number', type: 'number',
      min: '0', max: String(MAX_WARMUP), step: '1', value: String(DEFAULT_WARMUP), inputmode: 'numeric' });
    this.judge = el('input', { type: 'checkbox', id: 'bench-judge', 'data-testid': 'bench-judge' });
    this.draftPass = el('input', { type: 'checkbox', id: 'bench-draft-pass', 'data-testid': 'bench-draft-pass' });
    this.sampling = new SamplingFields('bench');
    this.root = el('div', { class: 'form-stack bench-method' },
      el('label', { class: 'bench-method__check', for: 'bench-fixed-length',
        title: 'ignore_eos: every request generates exactly max tokens, so both systems do the same work (throughput sweeps)' },
      this.fixedLength, el('span', {}, 'Fixed length (exactly max tokens per request)')),
      el('label', { class: 'bench-method__check', for: 'bench-judge',
        title: 'After the measured requests, the configured judge compares the cascade’s answer with the baseline’s for each prompt, in both orders' },
      this.judge, el('span', {}, 'Judge answers (cascade vs baseline)')),
      el('label', { class: 'bench-method__check', for: 'bench-draft-pass',
        title: 'After the measured requests, each large-route prompt goes to the cascade twice at concurrency 1, with the speculative draft on and off: what the draft buys' },
      this.draftPass, el('span', {}, 'Draft on/off pass')),
      el('div', { class: 'field' }, el('label', { class: 'field__label', for: 'bench-warmup' }, 'Warm-up requests per system (not measured)'),
        this.warmup),
      this.sampling.root);
  }

  /** { method: {fixed_length, warmup_requests, sampling, draft_pass, judge?} } or { problem }. */
  read() {
    const raw = this.warmup.value.trim();
    const warmup = Number(raw);
    if (!Number.isInteger(warmup) || warmup < 0 || warmup > MAX_WARMUP) {
      this.warmup.focus();
      return { problem: `Warm-up requests must be a whole number between 0 and ${MAX_WARMUP}, but was "${raw}".` };
    }
    const { sampling, problem } = this.sampling.read();
    if (problem) return { problem };
    // Unticked, the run leaves "judge" out: the gateway's default (cascade.judge.enabled) applies.
    const judge = this.judge.checked ? { judge: true } : {};
    return { method: { fixed_length: this.fixedLength.checked, warmup_requests: warmup, sampling,
      draft_pass: this.draftPass.checked, ...judge } };
  }
}

/** A problem when a level would skip a category: requests per level below the selected prompts' categories. */
export function categoryProblem(prompts, requestsPerLevel) {
  const categories = Math.min(prompts, CATEGORY_COUNT);
  return requestsPerLevel < categories
    ? `Requests per level must be at least ${categories} so every category runs at every level (the prompts are interleaved by category).`
    : null;
}

function duration(seconds) {
  const s = Math.round(seconds);
  return s >= 60 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${s} s`;
}

/**
 * "100 requests per system · 40 prompts × 64 tokens ≈ 8 min 32 s at worst — the baseline's ≈ 5.0 tok/s sets the pace".
 * speed: GET /api/console's baseline_speed (null before any run measured the baseline).
 */
export function estimateText(config, speed) {
  const requests = config.levels.length * config.requests_per_level;
  const head = `${requests} requests per system`;
  if (!speed || !(speed.tok_per_s > 0)) return `${head} · duration unknown until a run has measured the baseline`;
  const tokens = (requests + (config.warmup_requests || 0)) * config.max_tokens;
  return `${head} · ${requests + (config.warmup_requests || 0)} × ${config.max_tokens} tokens ≈ `
    + `${duration(tokens / speed.tok_per_s)} at worst — the baseline's ≈ ${speed.tok_per_s.toFixed(1)} tok/s `
    + `(measured in run ${speed.run_id}) sets the pace${config.fixed_length ? '' : '; most prompts stop earlier'}`;
}
