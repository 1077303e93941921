package com.cascade4arm.routes.operator.compare;

import com.cascade4arm.routes.testing.RoutesGateway;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;

import static com.cascade4arm.routes.testing.RoutesGateway.JSON;
import static com.cascade4arm.routes.testing.RoutesGateway.prompt;
import static org.assertj.core.api.Assertions.assertThat;

/** A gateway without a hosted API key and without a baseline URL: those columns are skipped, with the reason. */
class CompareUnconfiguredIT {
    private static RoutesGateway gateway;

    @BeforeAll
    static void boot() throws Exception {
        gateway = RoutesGateway.builder().withHosted(false).start();
    }

    @AfterAll
    static void stop() throws Exception {
        gateway.close();
    }

    @Test
    void skipsTheHostedApiWithoutAKeyAndTheBaselineWithoutAUrl() throws Exception {
        JsonNode root = JSON.readTree(gateway.compare(prompt("Hello!", 8)).body());

        assertThat(root.at("/systems/cascade/status").asText()).isEqualTo("ok");
        assertThat(root.at("/systems/hosted/status").asText()).isEqualTo("skipped");
        assertThat(root.at("/systems/hosted/error").asText()).contains("OPENROUTER_API_KEY");
        assertThat(root.at("/systems/baseline/status").asText()).isEqualTo("skipped");
        assertThat(root.at("/systems/baseline/error").asText()).contains("cascade.baseline.url");
        for (String pair : List.of("cascade_vs_baseline", "cascade_vs_hosted")) {
            for (String metric : List.of("ttft", "total", "tokens_per_second", "cost")) {
                assertThat(root.path("ratios").path(pair).path(metric).isNull()).as(pair + "." + metric).isTrue();
            }
        }
        assertThat(gateway.hosted.chatRequestCount()).isZero();
    }

    @Test
    void saysWhichSystemsAreNotConfiguredAndWhatToSetBeforeAnyCompare() throws Exception {
        var answer = gateway.get("/api/compare/systems");

        assertThat(answer.statusCode()).isEqualTo(200);
        JsonNode systems = JSON.readTree(answer.body()).path("systems");
        assertThat(systems).extracting(s -> s.path("system").asText()).containsExactly("cascade", "baseline", "hosted");
        assertThat(systems.get(0).path("configured").asBoolean()).isTrue();
        assertThat(systems.get(0).path("reason").isNull()).isTrue();
        assertThat(systems.get(1).path("configured").asBoolean()).isFalse();
        assertThat(systems.get(1).path("reason").asText()).contains("CASCADE_BASELINE_URL");
        assertThat(systems.get(2).path("configured").asBoolean()).isFalse();
        assertThat(systems.get(2).path("reason").asText()).contains("OPENROUTER_API_KEY");
    }

    @Test
    void runsOnlyTheRequestedSystems() throws Exception {
        JsonNode root = JSON.readTree(gateway.compare("{\"prompt\":\"Hello!\",\"systems\":[\"baseline\",\"hosted\"]}").body());

        assertThat(root.at("/systems/cascade/status").asText()).isEqualTo("skipped");
        assertThat(root.at("/systems/cascade/error").asText()).isEqualTo("not requested (systems)");
        assertThat(gateway.small.chatRequestCount() + gateway.large.chatRequestCount()).isZero();
    }
}
