package com.cascade4arm.routes;

import com.cascade4arm.routes.testing.RoutesGateway;
import com.cascade4arm.testing.health.HealthLatencyProbe;
import com.cascade4arm.standins.upstream.ResponderBehaviour;
import com.fasterxml.jackson.databind.JsonNode;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A client's bad input is the client's problem: 100 requests an upstream cannot serve (a {@code tool} message; a schema
 * the upstream refuses with 400, or with 500 naming the content, as llama.cpp servers do) are answered 400 each, open
 * no breaker (default breaker settings: ten failures would open it for 10 s) and are not sent to the other tier; the
 * next good request is served, /health stays 200 throughout.
 */
class BadRequestsKeepBreakersClosedIT {
    private static final int BAD_REQUESTS = 100;
    private static final String SCHEMA = "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\",\"maxLength\":8}}}";

    private static RoutesGateway gateway;

    @BeforeAll
    static void boot() {
        gateway = RoutesGateway.builder().start();
    }

    @AfterAll
    static void stop() {
        gateway.close();
    }

    @BeforeEach
    void healthyUpstreams() {
        gateway.upstreams(ResponderBehaviour.INSTANT);
        Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> gateway.get("/health").statusCode() == 200);
    }

    @Test
    void refusesAToolMessageAtTheGatewayAndKeepsServing() {
        // what our hosts and llama-server without tool support answer to a tool message
        gateway.upstreams(ResponderBehaviour.INSTANT.withStatus(500).withErrorMessage("Invalid role: tool"));
        long upstreamCalls = gateway.small.chatRequestCount() + gateway.large.chatRequestCount();

        try (HealthLatencyProbe health = HealthLatencyProbe.start(gateway.base())) {
            for (int i = 0; i < BAD_REQUESTS; i++) {
                HttpResponse<String> response = gateway.post("/v1/chat/completions", "{\"model\":\""
                        + tier(i) + "\",\"stream\":" + (i % 4 < 2) + ",\"max_tokens\":4,\"messages\":[{\"role\":\"user\","
                        + "\"content\":\"What is 6 times 7?\"},{\"role\":\"tool\",\"content\":\"42\"}]}");

                assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
                assertThat(error(response).path("message").asText())
                        .contains("messages[1].role 'tool' cannot be served by tier '" + tier(i) + "'");
            }
            health.close();
            System.out.println("tool messages x" + BAD_REQUESTS + ": " + health.summary());
            assertThat(health.failures()).as("/health during the bad requests").isZero();
        }
        assertThat(gateway.small.chatRequestCount() + gateway.large.chatRequestCount())
                .as("model server calls").isEqualTo(upstreamCalls);
        assertServesTheNextGoodRequest();
    }

    @Test
    void upstreamRefusalsOfTheRequestsContentNeitherOpenBreakersNorFallBack() {
        long largeCalls = gateway.large.chatRequestCount();
        long smallCalls = gateway.small.chatRequestCount();

        try (HealthLatencyProbe health = HealthLatencyProbe.start(gateway.base())) {
            for (int i = 0; i < BAD_REQUESTS; i++) {
                // half as llama-server words a schema it cannot convert (500), half as a plain 400
                gateway.small.behaviour(i % 2 == 0
                        ? ResponderBehaviour.INSTANT.withStatus(500).withErrorMessage(
                                "\"json_schema\": JSON schema conversion failed:\nUnrecognized schema: {\"x\":1}")
                        : ResponderBehaviour.INSTANT.withStatus(400).withErrorMessage("Failed to parse grammar"));
                HttpResponse<String> response = gateway.post("/v1/chat/completions", "{\"model\":\"small\",\"stream\":"
                        + (i % 4 < 2) + ",\"max_tokens\":4,\"messages\":[{\"role\":\"user\",\"content\":\"Hello!\"}],"
                        + "\"response_format\":{\"type\":\"json_schema\",\"json_schema\":{\"name\":\"a\",\"schema\":" + SCHEMA + "}}}");

                assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
                JsonNode error = error(response);
                assertThat(error.path("type").asText()).isEqualTo("invalid_request_error");
                assertThat(error.path("message").asText()).startsWith("the model server refused the request: ")
                        .containsAnyOf("JSON schema conversion failed: Unrecognized schema", "Failed to parse grammar")
                        .hasSizeLessThan(300);
            }
            health.close();
            System.out.println("upstream refusals x" + BAD_REQUESTS + ": " + health.summary());
            assertThat(health.failures()).as("/health during the bad requests").isZero();
        }
        assertThat(gateway.small.chatRequestCount() - smallCalls).as("one call each, no second endpoint")
                .isEqualTo(BAD_REQUESTS);
        assertThat(gateway.large.chatRequestCount()).as("no fallback to the other tier").isEqualTo(largeCalls);
        assertServesTheNextGoodRequest();
    }

    private static void assertServesTheNextGoodRequest() {
        gateway.upstreams(ResponderBehaviour.INSTANT);
        HttpResponse<String> good = gateway.post("/v1/chat/completions", "{\"model\":\"small\",\"max_tokens\":4,"
                + "\"messages\":[{\"role\":\"user\",\"content\":\"Hello!\"}]}");
        assertThat(good.statusCode()).as(good.body()).isEqualTo(200);
        assertThat(RoutesGateway.json(good).path("cascade").path("fallback").asBoolean()).isFalse();
        assertThat(gateway.get("/health").statusCode()).isEqualTo(200);
        assertThat(gateway.metric("cascade_breaker_state")).as("every breaker closed (0)").isZero();
    }

    private static String tier(int i) {
        return i % 2 == 0 ? "small" : "large";
    }

    private static JsonNode error(HttpResponse<String> response) {
        return RoutesGateway.json(response).path("error");
    }

}
