// The gateway's HTTP API as used by the console: JSON calls (with an optional admin token) and the streaming compare.
import { readSse } from './sse.js';

/** An error answered by the gateway in OpenAI shape ({"error":{"message","type","code"}}) or a network failure. */
export class ApiError extends Error {
  constructor(message, { status = 0, type = null, code = null } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.type = type;
    this.code = code;
  }
}

/** Reads an OpenAI-shaped error body; falls back to the HTTP status text. */
async function errorFrom(response) {
  let body = null;
  try {
    body = await response.json();
  } catch {
    // not JSON: use the status line below
  }
  const error = body && body.error;
  const message = (error && error.message) || `${response.status} ${response.statusText || 'request failed'}`;
  const failure = new ApiError(message, { status: response.status, type: error?.type ?? null, code: error?.code ?? null });
  failure.body = body;
  return failure;
}

/** A GET answered 429/503 with Retry-After is tried again this often, if the wait is this short (the edge's rate limit). */
const GET_RETRIES = 3;
const MAX_RETRY_WAIT_MS = 5_000;
const RETRYABLE_STATUSES = [429, 503];
const sleep = (ms, signal) => new Promise((resolve, reject) => {
  const timer = setTimeout(resolve, ms);
  signal?.addEventListener('abort', () => { clearTimeout(timer); reject(new DOMException('aborted', 'AbortError')); }, { once: true });
});

/** Retry-After in ms (seconds or an HTTP date), or null. */
function retryAfterMs(response) {
  const value = response.headers.get('Retry-After');
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : null;
}

/**
 * GET/POST/PUT/DELETE JSON. Resolves to { status, body } for 2xx; with acceptStatuses also for those statuses
 * (e.g. /health answers 503 with a useful body). Throws ApiError otherwise (its `body` holds the parsed error body).
 * A GET refused with 429/503 and a short Retry-After (the gateway's per-client rate limit) is retried after the wait.
 */
export async function requestJson(path, { method = 'GET', body, signal, headers = {}, acceptStatuses = [] } = {}) {
  for (let attempt = 0; ; attempt++) {
    let response;
    try {
      response = await fetch(path, {
        method,
        signal,
        headers: {
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (e) {
      if (e.name === 'AbortError') throw e;
      throw new ApiError(`cannot reach the gateway (${e.message})`);
    }
    if (response.ok || acceptStatuses.includes(response.status)) return { status: response.status, body: await response.json() };
    const wait = retryAfterMs(response);
    if (method === 'GET' && RETRYABLE_STATUSES.includes(response.status) && attempt < GET_RETRIES
        && wait !== null && wait <= MAX_RETRY_WAIT_MS) {
      await sleep(wait, signal);
      continue;
    }
    throw await errorFrom(response);
  }
}

export const getHealth = (signal) => requestJson('/health', { signal, acceptStatuses: [503] });
/**
 * { systems: [{ system, configured, reason }], cpus: { known, shared, cascade, baseline, note }, hosted_reasoning }:
 * which Compare systems would run (and what to set for one that would be skipped), whether the cascade and the
 * baseline share CPUs here, and the hosted API's configured reasoning.
 */
export const getCompareSystems = (signal) => requestJson('/api/compare/systems', { signal }).then((r) => r.body);
/** token: the admin token, sent in place of a key (a gateway in keys mode refuses the console's calls without one). */
export const explainRoute = (prompt, signal, token = null) => requestJson('/api/route', { method: 'POST', body: { prompt }, signal,
  headers: bearer(token) }).then((r) => r.body);

const bearer = (token) => (token ? { Authorization: `Bearer ${token}` } : {});

/** 401 of a gateway in keys mode (no key, or a token that is not one): the console's calls need the admin token. */
export const KEY_REFUSALS = ['missing_api_key', 'invalid_api_key', 'revoked_api_key', 'expired_api_key'];

/** POSTs a JSON body and returns the response once its headers arrived; throws ApiError for a non-2xx answer. */
async function openStream(endpoint, body, signal, token) {
  let response;
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      signal,
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', ...bearer(token) },
      body: JSON.stringify(body),
    });
  } catch (e) {
    if (e.name === 'AbortError') throw e;
    throw new ApiError(`cannot reach the gateway (${e.message})`);
  }
  if (!response.ok) throw await errorFrom(response);
  return response;
}

/**
 * Races one prompt through cascade, baseline and hosted API (POST /api/compare/stream). Yields the stream's events
 * parsed, in arrival order:
 *   { type: 'delta', system, text }                              a content piece of one system
 *   { type: 'routed', system, route, rule }                      the gateway routed the cascade (before its content)
 *   { type: 'retrying', system, attempt, retryInMs, reason }     before a backoff wait
 *   { type: 'result', system, result }                           a system finished (result: every key, null when n/a)
 *   { type: 'aggregate', aggregate }                             { systems, ratios, elapsed_ms, deadline_ms }
 *   { type: 'error', message }                                   an unreadable event
 *   { type: 'done' }                                             on "data: [DONE]"
 * Throws ApiError (400/413 …) when the gateway refuses the request before streaming; AbortError when signal aborts.
 * token: the admin token, sent in place of a key (keys mode).
 */
export async function* streamCompare({ prompt, maxTokens, sampling = {}, systems, draft, hostedReasoning, signal, token }) {
  const body = { prompt, max_tokens: maxTokens, ...sampling };
  if (systems) body.systems = systems;
  if (draft === false) body.draft = false; // the cascade's large model without its speculative draft
  if (hostedReasoning) body.hosted_reasoning = hostedReasoning;
  const response = await openStream('/api/compare/stream', body, signal, token);
  for await (const { data } of readSse(response.body)) {
    if (data === '[DONE]') {
      yield { type: 'done' };
      continue;
    }
    let event;
    try {
      event = JSON.parse(data);
    } catch {
      yield { type: 'error', message: `unreadable stream event: ${data.slice(0, 120)}` };
      continue;
    }
    if (event.aggregate) yield { type: 'aggregate', aggregate: event.aggregate };
    else if (event.result) yield { type: 'result', system: event.system, result: event.result };
    else if (event.routed) yield { type: 'routed', system: event.system, route: event.routed.route, rule: event.routed.rule };
    else if (event.status === 'retrying') {
      yield { type: 'retrying', system: event.system, attempt: event.attempt, retryInMs: event.retry_in_ms, reason: event.reason };
    } else if (typeof event.delta === 'string') yield { type: 'delta', system: event.system, text: event.delta };
    else if (event.error) yield { type: 'error', message: event.error.message || 'the stream reported an error' };
  }
}
