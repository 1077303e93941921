package com.cascade4arm.standins.upstream;

import com.cascade4arm.standins.http.StandInHttp;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/** Answers {@code POST /v1/chat/completions} like llama-server, streamed or not, shaped by a {@link ResponderBehaviour}. */
final class ChatCompletionsHandler {

    private static final int DEFAULT_MAX_TOKENS = 16;

    private final Supplier<ResponderBehaviour> behaviour;
    private final AtomicLong ids = new AtomicLong();
    final AtomicLong promptTokensTotal = new AtomicLong();
    final AtomicLong predictedTokensTotal = new AtomicLong();
    /** The body of the latest chat request, for tests that check what a client sent. */
    volatile JsonNode lastRequest;

    ChatCompletionsHandler(Supplier<ResponderBehaviour> behaviour) {
        this.behaviour = behaviour;
    }

    void handle(HttpExchange exchange) throws IOException, InterruptedException {
        long start = System.nanoTime();
        ResponderBehaviour b = behaviour.get();
        JsonNode request;
        try {
            request = CompletionBodies.MAPPER.readTree(exchange.getRequestBody());
            lastRequest = request;
        } catch (IOException e) {
            StandInHttp.json(exchange, 400, CompletionBodies.error("request body is not valid JSON", "invalid_request_error", 400));
            return;
        }
        sleep(b.firstByteDelayMs());
        if (b.status() != 200) {
            if (b.status() == 429) {
                exchange.getResponseHeaders().set("Retry-After", "1");
            }
            if (b.status() == 503) { // what llama-server answers while its model loads
                StandInHttp.json(exchange, 503, CompletionBodies.error("Loading model", "unavailable_error", 503));
                return;
            }
            if (b.errorMessage() != null) {
                StandInHttp.json(exchange, b.status(), CompletionBodies.error(b.errorMessage(), "invalid_request_error",
                        b.status()));
                return;
            }
            StandInHttp.json(exchange, b.status(), CompletionBodies.error("instant responder configured to answer "
                    + b.status(), b.status() == 429 ? "rate_limit_error" : "server_error", b.status()));
            return;
        }
        String prompt = StandInHttp.lastUserContent(request);
        int promptTokens = Math.max(1, prompt.length() / 4);
        int maxTokens = request.path("max_tokens").asInt(request.path("n_predict").asInt(DEFAULT_MAX_TOKENS));
        List<String> chunks = b.contentChunks().subList(0, Math.max(0, Math.min(maxTokens, b.contentChunks().size())));
        String finishReason = chunks.size() < b.contentChunks().size() ? "length" : "stop";
        String route = b.router() == null ? null : b.router().apply(prompt);
        if (route != null) {
            exchange.getResponseHeaders().set("X-Cascade-Route", route);
            exchange.getResponseHeaders().set("X-Cascade-Rule", CompletionBodies.ruleFor(route));
        }
        promptTokensTotal.addAndGet(promptTokens);
        predictedTokensTotal.addAndGet(chunks.size());
        CompletionBodies bodies = new CompletionBodies("chatcmpl-instant-" + ids.incrementAndGet(),
                request.path("model").asText("instant"));
        if (!request.path("stream").asBoolean(false)) {
            sleep(b.contentDelayMs() + b.chunkDelayMs() * chunks.size());
            ObjectNode body = bodies.completion(String.join("", chunks), finishReason, promptTokens, chunks.size());
            CompletionBodies.timings(body, promptTokens, chunks.size(), elapsedMs(start), b.draftCounts());
            if (route != null) {
                CompletionBodies.cascade(body, route);
            }
            StandInHttp.json(exchange, 200, body);
            return;
        }
        boolean includeUsage = request.path("stream_options").path("include_usage").asBoolean(false);
        stream(exchange, b, bodies, chunks, finishReason, promptTokens, includeUsage, route, start);
    }

    private void stream(HttpExchange exchange, ResponderBehaviour b, CompletionBodies bodies, List<String> chunks,
                        String finishReason, int promptTokens, boolean includeUsage, String route, long start)
            throws IOException, InterruptedException {
        StandInHttp.startSse(exchange);
        try (OutputStream out = exchange.getResponseBody()) {
            if (b.commentLines()) {
                StandInHttp.write(out, ": instant responder keep-alive\n\n");
            }
            StandInHttp.event(out, bodies.roleChunk());
            sleep(b.contentDelayMs());
            for (String content : chunks) {
                sleep(b.chunkDelayMs());
                StandInHttp.event(out, bodies.contentChunk(content));
                if (b.streamError()) {
                    StandInHttp.event(out, CompletionBodies.error("instant responder failed mid-stream", "server_error", 500));
                    return;
                }
            }
            if (b.truncate()) {
                return;
            }
            ObjectNode finish = bodies.finishChunk(finishReason);
            ObjectNode last = includeUsage ? bodies.usageChunk(promptTokens, chunks.size()) : finish;
            CompletionBodies.timings(last, promptTokens, chunks.size(), elapsedMs(start), b.draftCounts());
            if (route != null) {
                CompletionBodies.cascade(last, route);
            }
            StandInHttp.event(out, finish);
            if (includeUsage) {
                StandInHttp.event(out, last);
            }
            StandInHttp.write(out, "data: [DONE]\n\n");
        }
    }

    private static double elapsedMs(long start) {
        return (System.nanoTime() - start) / 1_000_000.0;
    }

    private static void sleep(long ms) throws InterruptedException {
        if (ms > 0) {
            Thread.sleep(ms);
        }
    }
}
