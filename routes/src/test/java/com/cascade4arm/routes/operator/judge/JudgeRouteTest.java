package com.cascade4arm.routes.operator.judge;

import com.cascade4arm.routes.config.TestConfig;
import com.cascade4arm.routes.operator.compare.RetryWaits;
import com.cascade4arm.routes.serving.http.ErrorsConfiguration;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import org.apache.camel.BindToRegistry;
import org.apache.camel.EndpointInject;
import org.apache.camel.Exchange;
import org.apache.camel.Produce;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.builder.AdviceWithRouteBuilder;
import org.apache.camel.component.mock.MockEndpoint;
import org.apache.camel.main.MainConfigurationProperties;
import org.apache.camel.test.main.junit5.AdviceRouteMapping;
import org.apache.camel.test.main.junit5.CamelMainTest;
import org.apache.camel.test.main.junit5.Configure;
import org.junit.jupiter.api.Test;

import java.net.ConnectException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.time.Clock;
import java.util.Map;

import static com.cascade4arm.routes.RouteIds.JUDGE_CALL;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code judge-call} route's own logic, without a judge: camel-http is a mock that answers, fails or hangs as the
 * test scripts it, and the test reads the reply the route leaves (verdict, status, the fallback's reason) and what
 * the judge's breaker counted.
 */
@CamelMainTest(propertyPlaceholderFileName = "route-tests.properties",
        advices = @AdviceRouteMapping(route = JUDGE_CALL, advice = JudgeRouteTest.JudgeAsMock.class))
class JudgeRouteTest {
    /** Long enough that no scripted answer reaches it on a loaded machine (these tests never wait for it). */
    private static final long TIMEOUT_MS = 5_000;
    private static final JudgeConfig SETTINGS = TestConfig.of(Map.of("cascade.judge.enabled", "true",
            "cascade.judge.url", "http://judge.invalid/v1",
            "cascade.judge.timeout-ms", String.valueOf(TIMEOUT_MS))).judge();

    @BindToRegistry(JudgeRoutes.BREAKER)
    CircuitBreaker breaker = CircuitBreaker.ofDefaults(JudgeRoutes.BREAKER);
    @EndpointInject("mock:judge")
    MockEndpoint judge;
    @Produce("direct:" + JUDGE_CALL)
    ProducerTemplate caller;

    /** The judge's HTTP endpoint, found by the judge's URL it names, replaced by a mock. */
    public static final class JudgeAsMock extends AdviceWithRouteBuilder {
        @Override
        public void configure() {
            weaveByToUri("http://judge.invalid/v1/chat/completions?*").replace().to("mock:judge");
        }
    }

    @Configure
    protected void configure(MainConfigurationProperties configuration) {
        configuration.addRoutesBuilder(new ErrorsConfiguration());
        configuration.addRoutesBuilder(new JudgeRoutes(new CamelJudge(SETTINGS,
                new RetryWaits(100, 1_000, 0, Clock.systemUTC(), () -> 0.5)), SETTINGS));
    }

    @Test
    void readsTheVerdictFromTheJudgesAnswer() throws Exception {
        answer(200, "{\"choices\":[{\"message\":{\"content\":\"A\"}}]}");
        judge.expectedMessageCount(1);
        judge.expectedHeaderReceived(Exchange.HTTP_METHOD, "POST");

        JudgeCall.Reply reply = call();

        judge.assertIsSatisfied();
        assertThat(reply.text()).isEqualTo("A");
        assertThat(reply.status()).isEqualTo(200);
        assertThat(breaker.getMetrics().getNumberOfSuccessfulCalls()).as("breaker successes").isEqualTo(1);
    }

    @Test
    void keepsAServerErrorsReplyAndCountsItAgainstTheBreaker() throws Exception {
        answer(503, "{\"error\":{\"message\":\"overloaded\"}}");

        JudgeCall.Reply reply = call();

        assertThat(reply.status()).isEqualTo(503);
        assertThat(reply.problem()).isEqualTo("judge answered HTTP 503: overloaded");
        assertThat(reply.retryable()).as("retryable").isTrue();
        assertThat(breaker.getMetrics().getNumberOfFailedCalls()).as("breaker failures").isEqualTo(1);
    }

    @Test
    void keepsARateLimitWithItsWaitWithoutCountingItAgainstTheBreaker() throws Exception {
        judge.whenAnyExchangeReceived(exchange -> {
            exchange.getMessage().setHeader(Exchange.HTTP_RESPONSE_CODE, 429);
            exchange.getMessage().setHeader("Retry-After", "7");
            exchange.getMessage().setBody("{\"error\":{\"message\":\"slow down\"}}");
        });

        JudgeCall.Reply reply = call();

        assertThat(reply.status()).isEqualTo(429);
        assertThat(reply.hint().retryAfter()).as("Retry-After").isEqualTo("7");
        assertThat(breaker.getMetrics().getNumberOfFailedCalls()).as("breaker failures").isZero();
    }

    @Test
    void saysTheBreakerIsOpenWithoutCallingTheJudge() throws Exception {
        breaker.transitionToOpenState();
        judge.expectedMessageCount(0);

        JudgeCall.Reply reply = call();

        judge.assertIsSatisfied();
        assertThat(reply.called()).as("called").isFalse();
        assertThat(reply.problem()).isEqualTo("judge circuit breaker is open after repeated failures");
        assertThat(reply.retryable()).as("retryable").isFalse();
    }

    @Test
    void saysTheJudgeGaveNoAnswerWhenTheTimeLimitEndsTheCall() throws Exception {
        CountDownLatch released = new CountDownLatch(1);
        judge.whenAnyExchangeReceived(exchange -> released.await(2 * TIMEOUT_MS, TimeUnit.MILLISECONDS));
        try {
            JudgeCall.Reply reply = call();

            assertThat(reply.called()).as("called").isTrue();
            assertThat(reply.problem()).isEqualTo("judge gave no answer within " + TIMEOUT_MS + " ms");
            assertThat(reply.retryable()).as("retryable").isTrue();
        } finally {
            released.countDown();
        }
    }

    @Test
    void saysTheJudgeIsUnreachableWhenTheCallFails() throws Exception {
        judge.whenAnyExchangeReceived(exchange -> {
            throw new ConnectException("Connection refused");
        });

        JudgeCall.Reply reply = call();

        assertThat(reply.called()).as("called").isTrue();
        assertThat(reply.status()).isZero();
        assertThat(reply.problem()).isEqualTo("judge unreachable: Connection refused");
        assertThat(breaker.getMetrics().getNumberOfFailedCalls()).as("breaker failures").isEqualTo(1);
    }

    private void answer(int status, String body) {
        judge.whenAnyExchangeReceived(exchange -> {
            exchange.getMessage().setHeader(Exchange.HTTP_RESPONSE_CODE, status);
            exchange.getMessage().setBody(body);
        });
    }

    private JudgeCall.Reply call() {
        JudgeCall call = new JudgeCall("{\"model\":\"judge\"}".getBytes(StandardCharsets.UTF_8));
        Exchange done = caller.send(exchange -> exchange.setProperty(JudgeCall.PROPERTY, call));
        assertThat(done.getException()).as("exception").isNull();
        assertThat(call.reply()).as("reply").isNotNull();
        return call.reply();
    }
}
