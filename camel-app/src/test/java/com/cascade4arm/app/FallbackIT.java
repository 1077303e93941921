package com.cascade4arm.app;

import com.cascade4arm.host.HostConfig;
import com.cascade4arm.host.LlamaHost;
import com.cascade4arm.demomodels.DemoModel;
import com.cascade4arm.demomodels.DemoModels;
import com.cascade4arm.testing.http.HttpTestClient;
import com.fasterxml.jackson.databind.JsonNode;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** When the chosen pool is down the other serves, flagged as a fallback; with both down the client gets a clean 503. */
class FallbackIT {
    private static final String CODE_PROMPT = "Fix this Java code: public int f() { return 1 }";

    private static LlamaHost small;
    private static TestGateway gateway;
    private static TestGateway allDown;

    @BeforeAll
    static void boot() {
        small = LlamaHost.start(HostConfig.defaults("demo-0.5b", DemoModels.ensure(DemoModel.SMALL)).withParallel(2));
        small.awaitReady(Duration.ofMinutes(2));
        String dead = "http://127.0.0.1:" + unusedPort();
        gateway = TestGateway.boot(Map.of("cascade.small.urls", small.baseUrl().toString(), "cascade.large.urls", dead));
        allDown = TestGateway.boot(Map.of("cascade.small.urls", dead, "cascade.large.urls", dead));
        // Endpoints are unknown until their first health check answers: wait for the small one's.
        Awaitility.await("small endpoint checked").atMost(Duration.ofSeconds(30)).until(() -> new HttpTestClient(
                gateway.baseUrl()).get("/health").json().path("endpoints").findValuesAsText("detail").contains("ok"));
    }

    @AfterAll
    static void stop() {
        gateway.close();
        allDown.close();
        small.close();
    }

    @Test
    void fallsBackToSmallWhenLargeIsDown() {
        HttpTestClient.Response response = new HttpTestClient(gateway.baseUrl())
                .post("/v1/chat/completions", HttpTestClient.chat(CODE_PROMPT, 6, false));

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        JsonNode cascade = response.json().path("cascade");
        assertThat(cascade.path("route").asText()).isEqualTo("small");
        assertThat(cascade.path("decided_route").asText()).isEqualTo("large");
        assertThat(cascade.path("fallback").asBoolean()).isTrue();
        assertThat(cascade.path("fallback_reason").asText()).contains("large");
        assertThat(response.header("X-Cascade-Fallback")).isEqualTo("true");
    }

    @Test
    void fallsBackWhileStreamingBeforeTheFirstByte() {
        HttpTestClient.Stream stream = new HttpTestClient(gateway.baseUrl()).stream(HttpTestClient.chat(CODE_PROMPT, 6, true));

        assertThat(stream.response().statusCode()).isEqualTo(200);
        assertThat(stream.contentEvents()).isNotEmpty();
        assertThat(stream.cascade().path("fallback").asBoolean()).isTrue();
    }

    @Test
    void answers503WithRetryAfterWhenNothingCanServe() {
        HttpTestClient.Response response = new HttpTestClient(allDown.baseUrl())
                .post("/v1/chat/completions", HttpTestClient.chat("Hi there!", 4, false));

        assertThat(response.status()).isEqualTo(503);
        assertThat(response.header("Retry-After")).isNotBlank();
        assertThat(response.json().path("error").path("code").asText()).isEqualTo("no_upstream_available");
        assertThat(new HttpTestClient(allDown.baseUrl()).get("/health").status()).isEqualTo(503);
    }

    private static int unusedPort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
