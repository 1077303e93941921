package com.cascade4arm.app.escalation;

import com.cascade4arm.app.TestGateway;
import com.cascade4arm.demomodels.DemoModel;
import com.cascade4arm.demomodels.DemoModels;
import com.cascade4arm.testing.http.HttpTestClient;
import com.cascade4arm.testing.llamaserver.LlamaServer;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Confidence escalation end to end on real llama-server pools (they return log-probabilities): a tentative small route
 * whose first tokens miss the threshold is answered by the large model — streamed or not, with nothing of the small
 * model's answer sent — and one that meets it stays small; both say so in headers, the cascade object and metrics.
 * Skipped, with a message, where no llama-server binary is beside the project.
 */
class EscalationOnLlamaServerIT {
    private static final String ADMIN = "escalation-admin";
    private static final Duration LOAD_WITHIN = Duration.ofMinutes(2);

    private static LlamaServer small;
    private static LlamaServer large;
    private static TestGateway gateway;
    private static HttpTestClient http;

    @BeforeAll
    static void boot() {
        Path binary = LlamaServer.binaryOrSkip();
        small = LlamaServer.start(binary, DemoModels.ensure(DemoModel.SMALL), List.of("-c", "2048", "-np", "2", "-t", "1"),
                LOAD_WITHIN);
        large = LlamaServer.start(binary, DemoModels.ensure(DemoModel.LARGE), List.of("-c", "2048", "-np", "2", "-t", "1"),
                LOAD_WITHIN);
        gateway = TestGateway.boot(Map.of("cascade.small.urls", small.baseUrl(), "cascade.large.urls", large.baseUrl(),
                "cascade.baseline.url", small.baseUrl(), "cascade.admin.token", ADMIN), true);
        http = new HttpTestClient(gateway.baseUrl());
        TentativeRules.activate(http, ADMIN);
    }

    @AfterAll
    static void stop() {
        if (gateway != null) {
            gateway.close();
        }
        for (LlamaServer server : new LlamaServer[]{small, large}) {
            if (server != null) {
                server.close();
            }
        }
    }

    @Test
    void escalatesAStreamToTheLargeModelBeforeSendingAToken() {
        HttpTestClient.Stream stream = http.stream(HttpTestClient.chat(TentativeRules.DOUBT_PROMPT, 8, true));

        assertThat(stream.status()).isEqualTo(200);
        assertThat(stream.header("X-Cascade-Route")).isEqualTo("large");
        assertThat(stream.header("X-Cascade-Escalated")).isEqualTo("true");
        JsonNode cascade = stream.cascade();
        assertThat(cascade.path("route").asText()).isEqualTo("large");
        assertThat(cascade.path("escalated").asBoolean()).isTrue();
        assertThat(cascade.path("decided_route").asText()).isEqualTo("small");
        assertThat(cascade.path("confidence").asDouble()).isGreaterThan(0).isLessThan(0.999);
        assertThat(cascade.path("escalation_trial_ms").asDouble()).isPositive()
                .isLessThanOrEqualTo(cascade.path("ttft_ms").asDouble());
        assertThat(stream.jsonEvents()).as("no log-probabilities leak to a client that did not ask")
                .allSatisfy(event -> assertThat(event.path("choices").path(0).has("logprobs")).isFalse());
        assertThat(stream.text()).isNotBlank();
    }

    @Test
    void escalatesANonStreamedAnswer() {
        HttpTestClient.Response answer = http.post("/v1/chat/completions",
                HttpTestClient.chat(TentativeRules.DOUBT_PROMPT, 8, false));

        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        assertThat(answer.header("X-Cascade-Escalated")).isEqualTo("true");
        assertThat(answer.json().at("/cascade/route").asText()).isEqualTo("large");
        assertThat(answer.json().at("/cascade/escalated").asBoolean()).isTrue();
        assertThat(answer.json().path("choices").path(0).has("logprobs")).isFalse();
    }

    @Test
    void keepsTheSmallModelWhenItIsConfidentEnough() {
        HttpTestClient.Stream stream = http.stream(HttpTestClient.chat(TentativeRules.SURE_PROMPT, 8, true));
        HttpTestClient.Response answer = http.post("/v1/chat/completions",
                HttpTestClient.chat(TentativeRules.SURE_PROMPT, 8, false));

        assertThat(stream.header("X-Cascade-Route")).isEqualTo("small");
        assertThat(stream.header("X-Cascade-Escalated")).isEqualTo("false");
        assertThat(stream.cascade().path("escalated").asBoolean(true)).isFalse();
        assertThat(stream.cascade().path("confidence").asDouble()).isGreaterThan(0.001).isLessThanOrEqualTo(1);
        assertThat(stream.text()).isNotBlank();
        assertThat(answer.json().at("/cascade/route").asText()).as(answer.body()).isEqualTo("small");
        assertThat(answer.json().at("/cascade/confidence").asDouble()).isGreaterThan(0.001);
    }

    @Test
    void countsTrialsByOutcomeAndTimesEscalations() {
        http.post("/v1/chat/completions", HttpTestClient.chat(TentativeRules.DOUBT_PROMPT, 4, false));
        http.post("/v1/chat/completions", HttpTestClient.chat(TentativeRules.SURE_PROMPT, 4, false));

        String metrics = http.get("/metrics").body();
        assertThat(metrics).contains("cascade_escalations_total{outcome=\"escalated\"}",
                "cascade_escalations_total{outcome=\"kept\"}", "cascade_escalation_trial_duration_seconds_count");
    }
}
