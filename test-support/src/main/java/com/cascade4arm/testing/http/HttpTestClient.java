package com.cascade4arm.testing.http;

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

/** Plain JDK HTTP calls (HTTP/1.1) against a server, with an SSE reader that timestamps each event; bearer tokens optional. */
public final class HttpTestClient {
    public static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration TIMEOUT = Duration.ofMinutes(2);

    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final URI base;

    public HttpTestClient(URI base) {
        this.base = base;
    }

    public URI base() {
        return base;
    }

    public Response get(String path) {
        return send(request(path, null).GET().build());
    }

    public Response post(String path, String body) {
        return post(path, body, "application/json");
    }

    public Response post(String path, String body, String contentType) {
        return send(request(path, null).header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofString(body)).build());
    }

    /** POST with {@code Authorization: Bearer token} (none when null). */
    public Response postAuthorized(String path, String body, String token) {
        return send(request(path, token).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build());
    }

    public Response put(String path, String body, String token) {
        return send(request(path, token).header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(body)).build());
    }

    public Response delete(String path, String token) {
        return send(request(path, token).DELETE().build());
    }

    /** A request builder for {@code path} with the client's timeout and, when given, the bearer token. */
    public HttpRequest.Builder request(String path, String token) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(base.resolve(path)).timeout(TIMEOUT);
        return token == null ? builder : builder.header("Authorization", "Bearer " + token);
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
        return stream("/v1/chat/completions", body);
    }

    /** Posts {@code body} to {@code path} and reads every SSE data event (a non-SSE answer gives its body's lines). */
    public Stream stream(String path, String body) {
        HttpRequest request = request(path, null).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
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
        public int status() {
            return response.statusCode();
        }

        /** Every {@code data:} payload in order, "[DONE]" included as text. */
        public List<String> data() {
            return events.stream().map(Event::data).toList();
        }

        /** Every event but a final [DONE], parsed as JSON (a half-written or interleaved event fails here). */
        public List<JsonNode> jsonEvents() {
            return events.stream().filter(e -> !e.data().equals("[DONE]")).map(Event::json).toList();
        }

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
