package com.cascade4arm.routes.state;

import com.cascade4arm.testing.db.PostgresServer;
import com.cascade4arm.standins.upstream.InstantResponder;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two replicas in their own processes on one real PostgreSQL with the scheduled benchmark on: each tick fires on one
 * replica only; kill -9 the replica that ran the last tick and the other one runs the next ticks.
 */
class ClusterScheduleIT {
    private static final long PERIOD_MS = 4_000;
    private static final int TICKS = 4;
    private static final Duration STARTUP = Duration.ofSeconds(150);
    private static final Duration TICKS_BOUND = Duration.ofSeconds(120);

    /** One scheduled run as the bench_runs table holds it. */
    private record Run(String id, String replica, Instant startedAt) {
    }

    @Test
    void firesEachTickOnOneReplicaAndAnotherTakesOverWhenItIsKilled() throws Exception {
        try (PostgresServer db = PostgresServer.start(); InstantResponder upstream = InstantResponder.start(0)) {
            List<Process> processes = new ArrayList<>();
            try {
                for (String name : List.of("p1", "p2")) {
                    processes.add(replica(db, upstream, name));
                }
                for (Process process : processes) {
                    awaitReady(process);
                }
                Awaitility.await(TICKS + " scheduled runs").atMost(TICKS_BOUND).pollInterval(Duration.ofMillis(200))
                        .until(() -> runs(db).size() >= TICKS);
                List<Run> before = runs(db);
                for (int i = 1; i < before.size(); i++) {
                    long gap = Duration.between(before.get(i - 1).startedAt(), before.get(i).startedAt()).toMillis();
                    assertThat(gap).as("gap between scheduled runs %s (two replicas firing one tick?)", before)
                            .isGreaterThan(PERIOD_MS / 2);
                }
                String victim = before.get(before.size() - 1).replica();
                Process killed = processes.get(victim.equals("p1") ? 0 : 1);
                Instant killedAt = Instant.now();
                killed.destroyForcibly().waitFor(); // SIGKILL: no shutdown hook, no goodbye to the cluster
                String survivor = victim.equals("p1") ? "p2" : "p1";
                Awaitility.await("a tick on " + survivor + " after " + victim + " died").atMost(TICKS_BOUND)
                        .pollInterval(Duration.ofMillis(200))
                        .until(() -> runs(db).stream().anyMatch(r -> r.replica().equals(survivor) && r.startedAt().isAfter(killedAt)));
                Run next = runs(db).stream().filter(r -> r.startedAt().isAfter(killedAt)).findFirst().orElseThrow();
                System.out.printf("scheduled benchmark: %d runs before the kill (by replica: %s), killed %s, next run on"
                        + " %s %d ms after kill -9%n", before.size(), before.stream().map(Run::replica).toList(), victim, next.replica(), Duration.between(killedAt, next.startedAt()).toMillis());
                assertThat(next.replica()).isEqualTo(survivor);
            } finally {
                processes.forEach(Process::destroyForcibly);
            }
        }
    }

    private static Process replica(PostgresServer db, InstantResponder upstream, String name) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx384m", "-cp", System.getProperty("java.class.path"), ReplicaMain.class.getName()));
        Map<String, String> properties = db.storeProperties(name);
        properties.put("cascade.small.urls", upstream.baseUrl());
        properties.put("cascade.large.urls", upstream.baseUrl());
        properties.put("cascade.data-dir", Files.createTempDirectory("cascade-replica-").toString());
        properties.put("cascade.store.scheduler-checkin-ms", "1000");
        properties.put("cascade.bench.schedule.enabled", "true");
        properties.put("cascade.bench.schedule.period-ms", String.valueOf(PERIOD_MS));
        properties.put("cascade.bench.schedule.delay-ms", "0");
        properties.put("cascade.bench.schedule.prompts", "1");
        properties.put("cascade.bench.schedule.levels", "1");
        properties.put("cascade.bench.schedule.requests-per-level", "1");
        properties.put("cascade.bench.schedule.max-tokens", "8");
        properties.forEach((key, value) -> command.add(key + "=" + value));
        Path log = Files.createTempFile("cascade-replica-" + name + "-", ".log");
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        LOGS.put(process, log);
        return process;
    }

    private static final Map<Process, Path> LOGS = new java.util.concurrent.ConcurrentHashMap<>();

    private static void awaitReady(Process process) {
        Path log = LOGS.get(process);
        Awaitility.await("replica ready (log " + log + ")").atMost(STARTUP).pollInterval(Duration.ofMillis(200))
                .until(() -> {
                    if (!process.isAlive()) {
                        throw new AssertionError("replica exited: " + Files.readString(log));
                    }
                    return Files.readString(log).contains("READY ");
                });
    }

    private static List<Run> runs(PostgresServer db) {
        try (Connection c = DriverManager.getConnection(db.jdbcUrl(), "postgres", "postgres");
             Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT id, replica, started_at FROM bench_runs ORDER BY started_at")) {
            List<Run> runs = new ArrayList<>();
            while (r.next()) {
                runs.add(new Run(r.getString(1), r.getString(2), Instant.parse(r.getString(3))));
            }
            return runs;
        } catch (SQLException e) {
            if (e.getMessage() != null && e.getMessage().contains("does not exist")) {
                return List.of(); // no replica migrated the schema yet
            }
            throw new UncheckedIOException(new IOException(e));
        }
    }
}
