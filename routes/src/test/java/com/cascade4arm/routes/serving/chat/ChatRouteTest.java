package com.cascade4arm.routes.serving.chat;

import com.cascade4arm.openai.ApiError;
import com.cascade4arm.openai.ChatRequestParser;
import com.cascade4arm.routes.serving.http.ApiErrors;
import com.cascade4arm.routes.serving.http.ErrorsConfiguration;
import com.cascade4arm.routes.serving.llama.PoolUnavailableException;
import com.cascade4arm.routes.serving.llama.SmallModelDoubtException;
import com.cascade4arm.routes.serving.metrics.GenAiMetrics;
import com.cascade4arm.routes.serving.routing.RulebookRoutingService;
import com.cascade4arm.routes.serving.tracing.ChatTraceSteps;
import com.cascade4arm.routes.serving.tracing.ChatTracing;
import com.cascade4arm.rules.RoutingRulebook;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
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

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ForkJoinPool;

import static com.cascade4arm.routes.RouteIds.CALL_TIER;
import static com.cascade4arm.routes.RouteIds.CHAT_COMPLETIONS;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The chat routes' own logic, without sockets or models: the request enters at {@code direct:} instead of
 * {@code ingress:}, each tier's {@code llama:<tier>} is a mock that answers or fails as the test scripts it, and the
 * test reads which tier was called with what, and which OpenAI error the ingress would answer.
 */
@CamelMainTest(propertyPlaceholderFileName = "route-tests.properties",
        replaceRouteFromWith = CHAT_COMPLETIONS + "=direct:" + CHAT_COMPLETIONS,
        advices = @AdviceRouteMapping(route = CALL_TIER, advice = ChatRouteTest.TiersAsMocks.class))
class ChatRouteTest {
    private static final List<String> TIERS = List.of("small", "large");
    /** The bundled rulebook, compiled once for all tests (a compile takes about a second). */
    private static final RulebookRoutingService RULES = new RulebookRoutingService(RoutingRulebook.defaults(), 1);

    @EndpointInject("mock:small")
    MockEndpoint small;
    @EndpointInject("mock:large")
    MockEndpoint large;
    @Produce("direct:" + CHAT_COMPLETIONS)
    ProducerTemplate client;

    /** Each tier's pool replaced by a mock of the tier's name. */
    public static final class TiersAsMocks extends AdviceWithRouteBuilder {
        @Override
        public void configure() {
            for (String tier : TIERS) {
                weaveByToUri("llama:" + tier).replace().to("mock:" + tier);
            }
        }
    }

    @Configure
    protected void configure(MainConfigurationProperties configuration) {
        ChatRequestParser parser = new ChatRequestParser(new ChatRequestParser.Limits(
                List.of("auto", "small", "large"), "auto", Set.of("cascade"), 512, 64, 10_000, 4));
        ChatSteps steps = new ChatSteps(parser, RULES,
                new GenAiMetrics(new SimpleMeterRegistry()), TIERS);
        configuration.addRoutesBuilder(new ErrorsConfiguration());
        // The chat routes never leave the event loop, so the worker pool is only there to satisfy the constructor.
        configuration.addRoutesBuilder(new ChatRoutes(steps, new ChatTraceSteps(ChatTracing.create(null, 1_000)),
                new TierFallback(Map.of("small", "large", "large", "small")), new Escalate(TIERS), TIERS,
                KeyAccessFixture.open(), ForkJoinPool.commonPool()));
    }

    @Test
    void sendsAForcedTierToThatTierOnly() throws Exception {
        answers(large);
        expectCalls(0, 1);

        RoutedChat routed = servedBy(large, chat("large", "Say hello."));

        assertThat(routed.tier()).isEqualTo("large");
        assertThat(routed.isFallback()).as("fallback flag").isFalse();
    }

    @Test
    void sendsAnAutoRequestToTheTierTheRulesChose() throws Exception {
        answers(small);
        answers(large);

        Exchange done = chat("auto", "Write a Java method that reverses a linked list, with unit tests.");

        RoutedChat routed = servedBy("large".equals(done.getMessage().getHeader(ChatRoutes.TIER)) ? large : small, done);
        assertThat(routed.decision().route()).as("the rules' route").isEqualTo(routed.tier());
        assertThat(small.getReceivedCounter() + large.getReceivedCounter()).as("tier calls").isEqualTo(1);
    }

    @Test
    void fallsBackToTheTiersFallbackWhenItsPoolCannotServe() throws Exception {
        unavailable(small);
        answers(large);
        expectCalls(1, 1);

        RoutedChat routed = servedBy(large, chat("small", "Say hello."));

        assertThat(routed.tier()).isEqualTo("large");
        assertThat(routed.decision().route()).as("decided route").isEqualTo("small");
        assertThat(routed.fallbackReason()).isEqualTo("every small endpoint is down");
    }

