package com.cascade4arm.routes.compare;

import io.github.resilience4j.retry.Retry;
import org.apache.camel.Exchange;
import org.apache.camel.Processor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * A leg's call with Resilience4j {@code Retry} around its attempts (Camel's circuitBreaker EIP has no retry, and
 * redelivery does not reach inside it): each attempt goes through the attempt route; waits are scheduled, not slept,
 * so the deadline or a disconnect ends the call at once. Replaces the body's {@link LegCall} with the system's
 * {@link SystemResult}; never throws.
 */
final class LegRetry implements Processor {
    private static final Logger LOG = LoggerFactory.getLogger(LegRetry.class);

    private final Leg leg;
    private final Function<LegCall, LegAttempt.Outcome> attempt;
    private final ScheduledExecutorService scheduler;
    private final Executor attempts;

    /**
     * @param attempt   one attempt of the call, synchronously (the gateway sends it through the attempt route)
     * @param scheduler where the waits between attempts are scheduled (tests drive it by hand)
     * @param attempts  the threads attempts run on (they block on camel-http)
     */
    LegRetry(Leg leg, Function<LegCall, LegAttempt.Outcome> attempt, ScheduledExecutorService scheduler,
             Executor attempts) {
        this.leg = leg;
        this.attempt = attempt;
        this.scheduler = scheduler;
        this.attempts = attempts;
    }

    @Override
    public void process(Exchange exchange) {
        exchange.getMessage().setBody(call(exchange.getMessage().getBody(LegCall.class)));
    }

    SystemResult call(LegCall call) {
        CompareRun run = call.run();
        try {
            Retry retry = Retry.of("compare-" + leg.system().id(), leg.retryConfig(call));
            retry.getEventPublisher().onRetry(event -> run.events().retrying(leg.system(),
                    event.getNumberOfRetryAttempts() + 1, event.getWaitInterval().toMillis(),
                    call.current().outcome().message()));
            CompletableFuture<LegAttempt.Outcome> done = retry.executeCompletionStage(scheduler,
                    () -> CompletableFuture.supplyAsync(() -> once(call), attempts)).toCompletableFuture();
            run.cancelled().thenRun(() -> call.abort(LegAttempt.Abort.CANCELLED));
            try {
                CompletableFuture.anyOf(done, run.cancelled()).get(run.remainingMs(), TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                call.abort(LegAttempt.Abort.DEADLINE);
                return call.resultWhen(LegAttempt.Abort.DEADLINE);
            }
            return done.isDone() ? call.result() : call.resultWhen(LegAttempt.Abort.CANCELLED);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            call.abort(LegAttempt.Abort.CANCELLED);
            return call.resultWhen(LegAttempt.Abort.CANCELLED);
        } catch (ExecutionException | RuntimeException e) {
            LOG.error("compare leg {} failed unexpectedly", leg.system().id(), e);
            return Results.error(leg.target(), leg.endpoint(call.base()), null, run, call.retries(),
                    "internal error; see the gateway log", null);
        }
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
