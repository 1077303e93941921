package com.cascade4arm.routes.serving.llama;

import com.cascade4arm.openai.ApiError;
import com.cascade4arm.openai.ChatRequest;
import com.cascade4arm.routes.serving.chat.RoutedChat;
import com.cascade4arm.routes.serving.metrics.GenAiMetrics;
import com.cascade4arm.routes.serving.routing.RouteDecision;
import com.cascade4arm.routes.serving.upstream.UpstreamEndpoint;
import com.cascade4arm.routes.serving.upstream.UpstreamPool;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicLong;

import static com.cascade4arm.routes.serving.llama.FakeUpstream.Script.errorEventAfter;
import static com.cascade4arm.routes.serving.llama.FakeUpstream.Script.failsAfter;
import static com.cascade4arm.routes.serving.llama.FakeUpstream.Script.failsBefore;
import static com.cascade4arm.routes.serving.llama.FakeUpstream.Script.hangs;
import static com.cascade4arm.routes.serving.llama.FakeUpstream.Script.tokens;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Serving one tier's pool, with a scripted upstream, a recording client and time moved by hand: which endpoint is
 * tried, what each breaker counts, what reaches the client, and what the chat route's fallback gets to see.
 */
class PoolDispatcherTest {
    private static final long REQUEST_TIMEOUT_MS = 600_000;

    private final FakeUpstream upstream = new FakeUpstream();
    private final ManualTimers timers = new ManualTimers();
    private final AtomicLong nanos = new AtomicLong(5_000_000_000L);
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final PoolDispatcher dispatcher = new PoolDispatcher(upstream, new GenAiMetrics(meters), REQUEST_TIMEOUT_MS,
            timers, nanos::get, false);
    private final RecordingClient client = new RecordingClient(nanos.get());

    private static UpstreamPool pool(int endpoints) {
        CircuitBreakerConfig config = CircuitBreakerConfig.custom().slidingWindowSize(2).minimumNumberOfCalls(2)
                .failureRateThreshold(50).build();
        List<UpstreamEndpoint> list = new ArrayList<>();
        for (int i = 0; i < endpoints; i++) {
            UpstreamEndpoint endpoint = new UpstreamEndpoint("large-" + i, URI.create("http://127.0.0.1:" + (9000 + i)),
                    null, CircuitBreaker.of("large-" + i, config));
            endpoint.markHealth(true, "ok");
            list.add(endpoint);
        }
        return new UpstreamPool("large", list);
    }

    private static RoutedChat chat(boolean stream) {
        return RoutedChat.decided(ChatRequest.userPrompt("auto", "Refactor this", 8, stream),
                new RouteDecision("large", "code markers", "code goes large", 1, () -> null));
    }

    private static Throwable failure(CompletableFuture<?> answer) {
        assertThat(answer).isCompletedExceptionally();
        try {
            answer.join();
            throw new AssertionError("not failed");
        } catch (CompletionException e) {
            return e.getCause();
        }
    }

    @Test
    void relaysAStreamAndEndsItWithTheCascadeObject() {
        UpstreamPool pool = pool(1);
        upstream.script("large-0", tokens("Hel", "lo"));
        nanos.addAndGet(2_000_000);

        CompletableFuture<PoolDispatcher.Answer> answer = dispatcher.serve(chat(true), pool, client);

        assertThat(answer).isCompletedWithValue(null);
        assertThat(client.events).hasSize(4); // two deltas, the held-back finish chunk, the usage chunk with cascade
        assertThat(client.events.get(0)).contains("\"Hel\"");
        assertThat(client.events.get(3)).contains("\"cascade\"", "\"route\":\"large\"", "\"completion_tokens\":2");
        assertThat(client.ended).isTrue();
        assertThat(pool.endpoints().get(0).breaker().getMetrics().getNumberOfSuccessfulCalls()).isEqualTo(1);
        assertThat(timers.pending()).as("the request timeout was cancelled").isZero();
    }

    @Test
    void triesTheNextEndpointWhenOneFailsBeforeItsFirstByteAndCountsItsFailure() {
        UpstreamPool pool = pool(2);
        upstream.script("large-0", failsBefore(500)).script("large-1", tokens("ok"));

        CompletableFuture<PoolDispatcher.Answer> answer = dispatcher.serve(chat(false), pool, client);

        assertThat(upstream.calls).containsExactly("large-0", "large-1");
        assertThat(answer.join().body().at("/cascade/endpoint").asText()).isEqualTo("large-1");
        assertThat(pool.endpoints().get(0).breaker().getMetrics().getNumberOfFailedCalls()).isEqualTo(1);
        assertThat(pool.endpoints().get(1).breaker().getMetrics().getNumberOfSuccessfulCalls()).isEqualTo(1);
        assertThat(meters.get("cascade.upstream.errors").tag("endpoint", "large-0").counter().count()).isEqualTo(1);
    }

    @Test
    void failsAsUnavailableWhileNothingReachedTheClientSoTheRouteMayFallBack() {
        UpstreamPool pool = pool(2);
        upstream.script("large-0", failsBefore(503)).script("large-1", failsBefore(500));

        Throwable failure = failure(dispatcher.serve(chat(true), pool, client));

        assertThat(failure).isInstanceOf(PoolUnavailableException.class)
                .hasMessageContaining("tier 'large' unavailable").hasMessageContaining("HTTP 500");
        assertThat(((ApiError) failure).status()).isEqualTo(503);
        assertThat(client.committed()).as("nothing was sent").isFalse();
    }

