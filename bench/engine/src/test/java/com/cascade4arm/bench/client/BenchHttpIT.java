package com.cascade4arm.bench.client;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** One-shot GETs from a caller's own thread (the console's, the CLI's) against a real Vert.x server on loopback. */
class BenchHttpIT {
    /** Enough GETs that a race lost about once in 700 to 1,000 shows: each of 3 runs before the fix lost some. */
    private static final int GETS = 4_000;

    private Vertx vertx;
    private HttpServer server;
    private BenchHttp http;

    @BeforeEach
    void start() throws Exception {
        vertx = Vertx.vertx();
        server = vertx.createHttpServer().requestHandler(request -> request.response().end("{\"ok\":true}"))
                .listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        http = BenchHttp.on(vertx);
    }

    @AfterEach
    void stop() {
        http.close();
        vertx.close();
    }

    @Test
    void readsEveryQuickAnswerOnAKeptAliveConnection() throws Exception {
        URI url = URI.create("http://127.0.0.1:" + server.actualPort() + "/props");
        List<String> lost = new ArrayList<>();
        for (int i = 0; i < GETS; i++) {
            try {
                assertThat(http.await(url, null, 1_000)).isEqualTo(new BenchHttp.Reply(200, "{\"ok\":true}"));
            } catch (IOException e) {
                lost.add(i + ": " + e);
            }
        }
        assertThat(lost).as("GETs whose answer never completed").isEmpty();
    }
}
