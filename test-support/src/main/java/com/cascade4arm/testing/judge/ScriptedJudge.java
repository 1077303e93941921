package com.cascade4arm.testing.judge;

import com.cascade4arm.openai.OpenAiJson;
import com.cascade4arm.standins.http.StandInHttp;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A real HTTP server playing an answer judge behind an OpenAI-compatible {@code /v1/chat/completions}: it reads the
 * two answers of the benchmark's judge prompt ({@code [Answer A]} … {@code [Answer B]} …) and replies per
 * {@link Script} — always "A" (pure position bias), the longer answer, a 429 with Retry-After first, or garbage.
 */
public final class ScriptedJudge implements AutoCloseable {

    /** How the judge answers. */
    public enum Script {
        /** Always "A", whatever the answers: both-orders judging must turn this into ties. */
        ALWAYS_A,
        /** The longer answer ("TIE" when equally long). */
        PREFERS_LONGER,
        /** One 429 with {@code Retry-After: 1} on the first request after the script is set, then as PREFERS_LONGER. */
        RATE_LIMITED_ONCE,
        /** A sentence that is no verdict. */
        GARBAGE
    }

    public static final String GARBAGE_REPLY = "Both answers have their merits, really.";
    public static final String RETRY_AFTER_SECONDS = "1";

    private final StandInHttp.Running server;
    private final List<Request> requests = new CopyOnWriteArrayList<>();
    private final AtomicBoolean rateLimitDue = new AtomicBoolean();
    private volatile Script script = Script.PREFERS_LONGER;
    private volatile String lastAuthorization;

    private ScriptedJudge() {
        server = StandInHttp.start(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 4, "scripted-judge",
                this::handle);
    }

    /** A judge on a free loopback port. */
    public static ScriptedJudge start() {
        return new ScriptedJudge();
    }

    /** The OpenAI-style base URL to configure ({@code http://127.0.0.1:PORT/v1}). */
    public String baseUrl() {
        return server.origin() + "/v1";
    }

    /** Switches the script and forgets what was recorded. */
    public void script(Script value) {
        requests.clear();
        rateLimitDue.set(value == Script.RATE_LIMITED_ONCE);
        script = value;
    }

    /** One chat request: its user message, arrival (System.nanoTime) and the status it was answered with. */
    public record Request(String prompt, long arrivalNanos, int status) {
    }

    /** The chat requests answered since the script was set, in the order they arrived. */
    public List<Request> requests() {
        return requests.stream().sorted(Comparator.comparingLong(Request::arrivalNanos)).toList();
    }

    public String lastAuthorization() {
        return lastAuthorization;
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            if (!"POST".equals(exchange.getRequestMethod()) || !exchange.getRequestURI().getPath().endsWith("/chat/completions")) {
                answer(exchange, 404, error("no such endpoint", "not_found"));
                return;
            }
            long arrival = System.nanoTime();
            lastAuthorization = exchange.getRequestHeaders().getFirst("Authorization");
            String prompt = StandInHttp.lastUserContent(OpenAiJson.MAPPER.readTree(exchange.getRequestBody()));
            if (rateLimitDue.compareAndSet(true, false)) {
                requests.add(new Request(prompt, arrival, 429));
                exchange.getResponseHeaders().set("Retry-After", RETRY_AFTER_SECONDS);
                answer(exchange, 429, error("rate limited: retry after " + RETRY_AFTER_SECONDS + " s", "rate_limit_error"));
                return;
            }
            requests.add(new Request(prompt, arrival, 200));
            answer(exchange, 200, completion(reply(prompt)));
        }
    }

    private String reply(String prompt) {
        return switch (script) {
            case ALWAYS_A -> "A";
            case GARBAGE -> GARBAGE_REPLY;
            case PREFERS_LONGER, RATE_LIMITED_ONCE -> longer(between(prompt, "[Answer A]\n", "\n\n[Answer B]"),
                    between(prompt, "[Answer B]\n", "\n\nVerdict"));
        };
    }

    private static String longer(String a, String b) {
        return a.length() > b.length() ? "A" : b.length() > a.length() ? "B" : "TIE";
    }

    private static String between(String text, String from, String to) {
        int start = text.indexOf(from);
        int end = start < 0 ? -1 : text.indexOf(to, start + from.length());
        return end < 0 ? "" : text.substring(start + from.length(), end);
    }

    private static void answer(HttpExchange exchange, int status, JsonNode body) throws IOException {
        StandInHttp.json(exchange, status, body);
    }

    private static JsonNode completion(String content) {
        ObjectNode body = OpenAiJson.MAPPER.createObjectNode().put("id", "judge-1").put("object", "chat.completion")
                .put("model", "scripted-judge");
        body.putArray("choices").addObject().put("index", 0).put("finish_reason", "stop").putObject("message")
                .put("role", "assistant").put("content", content);
        return body;
    }

    private static JsonNode error(String message, String type) {
        ObjectNode body = OpenAiJson.MAPPER.createObjectNode();
        body.putObject("error").put("message", message).put("type", type);
        return body;
    }

    @Override
    public void close() {
        server.close();
    }
}
