// Server-sent events over fetch: EventSource cannot POST, so we read response.body ourselves.
// Handles events split across network chunks (and multi-byte characters split across chunks).

/**
 * Async iterator over the events of an SSE response body: yields { event, data } per blank-line-terminated
 * event. Comment lines (": keep-alive", ": OPENROUTER PROCESSING") are skipped; multiple data lines are joined by "\n".
 */
export async function* readSse(body) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = new SseLineParser();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      yield* parser.push(decoder.decode(value, { stream: true }));
    }
    yield* parser.push(decoder.decode());
    yield* parser.end();
  } finally {
    reader.releaseLock();
  }
}

/** Line-level SSE state machine, separate from I/O so it can be fed any text pieces. */
export class SseLineParser {
  #buffer = '';
  #data = [];
  #event = 'message';

  /** Feeds text; returns the events completed by it. */
  push(text) {
    this.#buffer += text;
    const events = [];
    let newline;
    while ((newline = this.#buffer.search(/\r\n|\r|\n/)) >= 0) {
      // A lone "\r" at the very end may be the first half of "\r\n": wait for more text.
      if (this.#buffer[newline] === '\r' && newline === this.#buffer.length - 1) break;
      const line = this.#buffer.slice(0, newline);
      const width = this.#buffer.startsWith('\r\n', newline) ? 2 : 1;
      this.#buffer = this.#buffer.slice(newline + width);
      const event = this.#line(line);
      if (event) events.push(event);
    }
    return events;
  }

  /** Flushes an event left without its closing blank line when the stream ends. */
  end() {
    const events = [];
    if (this.#buffer) {
      const event = this.#line(this.#buffer);
      this.#buffer = '';
      if (event) events.push(event);
    }
    const last = this.#dispatch();
    if (last) events.push(last);
    return events;
  }

  #line(line) {
    if (line === '') return this.#dispatch();
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.#data.push(value);
    else if (field === 'event') this.#event = value;
    return null;
  }

  #dispatch() {
    if (this.#data.length === 0) {
      this.#event = 'message';
      return null;
    }
    const event = { event: this.#event, data: this.#data.join('\n') };
    this.#data = [];
    this.#event = 'message';
    return event;
  }
}
