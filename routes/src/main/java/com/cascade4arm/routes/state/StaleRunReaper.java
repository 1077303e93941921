package com.cascade4arm.routes.state;

import com.cascade4arm.bench.runner.RunStatus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;

/**
 * Ends the runs of replicas that died: a running run's owner rewrites its row (its heartbeat, {@code updated_at})
 * every {@link SharedRunHistory#PUBLISH_INTERVAL_MS}; a row left {@code running} without a heartbeat for
 * {@code cascade.store.run-stale-ms} is marked {@code interrupted}, with the reason in its summary, by whichever replica
 * looks first — so every replica and the UI show it ended. An owner that was only cut off writes its row again and
 * the run shows running once more.
 */
final class StaleRunReaper {
    private static final Logger LOG = LoggerFactory.getLogger(StaleRunReaper.class);

    private final String replica;
    private final long staleMs;
    private final StoreHealth health;

    StaleRunReaper(String replica, long staleMs, StoreHealth health) {
        this.replica = replica;
        this.staleMs = staleMs;
        this.health = health;
    }

    /**
     * Marks the stale running rows interrupted, except {@code localActive} (runs this replica executes right now).
     * Only once this replica has seen the database up for a whole stale period: right after an outage every owner's
     * heartbeat is old, and each gets that long to write it again.
     */
    int reap(Connection c, Collection<String> localActive) throws SQLException {
        if (!health.isUp() || Duration.between(health.since(), Instant.now()).toMillis() < staleMs) {
            return 0;
        }
        String sql = "UPDATE bench_runs SET status = ?, updated_at = now(), summary = summary"
                + " || jsonb_build_object('status', ?::text, 'ended_at', ?::text, 'error', 'interrupted: replica '"
                + " || replica || ' stopped sending its heartbeat (last at ' || to_char(updated_at AT TIME ZONE 'UTC',"
                + " 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"') || '); marked by replica ' || ?::text)"
                + " WHERE status = ? AND updated_at < now() - (? * INTERVAL '1 millisecond') AND NOT (id = ANY (?))"
                + " RETURNING id, replica";
        Array active = c.createArrayOf("text", localActive.toArray());
        try (PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, RunStatus.INTERRUPTED.wire());
            s.setString(2, RunStatus.INTERRUPTED.wire());
            s.setString(3, Instant.now().toString());
            s.setString(4, replica);
            s.setString(5, RunStatus.RUNNING.wire());
            s.setLong(6, staleMs);
            s.setArray(7, active);
            int marked = 0;
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    marked++;
                    LOG.warn("benchmark run {} of replica {} had no heartbeat for {} ms: marked interrupted", r.getString(1),
                            r.getString(2), staleMs);
                }
            }
            return marked;
        } finally {
            active.free();
        }
    }
}
