package com.cascade4arm.app.compare;

import com.cascade4arm.app.TestGateway;
import com.cascade4arm.testing.http.HttpTestClient;
import com.cascade4arm.standins.upstream.InstantResponder;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * cascade.compare.hosted.simulated=true: Compare's hosted column runs against the application's simulated hosted API
 * with no key — three columns, the 429 backoff visible, and the column labelled simulated in its model and answer.
 */
class SimulatedHostedIT {
    /** The simulated API answers 429 to every third request: three compares meet at least one. */
    private static final int COMPARES = 3;
    private static InstantResponder pools;
    private static TestGateway gateway;
    private static HttpTestClient http;

    @BeforeAll
    static void boot() {
        pools = InstantResponder.start(0);
        gateway = TestGateway.boot(Map.of("cascade.small.urls", pools.baseUrl(), "cascade.large.urls", pools.baseUrl(),
                "cascade.baseline.url", pools.baseUrl(), "cascade.compare.hosted.simulated", "true",
                "cascade.compare.hosted.api-key", ""), true);
        http = new HttpTestClient(gateway.baseUrl());
    }

    @AfterAll
    static void stop() {
        if (gateway != null) {
            gateway.close();
        }
        if (pools != null) {
            pools.close();
        }
    }

    @Test
    void hostedColumnRunsAgainstTheLabelledSimulationAndBacksOffOn429() {
        List<JsonNode> hosted = new ArrayList<>();
        for (int i = 0; i < COMPARES; i++) {
            HttpTestClient.Response answer = http.post("/api/compare", "{\"prompt\":\"Hello there\",\"max_tokens\":8}");
            assertThat(answer.status()).as(answer.body()).isEqualTo(200);
            JsonNode systems = answer.json().path("systems");
            assertThat(systems.path("cascade").path("status").asText()).isEqualTo("ok");
            assertThat(systems.path("baseline").path("status").asText()).isEqualTo("ok");
            hosted.add(systems.path("hosted"));
        }

        assertThat(hosted).allSatisfy(result -> {
            assertThat(result.path("status").asText()).as(result.toString()).isEqualTo("ok");
            assertThat(result.path("model").asText()).startsWith("simulated").contains("not OpenRouter");
            assertThat(result.path("text").asText()).contains("simulated hosted API");
        });
        assertThat(hosted.stream().mapToInt(result -> result.path("retries").asInt()).sum())
                .as("a 429 with Retry-After was waited out").isPositive();
    }
}
