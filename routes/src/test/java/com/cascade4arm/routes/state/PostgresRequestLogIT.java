package com.cascade4arm.routes.state;

import com.cascade4arm.routes.config.TestConfig;
import com.cascade4arm.routes.serving.requestlog.RequestQuery;
import com.cascade4arm.routes.serving.requestlog.RequestRecord;
import com.cascade4arm.testing.db.PostgresServer;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The shared request log's cleanup on a real PostgreSQL: it leaves the rows alone while another replica holds the
 * cleanup lock, and past {@code max-rows} it deletes the oldest rows and keeps the newest.
 */
class PostgresRequestLogIT {
    @Test
    void oneReplicaAtATimeCapsTheLogKeepingTheNewestRows() throws Exception {
        try (PostgresServer db = PostgresServer.start();
             Connection otherReplica = DriverManager.getConnection(db.jdbcUrl(), "postgres", "postgres")) {
            lock(otherReplica, "pg_advisory_lock"); // another replica is cleaning up
            try (Database database = new Database(TestConfig.of(db.storeProperties("cap")::get).store());
                 PostgresRequestLog log = new PostgresRequestLog(database, Duration.ofDays(7), 5, 1_000)) {
                Instant start = Instant.now();
                for (int i = 0; i < 12; i++) {
                    log.offer(new RequestRecord(start.plusMillis(i), "r" + i, "chat", "team", "abcd1234", 200, "small",
                            null, null, null, 1.0, 1L, 1L, 0.0, false, false, null, null, null, "cap"));
                }
                RequestQuery all = new RequestQuery(null, null, null, 100);
                Awaitility.await("all 12 written").atMost(Duration.ofSeconds(5)).until(() -> log.recent(all).size() == 12);

                log.deleteExpired();
                assertThat(log.recent(all)).as("the other replica holds the cleanup").hasSize(12);

                lock(otherReplica, "pg_advisory_unlock");
                log.deleteExpired();
                List<String> kept = log.recent(all).stream().map(RequestRecord::requestId).toList();
                assertThat(kept).containsExactly("r11", "r10", "r9", "r8", "r7");
                assertThat(log.recent(new RequestQuery("team", "small", "2xx", 2)).stream()
                        .map(RequestRecord::requestId)).containsExactly("r11", "r10");
                assertThat(log.dropped()).isZero();
            }
        }
    }

    private static void lock(Connection c, String function) throws Exception {
        try (PreparedStatement lock = c.prepareStatement("SELECT " + function + "(?)")) {
            lock.setLong(1, PostgresRequestLog.CLEANUP_LOCK);
            lock.executeQuery().close();
        }
    }
}
