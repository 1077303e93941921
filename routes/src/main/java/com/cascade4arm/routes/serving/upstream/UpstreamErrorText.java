package com.cascade4arm.routes.serving.upstream;

import com.cascade4arm.routes.serving.http.Json;
import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.nio.channels.ClosedChannelException;
import java.util.Locale;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;

/**
 * What a client may read about an upstream failure: the status and a short reason, never the upstream's internal
 * addresses, Java exception names or an HTML error page (a hosted API's or a proxy's). The full detail is logged.
 */
public final class UpstreamErrorText {
    /** Longest reason quoted from an upstream's error body, characters. */
    static final int MAX_REASON_CHARS = 160;
    private static final Pattern URL = Pattern.compile("\\b[a-zA-Z][a-zA-Z0-9+.-]*://[^\\s\"'<>]+");
    private static final Pattern ADDRESS = Pattern.compile(
            "/?\\b(?:\\d{1,3}\\.){3}\\d{1,3}(?::\\d{1,5})?\\b|\\[[0-9a-fA-F:.]+\\](?::\\d{1,5})?|\\blocalhost(?::\\d{1,5})?\\b");
    /** {@code java.net.ConnectException}, {@code io.netty...AnnotatedConnectException:} and bare {@code FooException:}. */
    private static final Pattern EXCEPTION = Pattern.compile(
            "\\b(?:[a-z_$][\\w$]*\\.)*[A-Z][\\w$]*(?:Exception|Error)\\b:?\\s*");

    private UpstreamErrorText() {
    }

    /**
     * A short reason from an upstream error body: the JSON error's message (OpenAI and llama-server shapes), else the
     * first line of plain text; empty for HTML or nothing readable. Addresses, URLs and exception names are removed.
     */
    public static String reason(String body) {
        if (body == null || body.isBlank()) {
            return "";
        }
        String text = body.strip();
        if (text.startsWith("<") || text.toLowerCase(Locale.ROOT).contains("<html")) {
            return ""; // an error page: nothing in it is meant for an API client
        }
        if (text.startsWith("{")) {
            text = jsonMessage(text);
        } else {
            int line = text.indexOf('\n');
            text = line < 0 ? text : text.substring(0, line);
        }
        return scrub(text);
    }

    /** {@code text} without URLs, IP addresses with ports, {@code localhost:port} and Java exception class names. */
    public static String scrub(String text) {
        if (text == null) {
            return "";
        }
        String clean = URL.matcher(text).replaceAll("<url>");
        clean = ADDRESS.matcher(clean).replaceAll("<address>");
        clean = EXCEPTION.matcher(clean).replaceAll("");
        clean = clean.replaceAll("[\\p{Cntrl}]", " ").replaceAll("\\s+", " ").strip();
        return clean.length() > MAX_REASON_CHARS ? clean.substring(0, MAX_REASON_CHARS - 3) + "..." : clean;
    }

    /** {@code text} with URLs and addresses replaced, nothing else changed (no cut, spacing kept). */
    public static String scrubAddresses(String text) {
        return ADDRESS.matcher(URL.matcher(text).replaceAll("<url>")).replaceAll("<address>");
    }

    /** A failed connection or exchange in a few words, from the exception's type (its message names addresses). */
    public static String kind(Throwable e) {
        if (e instanceof ConnectException) {
            return "connection refused";
        }
        if (e instanceof TimeoutException || e instanceof java.net.SocketTimeoutException
                || String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT).contains("timeout")
                || String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT).contains("timed out")) {
            return "timed out";
        }
        if (e instanceof UnknownHostException || e instanceof NoRouteToHostException) {
            return "host not reachable";
        }
        if (e instanceof ClosedChannelException || e instanceof io.vertx.core.http.HttpClosedException) {
            return "connection closed";
        }
        if (e instanceof IOException) {
            return "connection failed";
        }
        return "request failed";
    }

    private static String jsonMessage(String text) {
        try {
            JsonNode root = Json.MAPPER.readTree(text);
            JsonNode error = root.path("error");
            if (error.isTextual()) {
                return error.asText();
            }
            if (error.path("message").isTextual()) {
                return error.path("message").asText();
            }
            return root.path("message").isTextual() ? root.path("message").asText() : "";
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }
}
