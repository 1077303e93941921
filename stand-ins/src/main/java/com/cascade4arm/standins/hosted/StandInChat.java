package com.cascade4arm.standins.hosted;

import com.cascade4arm.standins.http.StandInHttp;
import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;

import java.io.IOException;
import java.io.OutputStream;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/** Answers one chat completion the way OpenRouter does — or fails the way the scripted {@link Fault} says. */
final class StandInChat {
    static final String KEEP_ALIVE = ": OPENROUTER PROCESSING\n\n";

    private final AtomicLong ids = new AtomicLong();

    /** Thrown to make the HTTP server drop the connection without ending the chunked body. */
    static final class DropConnection extends RuntimeException {
        DropConnection() {
            super("stand-in drops the connection mid-stream", null, false, false);
        }
    }

    void answer(HttpExchange exchange, JsonNode request, StandInConfig config, Fault fault)
            throws IOException, InterruptedException {
        switch (fault.kind()) {
            case RATE_LIMITED -> {
                if (fault.retryAfter() != null) {
                    exchange.getResponseHeaders().set("Retry-After", Fault.retryAfterHeader(fault.retryAfter(), Instant.now()));
                }
                // X-RateLimit-Reset goes only into the body's error.metadata.headers, where OpenRouter reports it.
                StandInHttp.json(exchange, 429, OpenRouterBodies.rateLimitError(fault.rateLimitResetEpochMs()));
                return;
            }
            case UNAVAILABLE -> {
                if (fault.retryAfter() != null) {
                    exchange.getResponseHeaders().set("Retry-After", Fault.retryAfterHeader(fault.retryAfter(), Instant.now()));
                }
                StandInHttp.json(exchange, 503, OpenRouterBodies.error(503, "Provider is overloaded"));
                return;
            }
            case SERVER_ERROR -> {
                StandInHttp.json(exchange, 500, OpenRouterBodies.error(500, "Internal Server Error"));
                return;
            }
            case ERROR_IN_200 -> {
                StandInHttp.json(exchange, 200, OpenRouterBodies.error(502, "Provider returned error"));
                return;
            }
            case SLOW_FIRST_BYTE -> Thread.sleep(fault.delayMs());
            default -> {
            }
        }
        String prompt = StandInHttp.lastUserContent(request);
        int promptTokens = Math.max(1, prompt.length() / 4);
        int maxTokens = request.path("max_tokens").asInt(Integer.MAX_VALUE);
        List<String> content = config.contentChunks().subList(0, Math.min(maxTokens, config.contentChunks().size()));
        OpenRouterBodies bodies = new OpenRouterBodies("gen-standin-" + ids.incrementAndGet(),
                request.path("model").asText(config.model()));
        List<String> reasoning = reasoning(request.get("reasoning"), config);
        if (!request.path("stream").asBoolean(false)) {
            Thread.sleep(config.chunkDelayMs() * (content.size() + reasoning.size()));
            StandInHttp.json(exchange, 200, bodies.completion(String.join("", content),
                    String.join("", reasoning), promptTokens, content.size(), reasoning.size()));
            return;
        }
        stream(exchange, config, fault, bodies, content, reasoning, promptTokens);
    }

    /**
     * The reasoning deltas for a request, honouring OpenRouter's {@code reasoning} object: absent → the configured
     * reasoning; {@code "enabled": false} or effort "none" → none; effort medium (or reasoning on without an effort,
     * OpenRouter's default) → the configured reasoning (none configured: none, like a model that does not reason); low → its first half; high → it twice;
     * {@code max_tokens} N → at most N tokens of the high-effort reasoning.
     */
    static List<String> reasoning(JsonNode asked, StandInConfig config) {
        if (asked == null || asked.isNull() || !asked.isObject()) {
            return config.reasoningChunks();
        }
        List<String> base = config.reasoningChunks(); // none configured: a model that does not reason ignores the request
        String effort = asked.path("effort").asText("");
        if (!asked.path("enabled").asBoolean(true) || effort.equals("none")) {
            return List.of();
        }
        List<String> twice = new java.util.ArrayList<>(base);
        twice.addAll(base);
        if (asked.path("max_tokens").isIntegralNumber()) {
            return List.copyOf(twice.subList(0, Math.max(0, Math.min(twice.size(), asked.get("max_tokens").asInt()))));
        }
        return switch (effort) {
            case "low" -> List.copyOf(base.subList(0, (base.size() + 1) / 2));
            case "high" -> List.copyOf(twice);
            default -> base;
        };
    }

    private static void stream(HttpExchange exchange, StandInConfig config, Fault fault, OpenRouterBodies bodies,
                               List<String> content, List<String> reasoningChunks, int promptTokens)
            throws IOException, InterruptedException {
        StandInHttp.startSse(exchange);
        OutputStream out = exchange.getResponseBody();
        for (int i = 0; i < config.keepAlives(); i++) {
            StandInHttp.write(out, KEEP_ALIVE);
        }
        StandInHttp.event(out, bodies.roleChunk());
        for (String reasoning : reasoningChunks) {
            Thread.sleep(config.chunkDelayMs());
            StandInHttp.event(out, bodies.reasoningChunk(reasoning));
        }
        boolean cuts = fault.kind() == Fault.Kind.SSE_ERROR || fault.kind() == Fault.Kind.DROP_MID_STREAM;
        int cutAt = Math.min(fault.afterTokens(), content.size());
        for (int i = 0; i <= content.size(); i++) {
            if (cuts && i == cutAt) {
                if (fault.kind() == Fault.Kind.DROP_MID_STREAM) {
                    throw new DropConnection();
                }
                StandInHttp.event(out, bodies.errorChunk("Provider disconnected unexpectedly"));
                out.close(); // OpenRouter ends the stream after an error event, without [DONE]
                return;
            }
            if (i < content.size()) {
                Thread.sleep(config.chunkDelayMs());
                StandInHttp.event(out, bodies.contentChunk(content.get(i)));
            }
        }
        StandInHttp.event(out, bodies.finishChunk());
        StandInHttp.event(out, bodies.usageChunk(promptTokens, content.size(), reasoningChunks.size()));
        StandInHttp.write(out, "data: [DONE]\n\n");
        out.close();
    }
}
