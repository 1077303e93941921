package com.cascade4arm.bench.hosts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Non-streamed greedy chat completions against a llama-server API endpoint, for the engine benchmarks. */
final class Completions {

    static final String PROMPT = "Tell me about the weather, the sea and the mountains.";
    static final Duration TIMEOUT = Duration.ofMinutes(5);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private Completions() {
    }

    /** One greedy answer of at most {@code tokens} tokens; returns the parsed body (throws on a non-200 answer). */
    static JsonNode complete(URI base, int tokens) throws IOException, InterruptedException {
        ObjectNode body = JSON.createObjectNode().put("max_tokens", tokens).put("temperature", 0);
        body.putArray("messages").addObject().put("role", "user").put("content", PROMPT);
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(base.resolve("/v1/chat/completions"))
                        .timeout(TIMEOUT).header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(body.toString())).build(),
                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IllegalStateException(base + " answered " + response.statusCode() + ": " + response.body());
        }
        return JSON.readTree(response.body());
    }

    /** True when {@code /health} answers 200. */
    static boolean health(URI base) throws InterruptedException {
        try {
            return HTTP.send(HttpRequest.newBuilder(base.resolve("/health")).timeout(Duration.ofSeconds(2)).GET().build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
        } catch (IOException e) {
            return false;
        }
    }

    /** Completion tokens of one greedy answer. */
    static long tokens(URI base, int tokens) throws IOException, InterruptedException {
        return complete(base, tokens).path("usage").path("completion_tokens").asLong();
    }
}
