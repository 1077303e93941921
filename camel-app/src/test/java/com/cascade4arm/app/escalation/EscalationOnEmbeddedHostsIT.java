package com.cascade4arm.app.escalation;

import com.cascade4arm.app.TestGateway;
import com.cascade4arm.routes.config.ConfigBinding;
import com.cascade4arm.testing.http.HttpTestClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A tentative route on the embedded hosts (in-process llama.cpp): their binding cannot report token probabilities, so
 * the trial is unmeasured — the small model answers as on a final route, says {@code confidence: null}, and the
 * metrics count it as unmeasured rather than guess.
 */
class EscalationOnEmbeddedHostsIT {
    private static final String ADMIN = "embedded-escalation-admin";
    /** Tokens decoded one by one on a real model arrive milliseconds apart; a buffered answer arrives in one write. */
    private static final double MIN_STREAMED_SPREAD_MS = 5;

    private static final int MIN_RELEASED_FOR_SPREAD = 12;
    private static TestGateway gateway;
    private static HttpTestClient http;

    @BeforeAll
    static void boot() {
        gateway = TestGateway.boot(Map.of("cascade.admin.token", ADMIN), true);
        http = new HttpTestClient(gateway.baseUrl());
        TentativeRules.activate(http, ADMIN);
    }

    @AfterAll
    static void stop() {
        gateway.close();
    }

    @Test
    void servesAnUnmeasuredTrialFromTheSmallModel() {
        HttpTestClient.Stream stream = http.stream(HttpTestClient.chat(TentativeRules.DOUBT_PROMPT, 32, true));
        HttpTestClient.Response answer = http.post("/v1/chat/completions",
                HttpTestClient.chat(TentativeRules.DOUBT_PROMPT, 6, false));

        assertThat(stream.header("X-Cascade-Route")).isEqualTo("small");
        assertThat(stream.header("X-Cascade-Escalated")).isEqualTo("false");
        assertThat(stream.cascade().path("escalated").asBoolean(true)).isFalse();
        assertThat(stream.cascade().path("confidence").isNull()).isTrue();
        assertThat(stream.text()).isNotBlank();
        List<HttpTestClient.Event> content = stream.contentEvents();
        // Enough tokens after the release that a streamed answer spans milliseconds; a few may share one read (CI: 2).
        if (content.size() > ConfigBinding.defaults().cascade().escalation().tokens() + MIN_RELEASED_FOR_SPREAD) {
            // Held back only for the first tokens, then streamed: not buffered to the end for want of probabilities.
            assertThat(content.get(content.size() - 1).atMs() - content.get(ConfigBinding.defaults().cascade().escalation().tokens()).atMs())
                    .as("time between the first released token and the last").isGreaterThan(MIN_STREAMED_SPREAD_MS);
        }
        assertThat(answer.json().at("/cascade/route").asText()).as(answer.body()).isEqualTo("small");
        assertThat(answer.json().at("/cascade/confidence").isNull()).isTrue();
        assertThat(http.get("/metrics").body()).contains("cascade_escalations_total{outcome=\"unmeasured\"}");
    }
}
