package com.cascade4arm.routes.edge;

import java.util.HashMap;
import java.util.Map;

/**
 * Requests in progress, per client and in total, with a cap on each: one client cannot take every slot, and all
 * clients together cannot take more than the gateway serves well. Memory is bounded by the requests in flight
 * (a client's entry goes when its last request ends).
 */
public final class ConcurrencyLimiter {
    /** What {@link #tryAcquire} decided. */
    public enum Outcome { ADMITTED, CLIENT_FULL, TOTAL_FULL }

    private final int perClient;
    private final int total;
    private final Map<String, Integer> byClient = new HashMap<>();
    private int inFlight;

    public ConcurrencyLimiter(int perClient, int total) {
        if (perClient < 1 || total < 1) {
            throw new IllegalArgumentException("limits must be at least 1, but were perClient=" + perClient + ", total=" + total);
        }
        this.perClient = perClient;
        this.total = total;
    }

    /** Takes a slot for {@code client}; {@code clientCapApplies} false counts it in the total only (internal calls). */
    public synchronized Outcome tryAcquire(String client, boolean clientCapApplies) {
        if (inFlight >= total) {
            return Outcome.TOTAL_FULL;
        }
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

    public synchronized int inFlight() {
        return inFlight;
    }

    /** Clients with at least one request in progress. */
    public synchronized int activeClients() {
        return byClient.size();
    }

    public int perClientLimit() {
        return perClient;
    }

    public int totalLimit() {
        return total;
    }
}
