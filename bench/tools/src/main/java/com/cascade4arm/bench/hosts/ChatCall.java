package com.cascade4arm.bench.hosts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/** One non-streaming chat completion against a llama-server compatible endpoint, reduced to what HostBench counts. */
record ChatCall(int tokens, double predictedMs, long drafted, long accepted) {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    /** Sends {@code prompt}; {@code temperature} null leaves the endpoint's default sampling (0.8, top-k 40 ...). */
    static ChatCall send(URI base, String prompt, int maxTokens, Double temperature, int seed)
            throws IOException, InterruptedException {
        ObjectNode body = JSON.createObjectNode().put("max_tokens", maxTokens).put("seed", seed);
        if (temperature != null) {
            body.put("temperature", temperature);
        }
        body.putArray("messages").addObject().put("role", "user").put("content", prompt);
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(base.resolve("/v1/chat/completions"))
                        .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body.toString())).build(),
                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IllegalStateException("endpoint answered " + response.statusCode() + ": " + response.body());
        }
        JsonNode json = JSON.readTree(response.body());
        JsonNode timings = json.path("timings");
        return new ChatCall(json.path("usage").path("completion_tokens").asInt(), timings.path("predicted_ms").asDouble(),
                timings.path("draft_n").asLong(), timings.path("draft_n_accepted").asLong());
    }

    /** Milliseconds per generated token after the first (llama-server's predicted_ms / predicted_n). */
    double msPerToken() {
        return predictedMs / Math.max(1, tokens);
    }
}
