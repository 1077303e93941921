package com.cascade4arm.bench.client;

import io.vertx.core.http.HttpClientRequest;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * One request in progress: its result, which the first of answer, failure, timeout or cancel sets, and its request,
 * so a timeout or a cancel from another thread can reset it whichever phase it is in.
 */
final class InFlightCall {

    private final long startNanos;
    private final StreamingChatClient.EventListener listener;
    private final CompletableFuture<StreamResult> result = new CompletableFuture<>();
    private String reason;
    private HttpClientRequest request;

    InFlightCall(long startNanos, StreamingChatClient.EventListener listener) {
        this.startNanos = startNanos;
        this.listener = listener;
    }

    /** Who else sees the answer's events; null when no one. */
    StreamingChatClient.EventListener listener() {
        return listener;
    }

    /** Registers the request so an abort resets it; false, and the request reset, when the call was already aborted. */
    boolean attach(HttpClientRequest sent) {
        synchronized (this) {
            if (reason == null) {
                request = sent;
                return true;
            }
        }
        sent.reset();
        return false;
    }

    /** Aborts with the given reason unless the call already ended; the first reason wins. */
    void abort(String why) {
        HttpClientRequest current;
        synchronized (this) {
            if (reason != null || result.isDone()) {
                return;
            }
            reason = why;
            current = request;
        }
        // The result first: the failure the reset causes must not be what the caller sees.
        result.complete(StreamResult.failed(0, why, ChatStreamParser.ms(System.nanoTime() - startNanos),
                StreamResult.CANCELLED.equals(why)));
        if (current != null) {
            current.reset();
        }
    }

    /** The call ended with {@code outcome}, unless it was aborted first. */
    void finish(StreamResult outcome) {
        result.complete(outcome);
    }

    synchronized String reason() {
        return reason;
    }

    long startNanos() {
        return startNanos;
    }

    /** Waits for the result; an interrupt cancels the call. */
    StreamResult await() {
        try {
            return result.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            abort(StreamResult.CANCELLED);
            return result.join();
        } catch (ExecutionException e) {
            throw new IllegalStateException("a call's result never completes exceptionally", e.getCause());
        }
    }
}
