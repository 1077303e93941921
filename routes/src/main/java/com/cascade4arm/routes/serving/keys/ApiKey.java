package com.cascade4arm.routes.serving.keys;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A virtual API key as stored: who holds it, what it may use, its limits and budgets, and its secret only as a salted
 * hash. {@code prefix} names the key in logs and answers; the secret itself is never kept.
 *
 * @param tiers             tiers the key may use; empty means every tier
 * @param requestsPerMinute 0 = no limit
 * @param tokensPerMinute   0 = no limit (prompt + completion tokens in the current minute; a prompt counts, estimated,
 *                          from its admission: {@link KeyRateWindows})
 * @param dailyBudgetUsd    null = no daily budget (UTC days)
 * @param monthlyBudgetUsd  null = no monthly budget (UTC calendar months)
 */
public record ApiKey(String id, String prefix, String alias, String owner, List<String> tiers, boolean compareAllowed,
                     boolean hostedAllowed, int requestsPerMinute, long tokensPerMinute, Double dailyBudgetUsd,
                     Double monthlyBudgetUsd, Instant expiresAt, Map<String, String> metadata, Instant createdAt,
                     Instant revokedAt, String salt, String hash) {

    public ApiKey {
        tiers = tiers == null ? List.of() : List.copyOf(tiers);
        metadata = metadata == null ? Map.of() : Map.copyOf(metadata);
    }

    public boolean revoked() {
        return revokedAt != null;
    }

    public boolean expired(Instant now) {
        return expiresAt != null && !now.isBefore(expiresAt);
    }

    public boolean mayUse(String tier) {
        return tiers.isEmpty() || tiers.contains(tier);
    }

    public ApiKey revokedAt(Instant when) {
        return new ApiKey(id, prefix, alias, owner, tiers, compareAllowed, hostedAllowed, requestsPerMinute,
                tokensPerMinute, dailyBudgetUsd, monthlyBudgetUsd, expiresAt, metadata, createdAt, when, salt, hash);
    }

    /** The same key with a new secret (rotate): a new prefix too, so logs tell the old secret's requests apart. */
    public ApiKey withSecret(String newPrefix, String newSalt, String newHash) {
        return new ApiKey(id, newPrefix, alias, owner, tiers, compareAllowed, hostedAllowed, requestsPerMinute,
                tokensPerMinute, dailyBudgetUsd, monthlyBudgetUsd, expiresAt, metadata, createdAt, revokedAt, newSalt,
                newHash);
    }
}
