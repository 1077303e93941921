package com.cascade4arm.standins.hosted;

import com.cascade4arm.standins.http.StandInHttp;
import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Collection;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A real HTTP server that behaves like OpenRouter's chat API ({@code /api/v1/chat/completions} and
 * {@code /v1/chat/completions}): SSE with {@code : OPENROUTER PROCESSING} keep-alives, usage with reasoning tokens,
 * 401 for a wrong key, and scripted faults per request (429 with Retry-After, storms, errors in 200 bodies, SSE error
 * events, slow first byte, dropped connections). Lets Compare run — and be tested — without an OpenRouter key.
 */
public final class HostedApiStandIn implements AutoCloseable {
    public static final int DEFAULT_PORT = 8091;
    /** Handler threads: slow faults hold one each. */
    public static final int DEFAULT_THREADS = 32;

    private final StandInHttp.Running server;
    private final StandInChat chat = new StandInChat();
    private final Queue<Fault> script = new ConcurrentLinkedQueue<>();
    private final AtomicLong chatRequests = new AtomicLong();
    private final AtomicInteger aborted = new AtomicInteger();
    private final List<Long> arrivalNanos = new CopyOnWriteArrayList<>();
    private volatile StandInConfig config;
    private volatile Headers lastHeaders = new Headers();
    private volatile JsonNode lastBody;

    private HostedApiStandIn(InetSocketAddress address, StandInConfig config) {
        this.config = config;
        this.server = StandInHttp.start(address, DEFAULT_THREADS, "hosted-stand-in", this::dispatch);
    }

    /** A stand-in on 127.0.0.1 (port 0 picks a free port). */
    public static HostedApiStandIn start(int port, StandInConfig config) {
        return start(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), config);
    }

    public static HostedApiStandIn start(InetSocketAddress address, StandInConfig config) {
        return new HostedApiStandIn(address, config);
    }

    public int port() {
        return server.port();
    }

    /** The OpenAI-style base URL to configure, e.g. {@code http://127.0.0.1:41234/api/v1} (like OpenRouter's). */
    public String baseUrl() {
        return server.origin() + "/api/v1";
    }

    /** Changes the steady behaviour for later requests. */
    public void config(StandInConfig value) {
        this.config = value;
    }

    public StandInConfig config() {
        return config;
    }

    /** Appends faults: the next chat requests (after any still queued) get them in order, then normal answers. */
    public void enqueue(Fault... faults) {
        script.addAll(List.of(faults));
    }

    public void enqueue(Collection<Fault> faults) {
        script.addAll(faults);
    }

    /** Drops queued faults and forgets the recorded requests. */
    public void reset() {
        script.clear();
        arrivalNanos.clear();
        chatRequests.set(0);
        aborted.set(0);
    }

    /** Faults not used yet. */
    public int pendingFaults() {
        return script.size();
    }

    /** Chat requests that passed authentication. */
    public long chatRequestCount() {
        return chatRequests.get();
    }

    /** {@link System#nanoTime()} at which each authenticated chat request arrived, in order. */
    public List<Long> arrivalNanos() {
        return List.copyOf(arrivalNanos);
    }

    /** Streams cut short because the client went away (a write failed). */
    public int abortedStreams() {
        return aborted.get();
    }

    /** A request header of the latest chat request (e.g. HTTP-Referer), null when absent. */
    public String lastHeader(String name) {
        return lastHeaders.getFirst(name);
    }

    /** Body of the latest chat request. */
    public JsonNode lastBody() {
        return lastBody;
    }

    @Override
    public void close() {
        server.close();
    }

    private void dispatch(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        try {
            switch (path) {
                case "/api/v1/chat/completions", "/v1/chat/completions" -> chat(exchange);
                case "/api/v1/models", "/v1/models" -> StandInHttp.json(exchange, 200, models());
                default -> StandInHttp.json(exchange, 404, OpenRouterBodies.error(404, "Not Found: " + path));
            }
        } catch (StandInChat.DropConnection drop) {
            throw drop; // escapes the handler: the server closes the socket without ending the chunked body
        } catch (IOException e) {
            aborted.incrementAndGet(); // the client went away mid-answer
            exchange.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            exchange.getRequestBody().close();
        }
    }

    private void chat(HttpExchange exchange) throws IOException, InterruptedException {
        if (!"POST".equals(exchange.getRequestMethod())) {
            StandInHttp.json(exchange, 405, OpenRouterBodies.error(405, "Method Not Allowed"));
            return;
        }
        StandInConfig current = config;
        String authorization = exchange.getRequestHeaders().getFirst("Authorization");
        String key = authorization != null && authorization.startsWith("Bearer ") ? authorization.substring(7).trim() : "";
        if (key.isEmpty() || (current.apiKey() != null && !current.apiKey().equals(key))) {
            StandInHttp.json(exchange, 401, OpenRouterBodies.error(401, key.isEmpty() ? "No auth credentials found" : "User not found."));
            return;
        }
        JsonNode request;
        try {
            request = OpenRouterBodies.MAPPER.readTree(exchange.getRequestBody());
        } catch (IOException e) {
            StandInHttp.json(exchange, 400, OpenRouterBodies.error(400, "Invalid JSON body"));
            return;
        }
        arrivalNanos.add(System.nanoTime());
        long sequence = chatRequests.incrementAndGet();
        lastHeaders = copy(exchange.getRequestHeaders());
        lastBody = request;
        Fault fault = script.poll();
        if (fault == null) {
            fault = current.rateLimitEvery() > 0 && sequence % current.rateLimitEvery() == 0
                    ? Fault.rateLimited(current.rateLimitRetryAfter()) : Fault.OK;
        }
        chat.answer(exchange, request, current, fault);
    }

    private static Headers copy(Headers headers) {
        Headers copy = new Headers();
        headers.forEach(copy::put);
        return copy;
    }

    private JsonNode models() {
        var body = OpenRouterBodies.MAPPER.createObjectNode();
        body.putArray("data").addObject().put("id", config.model()).put("name", "Stand-in of " + config.model());
        return body;
    }

}
