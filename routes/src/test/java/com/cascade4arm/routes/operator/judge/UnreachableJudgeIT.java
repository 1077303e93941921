package com.cascade4arm.routes.operator.judge;

import com.cascade4arm.routes.testing.RoutesGateway;
import com.cascade4arm.testing.gateway.GatewayHarness;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A judge that cannot be reached never fails the benchmark: the run ends done with its measurements, every prompt
 * unjudged with the reason (unreachable, then the judge's breaker open), on the real gateway with instant upstreams.
 */
class UnreachableJudgeIT {
    private static final String TOKEN = "judge-admin-token";

    @TempDir
    static Path dataDir;
    private static RoutesGateway gateway;

    @BeforeAll
    static void boot() throws Exception {
        gateway = RoutesGateway.builder().withBaseline().property("cascade.data-dir", dataDir.toString())
                .properties(Map.of("cascade.admin.token", TOKEN,
                        "cascade.judge.url", "http://127.0.0.1:" + GatewayHarness.freePort() + "/v1",
                        "cascade.judge.max-attempts", "2", "cascade.compare.retry.initial-backoff-ms", "10"))
                .start();
    }

    @AfterAll
    static void stop() throws Exception {
        gateway.close();
    }

    @Test
    void anUnreachableJudgeLeavesEveryPromptUnjudgedWithTheReasonAndTheRunDone() {
        JsonNode run = gateway.runToItsEnd("{\"prompts\": 5, \"levels\": [1], \"requests_per_level\": 5,"
                + " \"max_tokens\": 4, \"warmup_requests\": 0, \"judge\": true}", TOKEN, Duration.ofSeconds(60));

        assertThat(run.path("status").asText()).as(run.toString()).isEqualTo("done");
        assertThat(run.path("aggregates")).as("the measurements are kept").hasSize(2);
        JsonNode quality = run.path("quality");
        assertThat(quality.path("state").asText()).isEqualTo("done");
        assertThat(quality.path("overall").path("unjudged").asInt()).as(quality.toString()).isEqualTo(5);
        assertThat(quality.path("prompts").findValuesAsText("reason")).allSatisfy(reason -> assertThat(reason)
                .matches("cascade first: judge (unreachable: .+|circuit breaker is open after repeated failures)"));
        assertThat(quality.path("prompts").findValuesAsText("reason")).as("the first calls reached no server")
                .anySatisfy(reason -> assertThat(reason).startsWith("cascade first: judge unreachable"));
    }
}
