package com.cascade4arm.standins.hosted;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The stand-in over real sockets: OpenRouter-shaped streams, keys, and each scripted fault. */
class HostedApiStandInIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String KEY = "sk-or-test";
    private static HostedApiStandIn standIn;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @BeforeAll
    static void start() {
        standIn = HostedApiStandIn.start(0, StandInConfig.DEFAULTS.withApiKey(KEY));
    }

    @AfterAll
    static void stop() {
        standIn.close();
    }

    @BeforeEach
    void resetScript() {
        standIn.reset();
        standIn.config(StandInConfig.DEFAULTS.withApiKey(KEY));
    }

    @Test
    void streamsKeepAlivesContentAndUsageWithReasoningTokens() throws Exception {
        standIn.config(standIn.config().withReasoningChunks(List.of("think", " more")));

        HttpResponse<String> response = post(KEY, true);

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).contains("text/event-stream");
        List<String> lines = Arrays.stream(response.body().split("\n")).filter(l -> !l.isEmpty()).toList();
        assertThat(lines).startsWith(": OPENROUTER PROCESSING", ": OPENROUTER PROCESSING").last().isEqualTo("data: [DONE]");
        StringBuilder content = new StringBuilder();
        StringBuilder reasoning = new StringBuilder();
        JsonNode usage = null;
        for (String line : lines) {
            if (line.startsWith("data: {")) {
                JsonNode chunk = JSON.readTree(line.substring(6));
                JsonNode delta = chunk.path("choices").path(0).path("delta");
                content.append(delta.path("content").asText(""));
                reasoning.append(delta.path("reasoning").asText(""));
                usage = chunk.has("usage") ? chunk.get("usage") : usage;
            }
        }
        assertThat(content).hasToString(String.join("", StandInConfig.DEFAULT_CHUNKS));
        assertThat(reasoning).hasToString("think more");
        assertThat(usage.path("completion_tokens").asInt()).isEqualTo(StandInConfig.DEFAULT_CHUNKS.size() + 2);
        assertThat(usage.path("completion_tokens_details").path("reasoning_tokens").asInt()).isEqualTo(2);
    }

    @Test
    void rejectsAMissingOrWrongKeyWith401() throws Exception {
        assertThat(post("wrong", true).statusCode()).isEqualTo(401);
        assertThat(post("", false).statusCode()).isEqualTo(401);
        assertThat(standIn.chatRequestCount()).as("401s are not counted as chat requests").isZero();
    }

    @Test
    void answersTheScriptedFaultsInOrderThenSucceeds() throws Exception {
        standIn.enqueue(Fault.rateLimited("1"), Fault.rateLimited("date+3"), Fault.rateLimitedUntil(1_741_305_600_000L),
                Fault.unavailable("2"), Fault.errorIn200());

        HttpResponse<String> first = post(KEY, true);
        HttpResponse<String> second = post(KEY, true);
        HttpResponse<String> third = post(KEY, true);
        HttpResponse<String> fourth = post(KEY, true);
        HttpResponse<String> fifth = post(KEY, true);
        HttpResponse<String> sixth = post(KEY, true);

        assertThat(first.statusCode()).isEqualTo(429);
        assertThat(first.headers().firstValue("Retry-After")).contains("1");
        assertThat(ZonedDateTime.parse(second.headers().firstValue("Retry-After").orElseThrow(),
                DateTimeFormatter.RFC_1123_DATE_TIME).toInstant()).as("HTTP-date Retry-After")
                .isAfter(java.time.Instant.now().plusSeconds(1));
        assertThat(third.headers().firstValue("Retry-After")).isEmpty();
        assertThat(JSON.readTree(third.body()).at("/error/metadata/headers/X-RateLimit-Reset").asText())
                .isEqualTo("1741305600000");
        assertThat(fourth.statusCode()).isEqualTo(503);
        assertThat(fifth.statusCode()).as("error in a 200 body").isEqualTo(200);
        assertThat(JSON.readTree(fifth.body()).path("error").path("code").asInt()).isEqualTo(502);
        assertThat(sixth.statusCode()).isEqualTo(200);
        assertThat(sixth.body()).endsWith("data: [DONE]\n\n");
        assertThat(standIn.pendingFaults()).isZero();
    }

    @Test
    void sendsAnSseErrorEventAfterTheGivenTokens() throws Exception {
        standIn.enqueue(Fault.sseError(2));

        String body = post(KEY, true).body();

        assertThat(body).contains("\"content\":\"Hosted\"", "\"content\":\" stand-in\"").doesNotContain("\" says\"")
                .contains("\"finish_reason\":\"error\"").doesNotContain("[DONE]");
    }

    @Test
    void dropsTheConnectionMidStream() throws Exception {
        standIn.enqueue(Fault.dropMidStream(1));
        HttpResponse<InputStream> response = http.send(request(KEY, true), HttpResponse.BodyHandlers.ofInputStream());

        assertThat(response.statusCode()).isEqualTo(200);
        assertThatThrownBy(() -> {
            try (InputStream in = response.body()) {
                in.readAllBytes();
            }
        }).as("a dropped connection, not a clean end").isInstanceOf(IOException.class);
    }

    @Test
    void steadyRateLimitHitsEveryNthRequest() throws Exception {
        standIn.config(standIn.config().withRateLimitEvery(2, "5"));

        assertThat(List.of(post(KEY, false).statusCode(), post(KEY, false).statusCode(), post(KEY, false).statusCode(),
                post(KEY, false).statusCode())).containsExactly(200, 429, 200, 429);
    }

    @Test
    void recordsAttributionHeadersAndServesTheV1PathToo() throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(standIn.baseUrl().replace("/api/v1", "/v1") + "/chat/completions"))
                .header("Authorization", "Bearer " + KEY).header("HTTP-Referer", "https://example.org")
                .header("X-OpenRouter-Title", "Cascade4Arm").POST(HttpRequest.BodyPublishers.ofString(body(false))).build();

        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(response.body()).at("/choices/0/message/content").asText())
                .isEqualTo(String.join("", StandInConfig.DEFAULT_CHUNKS));
        assertThat(standIn.lastHeader("HTTP-Referer")).isEqualTo("https://example.org");
        assertThat(standIn.lastHeader("X-OpenRouter-Title")).isEqualTo("Cascade4Arm");
    }

    private HttpResponse<String> post(String key, boolean stream) throws IOException, InterruptedException {
        return http.send(request(key, stream), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    private static HttpRequest request(String key, boolean stream) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(standIn.baseUrl() + "/chat/completions"))
                .timeout(Duration.ofSeconds(10)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body(stream)));
        if (!key.isEmpty()) {
            builder.header("Authorization", "Bearer " + key);
        }
        return builder.build();
    }

    private static String body(boolean stream) {
        var root = JSON.createObjectNode().put("model", StandInConfig.DEFAULT_MODEL).put("stream", stream);
        root.putArray("messages").addObject().put("role", "user").put("content", "Hello there");
        return root.toString();
    }
}
