package com.cascade4arm.routes.serving.keys;

import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Where keys and their spend live: the data directory, or the shared database (package {@code state} implements
 * both). Reads answer from memory so the request path never waits on disk or network; writes of keys are durable
 * when {@link #put} returns, charges are applied in memory at once and persisted shortly after.
 */
public interface KeyStore extends AutoCloseable {
    List<ApiKey> keys();

    Optional<ApiKey> find(String id);

    Optional<ApiKey> findByPrefix(String prefix);

    /** Creates or replaces the key with this id (durable on return). */
    void put(ApiKey key);

    /** Adds one answer to its key's day (requests, tokens, cost): an increment, never a read-modify-write of totals. */
    void charge(KeyCharge charge);

    /** The key's spend on {@code today} and in its month, as far as this replica knows it now. */
    Spend spend(String keyId, LocalDate today);

    /** The key's usage rows, oldest day first. */
    List<UsageRow> usage(String keyId);

    /**
     * Hands a shared store this replica's per-key counts of the current minute ({@code local}), to publish to the
     * other replicas with its sync; a store of one gateway ignores it.
     */
    default void shareMinutes(Supplier<List<MinuteCount>> local) {
    }

    /**
     * What the other replicas counted for the key in the minute starting {@code minute}, as of the last sync (memory
     * only: the request path asks): none for a store of one gateway.
     */
    default MinuteCount othersInMinute(String keyId, long minute) {
        return MinuteCount.none(keyId, minute);
    }

    @Override
    void close();
}
