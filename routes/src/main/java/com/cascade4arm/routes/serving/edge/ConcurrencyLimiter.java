package com.cascade4arm.routes.serving.edge;

import java.util.HashMap;
import java.util.Map;

/**
 * Requests in progress, per client and in total, with a cap on each: one client cannot take every slot, and all
 * clients together cannot take more than the gateway serves well. The two are taken at different times: a client's
 * slot when its request head arrives (so one client cannot hold many slow uploads either), one of the total's only once
 * the body is complete — a body still arriving costs a connection and a little memory, not one of the slots everyone
 * shares, so slow uploads from many addresses cannot shut everyone else out. Memory is bounded by the requests in
 * flight (a client's entry goes when its last request ends).
 */
public final class ConcurrencyLimiter {
    /** What {@link #tryAcquire} and {@link #tryServe} decided. */
    public enum Outcome { ADMITTED, CLIENT_FULL, TOTAL_FULL }

    private final int perClient;
    private final int total;
    private final Map<String, Integer> byClient = new HashMap<>();
    private int inFlight;
    private int serving;

    public ConcurrencyLimiter(int perClient, int total) {
        if (perClient < 1 || total < 1) {
            throw new IllegalArgumentException("limits must be at least 1, but were perClient=" + perClient + ", total=" + total);
        }
        this.perClient = perClient;
        this.total = total;
    }

    /**
     * A request head arrived: takes a slot of {@code client}'s ({@code clientCapApplies} false: counted, never refused —
     * the gateway's own calls). ADMITTED or CLIENT_FULL.
     */
    public synchronized Outcome tryAcquire(String client, boolean clientCapApplies) {
        int current = byClient.getOrDefault(client, 0);
        if (clientCapApplies && current >= perClient) {
            return Outcome.CLIENT_FULL;
        }
        byClient.put(client, current + 1);
        inFlight++;
        return Outcome.ADMITTED;
    }

    /** Gives back a slot taken by {@link #tryAcquire} (exactly once per admitted request). */
    public synchronized void release(String client) {
        Integer current = byClient.get(client);
        if (current == null) {
            throw new IllegalStateException("release without acquire for client " + client);
        }
        if (current == 1) {
            byClient.remove(client);
        } else {
            byClient.put(client, current - 1);
        }
        inFlight--;
    }

    /** An admitted request's body is complete: takes one of the total's slots. ADMITTED or TOTAL_FULL. */
    public synchronized Outcome tryServe() {
        if (serving >= total) {
            return Outcome.TOTAL_FULL;
        }
        serving++;
        return Outcome.ADMITTED;
    }

    /** Gives back a slot taken by {@link #tryServe} (exactly once). */
    public synchronized void endServing() {
        if (serving == 0) {
            throw new IllegalStateException("endServing without tryServe");
        }
        serving--;
    }

    /** Admitted requests not yet finished, bodies still arriving included (0 when idle: no leaked slots). */
    public synchronized int inFlight() {
        return inFlight;
    }

    /** Requests holding one of the total's slots (body complete, being served). */
    public synchronized int serving() {
        return serving;
    }

    /** Clients with at least one request in progress. */
    public synchronized int activeClients() {
        return byClient.size();
    }
}
