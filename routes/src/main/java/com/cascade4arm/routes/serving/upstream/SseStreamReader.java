package com.cascade4arm.routes.serving.upstream;

import com.cascade4arm.openai.Sse;
import com.cascade4arm.openai.SseDecoder;
import io.netty.buffer.ByteBuf;
import io.vertx.core.buffer.Buffer;

import java.util.concurrent.CompletableFuture;

/**
 * One upstream stream as Vert.x reads it, through the shared SSE decoder to its listener: each read is decoded where it
 * lies (Vert.x hands the HTTP client's reads over on the heap) or, off the heap, copied into a buffer kept for the
 * stream; {@code [DONE]} completes the stream, a stream that ends without it fails as truncated. Runs on the
 * response's event loop.
 */
final class SseStreamReader {
    private static final int INITIAL_READ_BYTES = 4_096;

    private final String endpoint;
    private final SseListener listener;
    private final CompletableFuture<Void> done;
    private final Runnable reset;
    private final SseDecoder decoder = new SseDecoder(this::onEvent);
    /** Only for reads off the heap: allocated by the first one (a heap read is decoded in place). */
    private byte[] bytes;

    /** @param reset drops the connection (a stream we refuse to read on) */
    SseStreamReader(String endpoint, SseListener listener, CompletableFuture<Void> done, Runnable reset) {
        this.endpoint = endpoint;
        this.listener = listener;
        this.done = done;
        this.reset = reset;
    }

    /** One network read; its events reach the listener between {@code onReadStart} and {@code onReadEnd}. */
    void read(Buffer read) {
        listener.onReadStart();
        try {
            if (done.isDone()) {
                return; // finished, failed or cancelled: what still arrives is not read
            }
            ByteBuf in = read.getByteBuf();
            int length = in.readableBytes();
            if (in.hasArray()) {
                decoder.feed(in.array(), in.arrayOffset() + in.readerIndex(), length);
                return;
            }
            if (bytes == null || bytes.length < length) {
                bytes = new byte[Math.max(length, bytes == null ? INITIAL_READ_BYTES : 2 * bytes.length)];
            }
            in.getBytes(in.readerIndex(), bytes, 0, length);
            decoder.feed(bytes, 0, length);
        } catch (SseDecoder.TooLong e) {
            refuse(e);
        } finally {
            listener.onReadEnd();
        }
    }

    /** The response ended: whatever the decoder still holds, then truncated unless [DONE] came. */
    void end() {
        try {
            if (!done.isDone()) {
                decoder.end();
            }
        } catch (SseDecoder.TooLong e) {
            refuse(e);
        }
        if (!done.isDone()) { // neither [DONE] nor a failure or a cancel completed it: truncated
            done.completeExceptionally(new UpstreamFailure(endpoint + " ended the stream without [DONE] (truncated)",
                    502, false, null));
        }
    }

    private void onEvent(String data) {
        if (done.isDone()) {
            return;
        }
        if (data.equals(Sse.DONE)) {
            done.complete(null);
            return;
        }
        try {
            listener.onData(data);
        } catch (RuntimeException e) {
            done.completeExceptionally(e);
        }
    }

    private void refuse(SseDecoder.TooLong e) {
        done.completeExceptionally(new UpstreamFailure(endpoint + " sent " + e.getMessage(), 502, false, null));
        reset.run();
    }
}
