package com.cascade4arm.routes.state;

import com.cascade4arm.routes.serving.http.Json;
import com.cascade4arm.routes.serving.keys.ApiKey;
import com.cascade4arm.routes.serving.keys.KeyCharge;
import com.cascade4arm.routes.serving.keys.KeyJson;
import com.cascade4arm.routes.serving.keys.MemoryKeyStore;
import com.cascade4arm.routes.serving.keys.MinuteCount;
import com.cascade4arm.routes.serving.keys.UsageRow;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.Date;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Supplier;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Keys shared by every replica, in {@code api_keys} and {@code api_key_usage}. The request path reads memory only;
 * every {@link #SYNC_MS} a background thread adds this replica's new charges to the database as increments
 * ({@code cost_usd = cost_usd + ?}: replicas never overwrite each other's spend), then reads back every key and the
 * usage all replicas added. So a key created, changed or revoked on one replica holds on all within one period plus
 * a query, and a replica's view of a key's spend lags the others' by at most that too.
 * <p>
 * The same sync publishes this replica's requests and tokens of each key's current minute to {@code api_key_minutes}
 * (its own row, overwritten) and reads the other replicas' rows back, so a key's per-minute limits hold across
 * replicas with the same lag; rows of past minutes are deleted.
 */
public final class PostgresKeyStore extends MemoryKeyStore {
    private static final Logger LOG = LoggerFactory.getLogger(PostgresKeyStore.class);
    static final long SYNC_MS = 250;
    private static final String UPSERT_KEY = "INSERT INTO api_keys (id, prefix, alias, doc) VALUES (?, ?, ?, ?::jsonb) "
            + "ON CONFLICT (id) DO UPDATE SET prefix = EXCLUDED.prefix, alias = EXCLUDED.alias, doc = EXCLUDED.doc, "
            + "updated_at = now()";
    private static final String ADD_USAGE = "INSERT INTO api_key_usage (key_id, day, tier, requests, prompt_tokens, "
            + "completion_tokens, cost_usd) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (key_id, day, tier) DO UPDATE SET "
            + "requests = api_key_usage.requests + EXCLUDED.requests, "
            + "prompt_tokens = api_key_usage.prompt_tokens + EXCLUDED.prompt_tokens, "
            + "completion_tokens = api_key_usage.completion_tokens + EXCLUDED.completion_tokens, "
            + "cost_usd = api_key_usage.cost_usd + EXCLUDED.cost_usd";

    private static final String PUBLISH_MINUTE = "INSERT INTO api_key_minutes (key_id, minute, replica, requests, "
            + "tokens) VALUES (?, ?, ?, ?, ?) ON CONFLICT (key_id, minute, replica) DO UPDATE SET "
            + "requests = EXCLUDED.requests, tokens = EXCLUDED.tokens";
    private static final long MINUTE_MS = 60_000;

    private final Database database;
    /** Names this replica's rows in api_key_minutes. */
    private final String replica = UUID.randomUUID().toString();
    private volatile Supplier<List<MinuteCount>> localMinutes = List::of;
    /** The other replicas' counts per "key id|minute", as of the last sync. */
    private volatile Map<String, MinuteCount> othersMinutes = Map.of();
    private final StoreHealth health;
    private final ScheduledExecutorService sync;
    /** When this replica last wrote each key (nanoTime): a sync whose read began before must not undo the write. */
    private final Map<String, Long> writtenAt = new java.util.concurrent.ConcurrentHashMap<>();
    /** Charges not yet in the database, also already counted in memory (guarded by itself). */
    private final List<KeyCharge> pending = new ArrayList<>();

    public PostgresKeyStore(Database database, StoreHealth health) {
        this.database = database;
        this.health = health;
        this.sync = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "cascade-keys-sync");
            thread.setDaemon(true);
            return thread;
        });
        sync.scheduleWithFixedDelay(this::syncNow, 0, SYNC_MS, TimeUnit.MILLISECONDS);
    }

    @Override
    public void put(ApiKey key) {
        try (Connection c = database.connection(); PreparedStatement upsert = c.prepareStatement(UPSERT_KEY)) {
            upsert.setString(1, key.id());
            upsert.setString(2, key.prefix());
            upsert.setString(3, key.alias());
            upsert.setString(4, Json.string(KeyJson.stored(key)));
            upsert.executeUpdate();
        } catch (SQLException e) {
            health.down(Database.rootMessage(e));
            throw health.unavailable("changing keys", e);
        }
        synchronized (this) {
            replace(key);
            writtenAt.put(key.id(), System.nanoTime());
        }
    }

    @Override
    public void shareMinutes(Supplier<List<MinuteCount>> local) {
        this.localMinutes = local;
    }

    @Override
    public MinuteCount othersInMinute(String keyId, long minute) {
        MinuteCount counted = othersMinutes.get(keyId + "|" + minute);
        return counted != null ? counted : new MinuteCount(keyId, minute, 0, 0);
    }

    @Override
    public void charge(KeyCharge charge) {
        synchronized (pending) {
            pending.add(charge);
            super.charge(charge);
        }
    }

    /** Writes the pending charges, then reads every key and every replica's usage back into memory. */
    void syncNow() {
        List<KeyCharge> batch;
        synchronized (pending) {
            batch = new ArrayList<>(pending);
            pending.clear();
        }
        try (Connection c = database.connection()) {
            addUsage(c, batch);
            batch = List.of();
            othersMinutes = shareMinutes(c);
            long readStart = System.nanoTime();
            List<ApiKey> keys = readKeys(c);
            Map<String, List<UsageRow>> usage = readUsage(c);
            Set<String> ids = new HashSet<>();
            synchronized (this) { // a key this replica wrote after the read began is newer than what was read
                for (ApiKey key : keys) {
                    ids.add(key.id());
                    Long written = writtenAt.get(key.id());
                    if (written == null || written - readStart < 0) {
                        replace(key);
                    }
                }
                writtenAt.forEach((id, at) -> {
                    if (at - readStart >= 0) {
                        ids.add(id);
                    }
                });
                retainOnly(ids);
            }
            synchronized (pending) {
                // Charges that came in while this read ran are still this replica's: each key's rows are swapped
                // with them already added, so a budget check never sees the read's rows without them.
                for (String id : ids) {
                    replaceUsage(id, withPending(usage.getOrDefault(id, List.of()), id));
                }
            }
            health.up();
        } catch (SQLException | RuntimeException e) {
            if (!batch.isEmpty()) {
                synchronized (pending) {
                    pending.addAll(0, batch); // kept (still counted in memory), written on the next sync
                }
            }
            health.down(Database.rootMessage(e));
            LOG.debug("key sync failed: {}", e.toString());
        }
    }

    /** {@code rows} read from the database plus this replica's charges of the key not written yet (under pending). */
    private List<UsageRow> withPending(List<UsageRow> rows, String keyId) {
        Map<String, UsageRow> merged = new LinkedHashMap<>();
        rows.forEach(row -> merged.put(row.day() + "|" + row.tier(), row));
        for (KeyCharge charge : pending) {
            if (charge.keyId().equals(keyId)) {
                merged.merge(charge.day() + "|" + charge.tier(), new UsageRow(charge.day(), charge.tier(), 0, 0, 0, 0)
                        .plus(charge), (old, added) -> old.plus(charge));
            }
        }
        return new ArrayList<>(merged.values());
    }

    /** Publishes this replica's counts of the current minute, deletes past minutes, reads the other replicas' counts. */
    private Map<String, MinuteCount> shareMinutes(Connection c) throws SQLException {
        List<MinuteCount> local = localMinutes.get();
        if (!local.isEmpty()) {
            try (PreparedStatement publish = c.prepareStatement(PUBLISH_MINUTE)) {
                for (MinuteCount count : local) {
                    publish.setString(1, count.keyId());
                    publish.setLong(2, count.minute());
                    publish.setString(3, replica);
                    publish.setLong(4, count.requests());
                    publish.setLong(5, count.tokens());
                    publish.addBatch();
                }
                publish.executeBatch();
            }
        }
        long thisMinute = System.currentTimeMillis() / MINUTE_MS * MINUTE_MS;
        try (PreparedStatement prune = c.prepareStatement("DELETE FROM api_key_minutes WHERE minute < ?")) {
            prune.setLong(1, thisMinute - MINUTE_MS); // the previous minute stays: a replica's clock may lag a little
            prune.executeUpdate();
        }
        Map<String, MinuteCount> others = new HashMap<>();
        try (PreparedStatement select = c.prepareStatement("SELECT key_id, minute, sum(requests), sum(tokens) FROM "
                + "api_key_minutes WHERE replica <> ? GROUP BY key_id, minute")) {
            select.setString(1, replica);
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    others.put(rows.getString(1) + "|" + rows.getLong(2),
                            new MinuteCount(rows.getString(1), rows.getLong(2), rows.getLong(3), rows.getLong(4)));
                }
            }
        }
        return others;
    }

    private static void addUsage(Connection c, List<KeyCharge> batch) throws SQLException {
        if (batch.isEmpty()) {
            return;
        }
        // One row per key, day and tier for the batch: fewer statements, the same sums.
        Map<String, UsageRow> sums = new HashMap<>();
        Map<String, String> keyOf = new HashMap<>();
        for (KeyCharge charge : batch) {
            String group = charge.keyId() + "|" + charge.day() + "|" + charge.tier();
            keyOf.put(group, charge.keyId());
            sums.merge(group, new UsageRow(charge.day(), charge.tier(), 0, 0, 0, 0).plus(charge),
                    (old, added) -> old.plus(charge));
        }
        boolean autoCommit = c.getAutoCommit();
        c.setAutoCommit(false);
        try (PreparedStatement add = c.prepareStatement(ADD_USAGE)) {
            for (Map.Entry<String, UsageRow> entry : sums.entrySet()) {
                UsageRow row = entry.getValue();
                add.setString(1, keyOf.get(entry.getKey()));
                add.setDate(2, Date.valueOf(row.day()));
                add.setString(3, row.tier());
                add.setLong(4, row.requests());
                add.setLong(5, row.promptTokens());
                add.setLong(6, row.completionTokens());
                add.setDouble(7, row.costUsd());
                add.addBatch();
            }
            add.executeBatch();
            c.commit();
        } catch (SQLException e) {
            c.rollback();
            throw e;
        } finally {
            c.setAutoCommit(autoCommit);
        }
    }

    private static List<ApiKey> readKeys(Connection c) throws SQLException {
        List<ApiKey> keys = new ArrayList<>();
        try (PreparedStatement select = c.prepareStatement("SELECT doc FROM api_keys");
             ResultSet rows = select.executeQuery()) {
            while (rows.next()) {
                try {
                    keys.add(KeyJson.fromStored(Json.MAPPER.readTree(rows.getString(1))));
                } catch (java.io.IOException e) {
                    throw new SQLException("unreadable key document: " + e.getMessage(), e);
                }
            }
        }
        return keys;
    }

    private static Map<String, List<UsageRow>> readUsage(Connection c) throws SQLException {
        Map<String, List<UsageRow>> usage = new HashMap<>();
        try (PreparedStatement select = c.prepareStatement("SELECT key_id, day, tier, requests, prompt_tokens, "
                + "completion_tokens, cost_usd FROM api_key_usage WHERE day >= current_date - 400");
             ResultSet rows = select.executeQuery()) {
            while (rows.next()) {
                usage.computeIfAbsent(rows.getString(1), id -> new ArrayList<>()).add(new UsageRow(
                        rows.getDate(2).toLocalDate(), rows.getString(3), rows.getLong(4), rows.getLong(5),
                        rows.getLong(6), rows.getDouble(7)));
            }
        }
        return usage;
    }

    @Override
    public void close() {
        sync.shutdown();
        try {
            sync.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        syncNow(); // this replica's last charges
    }
}
