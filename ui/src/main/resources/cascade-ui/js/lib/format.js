// Shared number formatting for metric chips and tables (Compare now; Benchmark tables and charts later).

export const EMPTY = '—';

const isNumber = (v) => typeof v === 'number' && Number.isFinite(v);

/** 834.2 → "834 ms", 1234 → "1.23 s". */
export function formatMs(ms) {
  if (!isNumber(ms)) return EMPTY;
  if (ms < 1) return `${ms.toFixed(2)} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

/** Tokens per second with sensible precision: 4.56, 45.6, 456. */
export function formatRate(perSecond) {
  if (!isNumber(perSecond)) return EMPTY;
  if (perSecond < 10) return perSecond.toFixed(2);
  if (perSecond < 100) return perSecond.toFixed(1);
  return String(Math.round(perSecond));
}

/**
 * US dollars keeping three significant digits for tiny amounts, without exponent notation:
 * 0.0000123 → "$0.0000123", 0.42 → "$0.4200", 12.5 → "$12.50".
 */
export function formatUsd(usd) {
  if (!isNumber(usd)) return EMPTY;
  if (usd === 0) return '$0';
  const magnitude = Math.floor(Math.log10(Math.abs(usd)));
  if (magnitude >= 0) return `$${usd.toFixed(2)}`;
  const decimals = Math.min(12, Math.max(4, 2 - magnitude));
  return `$${usd.toFixed(decimals)}`;
}

/** 0.734 → "73.4%". */
export function formatPercent(fraction) {
  if (!isNumber(fraction)) return EMPTY;
  return `${(fraction * 100).toFixed(fraction >= 0.995 || fraction === 0 ? 0 : 1)}%`;
}

/** 12345 → "12,345". */
export function formatInt(n) {
  if (!isNumber(n)) return EMPTY;
  return Math.round(n).toLocaleString('en-US');
}

/** Values of the routing facts table: arrays as lists, booleans as yes/no, long text shortened. */
export function formatFact(value, maxChars = 160) {
  if (value === null || value === undefined) return EMPTY;
  if (Array.isArray(value)) return value.length ? value.join(', ') : '(none)';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  return text.length > maxChars ? `${text.slice(0, maxChars - 1)}…` : text;
}

/** ISO-8601 instant → "2 Dec, 16:17:40" in the browser's locale. */
export function formatDateTime(iso) {
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return EMPTY;
  return date.toLocaleString(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', second: '2-digit' });
}
