package com.cascade4arm.routes.operator.compare;

import com.cascade4arm.openai.LogText;
import com.cascade4arm.routes.serving.hosted.HostedCall;
import com.cascade4arm.routes.serving.hosted.HostedFailure;
import com.cascade4arm.routes.serving.keys.KeyAccess;
import com.cascade4arm.routes.serving.upstream.UpstreamErrorText;
import com.cascade4arm.openai.ChatRequest;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.resilience4j.circuitbreaker.CallNotPermittedException;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.github.resilience4j.retry.RetryConfig;
import org.apache.camel.Exchange;
import org.apache.camel.Message;

import java.io.InputStream;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * One system of Compare (cascade, baseline or hosted) and its resilience: where and how it is called
 * ({@link LegTarget}); the circuit breaker its attempt route runs in (counts 5xx, I/O failures, error events and
 * deadline misses — not 429s, not other 4xx); the rate-limit cooldown, a second breaker fed only 429s (after N in a row
 * the system is skipped for the cooldown, without a call); and the Resilience4j retry policy of one call.
 */
final class Leg implements HostedCall {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(Leg.class);
    private final LegTarget target;
    private final CircuitBreaker failures;
    private final CircuitBreaker rateLimits;
    private final RetryWaits waits;
    private final int maxAttempts;
    private final long cooldownMs;
    private final Clock clock;
    private final boolean exposeEndpoints;
    private volatile long cooldownStartedMs;

    /** {@code exposeEndpoints}: results name the gateway's and the baseline's URLs (cascade.expose-endpoints). */
    Leg(LegTarget target, CircuitBreaker failures, CircuitBreaker rateLimits, RetryWaits waits, int maxAttempts,
        long cooldownMs, Clock clock, boolean exposeEndpoints) {
        this.target = target;
        this.exposeEndpoints = exposeEndpoints;
        this.failures = failures;
        this.rateLimits = rateLimits;
        this.waits = waits;
        this.maxAttempts = maxAttempts;
        this.cooldownMs = cooldownMs;
        this.clock = clock;
        rateLimits.getEventPublisher().onStateTransition(event -> {
            if (event.getStateTransition().getToState() == CircuitBreaker.State.OPEN) {
                cooldownStartedMs = clock.millis();
            }
        });
    }

    /** The breaker of the attempt route: what counts as the system failing ({@link LegFailure} says). */
    static CircuitBreakerConfig failureBreaker(int failureRatePercent, int window, long openMs, Clock clock) {
        return CircuitBreakerConfig.custom()
                .failureRateThreshold(failureRatePercent)
                .slidingWindowSize(window)
                .minimumNumberOfCalls(Math.min(window, 4))
                .waitDurationInOpenState(Duration.ofMillis(openMs))
                .permittedNumberOfCallsInHalfOpenState(1)
                .recordException(e -> !(e instanceof HostedFailure failure) || failure.recorded())
                .ignoreException(e -> e instanceof HostedFailure failure && failure.ignored())
                .clock(clock)
                .build();
    }

    /**
     * The cooldown as a breaker: the last {@code after429s} answers all 429 (a 100 % failure rate over a window of that
     * size) open it for {@code cooldownMs}; any other answer is a success that breaks the streak.
     */
    static CircuitBreakerConfig rateLimitBreaker(int after429s, long cooldownMs, Clock clock) {
        return CircuitBreakerConfig.custom()
                .slidingWindowType(CircuitBreakerConfig.SlidingWindowType.COUNT_BASED)
                .slidingWindowSize(after429s)
                .minimumNumberOfCalls(after429s)
                .failureRateThreshold(100)
                .waitDurationInOpenState(Duration.ofMillis(cooldownMs))
                .permittedNumberOfCallsInHalfOpenState(after429s)
                .clock(clock)
                .build();
    }

    LegTarget target() {
        return target;
    }

    SystemName system() {
        return target.system();
    }

    RetryWaits waits() {
        return waits;
    }

    int maxAttempts() {
        return maxAttempts;
    }

    long cooldownMs() {
        return cooldownMs;
    }

    CircuitBreaker failures() {
        return failures;
    }

    /**
     * The start of this system's part of a compare: a {@link LegCall} to make, or — for a system not asked for, not
     * configured, or cooling down after a 429 storm — its result right away, without a call.
     */
    Object open(CompareRun run) {
        SystemName system = target.system();
        if (!run.request().wants(system)) {
            return SystemResult.skipped(system, target.model(), endpoint(), "not requested (systems)");
        }
        String unconfigured = target.unconfigured().get();
        if (unconfigured != null) {
            return SystemResult.skipped(system, target.model(), endpoint(), unconfigured);
        }
        if (!rateLimits.tryAcquirePermission()) {
            return SystemResult.coolingDown(system, target.model(), endpoint(), cooldownRemainingMs());
        }
        ChatRequest chat = run.request().chat();
        if (system == SystemName.CASCADE && !run.request().draft()) {
            chat = chat.withDraftMax(0); // the large model without its speculative draft (llama-server's speculative.n_max)
        }
        ObjectNode body = chat.with(target.model(), true, true).toJson(target.model() != null);
        if (target.reasoning() != null) {
            body.set("reasoning", reasoning(run.request()).toJson());
        }
        return new LegCall(this, run, target.base().get(), body);
    }