    @Test
    void skipsEndpointsWhoseBreakerIsOpenWithoutCallingThem() {
        UpstreamPool pool = pool(1);
        pool.endpoints().get(0).breaker().transitionToOpenState();

        Throwable failure = failure(dispatcher.serve(chat(false), pool, client));

        assertThat(failure).isInstanceOf(PoolUnavailableException.class).hasMessageContaining("circuit open");
        assertThat(upstream.calls).isEmpty();
    }

    @Test
    void aFallbackThatFailsTooNamesBothTiersReasons() {
        UpstreamPool pool = pool(1);
        upstream.script("large-0", failsBefore(500));

        Throwable failure = failure(dispatcher.serve(chat(false).fallBack("large", "tier 'small' unavailable: down"),
                pool, client));

        assertThat(failure).hasMessageStartingWith("no model endpoint can serve this request: tier 'small' unavailable: down; "
                + "tier 'large' unavailable");
    }

    @Test
    void passesAnUpstreamClientErrorOnWithoutTrippingTheBreakerOrFallingBack() {
        UpstreamPool pool = pool(2);
        upstream.script("large-0", failsBefore(400));

        Throwable failure = failure(dispatcher.serve(chat(false), pool, client));

        assertThat(failure).isInstanceOf(ApiError.class).isNotInstanceOf(PoolUnavailableException.class);
        assertThat(((ApiError) failure).status()).isEqualTo(400);
        assertThat(((ApiError) failure).code()).isEqualTo("upstream_rejected");
        assertThat(upstream.calls).as("the other endpoint would reject it the same way").containsExactly("large-0");
        assertThat(pool.endpoints().get(0).breaker().getMetrics().getNumberOfFailedCalls()).isZero();
        assertThat(pool.endpoints().get(0).breaker().getMetrics().getNumberOfSuccessfulCalls()).isEqualTo(1);
    }

    @Test
    void endsAStreamThatFailsMidwayWithAnErrorEventAndNeverRetriesIt() {
        UpstreamPool pool = pool(2);
        upstream.script("large-0", failsAfter("Hel"));

        CompletableFuture<PoolDispatcher.Answer> answer = dispatcher.serve(chat(true), pool, client);

        assertThat(answer).as("the answer is over: the client has its error event").isCompletedWithValue(null);
        assertThat(client.events).first().asString().contains("\"Hel\"");
        assertThat(client.events).last().asString().contains("upstream_stream_failed");
        assertThat(upstream.calls).containsExactly("large-0");
        assertThat(pool.endpoints().get(0).breaker().getMetrics().getNumberOfFailedCalls()).isEqualTo(1);
    }

    @Test
    void treatsAnErrorEventBeforeAnyTokenAsAFailureBeforeTheFirstByteAndTriesTheNextEndpoint() {
        UpstreamPool pool = pool(2);
        upstream.script("large-0", errorEventAfter("slot unavailable")).script("large-1", tokens("ok"));

        CompletableFuture<PoolDispatcher.Answer> answer = dispatcher.serve(chat(true), pool, client);

        assertThat(answer).isCompletedWithValue(null);
        assertThat(upstream.calls).containsExactly("large-0", "large-1");
        assertThat(client.events).first().asString().contains("\"ok\"").doesNotContain("slot unavailable");
        assertThat(client.events).last().asString().contains("\"endpoint\":\"large-1\"");
        assertThat(pool.endpoints().get(0).breaker().getMetrics().getNumberOfFailedCalls()).isEqualTo(1);
    }

    @Test
    void endsAStreamWithTheUpstreamsErrorEventWhenItArrivesAfterTokens() {
        UpstreamPool pool = pool(2);
        upstream.script("large-0", errorEventAfter("context full", "Hel"));

        CompletableFuture<PoolDispatcher.Answer> answer = dispatcher.serve(chat(true), pool, client);

        assertThat(answer).isCompletedWithValue(null);
        assertThat(upstream.calls).as("tokens were sent: never retried elsewhere").containsExactly("large-0");
        assertThat(client.events).first().asString().contains("\"Hel\"");
        assertThat(client.events).last().asString().contains("upstream_stream_failed", "context full");
        assertThat(pool.endpoints().get(0).breaker().getMetrics().getNumberOfFailedCalls()).isEqualTo(1);
    }

    @Test
    void cancelsTheUpstreamCallWhenTheClientLeavesWithoutBlamingTheEndpoint() {
        UpstreamPool pool = pool(1);
        upstream.script("large-0", hangs());

        CompletableFuture<PoolDispatcher.Answer> answer = dispatcher.serve(chat(false), pool, client);
        assertThat(answer).isNotDone();
        client.leave();

        assertThat(upstream.hanging).singleElement().satisfies(call -> assertThat(call).isCancelled());
        assertThat(answer).isCompletedWithValue(null);
        assertThat(pool.endpoints().get(0).breaker().getMetrics().getNumberOfFailedCalls()).isZero();
        assertThat(pool.endpoints().get(0).inFlight()).isZero();
    }

    @Test
    void givesUpOnASilentEndpointAtTheRequestTimeoutAndCountsIt() {
        UpstreamPool pool = pool(1);
        upstream.script("large-0", hangs());

        CompletableFuture<PoolDispatcher.Answer> answer = dispatcher.serve(chat(false), pool, client);
        timers.fireAll(); // the request timeout's time has come

        assertThatThrownBy(answer::join).hasCauseInstanceOf(PoolUnavailableException.class)
                .hasMessageContaining("no complete answer within " + REQUEST_TIMEOUT_MS + " ms");
        assertThat(upstream.hanging).singleElement().satisfies(call -> assertThat(call).isCancelled());
        assertThat(pool.endpoints().get(0).breaker().getMetrics().getNumberOfFailedCalls()).isEqualTo(1);
    }
}
