// Medians and ranges over repeated Compare races: one race is one noisy sample on a shared machine; several give a
// median with its min–max, per system and metric, and the draft's speed-up from paired races (draft on, then off).

const isNumber = (v) => typeof v === 'number' && Number.isFinite(v);

/** { median, min, max, n } of the finite numbers in values, or null when there are none. */
export function spread(values) {
  const xs = values.filter(isNumber).sort((a, b) => a - b);
  if (!xs.length) return null;
  const mid = Math.floor(xs.length / 2);
  const median = xs.length % 2 ? xs[mid] : (xs[mid - 1] + xs[mid]) / 2;
  return { median, min: xs[0], max: xs[xs.length - 1], n: xs.length };
}

/** The spread of `metric` (a result key such as ttft_ms) over the races in which `system` finished ok. */
export function systemSpread(races, system, metric) {
  return spread(races.map((race) => race.systems?.[system]).filter((r) => r?.status === 'ok').map((r) => r[metric]));
}

/**
 * What the draft buys: pairs = [{ on, off }] cascade results of the same prompt with the draft on and off. Only pairs
 * where both answered ok on the large route count (the small route has no draft). Speed-up = tok/s on ÷ tok/s off.
 */
export function draftSpeedup(pairs) {
  const usable = pairs.filter(({ on, off }) => on?.status === 'ok' && off?.status === 'ok' && on.route === 'large'
    && off.route === 'large' && isNumber(on.tokens_per_second) && isNumber(off.tokens_per_second) && off.tokens_per_second > 0);
  return {
    pairs: usable.length,
    smallRoute: pairs.some(({ on }) => on?.status === 'ok' && on.route && on.route !== 'large'),
    on: spread(usable.map((p) => p.on.tokens_per_second)),
    off: spread(usable.map((p) => p.off.tokens_per_second)),
    speedup: spread(usable.map((p) => p.on.tokens_per_second / p.off.tokens_per_second)),
    acceptance: spread(usable.map((p) => p.on.draft_acceptance)),
  };
}
