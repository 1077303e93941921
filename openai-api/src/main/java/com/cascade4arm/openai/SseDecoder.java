package com.cascade4arm.openai;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Reads a server-sent-events stream as its bytes arrive, in chunks cut anywhere, and hands on each event's data: the
 * one SSE reader of every stream the project reads (the gateway's upstreams, Compare's systems, the benchmark client).
 * Lines end with LF, CRLF or CR (a CRLF may be split between chunks); an event's {@code data:} lines are joined with
 * LF and delivered at the blank line that ends it, trimmed, unless empty; comments ({@code : keep-alive}) and other
 * fields ({@code event:}, {@code id:}, {@code retry:}) carry nothing we use. A line or an event longer than the cap is
 * refused with {@link TooLong}, so a hostile upstream cannot make a reader buffer without bound. Not thread-safe: one
 * decoder per stream, fed by one thread at a time. Buffers are reused; each event costs one String.
 */
public final class SseDecoder {
    /** Longest line, and longest event's data, in bytes (a chat chunk is a few hundred bytes; a whole answer fits). */
    public static final int DEFAULT_MAX_LINE_BYTES = 1 << 20;
    private static final byte[] DATA = "data".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] LF = {'\n'};
    private static final int INITIAL_BUFFER_BYTES = 512;
    private static final int READ_BYTES = 8 * 1024;

    /** A line or an event over the cap: the stream is not one we read. */
    public static final class TooLong extends IllegalStateException {
        TooLong(int maxBytes) {
            super("an SSE line or event longer than " + maxBytes + " bytes");
        }
    }

    private final Consumer<String> events;
    private final int maxBytes;
    /** The line being read (its start may have come in an earlier chunk). */
    private final Bytes line = new Bytes();
    /** The data of the event in progress (its lines joined with LF). */
    private final Bytes data = new Bytes();
    /** The last line ended with CR: an LF right after it belongs to the same line end. */
    private boolean afterCr;

    /** @param events receives each event's data, on the thread that feeds the decoder */
    public SseDecoder(Consumer<String> events) {
        this(events, DEFAULT_MAX_LINE_BYTES);
    }

    public SseDecoder(Consumer<String> events, int maxBytes) {
        if (maxBytes < 1) {
            throw new IllegalArgumentException("maxBytes must be at least 1, but was " + maxBytes);
        }
        this.events = events;
        this.maxBytes = maxBytes;
    }

    /** The next {@code length} bytes of the stream; the events they complete are delivered before this returns. */
    public void feed(byte[] bytes, int offset, int length) {
        int end = offset + length;
        int lineStart = offset;
        for (int i = offset; i < end; i++) {
            byte b = bytes[i];
            if (b == '\n' || b == '\r') {
                // The LF of a CRLF: the line already ended at its CR.
                boolean crlf = b == '\n' && afterCr && i == lineStart && line.length == 0;
                afterCr = b == '\r';
                if (!crlf) {
                    line.append(bytes, lineStart, i - lineStart);
                    endLine();
                }
                lineStart = i + 1;
            }
        }
        if (lineStart < end) {
            afterCr = false;
            line.append(bytes, lineStart, end - lineStart);
        }
    }

    public void feed(byte[] bytes) {
        feed(bytes, 0, bytes.length);
    }

    /**
     * Feeds {@code in} as its reads return until it ends, then {@link #end()}; or until {@code stop} is true between
     * reads (e.g. after [DONE]: nothing more is read, the rest is not delivered). Does not close {@code in}.
     */
    public void read(InputStream in, BooleanSupplier stop) throws IOException {
        byte[] buffer = new byte[READ_BYTES];
        int read;
        while (!stop.getAsBoolean() && (read = in.read(buffer)) >= 0) {
            feed(buffer, 0, read);
        }
        if (!stop.getAsBoolean()) {
            end();
        }
    }

    /**
     * The stream ended: a last line without its line end, and an event without its blank line, are still delivered
     * (the readers this one replaced accepted them).
     */
    public void end() {
        if (line.length > 0) {
            endLine();
        }
        dispatch();
    }

    private void endLine() {
        int to = line.length;
        line.length = 0;
        if (to == 0) {
            dispatch();
        } else if (to >= DATA.length && (to == DATA.length || line.bytes[DATA.length] == ':')
                && Arrays.equals(line.bytes, 0, DATA.length, DATA, 0, DATA.length)) { // else a comment or unused field
            int value = DATA.length;
            if (value < to) {
                value++; // the colon
                if (value < to && line.bytes[value] == ' ') {
                    value++;
                }
            }
            if (data.length > 0) { // an empty first line adds nothing the trim would keep
                data.append(LF, 0, 1);
            }
            data.append(line.bytes, value, to - value);
        }
    }

    private void dispatch() {
        int from = 0;
        int to = data.length;
        while (from < to && (data.bytes[from] & 0xff) <= ' ') {
            from++;
        }
        while (to > from && (data.bytes[to - 1] & 0xff) <= ' ') {
            to--;
        }
        if (from < to) {
            events.accept(new String(data.bytes, from, to - from, StandardCharsets.UTF_8));
        }
        data.length = 0;
    }

    /** A growing byte buffer, refused over the cap (which drops what the decoder holds). */
    private final class Bytes {
        byte[] bytes = new byte[INITIAL_BUFFER_BYTES];
        int length;

        void append(byte[] from, int offset, int count) {
            int needed = length + count;
            if (needed > maxBytes) {
                line.length = 0;
                data.length = 0;
                throw new TooLong(maxBytes);
            }
            if (needed > bytes.length) {
                bytes = Arrays.copyOf(bytes, Math.min(maxBytes, Math.max(needed, 2 * bytes.length)));
            }
            System.arraycopy(from, offset, bytes, length, count);
            length = needed;
        }
    }
}
