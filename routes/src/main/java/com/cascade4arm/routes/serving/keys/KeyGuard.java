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
 * the cost model's figure. A budget is charged after an answer, so a request holds its expected cost against the
 * key's budgets from admission ({@link KeyBudgetHolds}): concurrent requests cannot all pass a budget that looks
 * unspent. Tokens/min counts a request's prompt (estimated) when it is admitted and settles it with the answer's tokens
 * ({@link KeyRateWindows}).
 */
public final class KeyGuard {
    private final boolean required;
    private final KeyStore store;
    private final byte[] internalAuthorization;
    private final AdminAuth admin;
    private final Clock clock;
    private final KeyRateWindows windows;
    private final KeyBudgetHolds holds = new KeyBudgetHolds();
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
        this.windows = new KeyRateWindows(store::othersInMinute);
        store.shareMinutes(() -> windows.current(clock.millis())); // a shared store's sync publishes them
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
     * when the key has a tokens/min limit) in the key's window and its expected cost against the key's budgets;
     * {@link #settle} (or {@link #charge(KeyAdmission, JsonNode)}) replaces both with what the request used, {@link
     * #release} gives them back. {@code identified} hears of
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
        KeyBudgetHolds.Hold hold = use != KeyUse.EXPLAIN ? holdBudget(key, use) : null;
        long reserve = use != KeyUse.EXPLAIN && key.tokensPerMinute() > 0 ? promptEstimate.getAsLong() : 0;
        long now = clock.millis();
        long retryAfter = windows.admit(key, reserve, now);
        if (retryAfter > 0) {
            holds.release(hold); // refused after all: its expected cost is not held any longer
            metrics.refused(key.alias(), "rate_limit");
            throw new ApiError(429, ApiError.RATE_LIMIT, "rate_limit_exceeded", "key " + key.prefix()
                    + " is over its limit of " + limits(key) + "; retry in " + retryAfter + " s", (int) retryAfter);
        }
        return Optional.of(new KeyAdmission(key, use, reserve, hold, KeyRateWindows.minuteOf(now)));
    }

    /**
     * The key a loopback call runs for ({@code keyId}): only when {@code authorization} is the gateway's internal key
     * (a client cannot claim another key's name); empty otherwise or when the key is gone.
     */
    public Optional<ApiKey> onBehalfOf(String authorization, String keyId) {
        if (authorization == null || !MessageDigest.isEqual(authorization.getBytes(StandardCharsets.UTF_8),
                internalAuthorization)) {
            return Optional.empty();
        }
        return store.find(keyId);
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
        settle(admission, part.promptTokens(), part.completionTokens(), part.costUsd());
    }

    /** Charges an answer (its "cascade" object) to {@code key}, counting its tokens in the key's window. */
    public void charge(ApiKey key, JsonNode cascade) {
        if (key != null) {
            charge(new KeyAdmission(key, KeyUse.CHAT, 0, null, KeyRateWindows.minuteOf(clock.millis())), cascade);
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
     * An answered request, its answer already charged ({@link #charge(ApiKey, AnswerCharge)}): replaces its prompt
     * reservation in its key's tokens/min window by the tokens it used, teaches the key's mean answer cost what it
     * cost ({@code costUsd}, all its parts) and gives its budget hold back. Once per request; also after {@link
     * #release} (a stream can end just before its answer is charged).
     */
    public void settle(KeyAdmission admission, long promptTokens, long completionTokens, double costUsd) {
        Boolean released = admission == null ? null : admission.settleOnce();
        if (released != null) {
            windows.settle(admission.key().id(), admission.minute(), released ? 0 : admission.reservedTokens(),
                    promptTokens, completionTokens, clock.millis());
            holds.answered(admission.key().id(), admission.use(), costUsd);
            holds.release(admission.budgetHold()); // after the charge: the cost counts as spent or held, never neither
        }
    }

    /** A request that ended unanswered gives its tokens/min reservation and budget hold back; no-op once settled. */
    public void release(KeyAdmission admission) {
        if (admission != null && admission.releaseOnce()) {
            windows.settle(admission.key().id(), admission.minute(), admission.reservedTokens(), 0, 0, clock.millis());
            holds.release(admission.budgetHold());
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

    /**
     * Holds the request's expected cost against the key's budgets (null: the key has none), or refuses it: 429
     * {@code budget_exceeded}, naming when the budget resets when it is spent, or asking to retry shortly when the
     * requests in flight hold the rest of it (their answers may cost less than expected).
     */
    private KeyBudgetHolds.Hold holdBudget(ApiKey key, KeyUse use) {
        if (key.dailyBudgetUsd() == null && key.monthlyBudgetUsd() == null) {
            return null;
        }
        ZonedDateTime now = clock.instant().atZone(ZoneOffset.UTC);
        KeyBudgetHolds.Outcome outcome = holds.hold(key, use, () -> store.spend(key.id(), now.toLocalDate()));
        KeyBudgetHolds.Refusal refused = outcome.refusal();
        if (refused == null) {
            return outcome.hold();
        }
        metrics.refused(key.alias(), "budget");
        if (!refused.spent()) {
            throw new ApiError(429, ApiError.RATE_LIMIT, "budget_exceeded", String.format(Locale.ROOT,
                    "key %s's %s budget of $%.6f has no room for another request while %d are in flight ($%.6f "
                            + "spent, $%.6f held for them); retry when they finish", key.prefix(), refused.period(),
                    refused.budgetUsd(), refused.requestsInFlight(), refused.spentUsd(), refused.heldUsd()), 1);
        }
        ZonedDateTime resets = (refused.period().equals("daily") ? now.toLocalDate().plusDays(1)
                : now.toLocalDate().with(TemporalAdjusters.firstDayOfNextMonth())).atStartOfDay(ZoneOffset.UTC);
        long seconds = Math.max(1, Duration.between(now, resets).toSeconds());
        throw new ApiError(429, ApiError.RATE_LIMIT, "budget_exceeded", String.format(Locale.ROOT,
                "key %s has spent its %s budget of $%.6f ($%.6f spent); it resets at %s", key.prefix(),
                refused.period(), refused.budgetUsd(), refused.spentUsd(), resets.toInstant()),
                (int) Math.min(Integer.MAX_VALUE, seconds));
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
