package com.cascade4arm.routes.serving.upstream;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A request made on an event loop travels over a connection of that loop: a connection opened on another loop (here by
 * a health check, as the health timer does) is not borrowed, since that would hand every read and write across threads.
 */
class UpstreamClientEventLoopIT {
    private static final String SSE = "data: {\"choices\":[{\"delta\":{\"content\":\"hi\"}}]}\n\ndata: [DONE]\n\n";

    private Vertx upstreamVertx;
    private Vertx gatewayVertx;
    private HttpServer upstream;
    private UpstreamClient client;
    private UpstreamEndpoint endpoint;
    private final AtomicInteger connections = new AtomicInteger();

    @BeforeEach
    void start() throws Exception {
        upstreamVertx = Vertx.vertx();
        upstream = upstreamVertx.createHttpServer()
                .connectionHandler(connection -> connections.incrementAndGet())
                .requestHandler(request -> {
                    if (request.path().equals("/health")) {
                        request.response().end("{\"status\":\"ok\"}");
                    } else {
                        request.body().onSuccess(body -> request.response()
                                .putHeader("Content-Type", "text/event-stream").end(SSE));
                    }
                })
                .listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        gatewayVertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(2));
        client = new UpstreamClient(gatewayVertx, 2000, 10_000, 8);
        endpoint = new UpstreamEndpoint("test", URI.create("http://127.0.0.1:" + upstream.actualPort()), null,
                CircuitBreaker.ofDefaults("test"));
    }

    @AfterEach
    void stop() throws Exception {
        client.close();
        gatewayVertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        upstreamVertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @Test
    void aStreamOnOneLoopDoesNotBorrowAnotherLoopsConnection() throws Exception {
        Context healthLoop = newContext();
        Context requestLoop = newContext(); // the next event loop, round-robin
        Thread healthThread = threadOf(healthLoop);
        Thread requestThread = threadOf(requestLoop);
        assertThat(requestThread).as("two event loops").isNotSameAs(healthThread);

        assertThat(onLoop(healthLoop, () -> client.health(endpoint, 5000))).isEqualTo(200);
        assertThat(connections).hasValue(1);

        List<Thread> readThreads = new CopyOnWriteArrayList<>();
        List<String> data = new CopyOnWriteArrayList<>();
        SseListener listener = new SseListener() {
            public void onData(String payload) {
                data.add(payload);
            }

            public void onReadStart() {
                readThreads.add(Thread.currentThread());
            }
        };
        for (int i = 0; i < 2; i++) {
            onLoop(requestLoop, () -> client.stream(endpoint, JsonNodeFactory.instance.objectNode(), listener));
        }

        assertThat(data).hasSize(2);
        assertThat(readThreads).isNotEmpty().allSatisfy(thread -> assertThat(thread).isSameAs(requestThread));
        assertThat(connections).as("one connection per event loop, the second stream reuses its loop's")
                .hasValue(2);
    }

    /** Vert.x keeps one context per outside thread, so each new context is asked for from a thread of its own. */
    private Context newContext() throws Exception {
        CompletableFuture<Context> context = new CompletableFuture<>();
        Thread thread = new Thread(() -> context.complete(gatewayVertx.getOrCreateContext()));
        thread.start();
        thread.join();
        return context.get(10, TimeUnit.SECONDS);
    }

    private static Thread threadOf(Context context) throws Exception {
        CompletableFuture<Thread> thread = new CompletableFuture<>();
        context.runOnContext(v -> thread.complete(Thread.currentThread()));
        return thread.get(10, TimeUnit.SECONDS);
    }

    private static <T> T onLoop(Context context, java.util.function.Supplier<CompletableFuture<T>> call)
            throws Exception {
        CompletableFuture<T> result = new CompletableFuture<>();
        context.runOnContext(v -> call.get().whenComplete((value, error) -> {
            if (error != null) {
                result.completeExceptionally(error);
            } else {
                result.complete(value);
            }
        }));
        return result.get(10, TimeUnit.SECONDS);
    }
}
