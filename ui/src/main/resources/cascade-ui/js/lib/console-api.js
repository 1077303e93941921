// The console's configured text (GET /api/console): each compared system's hardware, model and tagline, the
// explanations, the benchmark suite's categories and the baseline's measured speed. Read once per page load.
import { requestJson } from './api.js';

let cached = null;

/** The description, fetched once; a failed read is retried on the next call. */
export function getConsoleText() {
  if (!cached) {
    cached = requestJson('/api/console').then((r) => r.body).catch((e) => {
      cached = null;
      throw e;
    });
  }
  return cached;
}

/** Forgets the cached description (a finished benchmark measured the baseline again). */
export function refreshConsoleText() {
  cached = null;
  return getConsoleText();
}
