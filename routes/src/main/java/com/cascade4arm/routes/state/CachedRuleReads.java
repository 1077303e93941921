package com.cascade4arm.routes.state;

import com.cascade4arm.openai.ApiError;
import com.cascade4arm.rules.store.HistoryEntry;
import com.cascade4arm.rules.store.NewVersion;
import com.cascade4arm.rules.store.RuleVersion;
import com.cascade4arm.rules.store.RuleVersions;

import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The rule editor's view of the shared store: while the database is unreachable, reads (the active version, the
 * history, one version) answer from what this replica last read from it — the history in memory (read at start and
 * on every history request), the active version as cached on disk — so the Rules tab keeps showing what routes; edits still need the database and answer 503.
 */
final class CachedRuleReads implements RuleVersions {
    private static final int STORE_UNAVAILABLE_STATUS = 503;

    private final PostgresRuleStore store;
    private final StoreHealth health;

    CachedRuleReads(PostgresRuleStore store, StoreHealth health) {
        this.store = store;
        this.health = health;
    }

    @Override
    public RuleVersion active() {
        return read(store::active, () -> store.cache().load());
    }

    @Override
    public List<HistoryEntry> history() {
        return read(store::history, this::cachedHistory);
    }

    @Override
    public Optional<HistoryEntry> find(long version) {
        // A version missing from the copy may still exist in the database: 503, not 404.
        return read(() -> store.find(version), () -> cachedHistory()
                .flatMap(history -> history.stream().filter(e -> e.version() == version).findFirst()).map(Optional::of));
    }

    @Override
    public RuleVersion commit(NewVersion candidate, Long expectedActive, Consumer<RuleVersion> onCommitted) {
        return store.commit(candidate, expectedActive, onCommitted);
    }

    @Override
    public String location() {
        return store.location();
    }

    @Override
    public Optional<String> cachedReadsNote() {
        return health.isUp() ? Optional.empty() : Optional.of("the shared database is unreachable since " + health.since()
                + ": rules as this replica last read them; edits answer 503 until it is back");
    }

    /**
     * The live read; while the database is known down (or the read finds it down) the cached copy, else the 503.
     * A replica that knows it is down answers at once: the rules listener notices the database's return.
     */
    private <T> T read(Supplier<T> live, Supplier<Optional<T>> cached) {
        ApiError failure = null;
        if (health.isUp()) {
            try {
                return live.get();
            } catch (ApiError e) {
                if (e.status() != STORE_UNAVAILABLE_STATUS) {
                    throw e;
                }
                failure = e;
            }
        }
        Optional<T> copy = cached.get();
        if (copy.isPresent()) {
            return copy.get();
        }
        throw failure != null ? failure : health.unavailable("reading the rules (no copy cached on this replica)",
                new java.sql.SQLException(health.problem()));
    }

    /**
     * The last history read, with the cached active version on top when it is newer (activated after that read), or
     * — never read since start — the cached active version alone.
     */
    private Optional<List<HistoryEntry>> cachedHistory() {
        List<HistoryEntry> history = store.lastHistory();
        Optional<RuleVersion> active = store.cache().load();
        if (active.isPresent() && history.stream().noneMatch(e -> e.version() == active.get().version())) {
            List<HistoryEntry> merged = new java.util.ArrayList<>(history);
            merged.add(0, HistoryEntry.good(active.get()));
            return Optional.of(List.copyOf(merged));
        }
        return history.isEmpty() ? Optional.empty() : Optional.of(history);
    }
}
