// Reads of the benchmark API (public). Starting and cancelling need the admin token: see tabs/benchmark.js.
import { requestJson } from './api.js';

export const RUNS_PATH = '/api/bench/runs';

const runPath = (id) => `${RUNS_PATH}/${encodeURIComponent(id)}`;

/** Every stored run's summary (without rows), newest first. */
export const listRuns = (signal) => requestJson(RUNS_PATH, { signal }).then((r) => r.body.data || []);

/** One run's summary; live while it runs. */
export const getRun = (id, signal) => requestJson(runPath(id), { signal }).then((r) => r.body);

/** Where the run's rows.csv downloads from (one line per finished request). */
export const rowsCsvUrl = (id) => `${runPath(id)}/rows.csv`;
/** A multi-turn run's turns.csv (prompt tokens, cached tokens, endpoint per turn). */
export const turnsCsvUrl = (id) => `${runPath(id)}/turns.csv`;

export { runPath };
