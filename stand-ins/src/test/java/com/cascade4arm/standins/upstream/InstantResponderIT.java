package com.cascade4arm.standins.upstream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class InstantResponderIT {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static InstantResponder responder;

    @BeforeAll
    static void start() {
        responder = InstantResponder.start(0);
    }

    @AfterAll
    static void stop() {
        responder.close();
    }

    @Test
    void reportsHealthAndModels() throws Exception {
        HttpResponse<String> health = get("/health");
        assertThat(health.statusCode()).isEqualTo(200);
        assertThat(MAPPER.readTree(health.body()).path("status").asText()).isEqualTo("ok");
        JsonNode models = MAPPER.readTree(get("/v1/models").body());
        assertThat(models.path("object").asText()).isEqualTo("list");
        assertThat(models.path("data").path(0).path("id").asText()).isEqualTo(InstantResponder.MODEL_ID);
    }

    @Test
    void answersNonStreamedCompletionsWithUsageAndTimings() throws Exception {
        HttpResponse<String> response = post("{\"model\":\"m\",\"max_tokens\":3,"
                + "\"messages\":[{\"role\":\"user\",\"content\":\"Hi there!\"}]}");
        JsonNode body = MAPPER.readTree(response.body());
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(body.path("object").asText()).isEqualTo("chat.completion");
        assertThat(body.path("choices").path(0).path("message").path("content").asText()).isEqualTo("Instant reply from");
        assertThat(body.path("choices").path(0).path("finish_reason").asText()).isEqualTo("length");
        assertThat(body.path("usage").path("completion_tokens").asInt()).isEqualTo(3);
        assertThat(body.path("timings").path("predicted_n").asInt()).isEqualTo(3);
    }

    @Test
    void streamsRoleContentUsageWithTimingsThenDone() throws Exception {
        HttpResponse<String> response = post("{\"model\":\"m\",\"stream\":true,\"stream_options\":{\"include_usage\":true},"
                + "\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}]}");
        assertThat(response.headers().firstValue("Content-Type")).contains("text/event-stream");
        List<String> events = response.body().lines().filter(l -> l.startsWith("data: ")).map(l -> l.substring(6)).toList();
        int chunks = ResponderBehaviour.DEFAULT_CHUNKS.size();
        assertThat(events).hasSize(1 + chunks + 2 + 1);
        assertThat(MAPPER.readTree(events.get(0)).path("choices").path(0).path("delta").path("role").asText())
                .isEqualTo("assistant");
        JsonNode usage = MAPPER.readTree(events.get(events.size() - 2));
        assertThat(usage.path("choices")).isEmpty();
        assertThat(usage.path("usage").path("completion_tokens").asInt()).isEqualTo(chunks);
        assertThat(usage.path("timings").has("predicted_per_second")).isTrue();
        assertThat(events.get(events.size() - 1)).isEqualTo("[DONE]");
    }

    @Test
    void reportsDraftCountsOnlyWhenAskedAsLlamaServerWithADraftModel() throws Exception {
        String chat = "{\"max_tokens\":3,\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}]}";
        assertThat(MAPPER.readTree(post(chat).body()).path("timings").has("draft_n")).as("off by default").isFalse();
        responder.behaviour(ResponderBehaviour.INSTANT.withDraftCounts(true));
        try {
            JsonNode timings = MAPPER.readTree(post(chat).body()).path("timings");
            assertThat(timings.path("draft_n").asInt()).isEqualTo(3);
            assertThat(timings.path("draft_n_accepted").asInt()).isEqualTo(2);
        } finally {
            responder.behaviour(ResponderBehaviour.INSTANT);
        }
    }

    @Test
    void exposesPrometheusMetricsAndRejectsUnknownPaths() throws Exception {
        post("{\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}]}");
        String metrics = get("/metrics").body();
        assertThat(metrics).contains("# TYPE llamacpp:tokens_predicted_total counter").containsPattern(
                "llamacpp:tokens_predicted_total [1-9]");
        HttpResponse<String> missing = get("/nope");
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(MAPPER.readTree(missing.body()).path("error").path("message").asText()).contains("/nope");
    }

    private static HttpResponse<String> get(String path) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(responder.baseUrl() + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static HttpResponse<String> post(String json) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(responder.baseUrl() + "/v1/chat/completions"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json)).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
