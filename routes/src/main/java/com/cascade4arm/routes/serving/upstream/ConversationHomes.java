package com.cascade4arm.routes.serving.upstream;

import java.util.function.IntPredicate;
import java.util.function.IntUnaryOperator;
import java.util.function.LongSupplier;

/**
 * Which endpoint of a pool is each conversation's home (the replica whose caches hold its prompt), placed so that
 * conversations spread evenly: a new conversation goes to the first endpoint in its rendezvous order whose share of the
 * pool's live conversations (weighted by slots) is not yet full. Hashing alone puts 3 of 4 conversations on one of two
 * replicas 5 times in 8; this table never lets one replica hold more than its share plus one. A conversation keeps its
 * home while that endpoint is available; when it is not, only its own conversations are placed again (and stay where
 * they went: their prompt is cached there now). Bounded: a set-associative table; a conversation that falls out of it
 * is placed again on its next turn, usually on the same endpoint (its rendezvous order has not changed).
 */
final class ConversationHomes {
    /** Power of two; live conversations beyond a few thousand per pool outlast any server's prompt caches anyway. */
    private static final int ENTRIES = 16_384;
    /** A key lives in one bucket of this many entries; the one idle longest gives way to a new key. */
    private static final int WAYS = 8;
    private static final long EMPTY = 0;

    private final long[] keys = new long[ENTRIES];
    private final int[] homes = new int[ENTRIES];
    private final long[] seenMs = new long[ENTRIES];
    private final long[] seeds;
    private final IntPredicate available;
    private final IntUnaryOperator weight;
    private final long liveMs;
    private final LongSupplier clockMs;

    /**
     * {@code seeds}: per endpoint, its rendezvous seed; {@code available} and {@code weight} (its slots, at least 1):
     * per endpoint index, read when a conversation is placed; {@code liveMs}: how long after its last turn a
     * conversation still counts on its endpoint.
     */
    ConversationHomes(long[] seeds, IntPredicate available, IntUnaryOperator weight, long liveMs, LongSupplier clockMs) {
        this.seeds = seeds.clone();
        this.available = available;
        this.weight = weight;
        this.liveMs = liveMs;
        this.clockMs = clockMs;
    }

    /** Where {@code key}'s conversation lives: its home (or -1), and whether it was placed just now. */
    record Home(int endpoint, boolean placedNow) {
    }

    /** The rendezvous score of {@code key} on endpoint {@code index}: higher is preferred. */
    long score(long key, int index) {
        return AffinityHash.mix(key ^ seeds[index]);
    }

    /**
     * The home of {@code key}: its recorded one while available; else placed now — the first available endpoint in the
     * key's rendezvous order that holds fewer live conversations than ceil((live + 1) × weight / total weight). -1 when
     * none is available.
     */
    synchronized Home homeOf(long key) {
        int endpoints = seeds.length;
        long stored = key == EMPTY ? 1 : key;
        long now = clockMs.getAsLong();
        int base = (int) (stored ^ (stored >>> 32)) & (ENTRIES - 1) & -WAYS; // the bucket's first entry
        int entry = -1;
        for (int w = 0; w < WAYS; w++) {
            int i = base + w;
            if (keys[i] == stored) {
                entry = i;
                break;
            }
        }
        if (entry >= 0 && homes[entry] < endpoints && available.test(homes[entry])) {
            seenMs[entry] = now;
            return new Home(homes[entry], false);
        }
        int home = place(key, now, entry);
        if (home < 0) {
            return new Home(-1, false);
        }
        if (entry < 0) {
            entry = base;
            for (int w = 1; w < WAYS && keys[entry] != EMPTY; w++) { // an empty entry, else the one idle longest
                int i = base + w;
                if (keys[i] == EMPTY || seenMs[i] - seenMs[entry] < 0) {
                    entry = i;
                }
            }
        }
        keys[entry] = stored;
        homes[entry] = home;
        seenMs[entry] = now;
        return new Home(home, true);
    }

    /** Allocates, but only once per conversation (its first turn, or its home failed). */
    private int place(long key, long now, int skipEntry) {
        int endpoints = seeds.length;
        int[] live = new int[endpoints];
        int liveTotal = 0;
        for (int i = 0; i < ENTRIES; i++) {
            if (keys[i] != EMPTY && i != skipEntry && now - seenMs[i] < liveMs && homes[i] < endpoints
                    && available.test(homes[i])) {
                live[homes[i]]++;
                liveTotal++;
            }
        }
        long totalWeight = 0;
        for (int e = 0; e < endpoints; e++) {
            if (available.test(e)) {
                totalWeight += weight.applyAsInt(e);
            }
        }
        if (totalWeight == 0) {
            return -1;
        }
        int best = -1;
        long bestScore = 0;
        for (int e = 0; e < endpoints; e++) { // the highest-scoring endpoint with room in its share
            if (available.test(e)) {
                long share = ((long) (liveTotal + 1) * weight.applyAsInt(e) + totalWeight - 1) / totalWeight;
                long score = score(key, e);
                if (live[e] < share && (best < 0 || score > bestScore)) {
                    best = e;
                    bestScore = score;
                }
            }
        }
        return best; // never -1 here: the shares add up to at least live + 1
    }
}
