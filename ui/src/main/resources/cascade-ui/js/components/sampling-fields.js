// Sampling controls shared by Compare and Benchmark: temperature, top-p and seed, each optional (blank = the
// server's default: llama-server samples at temperature 0.8, top-p 0.95 with a random seed). Every system gets the same.
import { el } from '../lib/dom.js';

const FIELDS = [
  { key: 'temperature', label: 'Temperature', min: 0, max: 2, step: '0.05', integer: false, placeholder: 'default 0.8' },
  { key: 'top_p', label: 'Top-p', min: 0, max: 1, step: '0.05', integer: false, placeholder: 'default 0.95' },
  { key: 'seed', label: 'Seed', min: -2147483648, max: 2147483647, step: '1', integer: true, placeholder: 'default random' },
];

export class SamplingFields {
  /** prefix: test-id and element-id prefix, e.g. "bench" gives bench-temperature, bench-top_p, bench-seed. */
  constructor(prefix) {
    this.inputs = FIELDS.map((f) => ({ ...f, input: el('input', { id: `${prefix}-${f.key}`, 'data-testid': `${prefix}-${f.key}`,
      class: 'input input--number input--defaulted', type: 'number', min: String(f.min), max: String(f.max), step: f.step,
      placeholder: f.placeholder, inputmode: f.integer ? 'numeric' : 'decimal' }) }));
    this.root = el('fieldset', { class: 'sampling-fields', 'data-testid': `${prefix}-sampling` },
      el('legend', { class: 'field__label' }, 'Sampling · the same for every system · blank = server default'),
      el('div', { class: 'form-row' }, this.inputs.map((f) => el('div', { class: 'field' },
        el('label', { class: 'field__label', for: f.input.id }, f.label), f.input))));
  }

  /** { sampling: {temperature?, top_p?, seed?} } with only the filled fields, or { problem } naming the bad one. */
  read() {
    const sampling = {};
    for (const f of this.inputs) {
      const raw = f.input.value.trim();
      if (raw === '') continue;
      const value = Number(raw);
      if (!Number.isFinite(value) || value < f.min || value > f.max || (f.integer && !Number.isInteger(value))) {
        f.input.focus();
        return { problem: `${f.label} must be ${f.integer ? 'a whole number' : 'a number'} between ${f.min} and ${f.max}, but was "${raw}".` };
      }
      sampling[f.key] = value;
    }
    return { sampling };
  }
}

/** "temperature 0.8 · top-p server default · seed random" for a run's or a compare's recorded sampling. */
export function samplingLine(sampling = {}) {
  const show = (v, fallback) => (v == null ? fallback : String(v));
  return `temperature ${show(sampling.temperature, 'server default')} · top-p ${show(sampling.top_p, 'server default')}`
    + ` · seed ${show(sampling.seed, 'random')}`;
}
