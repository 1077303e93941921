// The Benchmark's draft on/off pass on a run's result: what speculative decoding bought the cascade's large route
// (summary.draft_speedup), or why the run has no such figure.
import { el } from '../lib/dom.js';

const x = (value) => `${Number(value).toFixed(2)}×`;

/**
 * "Speculative decoding: 1.28× tokens/s (95 % CI 1.10–1.40×, 15 pairs) …" or "… unavailable: <reason>"; null when the
 * run had no draft pass.
 */
export function draftSpeedupText(d) {
  if (!d) return null;
  if (d.unavailable) return `Speculative decoding: unavailable — ${d.unavailable}`;
  const acceptance = d.draft_acceptance == null ? '' : `, draft acceptance ${Math.round(d.draft_acceptance * 100)} %`;
  return `Speculative decoding: ${x(d.speed_up)} tokens/s (95 % CI ${Number(d.speed_up_low).toFixed(2)}–${x(d.speed_up_high)}, `
    + `${d.pairs} pairs) · ${d.tokens_per_second_on.toFixed(1)} vs ${d.tokens_per_second_off.toFixed(1)} tok/s with the draft on vs off · `
    + `latency ${x(d.latency_speed_up)} (median ${Math.round(d.total_ms_on)} vs ${Math.round(d.total_ms_off)} ms)${acceptance}`;
}

/** The line as a paragraph, or '' when the run had no draft pass. */
export function draftSpeedupLine(d) {
  const text = draftSpeedupText(d);
  return text ? el('p', { class: 'muted bench-method-line', 'data-testid': 'bench-draft-speedup' }, text) : '';
}
