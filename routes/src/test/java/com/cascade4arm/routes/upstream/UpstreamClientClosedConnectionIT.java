package com.cascade4arm.routes.upstream;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An upstream that closes its connection after every streamed answer while advertising keep-alive, as llama-server
 * does: sequential streams all succeed — a request lost on the closed connection is sent again on a fresh one, and
 * after the first the client opens a fresh connection for each stream — and plain answers keep reusing theirs.
 */
class UpstreamClientClosedConnectionIT {
    private static final String SSE = "data: {\"choices\":[{\"delta\":{\"content\":\"hi\"}}]}\n\ndata: [DONE]\n\n";
    private static final int REQUESTS = 200;

    private Vertx vertx;
    private HttpServer upstream;
    private UpstreamClient client;
    private UpstreamEndpoint endpoint;
    private final AtomicInteger connections = new AtomicInteger();

    @BeforeEach
    void start() throws Exception {
        vertx = Vertx.vertx();
        Set<HttpConnection> streamed = ConcurrentHashMap.newKeySet();
        upstream = vertx.createHttpServer()
                .connectionHandler(connection -> connections.incrementAndGet())
                .requestHandler(request -> request.body().onSuccess(body -> {
                    if (streamed.contains(request.connection())) {
                        // Like llama-server: a connection that carried a stream is done for, though keep-alive was
                        // advertised; a request that still comes on it is lost before any byte of an answer.
                        request.connection().close();
                    } else if (body.toString().contains("\"stream\":true")) {
                        streamed.add(request.connection());
                        request.response().setChunked(true).putHeader("Content-Type", "text/event-stream").end(SSE);
                    } else {
                        request.response().putHeader("Content-Type", "application/json")
                                .end("{\"choices\":[{\"message\":{\"content\":\"hi\"}}]}");
                    }
                }))
                .listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        client = new UpstreamClient(vertx, 2000, 10_000, 8);
        endpoint = new UpstreamEndpoint("closing", URI.create("http://127.0.0.1:" + upstream.actualPort()), null,
                CircuitBreaker.ofDefaults("closing"));
    }

    @AfterEach
    void stop() throws Exception {
        client.close();
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @Test
    void everySequentialStreamSucceedsAgainstAServerThatClosesAfterStreams() throws Exception {
        AtomicInteger events = new AtomicInteger();
        streams(REQUESTS, events).get(30, TimeUnit.SECONDS);

        assertThat(events).as("every stream answered").hasValue(REQUESTS);
        assertThat(endpoint.closesAfterStreams()).as("learned from the first lost request").isTrue();
        assertThat(connections.get()).as("a fresh connection per stream, plus the one lost").isBetween(REQUESTS, REQUESTS + 2);
    }

    private CompletableFuture<Void> streams(int left, AtomicInteger events) {
        if (left == 0) {
            return CompletableFuture.completedFuture(null);
        }
        return client.stream(endpoint, JsonNodeFactory.instance.objectNode().put("stream", true), data -> events.incrementAndGet())
                .thenCompose(done -> streams(left - 1, events));
    }

    @Test
    void plainAnswersKeepReusingTheirConnection() throws Exception {
        for (int i = 0; i < REQUESTS; i++) {
            CompletableFuture<?> answer = client.complete(endpoint, JsonNodeFactory.instance.objectNode().put("stream", false));
            answer.get(10, TimeUnit.SECONDS);
        }

        assertThat(connections.get()).as("reused, not one per request").isLessThanOrEqualTo(2);
        assertThat(endpoint.closesAfterStreams()).isFalse();
    }
}
