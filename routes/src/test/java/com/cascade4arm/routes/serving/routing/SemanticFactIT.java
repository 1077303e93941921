package com.cascade4arm.routes.serving.routing;

import com.cascade4arm.routes.testing.RoutesGateway;
import com.cascade4arm.testing.http.HttpTestClient;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The semantic fact over real HTTP: off as shipped (the explanation says so and no rule reads it), and switched on —
 * /api/route shows semanticLargeScore with how it was found, and a chat the rules alone send small goes large.
 */
class SemanticFactIT {
    /**
     * The learned score is unsure and the rules send it small; its embedding finds it hard, and the two together pass
     * the semantic rule's bar (an average P(large) above 0.6). The same prompt as the rules' SemanticFactTest, which
     * says why it changed as training grew.
     */
    private static final String UNSURE_HARD =
            "what do you reckon about moving our shop to a bigger street";
    private static final String SEMANTIC_RULE =
            "semantic score: an unsure prompt the embedding and the score find hard goes large";

    @Test
    void offAsShippedTheExplanationSaysSoAndTheRulesRouteWithoutIt() {
        try (RoutesGateway gateway = RoutesGateway.builder().start()) {
            JsonNode body = explain(gateway.http(), UNSURE_HARD);

            assertThat(body.path("route").asText()).isEqualTo("small");
            assertThat(body.path("facts").path("semanticLargeScore").asDouble()).isEqualTo(-1);
            assertThat(body.path("facts").path("semanticNote").asText()).isEqualTo("off");
            assertThat(body.path("facts").path("fired_rules").toString()).doesNotContain(SEMANTIC_RULE);
        }
    }

    @Test
    void switchedOnItIsExplainedAndSendsAnUnsureHardChatLarge() {
        // Override: the feature under test is off in the shipped configuration.
        try (RoutesGateway gateway = RoutesGateway.builder().property("cascade.rules.semantic", "on").start()) {
            HttpTestClient http = gateway.http();
            // The model loads on the fact's own thread after start; until then prompts are routed without it.
            await().atMost(Duration.ofSeconds(60)).until(() -> explain(http, UNSURE_HARD).path("facts")
                    .path("semanticNote").asText().startsWith("embedded in"));

            JsonNode body = explain(http, UNSURE_HARD);
            assertThat(body.path("route").asText()).isEqualTo("large");
            assertThat(body.path("rule").asText()).isEqualTo(SEMANTIC_RULE);
            assertThat(body.path("facts").path("semanticLargeScore").asDouble()).isBetween(0.75, 1.0);

            JsonNode confident = explain(http, "What is the capital of France?").path("facts");
            assertThat(confident.path("semanticLargeScore").asDouble()).isEqualTo(-1);
            assertThat(confident.path("semanticNote").asText()).startsWith("not needed");

            HttpTestClient.Response chat = http.post("/v1/chat/completions", HttpTestClient.chat(UNSURE_HARD, 16, false));
            assertThat(chat.status()).as(chat.body()).isEqualTo(200);
            assertThat(chat.header("X-Cascade-Route")).isEqualTo("large");
            assertThat(chat.header("X-Cascade-Rule")).isEqualTo(SEMANTIC_RULE);
        }
    }

    private static JsonNode explain(HttpTestClient http, String prompt) {
        HttpTestClient.Response response = http.post("/api/route",
                RoutesGateway.JSON.createObjectNode().put("prompt", prompt).toString());
        assertThat(response.status()).as(response.body()).isEqualTo(200);
        return response.json();
    }
}
