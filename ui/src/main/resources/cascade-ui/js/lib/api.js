// The gateway's HTTP API as used by the console: JSON calls and the streaming chat completion.
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
  return new ApiError(message, { status: response.status, type: error?.type ?? null, code: error?.code ?? null });
}

/**
 * GET/POST JSON. Resolves to { status, body } for 2xx; with acceptStatuses also for those statuses
 * (e.g. /health answers 503 with a useful body). Throws ApiError otherwise.
 */
export async function requestJson(path, { method = 'GET', body, signal, acceptStatuses = [] } = {}) {
  let response;
  try {
    response = await fetch(path, {
      method,
      signal,
      headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (e) {
    if (e.name === 'AbortError') throw e;
    throw new ApiError(`cannot reach the gateway (${e.message})`);
  }
  if (!response.ok && !acceptStatuses.includes(response.status)) throw await errorFrom(response);
  return { status: response.status, body: await response.json() };
}

export const getHealth = (signal) => requestJson('/health', { signal, acceptStatuses: [503] });
export const getModels = (signal) => requestJson('/v1/models', { signal }).then((r) => r.body);
export const explainRoute = (prompt, signal) => requestJson('/api/route', { method: 'POST', body: { prompt }, signal }).then((r) => r.body);

/** The X-Cascade-* response headers, known before the first token. */
function cascadeHeaders(headers) {
  return {
    route: headers.get('X-Cascade-Route'),
    rule: headers.get('X-Cascade-Rule'),
    endpoint: headers.get('X-Cascade-Endpoint'),
    rulesVersion: headers.get('X-Cascade-Rules-Version'),
    fallback: headers.get('X-Cascade-Fallback') === 'true',
  };
}

/**
 * Streams a chat completion. Yields, in order:
 *   { type: 'open', headers }            once the response headers arrived (route known)
 *   { type: 'delta', text }              per content piece
 *   { type: 'finish', reason }           when a choice reports finish_reason
 *   { type: 'usage', usage, cascade }    the final usage chunk with the gateway's cascade metrics
 *   { type: 'error', message }           an error reported inside the stream
 *   { type: 'done' }                     on "data: [DONE]"
 * Throws ApiError when the gateway refuses the request before streaming; AbortError when signal aborts.
 */
export async function* streamChat({ model, prompt, maxTokens, signal, endpoint = '/v1/chat/completions' }) {
  let response;
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      signal,
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify({
        model,
        messages: [{ role: 'user', content: prompt }],
        max_tokens: maxTokens,
        stream: true,
        stream_options: { include_usage: true },
      }),
    });
  } catch (e) {
    if (e.name === 'AbortError') throw e;
    throw new ApiError(`cannot reach the gateway (${e.message})`);
  }
  if (!response.ok) throw await errorFrom(response);
  yield { type: 'open', headers: cascadeHeaders(response.headers) };

  for await (const { data } of readSse(response.body)) {
    if (data === '[DONE]') {
      yield { type: 'done' };
      continue;
    }
    let chunk;
    try {
      chunk = JSON.parse(data);
    } catch {
      yield { type: 'error', message: `unreadable stream event: ${data.slice(0, 120)}` };
      continue;
    }
    if (chunk.error) {
      yield { type: 'error', message: chunk.error.message || 'the stream reported an error' };
      continue;
    }
    for (const choice of chunk.choices || []) {
      const text = choice.delta?.content;
      if (text) yield { type: 'delta', text };
      if (choice.finish_reason) yield { type: 'finish', reason: choice.finish_reason };
    }
    if (chunk.usage || chunk.cascade) yield { type: 'usage', usage: chunk.usage || null, cascade: chunk.cascade || null };
  }
}
