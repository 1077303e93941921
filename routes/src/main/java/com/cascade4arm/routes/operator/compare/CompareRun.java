package com.cascade4arm.routes.operator.compare;

import java.util.concurrent.CompletableFuture;

/**
 * One compare in flight, shared by its three legs (Camel's multicast copies exchanges shallowly, so they all see this
 * object): the request, the client events, the start and deadline every leg measures against, and the cancel signal
 * (client gone, or the compare finished while a leg still runs).
 */
final class CompareRun {
    static final String PROPERTY = "cascade.compare.run";

    private final CompareRequest request;
    private final CompareEvents events;
    private final long startedNanos;
    private final long deadlineNanos;
    private final long deadlineMs;
    private final CompletableFuture<Void> cancelled = new CompletableFuture<>();
    /** The id of the key that asked (null: none); the cascade leg runs on its behalf, within its tiers. */
    private volatile String keyId;

    CompareRun(CompareRequest request, CompareEvents events, long startedNanos, long deadlineMs) {
        this.request = request;
        this.events = events;
        this.startedNanos = startedNanos;
        this.deadlineMs = deadlineMs;
        this.deadlineNanos = startedNanos + deadlineMs * 1_000_000;
    }

    void onBehalfOf(String keyId) {
        this.keyId = keyId;
    }

    String keyId() {
        return keyId;
    }

    CompareRequest request() {
        return request;
    }

    CompareEvents events() {
        return events;
    }

    /** {@link System#nanoTime()} at which the compare request arrived: every system's times count from here. */
    long startedNanos() {
        return startedNanos;
    }

    long deadlineMs() {
        return deadlineMs;
    }

    long remainingMs() {
        return Math.max(0, (deadlineNanos - System.nanoTime()) / 1_000_000);
    }

    double elapsedMs() {
        return (System.nanoTime() - startedNanos) / 1e6;
    }

    /** Completes when the compare is cancelled; legs abort their calls and waits on it. */
    CompletableFuture<Void> cancelled() {
        return cancelled;
    }

    boolean isCancelled() {
        return cancelled.isDone();
    }

    void cancel() {
        cancelled.complete(null);
    }
}
