package com.cascade4arm.routes.serving.cost;

import java.util.function.LongSupplier;

/**
 * Measures each request's share of one paid instance: while {@code n} requests are in flight on it, each holds
 * {@code 1/n} of it. Keeps the running integral {@code A(t) = ∫ dt / n(t)} over busy time; a request's share is
 * {@code A(end) − A(start)} (n ≥ 1 throughout its life), so the shares of all requests add up to the busy time. O(1)
 * per start and finish; thread-safe.
 */
public final class InstanceShare {
    private final LongSupplier nanoTime;
    private long inFlight;
    private long lastNanos;
    /** ∫ dt / n(t) in nanoseconds, since creation. */
    private double shareNanos;

    public InstanceShare(LongSupplier nanoTime) {
        this.nanoTime = nanoTime;
        this.lastNanos = nanoTime.getAsLong();
    }

    /** One request in flight: read its share so far at any time, close it exactly once when it ends. */
    public final class Ticket implements AutoCloseable {
        private final double startShare;
        private boolean closed;
        private double endShare;

        private Ticket(double startShare) {
            this.startShare = startShare;
        }

        /** The request's share of the instance until now (or until it closed), ms. */
        public double shareMs() {
            synchronized (InstanceShare.this) {
                return ((closed ? endShare : advance()) - startShare) / 1e6;
            }
        }

        @Override
        public void close() {
            synchronized (InstanceShare.this) {
                if (!closed) {
                    endShare = advance();
                    closed = true;
                    inFlight--;
                }
            }
        }
    }

    /** A request starts on the instance. */
    public synchronized Ticket open() {
        Ticket ticket = new Ticket(advance());
        inFlight++;
        return ticket;
    }

    /** Requests in flight now. */
    public synchronized long inFlight() {
        return inFlight;
    }

    private double advance() {
        long now = nanoTime.getAsLong();
        if (inFlight > 0) {
            shareNanos += (double) (now - lastNanos) / inFlight;
        }
        lastNanos = now;
        return shareNanos;
    }
}
