package com.cascade4arm.host;

import com.cascade4arm.demomodels.DemoModel;
import com.cascade4arm.host.testing.DemoModelFiles;
import com.cascade4arm.host.testing.HostClient;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The host listens before its model is loaded and says so; a model that cannot load is reported, not hidden. */
class LlamaHostLoadingIT {

    @Test
    void answers503WhileLoadingThenServes() {
        CountDownLatch loadGate = new CountDownLatch(1);
        try (LlamaHost host = LlamaHost.start(HostConfig.defaults("demo-small", DemoModelFiles.path(DemoModel.SMALL))
                .withCtxSize(512).withParallel(1), loadGate)) {
            HostClient client = new HostClient(host.baseUrl(), null);

            HttpResponse<String> health = client.get("/health");
            HttpResponse<String> chat = client.postJson("/v1/chat/completions", HostClient.chatBody("hi", 2, false));

            assertThat(host.isReady()).isFalse();
            assertThat(health.statusCode()).isEqualTo(503);
            assertThat(new JsonObject(health.body())).isEqualTo(new JsonObject(
                    "{\"error\":{\"code\":503,\"message\":\"Loading model\",\"type\":\"unavailable_error\"}}"));
            assertThat(chat.statusCode()).isEqualTo(503);
            assertThat(new JsonObject(chat.body()).getJsonObject("error").getString("message"))
                    .isEqualTo("Loading model");

            loadGate.countDown();
            host.awaitReady(Duration.ofSeconds(60));

            assertThat(client.get("/health").statusCode()).isEqualTo(200);
            assertThat(client.chat("hi", 2).getJsonArray("choices")).hasSize(1);
        }
    }

    @Test
    void reportsAModelThatFailsToLoad() {
        try (LlamaHost host = LlamaHost.start(HostConfig.defaults("missing", Path.of("/nonexistent/model.gguf")))) {
            assertThatThrownBy(() -> host.awaitReady(Duration.ofSeconds(30)))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("failed to load");
            HttpResponse<String> health = new HostClient(host.baseUrl(), null).get("/health");
            assertThat(health.statusCode()).isEqualTo(503);
            assertThat(health.body()).contains("model failed to load");
        }
    }
}
