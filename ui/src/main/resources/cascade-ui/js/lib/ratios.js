// Words for the Compare summary: turns the gateway's ratios (cascade ÷ other) into phrases that read correctly in
// both directions — "3.1× faster to first token", "40% of its cost" — and says which side each one favours.

const isNumber = (v) => typeof v === 'number' && Number.isFinite(v) && v > 0;

/** Which way is better for each ratio the gateway reports, and how to say it. */
const METRICS = [
  { key: 'ttft', label: 'Time to first token', lowerIsBetter: true, better: 'faster to first token', worse: 'slower to first token', even: 'as fast to first token' },
  { key: 'total', label: 'End to end', lowerIsBetter: true, better: 'faster end to end', worse: 'slower end to end', even: 'as fast end to end' },
  { key: 'tokens_per_second', label: 'Throughput', lowerIsBetter: false, noun: 'tokens per second', even: 'the same tokens per second' },
  { key: 'cost', label: 'Cost', lowerIsBetter: true, noun: 'cost', even: 'the same cost' },
];

/** 3.14 → "3.1×", 1.04 → "1.04×" (never "1.0×" for a real difference), 12.6 → "13×". */
export function formatFactor(factor) {
  if (factor >= 9.95) return `${Math.round(factor)}×`;
  const one = factor.toFixed(1);
  return `${one === '1.0' ? factor.toFixed(2) : one}×`;
}

/** 0.4 → "40%", 0.0861 → "8.6%", 0.0004 → "0.04%". */
export function formatShare(ratio) {
  const percent = ratio * 100;
  if (percent >= 9.95) return `${Math.round(percent)}%`;
  if (percent >= 0.095) return `${percent.toFixed(1)}%`;
  return `${percent.toPrecision(1)}%`;
}

/**
 * One ratio as a phrase: { key, label, value (headline, e.g. "3.1×"), phrase (rest of the sentence), text (both),
 * favours: 'cascade' | 'other' | 'even' }, or null when the gateway could not compute it.
 */
export function describeRatio(key, ratio) {
  const metric = METRICS.find((m) => m.key === key);
  if (!metric || !isNumber(ratio)) return null;
  const cascadeIsBetter = metric.lowerIsBetter ? ratio < 1 : ratio > 1;
  const factor = ratio >= 1 ? ratio : 1 / ratio;
  if (formatFactor(factor) === '1.00×') return result(metric, '≈', metric.even, 'even');
  const favours = cascadeIsBetter ? 'cascade' : 'other';
  if (metric.noun) {
    // "2.7× its tokens per second" / "40% of its cost": a share reads better than "0.4×" below one.
    return ratio >= 1 ? result(metric, formatFactor(ratio), `its ${metric.noun}`, favours)
      : result(metric, formatShare(ratio), `of its ${metric.noun}`, favours);
  }
  return result(metric, formatFactor(factor), cascadeIsBetter ? metric.better : metric.worse, favours);
}

function result(metric, value, phrase, favours) {
  return { key: metric.key, label: metric.label, value, phrase, text: value === '≈' ? phrase : `${value} ${phrase}`, favours };
}

/** Every computable ratio of one comparison (e.g. ratios.cascade_vs_baseline), in a fixed order. */
export function describeComparison(ratios) {
  return METRICS.map((m) => describeRatio(m.key, ratios?.[m.key])).filter(Boolean);
}

/**
 * "Cascade: 3.1× faster to first token than baseline, 2.8× faster end to end, 2.7× its tokens per second, 40% of its
 * cost." — the first phrase names the other system, the rest refer back to it. Null when nothing is comparable.
 */
export function comparisonSentence(ratios, otherName) {
  const parts = describeComparison(ratios);
  if (!parts.length) return null;
  const [first, ...rest] = parts;
  let lead;
  if (first.value === '≈') lead = `${first.text} as ${otherName}`; // "as fast to first token as baseline"
  else if (first.key === 'ttft' || first.key === 'total') lead = `${first.text} than ${otherName}`;
  else lead = `${first.value} ${first.phrase.replace(/\bits\b/, `${otherName}'s`)}`;
  return `Cascade: ${[lead, ...rest.map((p) => p.text)].join(', ')}.`;
}
