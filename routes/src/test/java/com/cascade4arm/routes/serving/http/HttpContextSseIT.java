package com.cascade4arm.routes.serving.http;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The SSE a client receives over a real socket: every event encoded as UTF-8, whether written at once, corked and
 * released at the end of the event loop's turn, or still corked when the stream ends.
 */
class HttpContextSseIT {
    private static final String WIDE = "héllo — 日本語 😀 \u0000end";

    private Vertx vertx;
    private HttpServer server;
    private volatile Consumer<HttpContext> answer;

    @BeforeEach
    void start() throws Exception {
        vertx = Vertx.vertx();
        server = vertx.createHttpServer()
                .requestHandler(request -> answer.accept(new HttpContext(request, System.nanoTime())))
                .listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @AfterEach
    void stop() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @Test
    void eventsWrittenAtOnceArriveAsUtf8() throws Exception {
        answer = http -> {
            http.startSse(Map.of());
            http.writeSseEvent("{\"a\":1}");
            http.writeSseEvent(WIDE);
            http.endSse();
        };

        assertThat(get()).isEqualTo("data: {\"a\":1}\n\ndata: " + WIDE + "\n\ndata: [DONE]\n\n");
    }

    @Test
    void corkedEventsLeaveTogetherAtTheEndOfTheTurnAndTheStreamGoesOn() throws Exception {
        answer = http -> {
            http.startSse(Map.of());
            http.cork();
            http.writeSseEvent("one");
            http.uncork();
            http.cork(); // a second HTTP chunk of the same read: joins the write still pending
            http.writeSseEvent(WIDE.repeat(40));
            http.uncork();
            vertx.setTimer(20, t -> { // a later read: corked and released on its own
                http.cork();
                http.writeSseEvent("three");
                http.uncork();
                vertx.setTimer(20, t2 -> http.endSse());
            });
        };

        assertThat(get()).isEqualTo("data: one\n\ndata: " + WIDE.repeat(40) + "\n\ndata: three\n\ndata: [DONE]\n\n");
    }

    @Test
    void eventsStillCorkedWhenTheStreamEndsGoOutBeforeDone() throws Exception {
        answer = http -> {
            http.startSse(Map.of());
            http.cork();
            http.writeSseEvent("last");
            http.writeSseEvent(WIDE);
            http.endSse();
            http.uncork(); // after the end: nothing more is written
        };

        assertThat(get()).isEqualTo("data: last\n\ndata: " + WIDE + "\n\ndata: [DONE]\n\n");
    }

    private String get() throws Exception {
        HttpResponse<byte[]> response = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.actualPort() + "/")).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("content-type")).hasValue("text/event-stream");
        return new String(response.body(), StandardCharsets.UTF_8);
    }
}
