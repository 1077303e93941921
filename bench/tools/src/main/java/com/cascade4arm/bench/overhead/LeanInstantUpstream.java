package com.cascade4arm.bench.overhead;

import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * An instant upstream cheap enough to leave the load generator's CPU to the load generator: the events
 * {@code InstantResponder} streams (a role chunk, six content chunks, the finish chunk, the usage chunk when asked for,
 * {@code [DONE]}), encoded once at start and written as separate chunks on one Vert.x event loop, with no JSON parsing
 * of the request. On a 2-CPU machine {@code InstantResponder} (the JDK's HTTP server, a write per event) costs more CPU
 * per request than the load generator; {@link ThroughputBench} needs both on one CPU at 4,000 requests a second.
 * Usage: {@code LeanInstantUpstream PORT}.
 */
public final class LeanInstantUpstream {
    private static final String[] CONTENT = {"Instant", " reply", " from", " the", " responder", "."};
    private static final Buffer HEALTH = Buffer.buffer("{\"status\":\"ok\"}");
    private static final Buffer MODELS = Buffer.buffer(
            "{\"object\":\"list\",\"data\":[{\"id\":\"instant\",\"object\":\"model\",\"owned_by\":\"cascade4arm\"}]}");
    private static final Buffer DONE = Buffer.buffer("data: [DONE]\n\n");

    private final List<Buffer> events = new ArrayList<>();
    private final Buffer usageEvent;
    private final Buffer completion;

    private LeanInstantUpstream(long created) {
        String head = "{\"id\":\"chatcmpl-instant\",\"object\":\"chat.completion.chunk\",\"created\":" + created
                + ",\"model\":\"instant\",\"choices\":[";
        events.add(event(head + "{\"index\":0,\"finish_reason\":null,\"delta\":{\"role\":\"assistant\",\"content\":null}}]}"));
        for (String content : CONTENT) {
            events.add(event(head + "{\"index\":0,\"finish_reason\":null,\"delta\":{\"content\":\"" + content + "\"}}]}"));
        }
        events.add(event(head + "{\"index\":0,\"finish_reason\":\"stop\",\"delta\":{}}]}"));
        String usage = "\"usage\":{\"prompt_tokens\":2,\"completion_tokens\":6,\"total_tokens\":8},\"timings\":{"
                + "\"prompt_n\":2,\"prompt_ms\":0.0,\"predicted_n\":6,\"predicted_ms\":0.1,\"predicted_per_second\":60000.0}";
        usageEvent = event(head + "]," + usage + "}");
        completion = Buffer.buffer("{\"id\":\"chatcmpl-instant\",\"object\":\"chat.completion\",\"created\":" + created
                + ",\"model\":\"instant\",\"choices\":[{\"index\":0,\"finish_reason\":\"stop\",\"message\":{\"role\":"
                + "\"assistant\",\"content\":\"" + String.join("", CONTENT) + "\"}}]," + usage + "}");
    }

    private static Buffer event(String json) {
        return Buffer.buffer("data: " + json + "\n\n", StandardCharsets.UTF_8.name());
    }

    public static void main(String[] args) {
        if (args.length != 1) {
            System.err.println("usage: LeanInstantUpstream PORT");
            System.exit(2);
        }
        LeanInstantUpstream upstream = new LeanInstantUpstream(System.currentTimeMillis() / 1000);
        Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(1).setWorkerPoolSize(1));
        vertx.createHttpServer(new HttpServerOptions().setTcpNoDelay(true))
                .requestHandler(upstream::answer)
                .listen(Integer.parseInt(args[0]))
                .onSuccess(server -> System.out.println("lean instant upstream on port " + server.actualPort()))
                .onFailure(e -> {
                    System.err.println("cannot listen on " + args[0] + ": " + e.getMessage());
                    vertx.close();
                });
    }

    private void answer(HttpServerRequest request) {
        HttpServerResponse response = request.response();
        switch (request.path()) {
            case "/v1/chat/completions", "/chat/completions" -> request.body().onSuccess(body -> chat(body, response));
            case "/health" -> response.putHeader("Content-Type", "application/json").end(HEALTH);
            case "/v1/models", "/models" -> response.putHeader("Content-Type", "application/json").end(MODELS);
            case "/metrics" -> response.putHeader("Content-Type", "text/plain; version=0.0.4")
                    .end("llamacpp:requests_processing 0\n");
            default -> response.setStatusCode(404).end();
        }
    }

    private void chat(Buffer body, HttpServerResponse response) {
        // A substring test, not a parse: the request's JSON is compact (the gateway's and the bench's Jackson).
        String text = body.toString(StandardCharsets.UTF_8);
        if (!text.contains("\"stream\":true")) {
            response.putHeader("Content-Type", "application/json").end(completion);
            return;
        }
        response.setChunked(true).putHeader("Content-Type", "text/event-stream").putHeader("Cache-Control", "no-cache");
        events.forEach(response::write);
        if (text.contains("\"include_usage\":true")) {
            response.write(usageEvent);
        }
        response.end(DONE);
    }
}
