package com.cascade4arm.routes.operator.compare;

import io.github.resilience4j.retry.Retry;
import org.apache.camel.AsyncCallback;
import org.apache.camel.Exchange;
import org.apache.camel.support.AsyncProcessorSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * A leg's call as an asynchronous step of its route, with Resilience4j {@code Retry} around its attempts (Camel's
 * circuitBreaker EIP has no retry, and redelivery does not reach inside it). Each attempt runs on a leg thread
 * through the attempt route; the waits between attempts are scheduled, and the leg's exchange goes on when the call
 * ends — when its last attempt ends, its deadline passes or the compare is cancelled, whichever comes first — so no
 * thread waits for the call. Replaces the body's {@link LegCall} with the system's {@link SystemResult}; never fails.
 */
final class LegRetry extends AsyncProcessorSupport {
    private static final Logger LOG = LoggerFactory.getLogger(LegRetry.class);

    private final Leg leg;
    private final Function<LegCall, LegAttempt.Outcome> attempt;
    private final ScheduledExecutorService scheduler;
    private final Executor threads;

    /**
     * @param attempt   one attempt of the call, on the calling thread (the gateway sends it through the attempt route)
     * @param scheduler where the waits between attempts are scheduled (tests drive it by hand)
     * @param threads   the leg threads: attempts run on them (camel-http reads the answer on the calling thread), and
     *                  the leg's route goes on from them
     */
    LegRetry(Leg leg, Function<LegCall, LegAttempt.Outcome> attempt, ScheduledExecutorService scheduler,
             Executor threads) {
        this.leg = leg;
        this.attempt = attempt;
        this.scheduler = scheduler;
        this.threads = threads;
    }

    @Override
    public boolean process(Exchange exchange, AsyncCallback callback) {
        call(exchange.getMessage().getBody(LegCall.class)).whenComplete((result, impossible) -> {
            exchange.getMessage().setBody(result);
            callback.done(false);
        });
        return false;
    }

    /** The call's result, once its attempts are over, its deadline passed or the compare was cancelled. */
    CompletableFuture<SystemResult> call(LegCall call) {
        CompareRun run = call.run();
        try {
            Retry retry = Retry.of("compare-" + leg.system().id(), leg.retryConfig(call));
            retry.getEventPublisher().onRetry(event -> run.events().retrying(leg.system(),
                    event.getNumberOfRetryAttempts() + 1, event.getWaitInterval().toMillis(),
                    call.current().outcome().message()));
            CompletableFuture<LegAttempt.Outcome> attempts = retry.executeCompletionStage(scheduler,
                    () -> CompletableFuture.supplyAsync(() -> once(call), threads)).toCompletableFuture();
            run.cancelled().thenRun(() -> call.abort(LegAttempt.Abort.CANCELLED));
            return CompletableFuture.anyOf(attempts, run.cancelled())
                    .orTimeout(run.remainingMs(), TimeUnit.MILLISECONDS)
                    .handleAsync((first, failure) -> ended(call, attempts, failure), threads);
        } catch (RuntimeException e) {
            return CompletableFuture.completedFuture(failed(call, e));
        }
    }

    /** What ended the call first: the deadline, an unexpected failure, the last attempt, or the cancel. */
    private SystemResult ended(LegCall call, CompletableFuture<LegAttempt.Outcome> attempts, Throwable failure) {
        Throwable cause = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
        if (cause instanceof TimeoutException) {
            call.abort(LegAttempt.Abort.DEADLINE);
            return call.resultWhen(LegAttempt.Abort.DEADLINE);
        }
        if (cause != null) {
            return failed(call, cause);
        }
        return attempts.isDone() ? call.result() : call.resultWhen(LegAttempt.Abort.CANCELLED);
    }

    private SystemResult failed(LegCall call, Throwable e) {
        LOG.error("compare leg {} failed unexpectedly", leg.system().id(), e);
        return Results.error(leg.target(), leg.endpoint(call.base()), null, call.run(), call.retries(),
                "internal error; see the gateway log", null);
    }

    /** One attempt, unless the compare is over or its deadline passed; the cooldown hears how it went. */
    private LegAttempt.Outcome once(LegCall call) {
        LegAttempt current = call.startAttempt();
        CompareRun run = call.run();
        if (run.isCancelled()) {
            return current.cancelledBeforeCall();
        }
        if (run.remainingMs() == 0) {
            return current.unreachable("the compare deadline of " + run.deadlineMs() + " ms passed before "
                    + leg.system().id() + " could be called");
        }
        LegAttempt.Outcome outcome = attempt.apply(call);
        if (outcome == null) {
            outcome = current.unreachable(leg.system().id() + " gave no answer");
        }
        leg.recordRateLimit(outcome);
        return outcome;
    }
}
