package com.cascade4arm.routes.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real HTTP server answering {@code /v1/completions} as llama-server does ({@code text_completion}, streamed with the
 * usage on the finish chunk, or whole), a plain (not streamed) {@code /v1/chat/completions}, and {@code /health};
 * {@link #failWith} makes its completions fail (health stays ok: the failure is the call's, not the check's);
 * {@link #healthDelayMs} holds the health answer back (a first health check still pending).
 */
public final class CompletionsUpstream implements AutoCloseable {
    public static final String TEXT = "Once upon a time";

    private final HttpServer server;
    private final String name;
    private final AtomicInteger completions = new AtomicInteger();
    private final AtomicInteger chats = new AtomicInteger();
    private volatile int status = 200;
    private volatile long healthDelayMs;

    private CompletionsUpstream(String name) {
        this.name = name;
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 64);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/", this::dispatch);
        server.start();
    }

    /** Started; {@code name} goes into its answers' model field, so a test sees which upstream answered. */
    public static CompletionsUpstream start(String name) {
        return new CompletionsUpstream(name);
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** Completion requests received. */
    public int completions() {
        return completions.get();
    }

    /** Chat completion requests received. */
    public int chats() {
        return chats.get();
    }

    /** Completions are answered with this status (200: normally) from now on. */
    public void failWith(int value) {
        status = value;
    }

    /** /health answers after this many ms from now on. */
    public void healthDelayMs(long value) {
        healthDelayMs = value;
    }

    @Override
    public void close() {
        server.stop(0);
    }

    private void dispatch(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getPath();
            if (path.equals("/health")) {
                sleep(healthDelayMs);
                send(exchange, 200, "application/json", "{\"status\":\"ok\"}");
            } else if (path.equals("/v1/completions")) {
                completions.incrementAndGet();
                String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
                if (status != 200) {
                    send(exchange, status, "application/json", "{\"error\":{\"code\":" + status
                            + ",\"message\":\"stand-in failure\",\"type\":\"server_error\"}}");
                } else if (body.contains("\"stream\":true")) {
                    stream(exchange);
                } else {
                    send(exchange, 200, "application/json", "{\"id\":\"cmpl-1\",\"object\":\"text_completion\","
                            + "\"model\":\"" + name + "\",\"choices\":[{\"index\":0,\"text\":\"" + TEXT
                            + "\",\"finish_reason\":\"stop\"}],\"usage\":{\"prompt_tokens\":3,\"completion_tokens\":4,"
                            + "\"total_tokens\":7}}");
                }
            } else if (path.equals("/v1/chat/completions")) {
                chats.incrementAndGet();
                exchange.getRequestBody().readAllBytes();
                send(exchange, 200, "application/json", "{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\","
                        + "\"model\":\"" + name + "\",\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\","
                        + "\"content\":\"" + TEXT + "\"},\"finish_reason\":\"stop\"}],\"usage\":{\"prompt_tokens\":3,"
                        + "\"completion_tokens\":4,\"total_tokens\":7}}");
            } else {
                send(exchange, 404, "application/json", "{\"error\":{\"code\":404,\"message\":\"not found\"}}");
            }
        }
    }

    private void stream(HttpExchange exchange) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", "text/event-stream");
        exchange.sendResponseHeaders(200, 0);
        OutputStream out = exchange.getResponseBody();
        String[] words = TEXT.split("(?= )");
        for (int i = 0; i < words.length; i++) {
            boolean last = i == words.length - 1;
            String chunk = "{\"id\":\"cmpl-1\",\"object\":\"text_completion\",\"model\":\"" + name + "\",\"choices\":"
                    + "[{\"index\":0,\"text\":\"" + words[i] + "\",\"finish_reason\":" + (last ? "\"stop\"" : "null")
                    + "}]" + (last ? ",\"usage\":{\"prompt_tokens\":3,\"completion_tokens\":4,\"total_tokens\":7}" : "")
                    + "}";
            out.write(("data: " + chunk + "\n\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
        }
        out.write("data: [DONE]\n\n".getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    private static void send(HttpExchange exchange, int status, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
    }

    private static void sleep(long ms) {
        if (ms <= 0) {
            return;
        }
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
