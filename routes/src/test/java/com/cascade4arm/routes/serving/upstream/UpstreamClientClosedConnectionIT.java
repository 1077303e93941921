package com.cascade4arm.routes.serving.upstream;

import com.cascade4arm.standins.upstream.InstantResponder;
import com.cascade4arm.testing.upstream.ClosingAfterStreamsUpstream;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.vertx.core.Vertx;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An upstream that closes its connection after every streamed answer while advertising keep-alive, as llama-server
 * does: sequential streams all succeed — a request lost on the closed connection is sent again on a fresh one, and
 * after the first the client opens a fresh connection for each stream — and plain answers keep reusing theirs. One
 * that closes right after each stream (llama-server's timing) loses no request either, sent back to back.
 */
class UpstreamClientClosedConnectionIT {
    private static final int REQUESTS = 200;

    private Vertx vertx;
    private ClosingAfterStreamsUpstream upstream;
    private UpstreamClient client;
    private UpstreamEndpoint endpoint;

    @BeforeEach
    void start() {
        vertx = Vertx.vertx();
        upstream = ClosingAfterStreamsUpstream.start();
        client = new UpstreamClient(vertx, 2000, 10_000, 8);
        endpoint = new UpstreamEndpoint("closing", URI.create(upstream.baseUrl()), null, CircuitBreaker.ofDefaults("closing"));
    }

    @AfterEach
    void stop() throws Exception {
        client.close();
        upstream.close();
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @Test
    void everySequentialStreamSucceedsAgainstAServerThatClosesAfterStreams() throws Exception {
        AtomicInteger answered = new AtomicInteger();
        streams(REQUESTS, answered).get(30, TimeUnit.SECONDS);

        assertThat(answered).as("every stream answered").hasValue(REQUESTS);
        assertThat(endpoint.closesAfterStreams()).as("learned from the first lost request").isTrue();
        assertThat(upstream.connections()).as("a fresh connection per stream, plus the one lost").isBetween(REQUESTS, REQUESTS + 2);
    }

    private CompletableFuture<Void> streams(int left, AtomicInteger answered) {
        if (left == 0) {
            return CompletableFuture.completedFuture(null);
        }
        AtomicInteger content = new AtomicInteger();
        return client.stream(endpoint, JsonNodeFactory.instance.objectNode().put("stream", true), data -> {
                    if (data.contains(ClosingAfterStreamsUpstream.CONTENT)) {
                        content.incrementAndGet();
                    }
                })
                .thenCompose(done -> {
                    answered.addAndGet(content.get());
                    return streams(left - 1, answered);
                });
    }

    @Test
    void everyRequestSucceedsBackToBackAgainstAServerThatClosesRightAfterAStream() throws Exception {
        try (ClosingAfterStreamsUpstream closing = ClosingAfterStreamsUpstream.startClosingAtOnce()) {
            UpstreamEndpoint atOnce = new UpstreamEndpoint("closing-at-once", URI.create(closing.baseUrl()), null,
                    CircuitBreaker.ofDefaults("closing-at-once"));
            for (int i = 0; i < REQUESTS; i++) {
                AtomicInteger content = new AtomicInteger();
                client.stream(atOnce, JsonNodeFactory.instance.objectNode().put("stream", true), data -> {
                    if (data.contains(ClosingAfterStreamsUpstream.CONTENT)) {
                        content.incrementAndGet();
                    }
                }).get(10, TimeUnit.SECONDS);
                assertThat(content).as("stream %d answered", i).hasValue(1);
                client.complete(atOnce, JsonNodeFactory.instance.objectNode().put("stream", false))
                        .get(10, TimeUnit.SECONDS);
            }
            assertThat(atOnce.closesAfterStreams()).as("learned from the close right after the first stream").isTrue();
            assertThat(closing.connections()).as("a fresh connection per stream; the plain answers keep theirs")
                    .isLessThanOrEqualTo(REQUESTS + 4);
        }
    }

    @Test
    void streamsToAServerThatKeepsItsConnectionsTeachNothingEvenWhenTheClientClosesRightAfter() throws Exception {
        try (InstantResponder keeping = InstantResponder.start(0)) {
            UpstreamEndpoint kept = new UpstreamEndpoint("keeping", URI.create(keeping.baseUrl()), null,
                    CircuitBreaker.ofDefaults("keeping"));
            for (int i = 0; i < 20; i++) {
                client.stream(kept, JsonNodeFactory.instance.objectNode().put("stream", true), data -> { })
                        .get(10, TimeUnit.SECONDS);
            }
            client.close(); // its connections close right after the last stream: not the server's doing
            Thread.sleep(200); // their close handlers run on the event loop after close() returns, within the window

            assertThat(kept.closesAfterStreams()).isFalse();
        }
    }

    @Test
    void plainAnswersKeepReusingTheirConnection() throws Exception {
        for (int i = 0; i < REQUESTS; i++) {
            CompletableFuture<?> answer = client.complete(endpoint, JsonNodeFactory.instance.objectNode().put("stream", false));
            answer.get(10, TimeUnit.SECONDS);
        }

        assertThat(upstream.connections()).as("reused, not one per request").isLessThanOrEqualTo(2);
        assertThat(endpoint.closesAfterStreams()).isFalse();
    }
}
