package com.cascade4arm.routes.serving.keys;

import com.cascade4arm.routes.serving.http.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Keys and usage rows as JSON: the public view (never salt or hash) and the stored form (with them). */
public final class KeyJson {
    private KeyJson() {
    }

    /** What the admin API shows: everything but the secret's salt and hash. */
    public static ObjectNode publicView(ApiKey key, Instant now) {
        ObjectNode json = Json.object();
        json.put("id", key.id());
        json.put("prefix", key.prefix());
        json.put("alias", key.alias());
        json.put("owner", key.owner());
        ArrayNode tiers = json.putArray("tiers");
        key.tiers().forEach(tiers::add);
        json.put("compare", key.compareAllowed());
        json.put("hosted", key.hostedAllowed());
        json.put("rpm", key.requestsPerMinute());
        json.put("tpm", key.tokensPerMinute());
        putNullable(json, "daily_budget_usd", key.dailyBudgetUsd());
        putNullable(json, "monthly_budget_usd", key.monthlyBudgetUsd());
        json.put("expires_at", key.expiresAt() == null ? null : key.expiresAt().toString());
        ObjectNode metadata = json.putObject("metadata");
        key.metadata().forEach(metadata::put);
        json.put("created_at", key.createdAt().toString());
        json.put("revoked_at", key.revokedAt() == null ? null : key.revokedAt().toString());
        json.put("status", key.revoked() ? "revoked" : key.expired(now) ? "expired" : "active");
        return json;
    }

    public static ObjectNode stored(ApiKey key) {
        ObjectNode json = publicView(key, Instant.EPOCH);
        json.remove("status");
        json.put("salt", key.salt());
        json.put("hash", key.hash());
        return json;
    }

    public static ApiKey fromStored(JsonNode json) {
        List<String> tiers = new ArrayList<>();
        json.path("tiers").forEach(t -> tiers.add(t.asText()));
        Map<String, String> metadata = new LinkedHashMap<>();
        json.path("metadata").fields().forEachRemaining(e -> metadata.put(e.getKey(), e.getValue().asText()));
        return new ApiKey(json.path("id").asText(), json.path("prefix").asText(), json.path("alias").asText(),
                text(json, "owner"), tiers, json.path("compare").asBoolean(), json.path("hosted").asBoolean(),
                json.path("rpm").asInt(), json.path("tpm").asLong(), number(json, "daily_budget_usd"),
                number(json, "monthly_budget_usd"), instant(json, "expires_at"), metadata,
                instant(json, "created_at"), instant(json, "revoked_at"), json.path("salt").asText(),
                json.path("hash").asText());
    }

    public static ObjectNode usage(UsageRow row) {
        ObjectNode json = Json.object();
        json.put("day", row.day().toString());
        json.put("tier", row.tier());
        json.put("requests", row.requests());
        json.put("prompt_tokens", row.promptTokens());
        json.put("completion_tokens", row.completionTokens());
        json.put("cost_usd", row.costUsd());
        return json;
    }

    public static UsageRow usageFrom(JsonNode json) {
        return new UsageRow(LocalDate.parse(json.path("day").asText()), json.path("tier").asText(),
                json.path("requests").asLong(), json.path("prompt_tokens").asLong(),
                json.path("completion_tokens").asLong(), json.path("cost_usd").asDouble());
    }

    private static void putNullable(ObjectNode json, String field, Double value) {
        if (value == null) {
            json.putNull(field);
        } else {
            json.put(field, value);
        }
    }

    private static String text(JsonNode json, String field) {
        JsonNode value = json.get(field);
        return value == null || value.isNull() ? null : value.asText();
    }

    private static Double number(JsonNode json, String field) {
        JsonNode value = json.get(field);
        return value == null || value.isNull() ? null : value.asDouble();
    }

    private static Instant instant(JsonNode json, String field) {
        String value = text(json, field);
        return value == null ? null : Instant.parse(value);
    }
}
