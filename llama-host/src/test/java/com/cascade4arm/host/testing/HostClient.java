package com.cascade4arm.host.testing;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

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
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** A JDK HttpClient speaking the llama-server API to a host under test: chat, streaming with timestamps, metrics. */
public final class HostClient {

    public static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(60);

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final URI base;
    private final String apiKey;

    public HostClient(URI base, String apiKey) {
        this.base = base;
        this.apiKey = apiKey;
    }

    public static String chatBody(String userText, int maxTokens, boolean stream) {
        JsonObject body = new JsonObject()
                .put("messages", new JsonArray().add(new JsonObject().put("role", "user").put("content", userText)))
                .put("max_tokens", maxTokens)
                .put("temperature", 0);
        if (stream) {
            body.put("stream", true).put("stream_options", new JsonObject().put("include_usage", true));
        }
        return body.encode();
    }

    public HttpResponse<String> get(String path) {
        return send(request(path).GET().build());
    }

    public HttpResponse<String> postJson(String path, String body) {
        return post(path, "application/json", body.getBytes(StandardCharsets.UTF_8));
    }

    public HttpResponse<String> post(String path, String contentType, byte[] body) {
        HttpRequest.Builder builder = request(path).POST(HttpRequest.BodyPublishers.ofByteArray(body));
        if (contentType != null) {
            builder.header("Content-Type", contentType);
        }
        return send(builder.build());
    }

    public HttpResponse<String> send(HttpRequest request) {
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A 200 chat completion body, parsed. */
    public JsonObject chat(String userText, int maxTokens) {
        HttpResponse<String> response = postJson("/v1/chat/completions", chatBody(userText, maxTokens, false));
        if (response.statusCode() != 200) {
            throw new AssertionError("chat failed with " + response.statusCode() + ": " + response.body());
        }
        return new JsonObject(response.body());
    }

    /** Opens a streaming chat; the caller reads events and must close the stream. */
    public SseStream openStream(String body) {
        return openStream("/v1/chat/completions", body);
    }

    /** Opens a stream from {@code path} (e.g. /v1/completions); the caller reads events and must close the stream. */
    public SseStream openStream(String path, String body) {
        try {
            HttpResponse<InputStream> response = http.send(request(path)
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofInputStream());
            return new SseStream(response);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Reads a whole stream up to [DONE]. */
    public List<SseEvent> stream(String body) {
        try (SseStream stream = openStream(body)) {
            return stream.readAll();
        }
    }

    /** Prometheus samples by metric name (lines without labels). */
    public Map<String, Double> metrics() {
        Map<String, Double> samples = new HashMap<>();
        for (String line : get("/metrics").body().split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            int space = line.lastIndexOf(' ');
            samples.put(line.substring(0, space), Double.parseDouble(line.substring(space + 1)));
        }
        return samples;
    }

    public double metric(String name) {
        Double value = metrics().get(name);
        if (value == null) {
            throw new AssertionError("metric " + name + " missing");
        }
        return value;
    }

    private HttpRequest.Builder request(String path) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(base.resolve(path)).timeout(REQUEST_TIMEOUT);
        if (apiKey != null) {
            builder.header("Authorization", "Bearer " + apiKey);
        }
        return builder;
    }

    /** An open SSE response read event by event. */
    public static final class SseStream implements AutoCloseable {
        private final HttpResponse<InputStream> response;
        private final BufferedReader reader;

        SseStream(HttpResponse<InputStream> response) {
            this.response = response;
            this.reader = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8));
        }

        public int status() {
            return response.statusCode();
        }

        public String header(String name) {
            return response.headers().firstValue(name).orElse(null);
        }

        /** The next data event, or null at end of stream. */
        public SseEvent next() {
            try {
                String line;
                while ((line = reader.readLine()) != null) {
                    if (line.startsWith("data: ")) {
                        return new SseEvent(line.substring("data: ".length()), System.nanoTime());
                    }
                }
                return null;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /** The next event that carries content text. */
        public SseEvent nextContent() {
            SseEvent event;
            while ((event = next()) != null) {
                if (event.hasContent()) {
                    return event;
                }
            }
            return null;
        }

        public List<SseEvent> readAll() {
            List<SseEvent> events = new ArrayList<>();
            SseEvent event;
            while ((event = next()) != null) {
                events.add(event);
                if (event.isDone()) {
                    break;
                }
            }
            return events;
        }

        @Override
        public void close() {
            try {
                reader.close();
            } catch (IOException e) {
                // closing a half-read stream drops the connection, which is the point in disconnect tests
            }
        }
    }
}
