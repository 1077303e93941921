package com.cascade4arm.routes.faults;

import com.cascade4arm.routes.testing.RoutesGateway;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** What the fault tests share: gateway properties, chat calls (plain and SSE), and reading /health's breaker states. */
final class FaultGateways {
    static final ObjectMapper JSON = new ObjectMapper();
    /** Routed to the large pool by the default rulebook. */
    static final String CODE_PROMPT = "Refactor this function: def f(x): return x*2";
    static final String BREAKER_OPEN_MS = "500";

    private FaultGateways() {
    }

    /**
     * Faults are met by the breakers, not hidden by the health poller (once a minute here); the harness lifts the per-client
     * limits (all test traffic comes from 127.0.0.1).
     */
    static Map<String, String> properties(Map<String, String> extra) {
        Map<String, String> properties = new HashMap<>(Map.of(
                "cascade.upstream.health-interval-ms", "60000",
                "cascade.breaker.open-ms", BREAKER_OPEN_MS));
        properties.putAll(extra);
        return properties;
    }

    static String chat(String prompt, boolean stream) {
        var root = JSON.createObjectNode().put("stream", stream).put("max_tokens", 8);
        root.putArray("messages").addObject().put("role", "user").put("content", prompt);
        return root.toString();
    }

    static HttpResponse<String> post(RoutesGateway gateway, String body) {
        return gateway.send(HttpRequest.newBuilder(gateway.base().resolve("/v1/chat/completions"))
                .header("Content-Type", "application/json").timeout(Duration.ofSeconds(30))
                .POST(HttpRequest.BodyPublishers.ofString(body)).build());
    }

    /** Streams a chat request; every {@code data:} payload in order ("[DONE]" as text). */
    static List<String> stream(RoutesGateway gateway, String prompt) {
        try {
            HttpResponse<InputStream> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    gateway.base().resolve("/v1/chat/completions")).header("Content-Type", "application/json")
                    .timeout(Duration.ofSeconds(30)).POST(HttpRequest.BodyPublishers.ofString(chat(prompt, true))).build(),
                    HttpResponse.BodyHandlers.ofInputStream());
            if (response.statusCode() != 200) {
                throw new AssertionError("stream answered " + response.statusCode() + ": "
                        + new String(response.body().readAllBytes(), StandardCharsets.UTF_8));
            }
            List<String> events = new ArrayList<>();
            try (BufferedReader reader = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = reader.readLine()) != null) {
                    if (line.startsWith("data: ")) {
                        events.add(line.substring(6));
                    }
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

    /** The content deltas of a stream, joined. */
    static String text(List<String> events) {
        StringBuilder text = new StringBuilder();
        for (String event : events) {
            if (!event.equals("[DONE]")) {
                text.append(json(event).path("choices").path(0).path("delta").path("content").asText(""));
            }
        }
        return text.toString();
    }

    /** The event carrying the cascade object or the error (the last before [DONE]). */
    static JsonNode lastEvent(List<String> events) {
        return json(events.get(events.size() - 2));
    }

    /** An endpoint's breaker state as /health reports it (closed, open, half_open). */
    static String breaker(RoutesGateway gateway, String pool) {
        for (JsonNode endpoint : json(gateway.get("/health").body()).path("endpoints")) {
            if (endpoint.path("pool").asText().equals(pool)) {
                return endpoint.path("breaker").asText();
            }
        }
        throw new AssertionError("no endpoint of pool " + pool + " in /health");
    }

    static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (IOException e) {
            throw new AssertionError("not JSON: " + text, e);
        }
    }
}
