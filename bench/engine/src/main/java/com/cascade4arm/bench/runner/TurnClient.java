package com.cascade4arm.bench.runner;

import com.cascade4arm.openai.ChatRequest;
import com.cascade4arm.openai.SseDecoder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Sends the streamed turns of the multi-turn suite to one OpenAI-compatible base URL and reads, besides the timing and
 * the answer, what the answer says of its prompt: {@code usage.prompt_tokens} and {@code prompt_tokens_details
 * .cached_tokens}, llama-server's {@code timings} ({@code prompt_n} evaluated, {@code cache_n} cached) and the
 * gateway's {@code cascade} object ({@code prompt_tokens}, {@code cached_prompt_tokens}, {@code route},
 * {@code endpoint}, {@code prefix_affinity}). A client of its own because the suite's figures are those fields, which
 * the single-prompt client does not keep; failures become results, never exceptions.
 */
final class TurnClient {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final int MAX_ERROR_BODY_BYTES = 16 * 1024;
    /** Sends of one turn when the connection it went out on was already closed by the server. */
    static final int MAX_SENDS = 3;
    /** One daemon thread for every turn's timeout: a stalled stream is closed, its turn ends "timeout after N ms". */
    private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread thread = new Thread(r, "bench-turn-timeouts");
        thread.setDaemon(true);
        return thread;
    });

    private final URI completionsUri;
    private final String apiKey;
    private final long requestTimeoutMs;
    private final HttpClient http;
    private final Set<CompletableFuture<?>> inFlight = ConcurrentHashMap.newKeySet();
    private final Set<InputStream> bodies = ConcurrentHashMap.newKeySet();
    private volatile boolean cancelled;

    TurnClient(TargetConfig target, long requestTimeoutMs) {
        String base = target.baseUrl().endsWith("/") ? target.baseUrl().substring(0, target.baseUrl().length() - 1)
                : target.baseUrl();
        base = base.endsWith("/v1") ? base.substring(0, base.length() - 3) : base;
        this.completionsUri = URI.create(base + "/v1/chat/completions");
        this.apiKey = target.apiKey() == null || target.apiKey().isBlank() ? null : target.apiKey();
        this.requestTimeoutMs = requestTimeoutMs;
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofMillis(Math.min(5_000, requestTimeoutMs))).build();
    }

    /** Sends one turn and blocks until its answer ended, failed, timed out or was cancelled. */
    TurnResult send(ChatRequest request) {
        long start = System.nanoTime();
        if (cancelled) {
            return TurnResult.failed(0, "cancelled", 0, true);
        }
        HttpRequest.Builder builder = HttpRequest.newBuilder(completionsUri)
                .timeout(Duration.ofMillis(requestTimeoutMs))
                .header("Content-Type", "application/json").header("Accept", "text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(request.toJson().toString(), StandardCharsets.UTF_8));
        if (apiKey != null) {
            builder.header("Authorization", "Bearer " + apiKey);
        }
        HttpRequest httpRequest = builder.build();
        @SuppressWarnings("unchecked")
        CompletableFuture<HttpResponse<InputStream>>[] sending = new CompletableFuture[1];
        sending[0] = http.sendAsync(httpRequest, HttpResponse.BodyHandlers.ofInputStream());
        inFlight.add(sending[0]);
        AtomicBoolean timedOut = new AtomicBoolean();
        InputStream[] open = new InputStream[1];
        // The request timeout covers the headers only; the whole answer must arrive within it too.
        ScheduledFuture<?> timer = TIMER.schedule(() -> {
            timedOut.set(true);
            sending[0].cancel(true);
            InputStream stream = open[0];
            if (stream != null) {
                closeQuietly(stream);
            }
        }, requestTimeoutMs, TimeUnit.MILLISECONDS);
        InputStream body = null;
        try {
            HttpResponse<InputStream> response = awaitResponse(httpRequest, sending, timedOut);
            body = response.body();
            open[0] = body;
            bodies.add(body);
            if (cancelled) {
                return TurnResult.failed(0, "cancelled", ms(start), true);
            }
            if (response.statusCode() < 200 || response.statusCode() >= 300) {
                String text = new String(body.readNBytes(MAX_ERROR_BODY_BYTES), StandardCharsets.UTF_8);
                return TurnResult.failed(response.statusCode(), "HTTP " + response.statusCode() + ": "
                        + errorMessage(text), ms(start), false);
            }
            TurnReader reader = new TurnReader(start, response.headers().firstValue("X-Cascade-Route").orElse(null));
            new SseDecoder(reader::onData).read(body, () -> cancelled || timedOut.get());
            return timedOut.get() ? timeout(start) : reader.result(response.statusCode(), cancelled);
        } catch (ExecutionException | IOException | RuntimeException e) {
            if (timedOut.get() && !cancelled) {
                return timeout(start);
            }
            Throwable cause = e instanceof ExecutionException ? e.getCause() : e;
            return TurnResult.failed(0, cancelled ? "cancelled" : cause.getClass().getSimpleName() + ": "
                    + cause.getMessage(), ms(start), cancelled);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return TurnResult.failed(0, "cancelled", ms(start), true);
        } finally {
            timer.cancel(false);
            inFlight.remove(sending[0]);
            if (body != null) {
                bodies.remove(body);
                closeQuietly(body);
            }
        }
    }

    /**
     * The response's headers; when the pooled connection the request went out on turned out closed before any byte
     * of an answer (llama-server closes after each streamed answer while announcing keep-alive), the request is sent
     * again, at most {@value #MAX_SENDS} times in all: it never reached a live server.
     */
    private HttpResponse<InputStream> awaitResponse(HttpRequest request,
                                                    CompletableFuture<HttpResponse<InputStream>>[] sending,
                                                    AtomicBoolean timedOut) throws ExecutionException, InterruptedException {
        for (int send = 1; ; send++) {
            try {
                return sending[0].get();
            } catch (ExecutionException e) {
                if (send == MAX_SENDS || cancelled || timedOut.get() || !closedBeforeAnswer(e.getCause())) {
                    throw e;
                }
            }
            inFlight.remove(sending[0]);
            sending[0] = http.sendAsync(request, HttpResponse.BodyHandlers.ofInputStream());
            inFlight.add(sending[0]);
        }
    }

    static boolean closedBeforeAnswer(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            String message = String.valueOf(cause.getMessage());
            if (cause.getClass().getSimpleName().equals("ConnectionExpiredException")
                    || message.contains("header parser received no bytes")
                    || cause instanceof java.io.EOFException
                    || message.contains("Connection reset")) {
                return true;
            }
        }
        return false;
    }

    private TurnResult timeout(long start) {
        return TurnResult.failed(0, "timeout after " + requestTimeoutMs + " ms", ms(start), false);
    }

    /** Aborts the turns in flight (they end {@code cancelled}) and refuses new ones. */
    void cancelAll() {
        cancelled = true;
        inFlight.forEach(f -> f.cancel(true));
        bodies.forEach(TurnClient::closeQuietly);
    }

    private static String errorMessage(String body) {
        try {
            JsonNode message = MAPPER.readTree(body).path("error").path("message");
            if (message.isTextual()) {
                return message.asText();
            }
        } catch (IOException ignored) {
            // not JSON: the text itself, shortened below
        }
        return body.length() > 200 ? body.substring(0, 200) : body;
    }

    private static void closeQuietly(InputStream in) {
        try {
            in.close();
        } catch (IOException ignored) {
            // closing to abort: nothing left to do
        }
    }

    static double ms(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e6;
    }

    /** Reads one answer's SSE events into a {@link TurnResult}. */
    private static final class TurnReader {
        private final long start;
        private final StringBuilder answer = new StringBuilder();
        private Double ttftMs;
        /** When the end-of-generation chunk arrived: an empty answer's first token (its prompt was evaluated). */
        private Double finishMs;
        private String route;
        private String endpoint;
        private String affinity;
        private Long promptTokens;
        private Long cachedTokens;
        private long completionTokens;
        private long contentDeltas;
        private String error;
        private boolean done;

        TurnReader(long start, String routeHeader) {
            this.start = start;
            this.route = routeHeader;
        }

        void onData(String data) {
            if ("[DONE]".equals(data.trim())) {
                done = true;
                return;
            }
            JsonNode event;
            try {
                event = MAPPER.readTree(data);
            } catch (IOException e) {
                error = "unreadable event: " + e.getMessage();
                return;
            }
            if (event.has("error")) {
                error = "stream error: " + event.path("error").path("message").asText(event.path("error").toString());
                return;
            }
            String content = event.path("choices").path(0).path("delta").path("content").asText("");
            if (!content.isEmpty()) {
                if (ttftMs == null) {
                    ttftMs = ms(start);
                }
                contentDeltas++;
                answer.append(content);
            }
            if (finishMs == null && event.path("choices").path(0).path("finish_reason").isTextual()) {
                finishMs = ms(start);
            }
            absorbUsage(event.path("usage"));
            absorbTimings(event.path("timings"));
            absorbCascade(event.path("cascade"));
        }

        private void absorbUsage(JsonNode usage) {
            if (!usage.isObject()) {
                return;
            }
            if (usage.path("prompt_tokens").isNumber()) {
                promptTokens = usage.get("prompt_tokens").asLong();
            }
            completionTokens = usage.path("completion_tokens").asLong(completionTokens);
            JsonNode cached = usage.path("prompt_tokens_details").path("cached_tokens");
            if (cached.isNumber()) {
                cachedTokens = cached.asLong();
            }
        }

        /** llama-server's timings: prompt_n is what it evaluated, cache_n what it reused. */
        private void absorbTimings(JsonNode timings) {
            if (!timings.isObject()) {
                return;
            }
            if (timings.path("cache_n").isNumber()) {
                cachedTokens = timings.get("cache_n").asLong();
            }
            if (promptTokens == null && timings.path("prompt_n").isNumber()) {
                promptTokens = timings.get("prompt_n").asLong() + (cachedTokens == null ? 0 : cachedTokens);
            }
        }

        /** The gateway's own account of the answer wins: it names the tier's endpoint and the affinity outcome. */
        private void absorbCascade(JsonNode cascade) {
            if (!cascade.isObject()) {
                return;
            }
            route = cascade.path("route").asText(route);
            endpoint = cascade.path("endpoint").asText(endpoint);
            affinity = cascade.path("prefix_affinity").asText(affinity);
            if (cascade.path("prompt_tokens").isNumber()) {
                promptTokens = cascade.get("prompt_tokens").asLong();
            }
            if (cascade.path("cached_prompt_tokens").isNumber()) {
                cachedTokens = cascade.get("cached_prompt_tokens").asLong();
            }
            completionTokens = cascade.path("completion_tokens").asLong(completionTokens);
        }

        TurnResult result(int status, boolean cancelled) {
            double total = ms(start);
            if (cancelled) {
                return TurnResult.failed(0, "cancelled", total, true);
            }
            String failure = error != null ? error : done ? null : "truncated";
            // An empty answer (end of generation first) still had its prompt evaluated: its TTFT is that first token.
            return new TurnResult(status, failure, ttftMs != null ? ttftMs : finishMs, total, answer.toString(), promptTokens, cachedTokens,
                    completionTokens > 0 ? completionTokens : contentDeltas, route, endpoint, affinity, false);
        }
    }
}
