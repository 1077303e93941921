package com.cascade4arm.routes.state;

import com.cascade4arm.routes.config.TestConfig;
import com.cascade4arm.routes.serving.requestlog.RequestRecord;
import com.cascade4arm.testing.gateway.GatewayHarness;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A request never waits for the shared request log: against a database that does not answer (a real connection
 * attempt to a closed port), offering rows takes microseconds, and past the queue's capacity rows are dropped and
 * counted instead of piling up.
 */
class PostgresRequestLogTest {
    @Test
    void aDatabaseThatIsDownNeverDelaysARequestAndTheOverflowIsDroppedAndCounted() {
        StoreConfig store = TestConfig.of(Map.of("cascade.store", "postgres", "cascade.store.jdbc-url",
                "jdbc:postgresql://127.0.0.1:" + GatewayHarness.freePort() + "/none",
                "cascade.store.replica-name", "down")).store();
        int offered = PostgresRequestLog.QUEUE_CAPACITY + 2 * PostgresRequestLog.BATCH;
        try (Database database = new Database(store);
             PostgresRequestLog log = new PostgresRequestLog(database, Duration.ofDays(7), 1_000, 60_000)) {
            long started = System.nanoTime();
            for (int i = 0; i < offered; i++) {
                log.offer(new RequestRecord(Instant.now(), "r" + i, "chat", null, null, 200, "small", null, null, null,
                        1.0, 1L, 1L, 0.0, false, false, null, null, null, "down"));
            }
            double perOfferUs = (System.nanoTime() - started) / 1e3 / offered;

            // The writer holds at most one batch while it waits for the database; the queue holds the rest it can.
            assertThat(log.dropped()).isBetween((long) PostgresRequestLog.BATCH, 2L * PostgresRequestLog.BATCH);
            assertThat(perOfferUs).as("µs per offer").isLessThan(100);
            System.out.printf("request log with its database down: %d of %d rows dropped, %.2f µs per offer%n",
                    log.dropped(), offered, perOfferUs);
        }
    }

    /** A row offered for later is built by the writer (where a chat row renders its facts), not by the offering thread. */
    @Test
    void aRowOfferedForLaterIsBuiltOnTheWritersThread() {
        StoreConfig store = TestConfig.of(Map.of("cascade.store", "postgres", "cascade.store.jdbc-url",
                "jdbc:postgresql://127.0.0.1:" + GatewayHarness.freePort() + "/none",
                "cascade.store.replica-name", "down")).store();
        AtomicReference<String> builtOn = new AtomicReference<>();
        try (Database database = new Database(store);
             PostgresRequestLog log = new PostgresRequestLog(database, Duration.ofDays(7), 1_000, 60_000)) {
            log.offerLater(() -> {
                builtOn.set(Thread.currentThread().getName());
                return new RequestRecord(Instant.now(), "r", "chat", null, null, 200, "small", null, null, null,
                        1.0, 1L, 1L, 0.0, false, false, null, null, null, "down");
            });
            Awaitility.await("the writer built the row").atMost(Duration.ofSeconds(5)).until(() -> builtOn.get() != null);
            assertThat(builtOn.get()).isEqualTo("cascade-request-log");
        }
    }
}
