package com.cascade4arm.routes.serving.completions;

import com.cascade4arm.routes.testing.RoutesGateway;
import com.cascade4arm.routes.testing.CompletionsUpstream;
import com.cascade4arm.testing.http.HttpTestClient;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static com.cascade4arm.routes.testing.RoutesGateway.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code /v1/completions} falls back like chat, over real sockets: a tier whose call fails before any byte reached the
 * client, or whose pool has no healthy endpoint, is served by its fallback tier (the {@code cascade} object and
 * {@code X-Cascade-Fallback} say so), streamed and not; a key never falls back to a tier it may not use.
 */
class CompletionsFallbackIT {
    static final String ADMIN = "completions-fallback-it-admin";
    private static CompletionsUpstream small;
    private static CompletionsUpstream large;
    private static RoutesGateway failing;
    private static RoutesGateway down;

    @BeforeAll
    static void boot() {
        small = CompletionsUpstream.start("small-upstream");
        large = CompletionsUpstream.start("large-upstream");
        failing = RoutesGateway.builder().pools(small.baseUrl(), large.baseUrl()).start();
        // The small tier has no server at all: its pool never gets a healthy endpoint, so /health stays 503.
        down = RoutesGateway.builder().pools("http://127.0.0.1:" + RoutesGateway.freePort(), large.baseUrl())
                .property("cascade.admin.token", ADMIN) // keys are made through the admin API
                .property("cascade.auth.mode", "keys") // fallback is bound by the key's tiers
                .readyWithin(null)
                .start();
        // Both tiers checked: the small one found down, the large one ok (before, neither is known down).
        await().atMost(Duration.ofSeconds(20)).until(() -> down.gateway().pools().get("large").endpoints().get(0).healthy()
                && down.gateway().pools().get("small").endpoints().get(0).checked());
    }

    @AfterAll
    static void stop() {
        for (AutoCloseable closeable : new AutoCloseable[]{failing, down, small, large}) {
            try {
                if (closeable != null) {
                    closeable.close();
                }
            } catch (Exception ignored) {
                // best effort: the next one still closes
            }
        }
    }

    @Test
    void aTierWhoseCallFailsIsServedByItsFallbackPlainAndStreamed() {
        small.failWith(503);
        try {
            HttpTestClient.Response plain = failing.http().post("/v1/completions", body(false));
            assertThat(plain.status()).as(plain.body()).isEqualTo(200);
            assertThat(plain.json().at("/choices/0/text").asText()).isEqualTo(CompletionsUpstream.TEXT);
            assertThat(plain.json().path("model").asText()).isEqualTo("large-upstream");
            assertFallback(plain.json().path("cascade"));
            assertThat(plain.header("X-Cascade-Route")).isEqualTo("large");
            assertThat(plain.header("X-Cascade-Fallback")).isEqualTo("true");

            HttpTestClient.Stream streamed = failing.http().stream("/v1/completions", body(true));
            assertThat(streamed.status()).isEqualTo(200);
            assertThat(streamed.data()).last().isEqualTo("[DONE]");
            assertThat(text(streamed.jsonEvents())).isEqualTo(CompletionsUpstream.TEXT);
            assertFallback(streamed.cascade());
            assertThat(streamed.header("X-Cascade-Fallback")).isEqualTo("true");
            assertThat(small.completions()).as("the small tier was tried first").isGreaterThanOrEqualTo(2);
            assertThat(failing.metric("cascade_fallbacks_total", "from=\"small\"", "to=\"large\""))
                    .isGreaterThanOrEqualTo(2);
        } finally {
            small.failWith(200);
        }
    }

    @Test
    void aTierWithoutAHealthyEndpointIsServedByItsFallbackPlainAndStreamed() {
        String secret = key("{\"alias\":\"any-tier\"}");
        HttpResponse<String> plain = down.send(post(secret, body(false)));
        assertThat(plain.statusCode()).as(plain.body()).isEqualTo(200);
        assertFallback(json(plain).path("cascade"));
        assertThat(json(plain).path("cascade").path("fallback_reason").asText()).contains("tier 'small' unavailable");

        List<JsonNode> events = streamed(secret, body(true));
        assertThat(text(events)).isEqualTo(CompletionsUpstream.TEXT);
        assertFallback(events.get(events.size() - 1).path("cascade"));
    }

    @Test
    void aKeyNeverFallsBackToATierItMayNotUse() {
        String smallOnly = key("{\"alias\":\"small-only\",\"tiers\":[\"small\"]}");
        int largeCalls = large.completions();
        HttpResponse<String> refused = down.send(post(smallOnly, body(false)));
        assertThat(refused.statusCode()).as(refused.body()).isEqualTo(503);
        assertThat(json(refused).at("/error/message").asText()).contains("tier 'small' unavailable");
        assertThat(large.completions()).as("no call to a tier the key may not use").isEqualTo(largeCalls);
    }

    private static void assertFallback(JsonNode cascade) {
        assertThat(cascade.path("route").asText()).as(cascade.toString()).isEqualTo("large");
        assertThat(cascade.path("fallback").asBoolean()).isTrue();
        assertThat(cascade.path("decided_route").asText()).isEqualTo("small");
        assertThat(cascade.path("fallback_reason").asText()).startsWith("tier 'small' unavailable");
        assertThat(cascade.path("completion_tokens").asInt()).isEqualTo(4);
    }

    private static String body(boolean stream) {
        return "{\"model\":\"small\",\"prompt\":\"Once\",\"max_tokens\":8" + (stream
                ? ",\"stream\":true,\"stream_options\":{\"include_usage\":true}}" : "}");
    }

    private static String text(List<JsonNode> events) {
        StringBuilder text = new StringBuilder();
        events.forEach(chunk -> text.append(chunk.at("/choices/0/text").asText("")));
        return text.toString();
    }

    private static HttpRequest post(String secret, String body) {
        return HttpRequest.newBuilder(down.base().resolve("/v1/completions")).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json").header("Authorization", "Bearer " + secret)
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
    }

    /** A streamed completion with a key: its JSON events, [DONE] left out. */
    private static List<JsonNode> streamed(String secret, String body) {
        try {
            HttpResponse<java.util.stream.Stream<String>> response = HttpClient.newHttpClient()
                    .send(post(secret, body), HttpResponse.BodyHandlers.ofLines());
            assertThat(response.statusCode()).isEqualTo(200);
            List<JsonNode> events = new ArrayList<>();
            for (String line : response.body().toList()) {
                if (line.startsWith("data: ") && !line.equals("data: [DONE]")) {
                    events.add(RoutesGateway.JSON.readTree(line.substring(6)));
                }
            }
            return events;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static String key(String body) {
        HttpResponse<String> created = down.post("/api/keys", body, ADMIN);
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        return json(created).path("secret").asText();
    }
}
