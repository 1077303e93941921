package com.cascade4arm.baseline;

import com.cascade4arm.host.Engine;
import com.cascade4arm.host.HostConfig;
import com.cascade4arm.host.ModelEndpointServer;
import com.cascade4arm.demomodels.DemoModel;
import com.cascade4arm.host.testing.DemoModelFiles;
import com.cascade4arm.host.testing.HostClient;
import com.cascade4arm.host.testing.HostClient.SseStream;
import com.cascade4arm.host.testing.SseEvent;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The in-process baseline: full-precision demo model, no draft, strictly one request at a time in FIFO order. */
class BaselineHostIT {

    private static ModelEndpointServer baseline;
    private static HostClient client;

    @BeforeAll
    static void startBaseline() {
        HostConfig asked = HostConfig.defaults("demo-baseline", DemoModelFiles.path(DemoModel.BASELINE))
                .withCtxSize(1024).withParallel(4).withDraft(DemoModelFiles.path(DemoModel.SMALL))
                .withEngine(Engine.JNI, null)
                .withWarmupRequests(0); // behaviour, not speed, is tested here: spare the 3B model's warm-up
        baseline = BaselineHost.startLocal(asked);
        baseline.awaitReady(Duration.ofSeconds(120));
        client = new HostClient(baseline.baseUrl(), null);
    }

    @AfterAll
    static void stopBaseline() {
        if (baseline != null) {
            baseline.close();
        }
    }

    @Test
    void forcesOneSlotWithoutDraftAndAnswers() {
        JsonObject meta = new JsonObject(client.get("/v1/models").body()).getJsonArray("data").getJsonObject(0)
                .getJsonObject("meta");
        JsonObject answer = client.chat("Tell me about rivers.", 8);

        assertThat(meta.getInteger("n_parallel")).isEqualTo(1);
        assertThat(meta.getBoolean("serialize_requests")).isTrue();
        assertThat(meta.getString("draft_model_file")).isNull();
        assertThat(answer.getJsonArray("choices").getJsonObject(0).getJsonObject("message").getString("content"))
                .isNotBlank();
        assertThat(answer.getJsonObject("usage").getInteger("completion_tokens"))
                .isEqualTo(answer.getJsonObject("timings").getInteger("predicted_n"));
        assertThat(answer.getJsonObject("timings").containsKey("draft_n")).isFalse();
    }

    @Test
    void servesConcurrentRequestsOneAfterTheOther() throws Exception {
        ExecutorService secondClient = Executors.newSingleThreadExecutor();
        try (SseStream first = client.openStream(HostClient.chatBody("Tell me about mountains.", 200, true))) {
            SseEvent firstContentOfFirst = first.nextContent();
            Future<List<SseEvent>> second = secondClient.submit(
                    () -> client.stream(HostClient.chatBody("Tell me about cities.", 16, true)));

            await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(
                    client.metric("llamacpp:requests_deferred")).as("second request waits").isEqualTo(1.0));
            List<SseEvent> restOfFirst = first.readAll();
            List<SseEvent> secondEvents = second.get(60, TimeUnit.SECONDS);

            long firstEnds = restOfFirst.stream().filter(SseEvent::hasContent).mapToLong(SseEvent::receivedNanos)
                    .max().orElse(firstContentOfFirst.receivedNanos());
            long secondStarts = secondEvents.stream().filter(SseEvent::hasContent)
                    .mapToLong(SseEvent::receivedNanos).min().orElseThrow();
            assertThat(secondStarts).as("second request's first token comes after the first request's last token")
                    .isGreaterThan(firstEnds);
            assertThat(secondEvents).last().satisfies(event -> assertThat(event.isDone()).isTrue());
            assertThat(client.metric("llamacpp:requests_deferred")).isZero();
        } finally {
            secondClient.shutdownNow();
        }
    }
}
