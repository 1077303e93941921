// Benchmark tab (placeholder this round): says what the runner view will do and which gateway API it will call.
import { renderPlan } from './plan.js';

export const id = 'benchmark';

export function mount(root) {
  root.append(renderPlan({
    title: 'Benchmark',
    lead: 'Load-test the cascade against the baseline (one large full-precision model) with the bundled prompt suite, '
      + 'level by level of concurrency, and chart where the cascade wins on latency, throughput and cost.',
    steps: [
      'Choose prompts from the five categories (factual, everyday, reasoning, code, analysis), concurrency levels '
        + '(default 1, 2, 4, 8, 16), requests per level and max tokens.',
      'Start a run (needs the admin token) and follow it live: requests done, current level, partial aggregates; cancel it.',
      'Chart TTFT and latency percentiles, tokens per second, cost per request, saturation and the cascade\u2019s '
        + 'speed-up over the baseline per concurrency level; show routing accuracy by category.',
      'List earlier runs (stored on disk, they survive restarts) and download each run\u2019s rows as CSV.',
    ],
    apis: [
      { method: 'POST', path: '/api/bench/runs', purpose: 'start a run (admin token); 409 while one is active', available: true },
      { method: 'GET', path: '/api/bench/runs/:id', purpose: 'the run\u2019s live summary, polled while it runs', available: true },
      { method: 'GET', path: '/api/bench/runs', purpose: 'earlier runs, newest first', available: true },
      { method: 'GET', path: '/api/bench/runs/:id/rows.csv', purpose: 'one row per finished request', available: true },
      { method: 'DELETE', path: '/api/bench/runs/:id', purpose: 'cancel a run (admin token)', available: true },
    ],
    note: 'The API is live in this build: until this tab is built, drive it with curl (see routes/README.md).',
  }));
}
