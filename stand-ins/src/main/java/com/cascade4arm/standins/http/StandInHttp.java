package com.cascade4arm.standins.http;

import com.cascade4arm.openai.Sse;
import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/** What the stand-in servers (llama-server's and OpenRouter's) share: a JDK HTTP server, whole JSON answers, SSE events. */
public final class StandInHttp {
    private static final int BACKLOG = 256;

    static {
        // Without TCP_NODELAY, small SSE chunks meet delayed ACKs and stall ~40 ms; must be set before the first server.
        if (System.getProperty("sun.net.httpserver.nodelay") == null) {
            System.setProperty("sun.net.httpserver.nodelay", "true");
        }
    }

    private StandInHttp() {
    }

    /** A started server on {@code address} whose {@code threads} daemon handler threads are named after {@code name}. */
    public static Running start(InetSocketAddress address, int threads, String name, HttpHandler handler) {
        AtomicInteger count = new AtomicInteger();
        ExecutorService executor = Executors.newFixedThreadPool(threads, r -> {
            Thread thread = new Thread(r, name + "-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        try {
            HttpServer server = HttpServer.create(address, BACKLOG);
            server.createContext("/", handler);
            server.setExecutor(executor);
            server.start();
            return new Running(server, executor);
        } catch (IOException e) {
            executor.shutdownNow();
            throw new UncheckedIOException("cannot listen on " + address, e);
        }
    }

    /** A running stand-in server and its handler threads. */
    public record Running(HttpServer server, ExecutorService executor) implements AutoCloseable {
        public int port() {
            return server.getAddress().getPort();
        }

        /** {@code http://127.0.0.1:PORT} (no trailing slash). */
        public String origin() {
            return "http://" + server.getAddress().getAddress().getHostAddress() + ":" + port();
        }

        @Override
        public void close() {
            server.stop(0);
            executor.shutdownNow();
        }
    }

    /** A whole answer with a Content-Length, so the connection stays alive. */
    public static void send(HttpExchange exchange, int status, String contentType, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", contentType);
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    public static void json(HttpExchange exchange, int status, JsonNode body) throws IOException {
        send(exchange, status, "application/json", body.toString());
    }

    /** Starts an event stream (status 200, chunked). */
    public static void startSse(HttpExchange exchange) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", "text/event-stream");
        exchange.getResponseHeaders().set("Cache-Control", "no-cache");
        exchange.sendResponseHeaders(200, 0);
    }

    /** One SSE event, flushed at once (each is a token on its way). */
    public static void event(OutputStream out, JsonNode json) throws IOException {
        write(out, Sse.event(json.toString()));
    }

    public static void write(OutputStream out, String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    /** The content of the request's last user message (what a stand-in answers to), empty when there is none. */
    public static String lastUserContent(JsonNode request) {
        String content = "";
        for (JsonNode message : request.path("messages")) {
            if ("user".equals(message.path("role").asText())) {
                content = message.path("content").asText("");
            }
        }
        return content;
    }
}
