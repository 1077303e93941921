package com.cascade4arm.routes.serving.upstream;

import com.cascade4arm.bench.client.BenchHttp;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The gateway's one-shot GETs against a real Vert.x server on loopback: answer, bearer token, failures in words. */
class UpstreamGetsIT {
    private static Vertx vertx;
    private static HttpServer server;
    private static UpstreamGets gets;

    @BeforeAll
    static void start() throws Exception {
        vertx = Vertx.vertx();
        server = vertx.createHttpServer().requestHandler(request -> {
            if (request.path().equals("/silent")) {
                return; // never answers
            }
            String auth = request.getHeader("Authorization");
            request.response().setStatusCode(request.path().equals("/v1/models") ? 200 : 404)
                    .end("{\"auth\":\"" + (auth == null ? "" : auth) + "\"}");
        }).listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        gets = new UpstreamGets(vertx);
    }

    @AfterAll
    static void stop() {
        gets.close();
        vertx.close();
    }

    @Test
    void readsStatusAndBodyWithTheBearerToken() throws Exception {
        BenchHttp.Reply reply = gets.await(url("/v1/models"), "secret", 2_000);

        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.body()).isEqualTo("{\"auth\":\"Bearer secret\"}");
        assertThat(gets.await(url("/props"), null, 2_000)).isEqualTo(new BenchHttp.Reply(404, "{\"auth\":\"\"}"));
    }

    @Test
    void saysWhatFailedWithoutNamingTheAddress() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        assertThatThrownBy(() -> gets.await(URI.create("http://127.0.0.1:" + closedPort + "/props"), null, 2_000))
                .isInstanceOf(IOException.class).hasMessage("connection refused");
        assertThatThrownBy(() -> gets.await(url("/silent"), null, 300))
                .isInstanceOf(IOException.class).hasMessage("timed out");
    }

    private static URI url(String path) {
        return URI.create("http://127.0.0.1:" + server.actualPort() + path);
    }
}
