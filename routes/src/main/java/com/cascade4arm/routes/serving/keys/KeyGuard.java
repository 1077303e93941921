package com.cascade4arm.routes.serving.keys;

import com.cascade4arm.openai.ApiError;
import com.cascade4arm.routes.serving.http.AdminAuth;
import com.fasterxml.jackson.databind.JsonNode;
import io.micrometer.core.instrument.MeterRegistry;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.temporal.TemporalAdjusters;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Enforces virtual keys on the request path: who the caller is (401), what the key may use (403), its per-minute
 * limits (429 with Retry-After) and its budgets (429 {@code budget_exceeded}); and charges each answer to its key with
 * the cost model's figure. Budgets are checked before a request and charged after its answer, so requests already in
 * flight when a budget runs out still finish: the overshoot is at most what those requests cost. Tokens/min counts a
 * request's prompt (estimated) when it is admitted and settles it with the answer's tokens ({@link KeyRateWindows}).
 */
public final class KeyGuard {
    private final boolean required;
    private final KeyStore store;
    private final byte[] internalAuthorization;
    private final AdminAuth admin;
    private final Clock clock;
    private final KeyRateWindows windows = new KeyRateWindows();
    private final KeyMetrics metrics;

    /**
     * {@code internalAuthorization}: the gateway's own loopback calls (Compare's cascade leg, benchmarks) pass;
     * so does the admin token ({@code admin}), which the console sends for its Compare and Explain in keys mode.
     */
    public KeyGuard(KeysSettings settings, KeyStore store, String internalAuthorization, AdminAuth admin,
                    MeterRegistry registry, Clock clock) {
        this.required = settings.keysRequired();
        this.store = store;
        this.internalAuthorization = internalAuthorization.getBytes(StandardCharsets.UTF_8);
        this.admin = admin;
        this.clock = clock;
        this.metrics = new KeyMetrics(registry, settings.metricsAliases());
    }

    public boolean required() {
        return required;
    }

    public KeyStore store() {
        return store;
    }

    /**
     * The key this request is made with: empty when keys are off, for the gateway's own calls and (keys off) for a
     * request without a key; otherwise the key, admitted against its limits and budgets — or an OpenAI error.
     */
    public Optional<ApiKey> admit(String authorization, KeyUse use) {
        return admission(authorization, use, () -> 0, key -> { }).map(KeyAdmission::key);
    }

    /**
     * As {@link #admit(String, KeyUse)}, reserving the request's prompt tokens ({@code promptEstimate}, asked only
     * when the key has a tokens/min limit) in the key's window; {@link #settle} (or {@link #charge(KeyAdmission,
     * JsonNode)}) gives the reservation back or replaces it with what the request used. {@code identified} hears of
     * the key as soon as its secret matched — also when it is then refused (revoked, expired, over a limit or
     * budget): the request log names the key of a refused request.
     */
    public Optional<KeyAdmission> admission(String authorization, KeyUse use, LongSupplier promptEstimate,
                                            Consumer<ApiKey> identified) {
        if (authorization != null && MessageDigest.isEqual(authorization.getBytes(StandardCharsets.UTF_8),
                internalAuthorization)) {
            return Optional.empty();
        }
        if (!required || admin.presentedBy(authorization)) {
            return Optional.empty(); // the admin is not a key: never limited or charged
        }
        ApiKey key = authenticate(authorization, identified);
        if (use == KeyUse.COMPARE && !key.compareAllowed()) {
            metrics.refused(key.alias(), "compare");
            throw new ApiError(403, ApiError.PERMISSION, "compare_not_allowed",
                    "key " + key.prefix() + " may not use Compare");
        }
        if (use != KeyUse.EXPLAIN) {
            requireBudget(key);
        }
        long reserve = use != KeyUse.EXPLAIN && key.tokensPerMinute() > 0 ? promptEstimate.getAsLong() : 0;
        long now = clock.millis();
        long retryAfter = windows.admit(key, reserve, now);
        if (retryAfter > 0) {
            metrics.refused(key.alias(), "rate_limit");
            throw new ApiError(429, ApiError.RATE_LIMIT, "rate_limit_exceeded", "key " + key.prefix()
                    + " is over its limit of " + limits(key) + "; retry in " + retryAfter + " s", (int) retryAfter);
        }
        return Optional.of(new KeyAdmission(key, reserve, KeyRateWindows.minuteOf(now)));
    }

    /** Compare's hosted leg calls a paid API: the key must allow it. */
    public void requireHosted(ApiKey key) {
        if (key != null && !key.hostedAllowed()) {
            metrics.refused(key.alias(), "hosted");
            throw new ApiError(403, ApiError.PERMISSION, "hosted_not_allowed", "key " + key.prefix()
                    + " may not use the hosted API: send \"systems\" without \"hosted\" or ask for a key that may");
        }
    }

    /** 403 when the key may not use {@code tier}. */
    public void requireTier(ApiKey key, String tier) {
        if (key != null && !key.mayUse(tier)) {
            metrics.refused(key.alias(), "tier");
            throw new ApiError(403, ApiError.PERMISSION, "tier_not_allowed", "key " + key.prefix()
                    + " may not use tier '" + tier + "' (allowed: " + String.join(", ", key.tiers()) + ")");
        }
    }

