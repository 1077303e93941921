package com.cascade4arm.routes.serving.http;

import com.cascade4arm.openai.ApiError;

import java.util.Map;

/**
 * The client's side of one request as the upstream relay sees it: when the request arrived, whether the client is
 * still there, and SSE writes with backpressure. {@link HttpContext} is the Vert.x one; tests use a recording fake.
 */
public interface ClientChannel {
    /** {@link System#nanoTime()} when the request arrived: TTFT and totals count from here. */
    long receivedAtNanos();

    boolean clientGone();

    /** True once an answer began: from then on a failure can only go inside the body. */
    boolean committed();

    /** Runs {@code action} when the client disconnects (at once if it already did). */
    void onClientGone(Runnable action);

    /** Sends status 200 and the SSE headers (plus {@code headers}). */
    void startSse(Map<String, String> headers);

    /** Writes one SSE data event; false when the client is gone. */
    boolean writeSseEvent(String data);

    /** Until {@link #uncork()}, events collect so that events that arrived together leave in one write. */
    void cork();

    /** The collected events go out in one write (on an event loop, once it has handled the rest of the same read). */
    void uncork();

    /** True while the client's socket has more queued than it takes (a slow reader). */
    boolean writeQueueFull();

    /** Runs {@code action} when a full write queue has drained. */
    void onDrain(Runnable action);

    /** Ends the stream with [DONE]. */
    void endSse();

    /** An answer is complete: its "cascade" object and, when it was not streamed, its text (else null). */
    default void answered(com.fasterxml.jackson.databind.node.ObjectNode cascade, String answerText) {
    }

    /** An OpenAI error: as the answer's status and body, or as the last SSE event once the answer began. */
    void sendError(ApiError error);
}
