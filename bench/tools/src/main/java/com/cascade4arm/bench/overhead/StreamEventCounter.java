package com.cascade4arm.bench.overhead;

import io.vertx.core.buffer.Buffer;

/**
 * Counts a server-sent event stream's {@code data:} lines and its {@code [DONE]} as the bytes arrive, across chunk
 * boundaries, without decoding or parsing anything: the least a load generator can check to tell a whole streamed
 * answer from a broken one.
 */
final class StreamEventCounter {
    private static final byte[] DATA = "data:".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    private static final byte[] DONE = "[DONE]".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private int dataMatched;
    private int doneMatched;
    private int events;
    private int dones;

    void feed(Buffer chunk) {
        for (int i = 0, n = chunk.length(); i < n; i++) {
            byte b = chunk.getByte(i);
            dataMatched = advance(DATA, dataMatched, b);
            if (dataMatched == DATA.length) {
                events++;
                dataMatched = 0;
            }
            doneMatched = advance(DONE, doneMatched, b);
            if (doneMatched == DONE.length) {
                dones++;
                doneMatched = 0;
            }
        }
    }

    // Neither pattern repeats its own first byte later in itself, so on a mismatch only that first byte can restart it.
    private static int advance(byte[] pattern, int matched, byte b) {
        if (pattern[matched] == b) {
            return matched + 1;
        }
        return pattern[0] == b ? 1 : 0;
    }

    int events() {
        return events;
    }

    /** A whole stream: at least one event before a single {@code [DONE]}. */
    boolean complete() {
        return dones == 1 && events >= 2;
    }
}
