package com.cascade4arm.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Plain JDK HTTP calls against the gateway, including an SSE reader that timestamps each event. */
public final class HttpTestClient {
    public static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration TIMEOUT = Duration.ofMinutes(2);

    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final URI base;

    public HttpTestClient(URI base) {
        this.base = base;
    }

    public Response get(String path) {
        return send(HttpRequest.newBuilder(base.resolve(path)).timeout(TIMEOUT).GET().build());
    }

    public Response post(String path, String body) {
        return post(path, body, "application/json");
    }

    public Response post(String path, String body, String contentType) {
        return send(HttpRequest.newBuilder(base.resolve(path)).timeout(TIMEOUT).header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofString(body)).build());
    }

    public Response send(HttpRequest request) {
        try {
            HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
            return new Response(response.statusCode(), response.body(), response);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Posts a streaming request and reads every SSE data event with the time it arrived. */
    public Stream stream(String body) {
        HttpRequest request = HttpRequest.newBuilder(base.resolve("/v1/chat/completions")).timeout(TIMEOUT)
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build();
        long start = System.nanoTime();
        try {
            HttpResponse<InputStream> response = client.send(request, HttpResponse.BodyHandlers.ofInputStream());
            List<Event> events = new ArrayList<>();
            try (BufferedReader reader = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = reader.readLine()) != null) {
                    if (line.startsWith("data: ")) {
                        events.add(new Event(line.substring(6), (System.nanoTime() - start) / 1e6));
                    }
                }
            }
            return new Stream(response, events);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public static String chat(String prompt, int maxTokens, boolean stream) {
        return chat("auto", prompt, maxTokens, stream);
    }

    public static String chat(String model, String prompt, int maxTokens, boolean stream) {
        var root = JSON.createObjectNode().put("model", model).put("max_tokens", maxTokens).put("stream", stream)
                .put("temperature", 0);
        root.putArray("messages").addObject().put("role", "user").put("content", prompt);
        if (stream) {
            root.putObject("stream_options").put("include_usage", true);
        }
        return root.toString();
    }

    public record Response(int status, String body, HttpResponse<String> raw) {
        public JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (IOException e) {
                throw new AssertionError("not JSON: " + body, e);
            }
        }

        public String header(String name) {
            return raw.headers().firstValue(name).orElse(null);
        }
    }

    public record Event(String data, double atMs) {
        public JsonNode json() {
            try {
                return JSON.readTree(data);
            } catch (IOException e) {
                throw new AssertionError("not JSON: " + data, e);
            }
        }
    }

    public record Stream(HttpResponse<InputStream> response, List<Event> events) {
        public String header(String name) {
            return response.headers().firstValue(name).orElse(null);
        }

        /** Content deltas in arrival order. */
        public List<Event> contentEvents() {
            return events.stream().filter(e -> !e.data().equals("[DONE]"))
                    .filter(e -> !e.json().path("choices").path(0).path("delta").path("content").asText("").isEmpty())
                    .toList();
        }

        public String text() {
            StringBuilder text = new StringBuilder();
            contentEvents().forEach(e -> text.append(e.json().path("choices").path(0).path("delta").path("content").asText()));
            return text.toString();
        }

        /** The event carrying the cascade object (the last one before [DONE]). */
        public JsonNode cascade() {
            return events.get(events.size() - 2).json().path("cascade");
        }
    }
}
