package com.cascade4arm.routes.operator.bench;

import com.cascade4arm.bench.runner.BenchmarkService;
import com.cascade4arm.routes.RouteIds;
import com.cascade4arm.routes.testing.RoutesGateway;
import com.cascade4arm.standins.upstream.ResponderBehaviour;
import com.fasterxml.jackson.databind.JsonNode;
import org.apache.camel.ServiceStatus;
import org.apache.camel.builder.NotifyBuilder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The bench-scheduled route, enabled with a short period, on the real gateway without a baseline. */
class BenchScheduleIT {
    private static final long PERIOD_MS = 250;
    private static final long SLOW_CHUNK_DELAY_MS = 200;

    @TempDir
    static Path dataDir;
    private static RoutesGateway gateway;

    @BeforeAll
    static void boot() throws Exception {
        gateway = RoutesGateway.builder().property("cascade.data-dir", dataDir.toString())
                .properties(Map.of(
                "cascade.bench.schedule.enabled", "true",
                "cascade.bench.schedule.period-ms", String.valueOf(PERIOD_MS),
                "cascade.bench.schedule.delay-ms", "0",
                "cascade.bench.schedule.prompts", "5",
                "cascade.bench.schedule.levels", "1,2",
                "cascade.bench.schedule.requests-per-level", "5",
                "cascade.bench.schedule.max-tokens", "8")).start();
    }

    @AfterAll
    static void stop() throws Exception {
        gateway.close();
    }

    @AfterEach
    void instantUpstreams() {
        gateway.upstreams(ResponderBehaviour.INSTANT);
    }

    @Test
    void startsRunsWithTheConfiguredSettingsEveryPeriod() throws Exception {
        assertThat(gateway.camel().getRouteController().getRouteStatus(RouteIds.BENCH_SCHEDULED))
                .isEqualTo(ServiceStatus.Started);

        await().atMost(Duration.ofSeconds(30)).until(() -> gateway.runIds().size() >= 3);

        String finished = gateway.runIds().get(gateway.runIds().size() - 1);
        JsonNode run = gateway.run(finished);
        assertThat(run.path("status").asText()).as(run.toString()).isEqualTo("done");
        assertThat(run.path("total").asInt()).as("2 levels x 5 requests x 1 target").isEqualTo(10);
        assertThat(run.path("config").path("levels").toString()).isEqualTo("[1,2]");
        assertThat(run.path("config").path("targets").findValuesAsText("name"))
                .as("no baseline configured: the cascade only").containsExactly("cascade");
    }

    @Test
    void skipsTicksWhileARunIsActiveWithoutFailing() throws Exception {
        BenchmarkService service = gateway.bench().service();
        Set<String> before = new HashSet<>(gateway.runIds());
        gateway.upstreams(ResponderBehaviour.INSTANT.withChunkDelayMs(SLOW_CHUNK_DELAY_MS));
        String slowRun = await().atMost(Duration.ofSeconds(30))
                .until(() -> service.activeRunIds().stream().filter(id -> !before.contains(id)).findFirst().orElse(null),
                        id -> id != null);
        List<String> runsWhenSlowStarted = gateway.runIds();

        NotifyBuilder ticks = new NotifyBuilder(gateway.camel()).fromRoute(RouteIds.BENCH_SCHEDULED).whenDone(3).create();
        NotifyBuilder failures = new NotifyBuilder(gateway.camel()).fromRoute(RouteIds.BENCH_SCHEDULED).whenFailed(1).create();
        await().atMost(Duration.ofSeconds(10)).until(ticks::matches);

        assertThat(service.activeRunIds()).as("the ticks started nothing new").containsExactly(slowRun);
        assertThat(gateway.runIds()).isEqualTo(runsWhenSlowStarted);
        assertThat(failures.matches()).as("a skipped tick is not a failed exchange").isFalse();
    }
}
