package com.cascade4arm.routes.operator.compare;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.camel.Exchange;

import java.net.URI;

/**
 * One system's call for one compare, across its attempts: the run it belongs to, what is sent, the attempt in
 * flight (which the deadline or a disconnect can abort), the last outcome, and the retry verdict — Resilience4j asks
 * "retry?" and "how long?" separately; both come from one computed wait, kept here between the two questions.
 */
final class LegCall {
    /** Exchange property under which an attempt's route steps find their call. */
    static final String PROPERTY = "cascade.compare.call";
    /** Exchange property with the chat completions URL an attempt calls (the system's base URL + its chat path). */
    static final String URL = com.cascade4arm.routes.serving.hosted.HostedRoutes.URL;

    private final Leg leg;
    private final CompareRun run;
    private final URI base;
    private final ObjectNode body;
    private volatile LegAttempt current;
    private int attempts;
    private long plannedWaitMs;
    private String verdict;
    private Long cooldownSeconds;

    LegCall(Leg leg, CompareRun run, URI base, ObjectNode body) {
        this.leg = leg;
        this.run = run;
        this.base = base;
        this.body = body;
    }

    static LegCall of(Exchange exchange) {
        return exchange.getProperty(PROPERTY, LegCall.class);
    }

    /** The leg this call belongs to (its steps run in the attempt route). */
    Leg leg() {
        return leg;
    }

    CompareRun run() {
        return run;
    }

    URI base() {
        return base;
    }

    ObjectNode body() {
        return body;
    }

    /** A new attempt (its own stream collector); a disconnect or deadline that already happened cuts it at once. */
    synchronized LegAttempt startAttempt() {
        attempts++;
        if (current != null) {
            current.release();
        }
        current = new LegAttempt(leg.target().system().id(), new LegStream(leg.target().system(), run.events()),
                leg.target().instance() == null ? null : leg.target().instance().open());
        if (run.isCancelled()) {
            current.abort(LegAttempt.Abort.CANCELLED);
        }
        return current;
    }

    LegAttempt current() {
        return current;
    }

    /** Retries so far (attempts after the first). */
    synchronized int retries() {
        return Math.max(0, attempts - 1);
    }

    void abort(LegAttempt.Abort why) {
        LegAttempt attempt = current;
        if (attempt != null) {
            attempt.abort(why);
        }
    }

    /**
     * Resilience4j's retry question for the outcome just in: only 429 and 503 that came before any content was shown,
     * within the attempt budget, when the wait (the server's hint or the backoff) is under the cap and ends before the
     * compare's deadline. Otherwise the reason not to retry becomes part of the error.
     */
    synchronized boolean shouldRetry(LegAttempt.Outcome outcome) {
        verdict = null;
        if (outcome.ok()) {
            return false;
        }
        if (outcome.status() == 429 && leg.coolingDown()) {
            cooldownSeconds = Math.max(1, leg.cooldownMs() / 1000);
            verdict = "; " + leg.target().system().id() + " is rate limited repeatedly and cools down for "
                    + cooldownSeconds + " s";
            return false;
        }
        if (outcome.cancelled() || outcome.timedOut() || outcome.shown() || outcome.notCalled()
                || !retryable(outcome.status()) || attempts >= leg.maxAttempts()) {
            return false;
        }
        RetryWaits.Wait wait = leg.waits().next(attempts, outcome.hint());
        if (wait.overCap()) {
            verdict = "; the server asks to wait " + wait.millis() + " ms (" + wait.basis() + "), above the cap of "
                    + leg.waits().capMs() + " ms (cascade.compare.retry.max-wait-ms): not retrying";
            return false;
        }
        if (wait.millis() >= run.remainingMs()) {
            verdict = "; a retry in " + wait.millis() + " ms (" + wait.basis() + ") would pass the compare deadline";
            return false;
        }
        plannedWaitMs = wait.millis();
        return true;
    }

    /** 429 and 503 say "try later"; everything else would fail the same way again (or is not ours to repeat). */
    static boolean retryable(int status) {
        return status == 429 || status == 503;
    }

    /** Resilience4j's wait question: what {@link #shouldRetry} computed. */
    synchronized long plannedWaitMs() {
        return plannedWaitMs;
    }

    /** The system's result from the last attempt. */
    synchronized SystemResult result() {
        LegAttempt attempt = current;
        if (attempt != null) {
            attempt.release();
        }
        LegAttempt.Outcome outcome = attempt == null ? null : attempt.outcome();
        String endpoint = leg.endpoint(base);
        if (outcome != null && outcome.ok()) {
            return Results.ok(leg.target(), endpoint, attempt.stream(), run, retries(), attempt.shareMs(), attempt.endedNanos());
        }
        String message = outcome == null ? "no answer" : outcome.message();
        message = message + (retries() > 0 ? " (after " + retries() + " retries)" : "") + (verdict == null ? "" : verdict);
        return Results.error(leg.target(), endpoint, attempt == null ? null : attempt.stream(), run, retries(), message,
                cooldownSeconds);
    }

    /** The result when the deadline or a disconnect ended the call from outside. */
    synchronized SystemResult resultWhen(LegAttempt.Abort why) {
        String message = why == LegAttempt.Abort.DEADLINE
                ? "no complete answer within the compare deadline of " + run.deadlineMs() + " ms"
                : "cancelled: the client disconnected or the compare ended";
        LegAttempt attempt = current;
        if (attempt != null) {
            attempt.release();
        }
        return Results.error(leg.target(), leg.endpoint(base), attempt == null ? null : attempt.stream(), run, retries(),
                message, null);
    }
}
