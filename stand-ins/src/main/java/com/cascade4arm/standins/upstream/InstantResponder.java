package com.cascade4arm.standins.upstream;

import com.cascade4arm.standins.http.StandInHttp;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A minimal, real llama-server stand-in that answers at once (like llama-swap's simple-responder): chat completions
 * streamed or not, {@code /health}, {@code /v1/models}, {@code /metrics}. Used to measure the gateway's own overhead
 * and to test clients; {@link ResponderBehaviour} adds delays, failures and routing info on demand.
 */
public final class InstantResponder implements AutoCloseable {

    /** Handler threads: enough for concurrency 32 with per-chunk delays, plus keep-alive slack. */
    public static final int DEFAULT_THREADS = 64;
    public static final int DEFAULT_PORT = 8089;
    public static final String MODEL_ID = "instant";

    private final StandInHttp.Running server;
    private final ChatCompletionsHandler chat;
    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong chatRequests = new AtomicLong();
    private final AtomicInteger inFlight = new AtomicInteger();
    private volatile ResponderBehaviour behaviour;
    private volatile String lastAuthorization;

    private InstantResponder(InetSocketAddress address, ResponderBehaviour behaviour, int threads) {
        this.behaviour = behaviour;
        this.chat = new ChatCompletionsHandler(() -> this.behaviour);
        this.server = StandInHttp.start(address, threads, "instant-responder", this::dispatch);
    }

    /** An instant responder on 127.0.0.1 (port 0 picks a free port). */
    public static InstantResponder start(int port) {
        return start(port, ResponderBehaviour.INSTANT);
    }

    public static InstantResponder start(int port, ResponderBehaviour behaviour) {
        return start(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), behaviour, DEFAULT_THREADS);
    }

    public static InstantResponder start(InetSocketAddress address, ResponderBehaviour behaviour, int threads) {
        return new InstantResponder(address, behaviour, threads);
    }

    public int port() {
        return server.port();
    }

    /** e.g. {@code http://127.0.0.1:41234} (no trailing slash, no /v1). */
    public String baseUrl() {
        return server.origin();
    }

    /** Changes how later requests are answered. */
    public void behaviour(ResponderBehaviour value) {
        this.behaviour = value;
    }

    /** All requests received, any path. */
    public long requestCount() {
        return requests.get();
    }

    /** Chat completion requests received. */
    public long chatRequestCount() {
        return chatRequests.get();
    }

    /** The Authorization header of the latest chat request (null when it had none). */
    public String lastAuthorization() {
        return lastAuthorization;
    }

    /** The JSON body of the latest chat request (null before the first). */
    public JsonNode lastChatRequest() {
        return chat.lastRequest;
    }

    @Override
    public void close() {
        server.close();
    }

    private void dispatch(HttpExchange exchange) throws IOException {
        requests.incrementAndGet();
        inFlight.incrementAndGet();
        try (exchange) {
            String path = exchange.getRequestURI().getPath();
            String method = exchange.getRequestMethod();
            switch (path) {
                case "/v1/chat/completions", "/chat/completions" -> {
                    if (requireMethod(exchange, method, "POST")) {
                        chatRequests.incrementAndGet();
                        lastAuthorization = exchange.getRequestHeaders().getFirst("Authorization");
                        chat.handle(exchange);
                    }
                }
                case "/health" -> StandInHttp.send(exchange, 200, "application/json", "{\"status\":\"ok\"}");
                case "/v1/models", "/models" -> StandInHttp.json(exchange, 200, models());
                case "/metrics" -> StandInHttp.send(exchange, 200, "text/plain; version=0.0.4", metrics());
                default -> StandInHttp.json(exchange, 404,
                        CompletionBodies.error("no route for " + method + " " + path, "not_found_error", 404));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            // the client went away mid-response: nothing to answer
        } finally {
            inFlight.decrementAndGet();
        }
    }

    private static boolean requireMethod(HttpExchange exchange, String method, String expected) throws IOException {
        if (expected.equals(method)) {
            return true;
        }
        exchange.getResponseHeaders().set("Allow", expected);
        StandInHttp.json(exchange, 405, CompletionBodies.error(method + " is not allowed here; use " + expected,
                "invalid_request_error", 405));
        return false;
    }

    private static ObjectNode models() {
        ObjectNode body = CompletionBodies.MAPPER.createObjectNode().put("object", "list");
        body.putArray("data").addObject().put("id", MODEL_ID).put("object", "model")
                .put("created", System.currentTimeMillis() / 1000).put("owned_by", "cascade4arm");
        return body;
    }

    private String metrics() {
        return "# HELP llamacpp:prompt_tokens_total Number of prompt tokens processed.\n"
                + "# TYPE llamacpp:prompt_tokens_total counter\n"
                + "llamacpp:prompt_tokens_total " + chat.promptTokensTotal.get() + "\n"
                + "# HELP llamacpp:tokens_predicted_total Number of generation tokens processed.\n"
                + "# TYPE llamacpp:tokens_predicted_total counter\n"
                + "llamacpp:tokens_predicted_total " + chat.predictedTokensTotal.get() + "\n"
                + "# HELP llamacpp:requests_processing Number of requests processing.\n"
                + "# TYPE llamacpp:requests_processing gauge\n"
                + "llamacpp:requests_processing " + inFlight.get() + "\n"
                + "# HELP instant_requests_total Requests received on any path.\n"
                + "# TYPE instant_requests_total counter\n"
                + "instant_requests_total " + requests.get() + "\n";
    }

    /** {@code InstantResponder [port] [--host H] [--threads N] [--first-byte-delay-ms N] [--content-delay-ms N]
     * [--chunk-delay-ms N] [--status N]}: serves until killed. */
    public static void main(String[] args) throws InterruptedException {
        ResponderMain.run(args);
    }
}
