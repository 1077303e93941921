package com.cascade4arm.routes.serving.keys;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Keys and usage in memory: what every store answers reads from. A store that persists extends it and writes in
 * {@link #keysChanged()} / {@link #usageChanged()}; alone it is the store of tests and of a gateway that keeps nothing.
 */
public class MemoryKeyStore implements KeyStore {
    private final Map<String, ApiKey> byId = new ConcurrentHashMap<>();
    private final Map<String, ApiKey> byPrefix = new ConcurrentHashMap<>();
    /** keyId → (day|tier → row); guarded by itself. */
    private final Map<String, Map<String, UsageRow>> usage = new LinkedHashMap<>();

    @Override
    public List<ApiKey> keys() {
        List<ApiKey> keys = new ArrayList<>(byId.values());
        keys.sort(Comparator.comparing(ApiKey::createdAt).thenComparing(ApiKey::id));
        return keys;
    }

    @Override
    public Optional<ApiKey> find(String id) {
        return Optional.ofNullable(byId.get(id));
    }

    @Override
    public Optional<ApiKey> findByPrefix(String prefix) {
        return Optional.ofNullable(byPrefix.get(prefix));
    }

    @Override
    public synchronized void put(ApiKey key) {
        replace(key);
        keysChanged();
    }

    /** Puts a key into memory without persisting it (what a store loads or hears from elsewhere). */
    protected synchronized void replace(ApiKey key) {
        ApiKey old = byId.put(key.id(), key);
        if (old != null && !old.prefix().equals(key.prefix())) {
            byPrefix.remove(old.prefix());
        }
        byPrefix.put(key.prefix(), key);
    }

    /** Drops keys no longer listed (what a shared store's refresh learns). */
    protected synchronized void retainOnly(java.util.Set<String> ids) {
        byId.values().removeIf(key -> {
            if (!ids.contains(key.id())) {
                byPrefix.remove(key.prefix());
                return true;
            }
            return false;
        });
    }

    @Override
    public void charge(KeyCharge charge) {
        synchronized (usage) {
            Map<String, UsageRow> rows = usage.computeIfAbsent(charge.keyId(), id -> new LinkedHashMap<>());
            rows.merge(charge.day() + "|" + charge.tier(), new UsageRow(charge.day(), charge.tier(), 0, 0, 0, 0)
                    .plus(charge), (old, added) -> old.plus(charge));
        }
        usageChanged();
    }

    /** Replaces a key's usage rows (loaded, or read back from a shared store). */
    protected void replaceUsage(String keyId, List<UsageRow> rows) {
        synchronized (usage) {
            Map<String, UsageRow> map = new LinkedHashMap<>();
            rows.forEach(row -> map.put(row.day() + "|" + row.tier(), row));
            usage.put(keyId, map);
        }
    }

    @Override
    public Spend spend(String keyId, LocalDate today) {
        double day = 0;
        double month = 0;
        synchronized (usage) {
            for (UsageRow row : usage.getOrDefault(keyId, Map.of()).values()) {
                if (row.day().equals(today)) {
                    day += row.costUsd();
                }
                if (row.day().getYear() == today.getYear() && row.day().getMonth() == today.getMonth()) {
                    month += row.costUsd();
                }
            }
        }
        return new Spend(day, month);
    }

    @Override
    public List<UsageRow> usage(String keyId) {
        List<UsageRow> rows;
        synchronized (usage) {
            rows = new ArrayList<>(usage.getOrDefault(keyId, Map.of()).values());
        }
        rows.sort(Comparator.comparing(UsageRow::day).thenComparing(UsageRow::tier));
        return rows;
    }

    /** Every key's usage rows (for a store that writes them all). */
    protected Map<String, List<UsageRow>> allUsage() {
        Map<String, List<UsageRow>> all = new LinkedHashMap<>();
        synchronized (usage) {
            usage.forEach((id, rows) -> all.put(id, new ArrayList<>(rows.values())));
        }
        return all;
    }

    /** Called (under this store's lock) after a key was created or changed. */
    protected void keysChanged() {
    }

    /** Called after a charge was added. */
    protected void usageChanged() {
    }

    @Override
    public void close() {
    }
}