    /** Charges a chat answer (its "cascade" object: route, tokens, cost_usd) to the key that asked, and settles it. */
    public void charge(KeyAdmission admission, JsonNode cascade) {
        if (admission == null || cascade == null) {
            return;
        }
        AnswerCharge part = new AnswerCharge(cascade.path("route").asText("-"), cascade.path("prompt_tokens").asLong(0),
                cascade.path("completion_tokens").asLong(0), cascade.path("cost_usd").asDouble(0));
        charge(admission.key(), part);
        settle(admission, part.promptTokens(), part.completionTokens());
    }

    /** Charges an answer (its "cascade" object) to {@code key}, counting its tokens in the key's window. */
    public void charge(ApiKey key, JsonNode cascade) {
        if (key != null) {
            charge(new KeyAdmission(key, 0, KeyRateWindows.minuteOf(clock.millis())), cascade);
        }
    }

    /** Charges one part of an answer to {@code key}'s spend and usage (its tokens/min window: {@link #settle}). */
    public void charge(ApiKey key, AnswerCharge part) {
        if (key == null) {
            return;
        }
        Instant now = clock.instant();
        store.charge(new KeyCharge(key.id(), LocalDate.ofInstant(now, ZoneOffset.UTC), part.tier(),
                part.promptTokens(), part.completionTokens(), part.costUsd()));
        metrics.answered(key.alias(), part.promptTokens(), part.completionTokens(), part.costUsd());
    }

    /**
     * Replaces the request's prompt reservation in its key's tokens/min window by the tokens it used (0 and 0: an
     * unanswered request gives it back). Once per request; later calls do nothing.
     */
    public void settle(KeyAdmission admission, long promptTokens, long completionTokens) {
        if (admission != null && admission.settleOnce()) {
            windows.settle(admission.key().id(), admission.minute(), admission.reservedTokens(), promptTokens,
                    completionTokens, clock.millis());
        }
    }

    private ApiKey authenticate(String authorization, Consumer<ApiKey> identified) {
        String secret = authorization != null && authorization.regionMatches(true, 0, "Bearer ", 0, 7)
                ? authorization.substring(7).trim() : null;
        if (secret == null || secret.isEmpty()) {
            throw unauthorized("missing_api_key", "this gateway needs an API key: send Authorization: Bearer <key>");
        }
        String prefix = KeySecrets.prefixOf(secret);
        Optional<ApiKey> found = prefix == null ? Optional.empty() : store.findByPrefix(prefix);
        if (found.isEmpty() || !KeySecrets.matches(found.get(), secret)) {
            throw unauthorized("invalid_api_key", "the API key is not valid");
        }
        ApiKey key = found.get();
        identified.accept(key);
        if (key.revoked()) {
            throw unauthorized("revoked_api_key", "key " + key.prefix() + " was revoked at " + key.revokedAt());
        }
        if (key.expired(clock.instant())) {
            throw unauthorized("expired_api_key", "key " + key.prefix() + " expired at " + key.expiresAt());
        }
        return key;
    }

    private void requireBudget(ApiKey key) {
        if (key.dailyBudgetUsd() == null && key.monthlyBudgetUsd() == null) {
            return;
        }
        ZonedDateTime now = clock.instant().atZone(ZoneOffset.UTC);
        Spend spend = store.spend(key.id(), now.toLocalDate());
        if (key.dailyBudgetUsd() != null && spend.todayUsd() >= key.dailyBudgetUsd()) {
            refuseBudget(key, "daily", key.dailyBudgetUsd(), spend.todayUsd(),
                    now.toLocalDate().plusDays(1).atStartOfDay(ZoneOffset.UTC), now);
        }
        if (key.monthlyBudgetUsd() != null && spend.monthUsd() >= key.monthlyBudgetUsd()) {
            refuseBudget(key, "monthly", key.monthlyBudgetUsd(), spend.monthUsd(),
                    now.toLocalDate().with(TemporalAdjusters.firstDayOfNextMonth()).atStartOfDay(ZoneOffset.UTC), now);
        }
    }

    private void refuseBudget(ApiKey key, String period, double budget, double spent, ZonedDateTime resets,
                              ZonedDateTime now) {
        metrics.refused(key.alias(), "budget");
        long seconds = Math.max(1, Duration.between(now, resets).toSeconds());
        throw new ApiError(429, ApiError.RATE_LIMIT, "budget_exceeded", String.format(Locale.ROOT,
                "key %s has spent its %s budget of $%.6f ($%.6f spent); it resets at %s", key.prefix(), period, budget,
                spent, resets.toInstant()), (int) Math.min(Integer.MAX_VALUE, seconds));
    }

    private static String limits(ApiKey key) {
        StringBuilder text = new StringBuilder();
        if (key.requestsPerMinute() > 0) {
            text.append(key.requestsPerMinute()).append(" requests/min");
        }
        if (key.tokensPerMinute() > 0) {
            text.append(text.isEmpty() ? "" : " or ").append(key.tokensPerMinute()).append(" tokens/min");
        }
        return text.toString();
    }

    private static ApiError unauthorized(String code, String message) {
        return new ApiError(401, ApiError.AUTHENTICATION, code, message);
    }
}
