package com.cascade4arm.routes.warmup;

import com.cascade4arm.openai.Sse;
import com.cascade4arm.routes.serving.http.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;

import java.io.IOException;
import java.net.URI;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The warm-up gateway's only upstream: answers {@code /health} and chat completions at once, in llama-server's shapes
 * (streamed chunks, usage, timings with draft counts), so the warm-up exercises the gateway's code and not a model.
 */
final class WarmupUpstream implements AutoCloseable {
    /** Words of every answer, one SSE chunk each (fewer when max_tokens is smaller). */
    private static final String[] ANSWER = {"Warm", "-up", " answer", " from", " the", " gateway", "."};
    private static final long START_TIMEOUT_S = 10;

    private final HttpServer server;
    private final AtomicLong chatRequests = new AtomicLong();

    private WarmupUpstream(HttpServer server) {
        this.server = server;
    }

    /** Listens on a free loopback port of {@code vertx}. */
    static WarmupUpstream start(Vertx vertx) {
        HttpServer server = vertx.createHttpServer();
        WarmupUpstream upstream = new WarmupUpstream(server);
        server.requestHandler(upstream::handle);
        try {
            server.listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get(START_TIMEOUT_S, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("warm-up upstream did not start", e);
        }
        return upstream;
    }

    URI baseUrl() {
        return URI.create("http://127.0.0.1:" + server.actualPort());
    }

    /** Chat completions answered so far. */
    long chatRequests() {
        return chatRequests.get();
    }

    private void handle(HttpServerRequest request) {
        if (request.path().equals("/health")) {
            request.response().putHeader("Content-Type", "application/json").end("{\"status\":\"ok\"}");
        } else if (request.path().equals("/v1/chat/completions")) {
            request.body().onSuccess(body -> answer(request.response(), body));
        } else {
            request.response().setStatusCode(404).end();
        }
    }

    private void answer(HttpServerResponse response, Buffer body) {
        JsonNode chat;
        try {
            chat = Json.MAPPER.readTree(body.getBytes());
        } catch (IOException e) {
            response.setStatusCode(400).end();
            return;
        }
        chatRequests.incrementAndGet();
        int tokens = Math.min(ANSWER.length, Math.max(1, chat.path("max_tokens").asInt(ANSWER.length)));
        String finish = tokens == ANSWER.length ? "stop" : "length";
        if (!chat.path("stream").asBoolean(false)) {
            ObjectNode completion = Json.MAPPER.createObjectNode().put("object", "chat.completion").put("model", "warmup");
            ObjectNode choice = completion.putArray("choices").addObject().put("index", 0).put("finish_reason", finish);
            choice.putObject("message").put("role", "assistant").put("content", String.join("", Arrays.copyOf(ANSWER, tokens)));
            usageAndTimings(completion, tokens);
            response.putHeader("Content-Type", "application/json").end(completion.toString());
            return;
        }
        response.setChunked(true).putHeader("Content-Type", "text/event-stream");
        ObjectNode role = chunk();
        role.putArray("choices").addObject().put("index", 0).putNull("finish_reason").putObject("delta")
                .put("role", "assistant").putNull("content");
        send(response, role);
        for (int i = 0; i < tokens; i++) {
            ObjectNode content = chunk();
            content.putArray("choices").addObject().put("index", 0).putNull("finish_reason").putObject("delta")
                    .put("content", ANSWER[i]);
            send(response, content);
        }
        ObjectNode last = chunk();
        last.putArray("choices").addObject().put("index", 0).put("finish_reason", finish).putObject("delta");
        usageAndTimings(last, tokens);
        send(response, last);
        response.end(Sse.DONE_EVENT);
    }

    private static ObjectNode chunk() {
        return Json.MAPPER.createObjectNode().put("object", "chat.completion.chunk").put("model", "warmup");
    }

    private static void send(HttpServerResponse response, ObjectNode chunk) {
        response.write(Sse.event(chunk.toString()));
    }

    /** As llama-server reports them; draft counts so the speculative-decoding fields are read too. */
    private static void usageAndTimings(ObjectNode body, int tokens) {
        body.putObject("usage").put("prompt_tokens", 12).put("completion_tokens", tokens).put("total_tokens", 12 + tokens);
        body.putObject("timings").put("prompt_n", 12).put("prompt_ms", 1.0).put("predicted_n", tokens)
                .put("predicted_ms", tokens * 1.0).put("predicted_per_second", 1000.0).put("draft_n", tokens)
                .put("draft_n_accepted", tokens - 1);
    }

    @Override
    public void close() {
        server.close();
    }
}
