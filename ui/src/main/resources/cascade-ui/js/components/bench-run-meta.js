// Small descriptions of a benchmark run shared by the run view and the history: when, with which config, in what state.
import { el } from '../lib/dom.js';
import { EMPTY, formatMs } from '../lib/format.js';

const STATUS_TONES = { running: 'pill--run', done: 'pill--ok', partial: 'pill--warn', cancelled: 'pill--muted', failed: 'pill--bad', interrupted: 'pill--warn' };

export function statusPill(status, testId) {
  return el('span', { class: `pill ${STATUS_TONES[status] || 'pill--muted'}`, 'data-testid': testId, dataset: { status } }, status || 'unknown');
}

/** "10 prompts · c 1, 2, 4 · 20 req/level · 64 tokens"; a multi-turn run: "6 conversations × 6 turns · c 2 · 64 tokens". */
export function runConfigLine(config) {
  if (!config) return EMPTY;
  if (config.suite === 'conversations') {
    return [`${config.conversations} conversation${config.conversations === 1 ? '' : 's'} × 6 turns`, `c ${(config.levels || []).join(', ')}`, `${config.max_tokens} tokens`].join(' · ');
  }
  const prompts = Array.isArray(config.prompts) ? `${config.prompts.length} chosen prompts` : `${config.prompts} prompts`;
  return [prompts, `c ${(config.levels || []).join(', ')}`, `${config.requests_per_level} req/level`,
    `${config.max_tokens} tokens`].join(' · ');
}

/** Wall time of a run: start to end, or to now while it runs. */
export function runDuration(run) {
  const start = Date.parse(run.started_at);
  const end = run.ended_at ? Date.parse(run.ended_at) : Date.now();
  return Number.isFinite(start) && Number.isFinite(end) ? formatMs(end - start) : EMPTY;
}
