package com.cascade4arm.routes.operator.judge;

import com.cascade4arm.routes.operator.compare.RetryHint;
import com.cascade4arm.routes.serving.http.ErrorsConfiguration;
import io.github.resilience4j.circuitbreaker.CallNotPermittedException;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.builder.RouteBuilder;

import java.net.SocketTimeoutException;
import java.util.concurrent.TimeoutException;

import static com.cascade4arm.routes.RouteIds.JUDGE_CALL;
import static com.cascade4arm.routes.RouteIds.direct;

/**
 * {@code judge-call}: one judge comparison to the configured OpenAI-compatible endpoint with camel-http inside the
 * judge's circuit breaker (with its time limit); a 5xx or no answer counts against the breaker, an open breaker or
 * a timeout falls back to a reply saying why. The HTTP call itself gives up at the same limit: the breaker's timeout
 * only stops waiting for it, and a hung judge would otherwise hold a connection until the upstream idle timeout.
 * {@link CamelJudge} retries it (Resilience4j Retry, Retry-After honoured).
 */
public final class JudgeRoutes extends RouteBuilder {
    /** Registry name of the judge's circuit breaker. */
    public static final String BREAKER = "judge-breaker";
    /** camel-http: a non-2xx is an answer to read (its Retry-After matters), not an exception. */
    private static final String HTTP_OPTIONS = "?throwExceptionOnFailure=false";

    private final CamelJudge judge;
    private final JudgeConfig settings;

    public JudgeRoutes(CamelJudge judge, JudgeConfig settings) {
        this.judge = judge;
        this.settings = settings;
    }

    @Override
    public void configure() {
        judge.bind(getContext().createProducerTemplate());
        from(direct(JUDGE_CALL)).routeId(JUDGE_CALL).routeConfigurationId(ErrorsConfiguration.INTERNAL)
                .circuitBreaker()
                    .resilience4jConfiguration().circuitBreaker(BREAKER)
                        .timeoutEnabled(true).timeoutDuration((int) Math.min(Integer.MAX_VALUE, settings.timeoutMs()))
                    .end()
                    .process(this::request)
                    .to(settings.chatUrl() + HTTP_OPTIONS + "&responseTimeout=" + settings.timeoutMs())
                    .process(JudgeRoutes::readReply)
                .onFallback()
                    .process(this::withoutReply)
                .end();
    }

    /** Method, key, JSON body; nothing else travels (the endpoint names the judge's URL). */
    private void request(Exchange exchange) {
        Message message = exchange.getMessage();
        message.removeHeaders("*");
        message.setHeader(Exchange.HTTP_METHOD, "POST");
        message.setHeader(Exchange.CONTENT_TYPE, "application/json");
        if (settings.apiKey().isPresent()) {
            message.setHeader("Authorization", "Bearer " + settings.apiKey().get());
        }
        message.setBody(JudgeCall.of(exchange).body());
    }

    /** The reply; a server error is thrown afterwards so the breaker counts it. */
    private static void readReply(Exchange exchange) {
        Message message = exchange.getMessage();
        int status = message.getHeader(Exchange.HTTP_RESPONSE_CODE, 0, Integer.class);
        JudgeCall.Reply reply = JudgeCall.Reply.parse(status, message.getBody(String.class),
                new RetryHint(message.getHeader("Retry-After", String.class),
                        message.getHeader("X-RateLimit-Reset", String.class)));
        JudgeCall.of(exchange).reply(reply);
        if (status >= 500) {
            throw new IllegalStateException(reply.problem());
        }
    }

    /** Refused by the open breaker, timed out, or failed before any answer; a read reply is kept as it is. */
    private void withoutReply(Exchange exchange) {
        JudgeCall call = JudgeCall.of(exchange);
        if (call.reply() != null) {
            return;
        }
        Throwable cause = exchange.getProperty(Exchange.EXCEPTION_CAUGHT, Throwable.class);
        // Camel's fallback after the breaker's time limit carries no exception: only a breaker that is open refused.
        if (cause instanceof CallNotPermittedException || cause == null && breakerRefuses()) {
            call.reply(JudgeCall.Reply.notCalled("judge circuit breaker is open after repeated failures"));
        } else if (cause == null || cause instanceof TimeoutException || causedBy(cause, SocketTimeoutException.class)) {
            call.reply(JudgeCall.Reply.failed(0, "judge gave no answer within " + settings.timeoutMs() + " ms",
                    RetryHint.NONE));
        } else {
            call.reply(JudgeCall.Reply.failed(0, "judge unreachable: " + cause.getMessage(), RetryHint.NONE));
        }
    }

    private boolean breakerRefuses() {
        CircuitBreaker breaker = getContext().getRegistry().lookupByNameAndType(BREAKER, CircuitBreaker.class);
        return breaker == null || breaker.getState() == CircuitBreaker.State.OPEN
                || breaker.getState() == CircuitBreaker.State.FORCED_OPEN;
    }

    private static boolean causedBy(Throwable failure, Class<? extends Throwable> type) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return true;
            }
        }
        return false;
    }
}
