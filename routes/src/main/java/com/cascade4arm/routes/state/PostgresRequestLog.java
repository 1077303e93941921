package com.cascade4arm.routes.state;

import com.cascade4arm.routes.serving.http.Json;
import com.cascade4arm.routes.serving.requestlog.RequestQuery;
import com.cascade4arm.routes.serving.requestlog.RequestRecord;
import com.cascade4arm.routes.serving.requestlog.SharedRequestLog;
import com.fasterxml.jackson.databind.JsonNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * The request log of every replica, in {@code request_log}. A request only queues its row ({@link #offer}: never
 * blocks; a full queue drops the row and counts it); one writer thread inserts what has queued as one batch, so rows
 * reach the database within one insert's time of their request's end and a busy replica writes few, large batches.
 * While the database is down the writer holds its batch and retries; the queue fills, then drops. Any replica deletes
 * rows past the retention and the row cap, one replica at a time (a transaction-scoped advisory lock).
 */
public final class PostgresRequestLog implements SharedRequestLog {
    private static final Logger LOG = LoggerFactory.getLogger(PostgresRequestLog.class);
    /** Rows waiting for the writer: about 1 MB of records; past it rows are dropped, not the request delayed. */
    static final int QUEUE_CAPACITY = 10_000;
    /** Most rows in one insert. */
    static final int BATCH = 500;
    /** Most rows one delete statement removes. */
    static final int DELETE_CHUNK = 10_000;
    /** Identifies the cleanup's advisory lock among the cluster's locks. */
    static final long CLEANUP_LOCK = 0x63617363_72716c67L; // "cascrqlg"
    private static final String COLUMNS = "time, replica, request_id, kind, key_alias, key_prefix, status, route, rule, "
            + "endpoint, ttft_ms, total_ms, prompt_tokens, completion_tokens, cost_usd, escalated, fallback, overflow, "
            + "reason, rules_version, facts, prompt, answer";
    private static final String INSERT = "INSERT INTO request_log (" + COLUMNS + ") VALUES "
            + "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";

    private final Database database;
    private final String replica;
    private final Duration retention;
    private final long maxRows;
    private final long retryMs;
    /** Rows to write, each built on the writer's thread ({@link #offerLater}). */
    private final BlockingQueue<Supplier<RequestRecord>> queue = new ArrayBlockingQueue<>(QUEUE_CAPACITY);
    private final AtomicLong dropped = new AtomicLong();
    private final Thread writer;
    private final ScheduledExecutorService cleanup;
    private volatile boolean closed;

    public PostgresRequestLog(Database database, Duration retention, long maxRows, long retryMs) {
        this.database = database;
        this.replica = database.replica();
        this.retention = retention;
        this.maxRows = maxRows;
        this.retryMs = retryMs;
        this.writer = new Thread(this::writeLoop, "cascade-request-log");
        writer.setDaemon(true);
        writer.start();
        this.cleanup = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "cascade-request-log-cleanup");
            thread.setDaemon(true);
            return thread;
        });
        long periodMs = cleanupPeriodMs(retention);
        cleanup.scheduleWithFixedDelay(this::deleteExpired, 0, periodMs, TimeUnit.MILLISECONDS);
    }

    /** A tenth of the retention, between 1 s and 1 h: rows outlive it by at most that much. */
    static long cleanupPeriodMs(Duration retention) {
        return Math.max(1_000, Math.min(3_600_000, retention.toMillis() / 10));
    }

    @Override
    public void offer(RequestRecord record) {
        offerLater(() -> record);
    }

    @Override
    public void offerLater(Supplier<RequestRecord> record) {
        if (closed || !queue.offer(record)) {
            long count = dropped.incrementAndGet();
            if (Long.bitCount(count) == 1) { // 1, 2, 4, 8, …: a slow database is worth a line, not one per request
                LOG.warn("request log: {} row(s) dropped so far, the shared database is not keeping up", count);
            }
        }
    }

    @Override
    public long dropped() {
        return dropped.get();
    }

    private void writeLoop() {
        List<Supplier<RequestRecord>> queued = new ArrayList<>(BATCH);
        List<RequestRecord> batch = new ArrayList<>(BATCH);
        while (!closed || !queue.isEmpty()) {
            try {
                Supplier<RequestRecord> first = queue.poll(200, TimeUnit.MILLISECONDS);
                if (first == null) {
                    continue;
                }
                queued.add(first);
                queue.drainTo(queued, BATCH - 1);
                for (Supplier<RequestRecord> row : queued) {
                    batch.add(row.get()); // built here, on the writer's thread (facts rendered), not on the event loop
                }
                queued.clear();
                while (!insert(batch)) {
                    if (closed) { // shutting down without the database: what is left is lost, and counted
                        dropped.addAndGet(batch.size() + queue.size());
                        queue.clear();
                        return;
                    }
                    pause(retryMs); // the database is down: this batch waits, newer rows queue (or drop)
                }
                batch.clear();
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** Waits {@code ms}, or less when the log is closed meanwhile. */
    private void pause(long ms) throws InterruptedException {
        long until = System.nanoTime() + ms * 1_000_000;
        while (!closed && System.nanoTime() < until) {
            Thread.sleep(Math.min(50, ms));
        }
    }

    /** Inserts {@code batch} in one round trip; false when the database could not take it. */
    boolean insert(List<RequestRecord> batch) {
        try (Connection c = database.connection(); PreparedStatement insert = c.prepareStatement(INSERT)) {
            for (RequestRecord r : batch) {
                insert.setTimestamp(1, Timestamp.from(r.time()));
                insert.setString(2, r.replica() != null ? r.replica() : replica);
                insert.setString(3, r.requestId());
                insert.setString(4, r.kind());
                insert.setString(5, r.keyAlias());
                insert.setString(6, r.keyPrefix());
                insert.setInt(7, r.status());
                insert.setString(8, r.route());
                insert.setString(9, r.rule());
                insert.setString(10, r.endpoint());
                setDouble(insert, 11, r.ttftMs());
                setDouble(insert, 12, r.totalMs());
                setLong(insert, 13, r.promptTokens());
                setLong(insert, 14, r.completionTokens());
                setDouble(insert, 15, r.costUsd());
                insert.setBoolean(16, r.escalated());
                insert.setBoolean(17, r.fallback());
                insert.setString(18, r.overflow());
                insert.setString(19, r.reason());
                setLong(insert, 20, r.rulesVersion());
                insert.setString(21, r.facts() == null ? null : r.facts().toString());
                insert.setString(22, r.prompt());
                insert.setString(23, r.answer());
                insert.addBatch();
            }
            insert.setQueryTimeout(Database.QUERY_TIMEOUT_S);
            insert.executeBatch(); // auto-commit: the batch is one round trip, each row its own statement
            return true;
        } catch (SQLException | RuntimeException e) {
            LOG.debug("request log: {} row(s) not written yet: {}", batch.size(), e.toString());
            return false;
        }
    }

    @Override
    public List<RequestRecord> recent(RequestQuery query) {
        StringBuilder sql = new StringBuilder("SELECT ").append(COLUMNS).append(" FROM request_log WHERE true");
        List<Object> args = new ArrayList<>();
        if (query.key() != null) {
            sql.append(" AND (key_alias = ? OR key_prefix = ?)");
            args.add(query.key());
            args.add(query.key());
        }
        if (query.route() != null) {
            sql.append(" AND route = ?");
            args.add(query.route());
        }
        if (query.status() != null) {
            int[] range = query.statusRange();
            sql.append(" AND status BETWEEN ? AND ?");
            args.add(range[0]);
            args.add(range[1]);
        }
        sql.append(" ORDER BY time DESC, id DESC LIMIT ?");
        args.add(query.limit());
        try (Connection c = database.connection(); PreparedStatement select = c.prepareStatement(sql.toString())) {
            for (int i = 0; i < args.size(); i++) {
                select.setObject(i + 1, args.get(i));
            }
            select.setQueryTimeout(Database.QUERY_TIMEOUT_S);
            List<RequestRecord> rows = new ArrayList<>();
            try (ResultSet rs = select.executeQuery()) {
                while (rs.next()) {
                    rows.add(new RequestRecord(rs.getTimestamp("time").toInstant(), rs.getString("request_id"),
                            rs.getString("kind"), rs.getString("key_alias"), rs.getString("key_prefix"),
                            rs.getInt("status"), rs.getString("route"), rs.getString("rule"), rs.getString("endpoint"),
                            (Double) rs.getObject("ttft_ms"), (Double) rs.getObject("total_ms"),
                            (Long) rs.getObject("prompt_tokens"), (Long) rs.getObject("completion_tokens"),
                            (Double) rs.getObject("cost_usd"), rs.getBoolean("escalated"), rs.getBoolean("fallback"),
                            rs.getString("overflow"), rs.getString("prompt"), rs.getString("answer"),
                            rs.getString("reason"), (Long) rs.getObject("rules_version"), facts(rs.getString("facts")),
                            rs.getString("replica")));
                }
            }
            return rows;
        } catch (SQLException e) {
            throw new IllegalStateException(Database.rootMessage(e), e);
        }
    }

    /**
     * Deletes rows past the retention and past the row cap, in chunks (a backlog after a long outage never makes one
     * statement too long), unless another replica is doing it right now: a session advisory lock, released at the end.
     */
    void deleteExpired() {
        try (Connection c = database.connection()) {
            if (!advisoryLock(c, "pg_try_advisory_lock")) {
                return;
            }
            try {
                long old = deleteInChunks(c, "DELETE FROM request_log WHERE id IN (SELECT id FROM request_log "
                        + "WHERE time < now() - ? * interval '1 second' LIMIT " + DELETE_CHUNK + ")", retention.toSeconds());
                long over = deleteInChunks(c, "DELETE FROM request_log WHERE id IN (SELECT id FROM request_log "
                        + "WHERE id <= (SELECT id FROM request_log ORDER BY id DESC OFFSET ? LIMIT 1) LIMIT "
                        + DELETE_CHUNK + ")", maxRows);
                if (old + over > 0) {
                    LOG.info("request log: {} row(s) past the retention of {} and {} past the cap of {} deleted",
                            old, retention, over, maxRows);
                }
            } finally {
                advisoryLock(c, "pg_advisory_unlock");
            }
        } catch (SQLException | RuntimeException e) {
            LOG.debug("request log cleanup skipped: {}", e.toString());
        }
    }

    private static boolean advisoryLock(Connection c, String function) throws SQLException {
        try (PreparedStatement lock = c.prepareStatement("SELECT " + function + "(?)")) {
            lock.setLong(1, CLEANUP_LOCK);
            try (ResultSet rs = lock.executeQuery()) {
                return rs.next() && rs.getBoolean(1);
            }
        }
    }

    private static long deleteInChunks(Connection c, String sql, long arg) throws SQLException {
        long total = 0;
        try (PreparedStatement delete = c.prepareStatement(sql)) {
            delete.setLong(1, arg);
            delete.setQueryTimeout(Database.QUERY_TIMEOUT_S);
            int deleted;
            do {
                deleted = delete.executeUpdate();
                total += deleted;
            } while (deleted == DELETE_CHUNK);
        }
        return total;
    }

    private static void setDouble(PreparedStatement s, int index, Double value) throws SQLException {
        if (value == null) {
            s.setNull(index, Types.DOUBLE);
        } else {
            s.setDouble(index, value);
        }
    }

    private static void setLong(PreparedStatement s, int index, Long value) throws SQLException {
        if (value == null) {
            s.setNull(index, Types.BIGINT);
        } else {
            s.setLong(index, value);
        }
    }

    /** Writes what is queued (up to a few seconds), then stops. */
    @Override
    public void close() {
        closed = true;
        cleanup.shutdownNow();
        try {
            writer.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        writer.interrupt();
    }

    private static JsonNode facts(String json) {
        if (json == null) {
            return null;
        }
        try {
            return Json.MAPPER.readTree(json);
        } catch (java.io.IOException unreadable) {
            return null; // the explanation is a convenience: the row is listed without it
        }
    }
}
