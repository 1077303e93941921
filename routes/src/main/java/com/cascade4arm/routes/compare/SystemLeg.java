package com.cascade4arm.routes.compare;

import com.cascade4arm.routes.upstream.UpstreamClient;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.util.concurrent.TimeUnit;

/**
 * Runs one system for a compare with its resilience: skip when not requested or not configured, skip fast while
 * cooling down, a circuit breaker per system, and retries for 429/503 only — bounded attempts, waits from
 * {@link BackoffPolicy} (honouring Retry-After / X-RateLimit-Reset, capped), inside the compare's deadline, and never
 * once content was shown. Never throws: every ending is a {@link SystemResult}.
 */
final class SystemLeg {
    private static final Logger LOG = LoggerFactory.getLogger(SystemLeg.class);

    private final LegTarget target;
    private final UpstreamClient client;
    private final CircuitBreaker breaker;
    private final Cooldown cooldown;
    private final BackoffPolicy backoff;
    private final Sleeper sleeper;
    private final int maxAttempts;

    private final boolean exposeEndpoints;

    SystemLeg(LegTarget target, UpstreamClient client, CircuitBreaker breaker, Cooldown cooldown, BackoffPolicy backoff,
              Sleeper sleeper, int maxAttempts, boolean exposeEndpoints) {
        this.exposeEndpoints = exposeEndpoints;
        this.target = target;
        this.client = client;
        this.breaker = breaker;
        this.cooldown = cooldown;
        this.backoff = backoff;
        this.sleeper = sleeper;
        this.maxAttempts = maxAttempts;
    }

    SystemResult run(CompareRun run) {
        try {
            SystemResult result = attempts(run);
            run.events().result(target.system(), result);
            return result;
        } catch (RuntimeException e) {
            LOG.error("compare leg {} failed unexpectedly", target.system().id(), e);
            return Results.error(target, endpoint(), null, run, 0, "internal error; see the gateway log", null);
        }
    }

    private SystemResult attempts(CompareRun run) {
        SystemName system = target.system();
        if (!run.request().wants(system)) {
            return SystemResult.skipped(system, target.model(), endpoint(), "not requested (systems)");
        }
        String unconfigured = target.unconfigured().get();
        if (unconfigured != null) {
            return SystemResult.skipped(system, target.model(), endpoint(), unconfigured);
        }
        long coolingMs = cooldown.remainingMs();
        if (coolingMs > 0) {
            return SystemResult.coolingDown(system, target.model(), endpoint(), coolingMs);
        }
        URI base = target.base().get();
        int retries = 0;
        for (int attempt = 1; ; attempt++) {
            if (run.remainingMs() == 0) {
                return Results.error(target, endpoint(), null, run, retries, "the compare deadline of "
                        + run.deadlineMs() + " ms passed before " + system.id() + " could be called", null);
            }
            if (!breaker.tryAcquirePermission()) {
                return Results.error(target, endpoint(), null, run, retries, system.id()
                        + " circuit breaker is open after repeated failures; not calling it for now", null);
            }
            LegAttempt call = new LegAttempt(new LegStream(system, run.events()));
            long started = System.nanoTime();
            LegAttempt.Outcome outcome = call.call(client, target, base, body(run), run);
            long ended = System.nanoTime();
            record(outcome, ended - started);
            if (outcome.ok()) {
                return Results.ok(target, endpoint(), call.stream(), run, retries, (ended - started) / 1e6, ended);
            }
            String failure = outcome.message() + (retries > 0 ? " (after " + retries + " retries)" : "");
            if (outcome.status() == 429 && cooldown.record429()) {
                long seconds = TimeUnit.MILLISECONDS.toSeconds(cooldown.durationMs());
                return Results.error(target, endpoint(), call.stream(), run, retries, failure + "; " + system.id()
                        + " is rate limited repeatedly and cools down for " + seconds + " s", Math.max(1, seconds));
            }
            if (outcome.cancelled() || outcome.timedOut() || outcome.shown() || !retryable(outcome.status())
                    || attempt >= maxAttempts) {
                return Results.error(target, endpoint(), call.stream(), run, retries, failure, null);
            }
            BackoffPolicy.Wait wait = backoff.next(attempt, outcome.hints());
            if (wait.overCap()) {
                return Results.error(target, endpoint(), call.stream(), run, retries, failure + "; the server asks to wait "
                        + wait.millis() + " ms (" + wait.basis() + "), above the cap of " + backoff.capMs()
                        + " ms (cascade.compare.retry.max-wait-ms): not retrying", null);
            }
            if (wait.millis() >= run.remainingMs()) {
                return Results.error(target, endpoint(), call.stream(), run, retries, failure + "; a retry in "
                        + wait.millis() + " ms (" + wait.basis() + ") would pass the compare deadline", null);
            }
            run.events().retrying(system, attempt + 1, wait.millis(), outcome.message());
            if (!sleeper.sleep(wait.millis(), run.cancelled())) {
                return Results.error(target, endpoint(), call.stream(), run, retries, "cancelled while waiting to retry", null);
            }
            retries++;
        }
    }

    /** 429 and 503 say "try later"; everything else would fail the same way again (or is not ours to repeat). */
    static boolean retryable(int status) {
        return status == 429 || status == 503;
    }

    /** Breaker and cooldown bookkeeping: 429s feed the cooldown, not the breaker; 4xx are the request's fault. */
    private void record(LegAttempt.Outcome outcome, long nanos) {
        if (outcome.status() != 429) {
            cooldown.recordOther();
        }
        if (outcome.ok() || (outcome.status() >= 400 && outcome.status() < 500 && outcome.status() != 429
                && outcome.status() != 408)) {
            breaker.onSuccess(nanos, TimeUnit.NANOSECONDS);
        } else if (outcome.status() == 429 || outcome.cancelled()) {
            breaker.releasePermission();
        } else {
            breaker.onError(nanos, TimeUnit.NANOSECONDS, new IllegalStateException(outcome.message()));
        }
    }

    /** The validated chat request as this system gets it: streamed, with usage, with the target's model. */
    private ObjectNode body(CompareRun run) {
        ObjectNode body = run.request().chat().upstreamBody().deepCopy();
        if (target.model() != null) {
            body.put("model", target.model());
        }
        body.put("stream", true);
        body.putObject("stream_options").put("include_usage", true);
        return body;
    }

    /** Where the system was called: the hosted API's public URL; the gateway's own and the baseline's only if exposed. */
    private String endpoint() {
        URI base = target.base().get();
        if (base == null) {
            return null;
        }
        return exposeEndpoints || target.system() == SystemName.HOSTED ? base.toString() : target.system().id();
    }

    CircuitBreaker breaker() {
        return breaker;
    }

    Cooldown cooldown() {
        return cooldown;
    }
}