    @Test
    void answers503WhenTheFallbackCannotServeEither() throws Exception {
        unavailable(small);
        unavailable(large);
        expectCalls(1, 1);

        ApiError error = clientError(chat("small", "Say hello."));

        MockEndpoint.assertIsSatisfied(small, large);
        assertThat(error.status()).isEqualTo(503);
        assertThat(error.toJson().path("error").path("code").asText()).isEqualTo("no_upstream_available");
        assertThat(error.toJson().path("error").path("message").asText()).isEqualTo("every large endpoint is down");
        assertThat(error.retryAfterSeconds()).as("Retry-After").isNotNull();
    }

    @Test
    void escalatesToTheLargeTierWhenTheSmallModelDoubts() throws Exception {
        RoutedChat.Escalation doubt = new RoutedChat.Escalation(0.2, 0.5, 12.0);
        small.whenAnyExchangeReceived(exchange -> {
            throw new SmallModelDoubtException(doubt);
        });
        answers(large);
        expectCalls(1, 1);

        RoutedChat routed = servedBy(large, chat("small", "Say hello."));

        assertThat(routed.tier()).isEqualTo("large");
        assertThat(routed.escalation()).as("escalation").isEqualTo(doubt);
        assertThat(routed.isFallback()).as("fallback flag").isFalse();
    }

    @Test
    void answers503WhenTheLargeTierCannotServeAnEscalatedRequest() throws Exception {
        small.whenAnyExchangeReceived(exchange -> {
            throw new SmallModelDoubtException(new RoutedChat.Escalation(0.2, 0.5, 12.0));
        });
        unavailable(large);
        expectCalls(1, 1); // no fallback back to the small tier that doubted: a second failure in a doCatch stands

        ApiError error = clientError(chat("small", "Say hello."));

        MockEndpoint.assertIsSatisfied(small, large);
        assertThat(error.status()).isEqualTo(503);
        assertThat(error.toJson().path("error").path("message").asText()).isEqualTo("every large endpoint is down");
    }

    @Test
    void answersAnInvalidBodyAs400WithoutCallingATier() throws Exception {
        expectCalls(0, 0);

        ApiError error = clientError(send("{\"model\": \"auto\", \"messages\": ["));

        MockEndpoint.assertIsSatisfied(small, large);
        assertThat(error.status()).isEqualTo(400);
        assertThat(error.type()).isEqualTo(ApiError.INVALID_REQUEST);
    }

    @Test
    void answersAnUnknownModelAs404WithoutCallingATier() throws Exception {
        expectCalls(0, 0);

        ApiError error = clientError(chat("medium", "Say hello."));

        MockEndpoint.assertIsSatisfied(small, large);
        assertThat(error.status()).isEqualTo(404);
        assertThat(error.toJson().path("error").path("message").asText()).contains("medium");
    }

    private Exchange chat(String model, String prompt) {
        return send("{\"model\":\"" + model + "\",\"messages\":[{\"role\":\"user\",\"content\":\"" + prompt + "\"}]}");
    }

    private Exchange send(String body) {
        return client.send(exchange -> exchange.getMessage().setBody(body.getBytes(StandardCharsets.UTF_8)));
    }

    /** The error the ingress answers the client with: the exchange's exception, else what openai-errors left. */
    private static ApiError clientError(Exchange done) {
        Throwable failure = done.getException() != null ? done.getException()
                : done.getProperty(ErrorsConfiguration.FAILURE, Throwable.class);
        assertThat(failure).as("failure left for the ingress").isNotNull();
        return ApiErrors.of(failure);
    }

    /** The tier's pool answers "from TIER". */
    private static void answers(MockEndpoint tier) {
        tier.whenAnyExchangeReceived(exchange -> exchange.getMessage().setBody("from " + tier.getName()));
    }

    /** Nothing of the tier's pool can serve: "every TIER endpoint is down". */
    private static void unavailable(MockEndpoint tier) {
        tier.whenAnyExchangeReceived(exchange -> {
            throw new PoolUnavailableException("every " + tier.getName() + " endpoint is down");
        });
    }

    private void expectCalls(int smallCalls, int largeCalls) {
        small.expectedMessageCount(smallCalls);
        large.expectedMessageCount(largeCalls);
    }

    /** The client got {@code tier}'s answer, with no failure left; the routed chat that tier was sent. */
    private RoutedChat servedBy(MockEndpoint tier, Exchange done) throws InterruptedException {
        MockEndpoint.assertIsSatisfied(small, large);
        assertThat(done.getProperty(ErrorsConfiguration.FAILURE)).as("failure").isNull();
        assertThat(done.getMessage().getBody(String.class)).as("answer").isEqualTo("from " + tier.getName());
        assertThat(tier.getReceivedExchanges()).as(tier.getEndpointUri() + " calls").hasSize(1);
        return tier.getReceivedExchanges().get(0).getMessage().getBody(RoutedChat.class);
    }
}
