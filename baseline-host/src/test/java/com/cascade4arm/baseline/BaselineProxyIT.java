package com.cascade4arm.baseline;

import com.cascade4arm.host.HostConfig;
import com.cascade4arm.host.LlamaHost;
import com.cascade4arm.demomodels.DemoModel;
import com.cascade4arm.host.testing.DemoModelFiles;
import com.cascade4arm.host.testing.HostClient;
import com.cascade4arm.host.testing.HostClient.SseStream;
import com.cascade4arm.host.testing.SseEvent;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The proxy mode in front of a running host: same answers, streamed through, upstream key added, failures as 502. */
class BaselineProxyIT {

    static final String UPSTREAM_KEY = "upstream-key";
    /**
     * Tokens the streamed answer is held to (ignore_eos): generating them takes far longer than one metric read
     * (0.2 s at 1 ms per token; 2.7 s measured on the shared 2-core development machine).
     */
    static final int LONG_ANSWER_TOKENS = 200;
    private static LlamaHost upstream;
    private static BaselineProxy proxy;
    private static HostClient client;

    @BeforeAll
    static void startUpstreamAndProxy() {
        upstream = LlamaHost.start(HostConfig.defaults("demo-small", DemoModelFiles.path(DemoModel.SMALL))
                .withCtxSize(1024).withParallel(1).withApiKey(UPSTREAM_KEY));
        proxy = BaselineHost.startProxy(upstream.baseUrl(), UPSTREAM_KEY, "127.0.0.1", 0);
        proxy.awaitReady(Duration.ofSeconds(60));
        client = new HostClient(proxy.baseUrl(), null);
    }

    @AfterAll
    static void stop() {
        if (proxy != null) {
            proxy.close();
        }
        if (upstream != null) {
            upstream.close();
        }
    }

    @Test
    void forwardsChatWithTheUpstreamKey() {
        JsonObject viaProxy = client.chat("Tell me about rivers.", 8);
        JsonObject direct = new HostClient(upstream.baseUrl(), UPSTREAM_KEY).chat("Tell me about rivers.", 8);

        assertThat(viaProxy.getString("model")).isEqualTo("demo-small");
        assertThat(text(viaProxy)).as("greedy answers through the proxy and directly").isEqualTo(text(direct));
        assertThat(viaProxy.getJsonObject("timings").getInteger("predicted_n")).isPositive();
    }

    @Test
    void relaysStreamsChunkByChunk() {
        HostClient upstreamClient = new HostClient(upstream.baseUrl(), UPSTREAM_KEY);
        // ignore_eos: the upstream generates all LONG_ANSWER_TOKENS, so it cannot end its answer (the demo model may
        // stop after a few tokens) before the metric below is read.
        String body = new JsonObject(HostClient.chatBody("Tell me about forests.", LONG_ANSWER_TOKENS, true))
                .put("ignore_eos", true).encode();
        try (SseStream stream = client.openStream(body)) {
            assertThat(stream.nextContent()).isNotNull();
            assertThat(upstreamClient.metric("llamacpp:requests_processing"))
                    .as("the first token is relayed while the upstream is still generating").isEqualTo(1.0);
            List<SseEvent> events = stream.readAll();

            assertThat(events.stream().filter(SseEvent::hasContent).count()).isGreaterThan(3);
            assertThat(events).last().satisfies(event -> assertThat(event.isDone()).isTrue());
            assertThat(events.get(events.size() - 2).json().getJsonObject("timings")).isNotNull();
            assertThat(events.get(events.size() - 2).json().getJsonObject("usage").getInteger("completion_tokens"))
                    .as("the whole generation was relayed").isEqualTo(LONG_ANSWER_TOKENS);
        }
    }

    @Test
    void passesHealthModelsAndErrorsThrough() {
        HttpResponse<String> health = client.get("/health");
        HttpResponse<String> models = client.get("/v1/models");
        HttpResponse<String> bad = client.postJson("/v1/chat/completions", "{\"messages\": []}");

        assertThat(proxy.isReady()).isTrue();
        assertThat(health.statusCode()).isEqualTo(200);
        assertThat(new JsonObject(models.body()).getJsonArray("data").getJsonObject(0).getString("id"))
                .isEqualTo("demo-small");
        assertThat(bad.statusCode()).isEqualTo(400);
        assertThat(new JsonObject(bad.body()).getJsonObject("error").getString("message")).contains("messages");
    }

    @Test
    void answers502WhenTheUpstreamIsDown() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        try (BaselineProxy orphan = BaselineHost.startProxy(URI.create("http://127.0.0.1:" + closedPort), null,
                "127.0.0.1", 0)) {
            HttpResponse<String> response = new HostClient(orphan.baseUrl(), null)
                    .postJson("/v1/chat/completions", HostClient.chatBody("hi", 2, false));

            assertThat(response.statusCode()).isEqualTo(502);
            JsonObject error = new JsonObject(response.body()).getJsonObject("error");
            assertThat(error.getInteger("code")).isEqualTo(502);
            assertThat(error.getString("message")).contains("127.0.0.1:" + closedPort);
            assertThat(orphan.isReady()).isFalse();
            assertThatThrownBy(() -> orphan.awaitReady(Duration.ofMillis(300)))
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("not healthy");
        }
    }

    private static String text(JsonObject completion) {
        return completion.getJsonArray("choices").getJsonObject(0).getJsonObject("message").getString("content");
    }
}