    /** The hosted API's reasoning for this compare: what it asked for, else the configured one. */
    HostedReasoning reasoning(CompareRequest request) {
        return request.hostedReasoning() != null ? request.hostedReasoning() : target.reasoning();
    }

    /** Resilience4j's retry policy for one call: the verdict and the wait come from the call's last outcome. */
    RetryConfig retryConfig(LegCall call) {
        return RetryConfig.<LegAttempt.Outcome>custom()
                .maxAttempts(maxAttempts)
                .retryOnResult(call::shouldRetry)
                .retryOnException(e -> false)
                .intervalBiFunction((attempts, outcome) -> call.plannedWaitMs())
                .failAfterMaxAttempts(false)
                .build();
    }

    /** The cooldown's bookkeeping after an attempt: a 429 extends the streak, any other answer ends it. */
    void recordRateLimit(LegAttempt.Outcome outcome) {
        if (outcome.status() == 429) {
            rateLimits.onError(0, TimeUnit.NANOSECONDS, new LegFailure(outcome));
        } else if (!outcome.cancelled() && !outcome.notCalled()) {
            rateLimits.onSuccess(0, TimeUnit.NANOSECONDS);
        }
    }

    /** True while the 429 streak has the system cooling down. */
    boolean coolingDown() {
        return rateLimits.getState() == CircuitBreaker.State.OPEN && cooldownRemainingMs() > 0;
    }

    private long cooldownRemainingMs() {
        return Math.max(0, cooldownStartedMs + cooldownMs - clock.millis());
    }

    /** Closes both breakers (tests; an operator after fixing a key). */
    void reset() {
        failures.reset();
        rateLimits.reset();
    }

    // --- the attempt route's steps -----------------------------------------------------------------------------

    /**
     * Builds camel-http's request: where it goes (the {@link LegCall#URL} property the attempt route's endpoint names),
     * key, the target's headers (OpenRouter attribution), the chat JSON body.
     */
    @Override
    public void request(Exchange exchange) {
        LegCall call = LegCall.of(exchange);
        Message message = exchange.getMessage();
        message.removeHeaders("*"); // nothing of the client's request (query parameters …) travels on to the system
        exchange.setProperty(LegCall.URL, target.chatUrl(call.base()).toString());
        message.setHeader(Exchange.HTTP_METHOD, "POST");
        message.setHeader("Accept", "text/event-stream");
        if (target.apiKey() != null && !target.apiKey().isBlank()) {
            message.setHeader("Authorization", "Bearer " + target.apiKey());
        }
        target.headers().forEach(message::setHeader);
        if (target.system() == SystemName.CASCADE && call.run().keyId() != null) {
            // the gateway itself: the calling key's tiers bound the cascade leg as they bound its chat
            message.setHeader(KeyAccess.ON_BEHALF_OF, call.run().keyId());
        }
        message.setBody(call.body());
    }

    /** Reads camel-http's streamed answer; an attempt that did not end well is thrown for the breaker to count. */
    @Override
    public void readAnswer(Exchange exchange) {
        LegCall call = LegCall.of(exchange);
        Message message = exchange.getMessage();
        LegAttempt.Outcome outcome = call.current().read(message.getHeader(Exchange.HTTP_RESPONSE_CODE, 0, Integer.class),
                name -> message.getHeader(name, String.class), message.getBody(InputStream.class), call.run().deadlineMs());
        if (!outcome.ok()) {
            throw new LegFailure(outcome);
        }
    }

    /**
     * The breaker's fallback: an attempt that has no outcome yet was either refused by the open breaker or failed
     * before any answer (connection refused, no headers in time).
     */
    @Override
    public void withoutAnswer(Exchange exchange) {
        LegAttempt attempt = LegCall.of(exchange).current();
        if (attempt.outcome() != null) {
            return; // the attempt ended with an answer; the outcome says how
        }
        Throwable cause = exchange.getProperty(Exchange.EXCEPTION_CAUGHT, Throwable.class);
        if (cause == null || cause instanceof CallNotPermittedException) { // refused: no call, so nothing was thrown
            attempt.notCalled(target.system().id() + " circuit breaker is open after repeated failures; not calling it for now");
        } else {
            // The exception's message names the address and its class: the log gets them, the client a few words.
            LOG.info("compare leg {} unreachable: {}", target.system().id(), LogText.safe(cause));
            attempt.unreachable(target.system().id() + " unreachable (" + UpstreamErrorText.kind(cause) + ")");
        }
    }

    /** Tells the client how this system did (the SSE compare streams each result as it comes). */
    void announce(Exchange exchange) {
        SystemResult result = exchange.getMessage().getBody(SystemResult.class);
        exchange.getProperty(CompareRun.PROPERTY, CompareRun.class).events().result(target.system(), result);
    }

    private String endpoint() {
        return endpoint(target.base().get());
    }

    /** Where the system was called: the hosted API's public URL; the gateway's own and the baseline's only if exposed. */
    String endpoint(URI base) {
        if (base == null) {
            return null;
        }
        return exposeEndpoints || target.system() == SystemName.HOSTED ? base.toString() : target.system().id();
    }
}
