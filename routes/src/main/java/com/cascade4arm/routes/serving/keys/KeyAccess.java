package com.cascade4arm.routes.serving.keys;

import com.cascade4arm.routes.serving.http.HttpContext;
import com.cascade4arm.routes.serving.http.Json;
import com.cascade4arm.routes.serving.requestlog.RequestLog;
import com.cascade4arm.routes.serving.routing.RouteDecision;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.camel.Exchange;
import org.apache.camel.Processor;

import java.util.List;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The route steps of the chat path's access control: {@link #admit} logs the request and lets only a valid key within
 * its limits through (keys mode), {@link #requireTier} checks the tier the rulebook chose against the key. One of
 * these per gateway; routes hold it.
 */
public final class KeyAccess {
    /** Exchange property with the request's {@link ApiKey} (absent without a key). */
    public static final String KEY = "cascade.key";
    private static final String TRACKED = "cascade.requestLog";
    /** Exchange property with the request's {@link KeyAdmission} (absent without a key). */
    private static final String ADMISSION = "cascade.keyAdmission";
    /** Exchange property with the request body's JSON object when admission read it (the chat parse reuses it). */
    private static final String PARSED_BODY = "cascade.parsedBody";
    /**
     * Header of the gateway's own loopback call (Compare's cascade leg) naming the key it runs for: trusted only with
     * the internal key, it makes the call follow that key's tiers (403, escalation, fallback, overflow) as the key's
     * own chat would, without counting or charging it again (the compare was admitted and pays for its legs).
     */
    public static final String ON_BEHALF_OF = "X-Cascade-On-Behalf-Of";

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

    /**
     * A step for the start of a route of {@code kind}: tracked in the request log, then the key admitted (its prompt
     * reserved against tokens/min, its expected cost held against the key's budgets). A chat answer is charged to the
     * key when it is complete; Compare charges its legs itself ({@link #charge}); route explain is rate-limited, never
     * charged. A request that ends unanswered gives its reservation and hold back.
     */
    public Processor admit(KeyUse use, String kind) {
        return exchange -> {
            HttpContext http = HttpContext.of(exchange);
            JsonNode[] parsed = new JsonNode[1]; // the body parsed once, and only when something needs it
            Supplier<JsonNode> request = () -> parsed[0] != null ? parsed[0]
                    : (parsed[0] = parse(exchange.getMessage().getBody(byte[].class)));
            LongSupplier estimate = () -> PromptEstimate.tokens(request.get());
            if (http == null) { // not from a client (a route test's direct: call): nothing to log, no one to charge
                guard.admission(exchange.getMessage().getHeader("Authorization", String.class), use, estimate, key -> { })
                        .ifPresent(admitted -> {
                            exchange.setProperty(KEY, admitted.key());
                            guard.release(admitted); // no response end to settle it at: hold nothing
                        });
                return;
            }
            RequestLog.Tracked tracked = log.track(http, kind);
            exchange.setProperty(TRACKED, tracked);
            if (log.keepsContent()) {
                tracked.prompt(promptOf(request.get()));
            }
            // The key is named in the log once its secret matched, also when it is then refused (revoked, budget…).
            KeyAdmission admitted = guard.admission(http.header("Authorization"), use, estimate,
                    known -> tracked.key(known.alias(), known.prefix())).orElse(null);
            if (admitted != null) {
                exchange.setProperty(KEY, admitted.key());
                exchange.setProperty(ADMISSION, admitted);
                if (use == KeyUse.CHAT) {
                    http.onAnswered((cascade, text) -> guard.charge(admitted, cascade));
                }
                http.onFinished(status -> guard.release(admitted)); // no-op once charged
            } else {
                onBehalfOfAKey(exchange, http);
            }
            if (parsed[0] instanceof ObjectNode body) {
                exchange.setProperty(PARSED_BODY, body);
            }
        };
    }

    /** A loopback call for a key ({@link #ON_BEHALF_OF}, with the internal key): the key's rules, nothing counted. */
    private void onBehalfOfAKey(Exchange exchange, HttpContext http) {
        String keyId = http.header(ON_BEHALF_OF);
        if (keyId != null) { // from anyone but the gateway itself the header means nothing
            guard.onBehalfOf(http.header("Authorization"), keyId).ifPresent(key -> exchange.setProperty(KEY, key));
        }
    }

    /** Notes the rulebook's decision in the request's log entry (its explanation: rule, reason, facts). */
    public void decided(Exchange exchange, RouteDecision decision) {
        RequestLog.Tracked tracked = exchange.getProperty(TRACKED, RequestLog.Tracked.class);
        if (tracked != null && decision != null) {
            tracked.decided(decision.route(), decision.rule(), decision.reason(), decision.rulesVersion(),
                    decision::facts);
        }
    }

    /**
     * Charges the parts of a request's answer (Compare: its cascade and hosted legs) to the request's key and settles
     * its tokens/min reservation and budget hold with their tokens and cost; nothing without a key.
     */
    public void charge(Exchange exchange, List<AnswerCharge> parts) {
        KeyAdmission admitted = exchange.getProperty(ADMISSION, KeyAdmission.class);
        if (admitted == null) {
            return;
        }
        long prompt = 0;
        long completion = 0;
        double cost = 0;
        for (AnswerCharge part : parts) {
            guard.charge(admitted.key(), part);
            prompt += part.promptTokens();
            completion += part.completionTokens();
            cost += part.costUsd();
        }
        guard.settle(admitted, prompt, completion, cost);
    }

    /** 403 when the request's key may not use the tier in header {@code tierHeader}. */
    public Processor requireTier(String tierHeader) {
        return exchange -> guard.requireTier(keyOf(exchange), exchange.getMessage().getHeader(tierHeader, String.class));
    }

    /** The request body as admission read it (a JSON object), or null when it did not read it. */
    public static JsonNode parsedBody(Exchange exchange) {
        return exchange.getProperty(PARSED_BODY, JsonNode.class);
    }

    /** The request's key, or null (keys off, or the gateway's own call). */
    public static ApiKey keyOf(Exchange exchange) {
        return exchange.getProperty(KEY, ApiKey.class);
    }

    private static JsonNode parse(byte[] body) {
        if (body == null || body.length == 0) {
            return null;
        }
        try {
            return Json.MAPPER.readTree(body);
        } catch (java.io.IOException notJson) {
            return null; // the route's own parse answers 400; the log has no text, the estimate is 0
        }
    }

    /** The last message's content of a chat body (for the log, when it keeps content); null when there is none. */
    private static String promptOf(JsonNode request) {
        if (request == null) {
            return null;
        }
        JsonNode messages = request.path("messages");
        if (!messages.isArray() || messages.isEmpty()) {
            JsonNode prompt = request.path("prompt");
            return prompt.isTextual() ? prompt.asText() : null;
        }
        JsonNode last = messages.get(messages.size() - 1).path("content");
        return last.isTextual() ? last.asText() : last.toString();
    }
}
