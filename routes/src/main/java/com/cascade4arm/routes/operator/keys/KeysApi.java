package com.cascade4arm.routes.operator.keys;

import com.cascade4arm.openai.ApiError;
import com.cascade4arm.routes.serving.http.Json;
import com.cascade4arm.routes.serving.keys.ApiKey;
import com.cascade4arm.routes.serving.keys.KeyJson;
import com.cascade4arm.routes.serving.keys.KeySecrets;
import com.cascade4arm.routes.serving.keys.KeyStore;
import com.cascade4arm.routes.serving.keys.UsageRow;
import com.cascade4arm.routes.serving.requestlog.RecentRequests;
import com.cascade4arm.routes.serving.requestlog.RequestLog;
import com.cascade4arm.routes.serving.requestlog.RequestQuery;
import com.cascade4arm.routes.serving.requestlog.RequestRecord;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.camel.Exchange;
import org.apache.camel.Message;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

/**
 * The admin API of virtual keys ({@code /api/keys}) and of the request log ({@code /api/requests}). A key's secret is
 * in the answer to create and rotate only; the store keeps its salted hash.
 */
final class KeysApi {
    static final int MAX_LOG_ROWS = 1_000;

    private final KeyStore store;
    private final KeyFields fields;
    private final RequestLog log;
    private final Clock clock;

    KeysApi(KeyStore store, List<String> tiers, RequestLog log, Clock clock) {
        this.store = store;
        this.fields = new KeyFields(tiers);
        this.log = log;
        this.clock = clock;
    }

    void create(Exchange exchange) {
        String prefix = KeySecrets.newPrefix();
        String secret = KeySecrets.newSecret(prefix);
        String salt = KeySecrets.newSalt();
        ApiKey key = fields.apply(exchange.getMessage().getBody(JsonNode.class), null, UUID.randomUUID().toString(),
                prefix, clock.instant(), salt, KeySecrets.hash(salt, secret));
        store.put(key);
        answerWithSecret(exchange, key, secret, 201);
    }

    void list(Exchange exchange) {
        ArrayNode keys = Json.MAPPER.createArrayNode();
        Instant now = clock.instant();
        java.time.LocalDate today = java.time.LocalDate.ofInstant(now, java.time.ZoneOffset.UTC);
        for (ApiKey key : store.keys()) {
            // Spend beside each key: the console's Keys tab lists it without a usage call per key.
            var spend = store.spend(key.id(), today);
            keys.add(KeyJson.publicView(key, now).put("spent_today_usd", spend.todayUsd())
                    .put("spent_month_usd", spend.monthUsd()));
        }
        ObjectNode answer = Json.object();
        answer.set("keys", keys);
        exchange.getMessage().setBody(answer);
    }

    void show(Exchange exchange) {
        exchange.getMessage().setBody(KeyJson.publicView(key(exchange), clock.instant()));
    }

    void update(Exchange exchange) {
        ApiKey old = key(exchange);
        ApiKey updated = fields.apply(exchange.getMessage().getBody(JsonNode.class), old, old.id(), old.prefix(),
                clock.instant(), old.salt(), old.hash());
        store.put(updated);
        exchange.getMessage().setBody(KeyJson.publicView(updated, clock.instant()));
    }

    void revoke(Exchange exchange) {
        ApiKey key = key(exchange);
        ApiKey revoked = key.revoked() ? key : key.revokedAt(clock.instant());
        store.put(revoked);
        exchange.getMessage().setBody(KeyJson.publicView(revoked, clock.instant()));
    }

    /** A new secret (and prefix) for the same key: limits and usage stay, the old secret stops working at once. */
    void rotate(Exchange exchange) {
        ApiKey key = key(exchange);
        if (key.revoked()) {
            throw new ApiError(409, ApiError.INVALID_REQUEST, "key_revoked", "key " + key.prefix()
                    + " is revoked; create a new one");
        }
        String prefix = KeySecrets.newPrefix();
        String secret = KeySecrets.newSecret(prefix);
        String salt = KeySecrets.newSalt();
        ApiKey rotated = key.withSecret(prefix, salt, KeySecrets.hash(salt, secret));
        store.put(rotated);
        answerWithSecret(exchange, rotated, secret, 200);
    }

