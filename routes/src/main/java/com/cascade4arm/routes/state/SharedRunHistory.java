package com.cascade4arm.routes.state;

import com.cascade4arm.bench.runner.BenchmarkService;
import com.cascade4arm.bench.runner.RunStatus;
import com.cascade4arm.bench.runner.RunSummary;
import com.cascade4arm.routes.operator.bench.LocalRunHistory;
import com.cascade4arm.routes.operator.bench.RunHistory;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Benchmark runs of every replica, in the {@code bench_runs} table. A run is executed and written to disk by the
 * replica that started it (rows stream to a local file as they complete — the hot path never waits on the database);
 * every {@link #PUBLISH_INTERVAL_MS} that replica copies the summary, rows and (multi-turn runs) turns of its active
 * runs to the table, and
 * once more when a run ends (that write is the run's heartbeat), and carries out cancels other replicas asked for;
 * runs whose owner died are marked interrupted ({@link StaleRunReaper}). While the database is down the API falls back
 * to this replica's own runs.
 */
public final class SharedRunHistory implements RunHistory {
    private static final Logger LOG = LoggerFactory.getLogger(SharedRunHistory.class);
    /** How often active runs are copied to the database (what another replica's view lags by at most), ms. */
    static final long PUBLISH_INTERVAL_MS = 500;
    /** How often a remote cancel is checked for its end, ms. */
    private static final long AWAIT_POLL_MS = 100;
    private static final ObjectMapper JSON = new ObjectMapper()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private final Database database;
    private final BenchmarkService service;
    private final LocalRunHistory local;
    private final String replica;
    private final StoreHealth health;
    private final ScheduledExecutorService publisher;
    private final StaleRunReaper reaper;
    /** Runs of this replica published while active, so their end is published once more. */
    private final Set<String> published = new HashSet<>();
    /** Runs started since the last publish (guarded by this). */
    private final Set<String> started = new HashSet<>();

    public SharedRunHistory(Database database, BenchmarkService service, StoreHealth health) {
        this.database = database;
        this.service = service;
        this.local = new LocalRunHistory(service);
        this.replica = database.replica();
        this.health = health;
        this.publisher = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "cascade-runs-publisher");
            thread.setDaemon(true);
            return thread;
        });
        publisher.scheduleWithFixedDelay(this::publish, PUBLISH_INTERVAL_MS, PUBLISH_INTERVAL_MS, TimeUnit.MILLISECONDS);
        long staleMs = database.settings().runStaleMs();
        this.reaper = new StaleRunReaper(replica, staleMs, health);
        long reapEveryMs = Math.max(PUBLISH_INTERVAL_MS, staleMs / 3);
        publisher.scheduleWithFixedDelay(this::reapStale, reapEveryMs, reapEveryMs, TimeUnit.MILLISECONDS);
    }

    /** Marks runs of replicas that stopped their heartbeat interrupted ({@link StaleRunReaper}). */
    void reapStale() {
        try (Connection c = database.connection()) {
            reaper.reap(c, service.activeRunIds());
        } catch (SQLException | RuntimeException e) {
            health.down(Database.rootMessage(e));
        }
    }

    /** Copies this replica's active (and just ended) runs to the table and applies cancels asked for there. */
    synchronized void publish() {
        Set<String> now = new HashSet<>(service.activeRunIds());
        now.addAll(started);
        started.clear();
        Set<String> due = new HashSet<>(now);
        due.addAll(published);
        if (due.isEmpty()) {
            return;
        }
        try (Connection c = database.connection()) {
            for (String id : due) {
                Optional<RunSummary> summary = service.status(id);
                if (summary.isPresent()) {
                    upsert(c, summary.get(), service.rowsCsv(id).orElse(""), service.turnsCsv(id).orElse(null));
                    if (now.contains(id) && cancelRequested(c, id)) {
                        LOG.info("benchmark run {} cancelled from another replica", id);
                        service.cancel(id);
                    }
                }
            }
            published.retainAll(now);
            published.addAll(now);
            health.up();
        } catch (SQLException | RuntimeException e) {
            health.down(Database.rootMessage(e));
        }
    }

    private void upsert(Connection c, RunSummary summary, String rows, String turns) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("INSERT INTO bench_runs (id, replica, started_at, status, summary,"
                + " rows_csv, turns_csv, updated_at) VALUES (?, ?, ?, ?, ?::jsonb, ?, ?, now()) ON CONFLICT (id) DO UPDATE"
                + " SET status = EXCLUDED.status, summary = EXCLUDED.summary, rows_csv = EXCLUDED.rows_csv,"
                + " turns_csv = EXCLUDED.turns_csv, updated_at = now()")) {
            s.setString(1, summary.id());
            s.setString(2, replica);
            s.setString(3, summary.startedAt());
            s.setString(4, summary.status().wire());
            s.setString(5, JSON.writeValueAsString(summary));
            s.setString(6, rows);
            s.setString(7, turns);
            s.executeUpdate();
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("cannot write a run summary as JSON", e);
        }
    }

    private static boolean cancelRequested(Connection c, String id) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT cancel_requested FROM bench_runs WHERE id = ?")) {
            s.setString(1, id);
            try (ResultSet r = s.executeQuery()) {
                return r.next() && r.getBoolean(1);
            }
        }
    }

    @Override
    public synchronized void started(String id) {
        started.add(id);
    }

    @Override
    public List<RunSummary> list() {
        if (!health.isUp()) {
            return local.list(); // known down: answer at once from this replica (the listener notices the return)
        }
        try (Connection c = database.connection();
             PreparedStatement s = c.prepareStatement("SELECT summary FROM bench_runs ORDER BY started_at DESC, id DESC");
             ResultSet r = s.executeQuery()) {
            List<RunSummary> runs = new ArrayList<>();
            while (r.next()) {
                RunSummary stored = summary(r.getString(1));
                runs.add(live(stored.id()).orElse(stored));
            }
            health.up();
            return runs;
        } catch (SQLException e) {
            health.down(Database.rootMessage(e));
            return local.list();
        }
    }

    @Override
    public Optional<RunSummary> status(String id) {
        Optional<RunSummary> live = live(id);
        if (live.isPresent()) {
            return live;
        }
        return stored(id, "summary").map(SharedRunHistory::summary).or(() -> local.status(id));
    }

    @Override
    public Optional<String> rowsCsv(String id) {
        return live(id).isPresent() ? local.rowsCsv(id) : stored(id, "rows_csv").or(() -> local.rowsCsv(id));
    }

    @Override
    public Optional<String> turnsCsv(String id) {
        return live(id).isPresent() ? local.turnsCsv(id) : stored(id, "turns_csv").or(() -> local.turnsCsv(id));
    }

    @Override
    public boolean cancel(String id) {
        if (local.cancel(id)) {
            return true;
        }
        try (Connection c = database.connection();
             PreparedStatement s = c.prepareStatement("UPDATE bench_runs SET cancel_requested = TRUE"
                     + " WHERE id = ? AND status = ?")) {
            s.setString(1, id);
            s.setString(2, RunStatus.RUNNING.wire());
            return s.executeUpdate() == 1;
        } catch (SQLException e) {
            throw health.unavailable("cancelling a run of another replica", e);
        }
    }

    @Override
    public Optional<RunSummary> await(String id, Duration timeout) throws InterruptedException {
        if (live(id).isPresent()) {
            return local.await(id, timeout);
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        Optional<RunSummary> state = status(id);
        while (state.isPresent() && !state.get().status().finished() && System.nanoTime() < deadline) {
            Thread.sleep(AWAIT_POLL_MS); // the owner publishes its end within PUBLISH_INTERVAL_MS; poll the table
            state = status(id);
        }
        return state;
    }

    private Optional<RunSummary> live(String id) {
        return service.activeRunIds().contains(id) ? service.status(id) : Optional.empty();
    }

    private Optional<String> stored(String id, String column) {
        try (Connection c = database.connection();
             PreparedStatement s = c.prepareStatement("SELECT " + column + " FROM bench_runs WHERE id = ?")) {
            s.setString(1, id);
            try (ResultSet r = s.executeQuery()) {
                return r.next() ? Optional.ofNullable(r.getString(1)) : Optional.empty(); // turns_csv may be NULL
            }
        } catch (SQLException e) {
            health.down(Database.rootMessage(e));
            return Optional.empty();
        }
    }

    private static RunSummary summary(String json) {
        try {
            return JSON.readValue(json, RunSummary.class);
        } catch (java.io.IOException e) {
            throw new IllegalStateException("a stored run summary is not readable: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        publisher.shutdownNow();
        publish(); // the final state of runs that ended (or were cancelled) on shutdown
    }
}
