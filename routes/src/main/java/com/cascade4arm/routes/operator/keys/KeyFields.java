package com.cascade4arm.routes.operator.keys;

import com.cascade4arm.openai.ApiError;
import com.cascade4arm.routes.serving.keys.ApiKey;
import com.fasterxml.jackson.databind.JsonNode;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The fields of a create or update body, checked (400 naming the field) and applied over a key: on create over
 * nothing, on update over the key as it is (fields left out keep their value, JSON null clears a limit).
 */
final class KeyFields {
    static final Set<String> FIELDS = Set.of("alias", "owner", "tiers", "compare", "hosted", "rpm", "tpm",
            "daily_budget_usd", "monthly_budget_usd", "expires_at", "metadata");
    private static final int MAX_TEXT = 128;
    private static final int MAX_METADATA = 32;

    private final List<String> knownTiers;

    KeyFields(List<String> knownTiers) {
        this.knownTiers = List.copyOf(knownTiers);
    }

    /** {@code base} with the body's fields applied (base null: a new key's defaults). */
    ApiKey apply(JsonNode body, ApiKey base, String id, String prefix, Instant now, String salt, String hash) {
        if (body == null || !body.isObject()) {
            throw ApiError.badRequest("invalid_body", "expected a JSON object with the key's fields " + FIELDS);
        }
        for (Iterator<String> names = body.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!FIELDS.contains(name)) {
                throw ApiError.invalidParam(name, "unknown_field", "unknown field '" + name + "'; known: " + FIELDS);
            }
        }
        String alias = body.has("alias") ? text(body, "alias", true) : base == null ? null : base.alias();
        if (alias == null) {
            throw ApiError.invalidParam("alias", "missing_alias", "a key needs an alias (a name for people and metrics)");
        }
        return new ApiKey(id, prefix, alias,
                body.has("owner") ? text(body, "owner", false) : base == null ? null : base.owner(),
                body.has("tiers") ? tiers(body.get("tiers")) : base == null ? List.of() : base.tiers(),
                body.has("compare") ? bool(body, "compare") : base == null || base.compareAllowed(),
                body.has("hosted") ? bool(body, "hosted") : base != null && base.hostedAllowed(),
                body.has("rpm") ? (int) count(body, "rpm", Integer.MAX_VALUE) : base == null ? 0 : base.requestsPerMinute(),
                body.has("tpm") ? count(body, "tpm", Long.MAX_VALUE) : base == null ? 0 : base.tokensPerMinute(),
                body.has("daily_budget_usd") ? usd(body, "daily_budget_usd") : base == null ? null : base.dailyBudgetUsd(),
                body.has("monthly_budget_usd") ? usd(body, "monthly_budget_usd")
                        : base == null ? null : base.monthlyBudgetUsd(),
                body.has("expires_at") ? instant(body, "expires_at") : base == null ? null : base.expiresAt(),
                body.has("metadata") ? metadata(body.get("metadata")) : base == null ? Map.of() : base.metadata(),
                base == null ? now : base.createdAt(), base == null ? null : base.revokedAt(), salt, hash);
    }

    private List<String> tiers(JsonNode node) {
        if (node.isNull()) {
            return List.of();
        }
        if (!node.isArray()) {
            throw ApiError.invalidParam("tiers", "invalid_tiers", "tiers must be an array of " + knownTiers);
        }
        List<String> tiers = new ArrayList<>();
        for (JsonNode tier : node) {
            if (!tier.isTextual() || !knownTiers.contains(tier.asText())) {
                throw ApiError.invalidParam("tiers", "unknown_tier", "tiers must name configured tiers " + knownTiers
                        + ", but had " + tier);
            }
            tiers.add(tier.asText());
        }
        return tiers;
    }

    private static String text(JsonNode body, String field, boolean required) {
        JsonNode value = body.get(field);
        if (value.isNull() && !required) {
            return null;
        }
        if (!value.isTextual() || value.asText().isBlank() || value.asText().length() > MAX_TEXT) {
            throw ApiError.invalidParam(field, "invalid_" + field, field + " must be a non-blank string of at most "
                    + MAX_TEXT + " characters");
        }
        return value.asText().trim();
    }

    private static boolean bool(JsonNode body, String field) {
        JsonNode value = body.get(field);
        if (!value.isBoolean()) {
            throw ApiError.invalidParam(field, "invalid_" + field, field + " must be true or false");
        }
        return value.asBoolean();
    }

    private static long count(JsonNode body, String field, long max) {
        JsonNode value = body.get(field);
        if (value.isNull()) {
            return 0;
        }
        if (!value.canConvertToLong() || !value.isIntegralNumber() || value.asLong() < 0 || value.asLong() > max) {
            throw ApiError.invalidParam(field, "invalid_" + field, field + " must be a whole number ≥ 0 (0: no limit)");
        }
        return value.asLong();
    }

    private static Double usd(JsonNode body, String field) {
        JsonNode value = body.get(field);
        if (value.isNull()) {
            return null;
        }
        if (!value.isNumber() || value.asDouble() < 0 || !Double.isFinite(value.asDouble())) {
            throw ApiError.invalidParam(field, "invalid_" + field, field + " must be a number ≥ 0 in USD, or null");
        }
        return value.asDouble();
    }

    private static Instant instant(JsonNode body, String field) {
        JsonNode value = body.get(field);
        if (value.isNull()) {
            return null;
        }
        try {
            return Instant.parse(value.asText());
        } catch (DateTimeParseException e) {
            throw ApiError.invalidParam(field, "invalid_" + field, field
                    + " must be an ISO-8601 instant such as 2027-01-31T00:00:00Z, or null");
        }
    }

    private static Map<String, String> metadata(JsonNode node) {
        if (node.isNull()) {
            return Map.of();
        }
        if (!node.isObject() || node.size() > MAX_METADATA) {
            throw ApiError.invalidParam("metadata", "invalid_metadata", "metadata must be an object of at most "
                    + MAX_METADATA + " string values");
        }
        Map<String, String> metadata = new LinkedHashMap<>();
        node.fields().forEachRemaining(e -> {
            if (!e.getValue().isTextual() || e.getKey().length() > MAX_TEXT || e.getValue().asText().length() > 1024) {
                throw ApiError.invalidParam("metadata", "invalid_metadata", "metadata values must be strings (≤ 1024)");
            }
            metadata.put(e.getKey(), e.getValue().asText());
        });
        return metadata;
    }
}