    /** Per day and tier: requests, tokens, cost; JSON, or CSV with {@code ?format=csv}. */
    void usage(Exchange exchange) {
        ApiKey key = key(exchange);
        List<UsageRow> rows = store.usage(key.id());
        Message message = exchange.getMessage();
        if ("csv".equalsIgnoreCase(message.getHeader("query.format", String.class))) {
            StringBuilder csv = new StringBuilder("day,tier,requests,prompt_tokens,completion_tokens,cost_usd\n");
            for (UsageRow row : rows) {
                csv.append(row.day()).append(',').append(row.tier()).append(',').append(row.requests()).append(',')
                        .append(row.promptTokens()).append(',').append(row.completionTokens()).append(',')
                        .append(String.format(Locale.ROOT, "%.8f", row.costUsd())).append('\n');
            }
            message.setHeader(Exchange.CONTENT_TYPE, "text/csv; charset=utf-8");
            message.setHeader("Response-Content-Disposition", "attachment; filename=\"key-" + key.prefix()
                    + "-usage.csv\"");
            message.setBody(csv.toString());
            return;
        }
        ObjectNode answer = Json.object();
        answer.put("id", key.id());
        answer.put("alias", key.alias());
        ArrayNode days = answer.putArray("usage");
        rows.forEach(row -> days.add(KeyJson.usage(row)));
        var spend = store.spend(key.id(), java.time.LocalDate.ofInstant(clock.instant(), java.time.ZoneOffset.UTC));
        answer.put("spent_today_usd", spend.todayUsd());
        answer.put("spent_month_usd", spend.monthUsd());
        message.setBody(answer);
    }

    /**
     * The request log, newest first; filters {@code key} (alias or prefix), {@code route}, {@code status}, {@code limit}.
     * With a shared store every replica's requests ("cluster": true), else (or while it cannot be read) this gateway's.
     */
    void requests(Exchange exchange) {
        Message message = exchange.getMessage();
        RequestQuery query = new RequestQuery(message.getHeader("query.key", String.class),
                message.getHeader("query.route", String.class), message.getHeader("query.status", String.class),
                limit(message.getHeader("query.limit", String.class)));
        RecentRequests recent = log.recent(query);
        ArrayNode rows = Json.MAPPER.createArrayNode();
        for (RequestRecord record : recent.records()) {
            rows.add(json(record));
        }
        ObjectNode answer = Json.object();
        answer.put("content_logged", log.keepsContent());
        answer.put("cluster", recent.cluster());
        if (recent.note() != null) {
            answer.put("note", recent.note());
        }
        answer.set("requests", rows);
        message.setBody(answer);
    }

    private static ObjectNode json(RequestRecord r) {
        ObjectNode row = Json.object();
        row.put("time", r.time().toString());
        row.put("request_id", r.requestId());
        row.put("kind", r.kind());
        row.put("key_alias", r.keyAlias());
        row.put("key_prefix", r.keyPrefix());
        row.put("status", r.status());
        row.put("route", r.route());
        row.put("rule", r.rule());
        row.put("endpoint", r.endpoint());
        row.put("ttft_ms", r.ttftMs());
        row.put("total_ms", r.totalMs());
        row.put("prompt_tokens", r.promptTokens());
        row.put("completion_tokens", r.completionTokens());
        row.put("cost_usd", r.costUsd());
        row.put("escalated", r.escalated());
        row.put("fallback", r.fallback());
        row.put("overflow", r.overflow());
        // The explanation (the Requests tab's expanded row): why the rule decided, and on which facts.
        row.put("reason", r.reason());
        if (r.rulesVersion() == null) {
            row.putNull("rules_version");
        } else {
            row.put("rules_version", r.rulesVersion());
        }
        row.set("facts", r.facts());
        row.put("replica", r.replica());
        if (r.prompt() != null) {
            row.put("prompt", r.prompt());
        }
        if (r.answer() != null) {
            row.put("answer", r.answer());
        }
        return row;
    }

    private static int limit(String text) {
        if (text == null) {
            return 200;
        }
        try {
            int limit = Integer.parseInt(text.trim());
            if (limit >= 1 && limit <= MAX_LOG_ROWS) {
                return limit;
            }
        } catch (NumberFormatException ignored) {
            // answered below
        }
        throw ApiError.invalidParam("limit", "invalid_limit", "limit must be a whole number from 1 to " + MAX_LOG_ROWS);
    }

    private ApiKey key(Exchange exchange) {
        String id = exchange.getMessage().getHeader("id", String.class);
        return store.find(id).orElseThrow(() -> ApiError.notFound("key_not_found", "no key with id " + id));
    }

    private void answerWithSecret(Exchange exchange, ApiKey key, String secret, int status) {
        ObjectNode answer = KeyJson.publicView(key, clock.instant());
        answer.put("secret", secret);
        answer.put("note", "the secret is shown once: store it now; the gateway keeps only its hash");
        exchange.getMessage().setHeader(Exchange.HTTP_RESPONSE_CODE, status);
        exchange.getMessage().setBody(answer);
    }
}
