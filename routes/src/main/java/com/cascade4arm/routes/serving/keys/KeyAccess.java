package com.cascade4arm.routes.serving.keys;

import com.cascade4arm.routes.serving.http.HttpContext;
import com.cascade4arm.routes.serving.http.Json;
import com.cascade4arm.routes.serving.requestlog.RequestLog;
import com.cascade4arm.routes.serving.routing.RouteDecision;
import com.fasterxml.jackson.databind.JsonNode;
import org.apache.camel.Exchange;
import org.apache.camel.Processor;

/**
 * The route steps of the chat path's access control: {@link #admit} logs the request and lets only a valid key within
 * its limits through (keys mode), {@link #requireTier} checks the tier the rulebook chose against the key. One of
 * these per gateway; routes hold it.
 */
public final class KeyAccess {
    /** Exchange property with the request's {@link ApiKey} (absent without a key). */
    public static final String KEY = "cascade.key";
    private static final String TRACKED = "cascade.requestLog";

    private final KeyGuard guard;
    private final RequestLog log;

    public KeyAccess(KeyGuard guard, RequestLog log) {
        this.guard = guard;
        this.log = log;
    }

    public KeyGuard guard() {
        return guard;
    }

    public RequestLog log() {
        return log;
    }

    /** A step for the start of a route of {@code kind}: tracked in the request log, then the key admitted. */
    public Processor admit(KeyUse use, String kind) {
        return exchange -> {
            HttpContext http = HttpContext.of(exchange);
            if (http == null) { // not from a client (a route test's direct: call): nothing to log, no one to charge
                guard.admit(exchange.getMessage().getHeader("Authorization", String.class), use)
                        .ifPresent(key -> exchange.setProperty(KEY, key));
                return;
            }
            RequestLog.Tracked tracked = log.track(http, kind);
            exchange.setProperty(TRACKED, tracked);
            if (log.keepsContent()) {
                tracked.prompt(promptOf(exchange.getMessage().getBody(byte[].class)));
            }
            // The key is named in the log once its secret matched, also when it is then refused (revoked, budget…).
            ApiKey key = guard.admit(http.header("Authorization"), use, known -> tracked.key(known.alias(),
                    known.prefix())).orElse(null);
            if (key != null) {
                exchange.setProperty(KEY, key);
                http.onAnswered((cascade, text) -> guard.charge(key, cascade));
            }
        };
    }

    /** Notes the rulebook's decision in the request's log entry (its explanation: rule, reason, facts). */
    public void decided(Exchange exchange, RouteDecision decision) {
        RequestLog.Tracked tracked = exchange.getProperty(TRACKED, RequestLog.Tracked.class);
        if (tracked != null && decision != null) {
            tracked.decided(decision.route(), decision.rule(), decision.reason(), decision.rulesVersion(),
                    decision::facts);
        }
    }

    /** 403 when the request's key may not use the tier in header {@code tierHeader}. */
    public Processor requireTier(String tierHeader) {
        return exchange -> guard.requireTier(keyOf(exchange), exchange.getMessage().getHeader(tierHeader, String.class));
    }

    /** The request's key, or null (keys off, or the gateway's own call). */
    public static ApiKey keyOf(Exchange exchange) {
        return exchange.getProperty(KEY, ApiKey.class);
    }

    /** The last message's content of a chat body (for the log, when it keeps content); null when there is none. */
    private static String promptOf(byte[] body) {
        if (body == null || body.length == 0) {
            return null;
        }
        try {
            JsonNode request = Json.MAPPER.readTree(body);
            JsonNode messages = request.path("messages");
            if (!messages.isArray() || messages.isEmpty()) {
                JsonNode prompt = request.path("prompt");
                return prompt.isTextual() ? prompt.asText() : null;
            }
            JsonNode last = messages.get(messages.size() - 1).path("content");
            return last.isTextual() ? last.asText() : last.toString();
        } catch (java.io.IOException notJson) {
            return null; // the route's own parse answers 400; the log just has no text
        }
    }
}
