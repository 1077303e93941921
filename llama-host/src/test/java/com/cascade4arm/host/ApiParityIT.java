package com.cascade4arm.host;

import com.cascade4arm.demomodels.DemoModel;
import com.cascade4arm.host.testing.DemoModelFiles;
import com.cascade4arm.host.testing.HostClient;
import com.cascade4arm.testing.llamaserver.LlamaServer;
import com.cascade4arm.host.testing.SseEvent;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The API contract the gateway relies on holds for our in-process host and for a real llama-server alike (the
 * differences that remain are listed in README.md, "llama-server and this host: what differs").
 */
class ApiParityIT {

    private static final String ALIAS = "demo-0.5b";
    private static Map<String, ModelEndpointServer> hosts;

    @BeforeAll
    static void startBoth() {
        HostConfig config = HostConfig.defaults(ALIAS, DemoModelFiles.path(DemoModel.SMALL)).withCtxSize(1024)
                .withParallel(2).withThreads(1);
        Path binary = LlamaServer.binaryOrSkip(); // before the JNI host: a skip must leave nothing running
        ModelEndpointServer jni = ModelHosts.start(config.withEngine(Engine.JNI, null));
        ModelEndpointServer server = ModelHosts.start(config.withEngine(Engine.LLAMA_SERVER, binary));
        hosts = Map.of("jni", jni, "llama-server", server);
        hosts.values().forEach(host -> host.awaitReady(Duration.ofSeconds(60)));
    }

    @AfterAll
    static void stopBoth() {
        if (hosts != null) {
            hosts.values().forEach(ModelEndpointServer::close);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"jni", "llama-server"})
    void answersChatWithTheSameFields(String engine) {
        JsonObject answer = client(engine).chat("Tell me about the sea.", 8);

        JsonObject usage = answer.getJsonObject("usage");
        JsonObject choice = answer.getJsonArray("choices").getJsonObject(0);
        assertThat(answer.getString("object")).isEqualTo("chat.completion");
        assertThat(answer.getString("model")).isEqualTo(ALIAS);
        assertThat(choice.getJsonObject("message").getString("role")).isEqualTo("assistant");
        assertThat(choice.getJsonObject("message").getString("content")).isNotBlank();
        assertThat(choice.getString("finish_reason")).isIn("stop", "length");
        assertThat(usage.getInteger("total_tokens"))
                .isEqualTo(usage.getInteger("prompt_tokens") + usage.getInteger("completion_tokens"));
        assertThat(answer.getJsonObject("timings").getInteger("predicted_n")).isEqualTo(usage.getInteger("completion_tokens"));
        assertThat(answer.getJsonObject("timings").getDouble("predicted_ms")).isNotNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"jni", "llama-server"})
    void streamsRoleDeltasFinishUsageTimingsAndDone(String engine) {
        List<SseEvent> events = client(engine).stream(HostClient.chatBody("Tell me about the sea.", 6, true));

        SseEvent usage = events.get(events.size() - 2);
        assertThat(events.get(0).json().getJsonArray("choices").getJsonObject(0).getJsonObject("delta")
                .getString("role")).isEqualTo("assistant");
        assertThat(events.stream().filter(SseEvent::hasContent)).isNotEmpty();
        assertThat(events.get(events.size() - 3).json().getJsonArray("choices").getJsonObject(0)
                .getString("finish_reason")).isIn("stop", "length");
        assertThat(usage.json().getJsonArray("choices")).isEmpty();
        assertThat(usage.json().getJsonObject("usage").getInteger("completion_tokens")).isBetween(1, 6);
        assertThat(usage.json().getJsonObject("timings").getInteger("predicted_n")).isBetween(1, 6);
        assertThat(events.get(events.size() - 1).isDone()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"jni", "llama-server"})
    void reportsHealthModelsMetricsAndErrorsAlike(String engine) {
        HostClient client = client(engine);
        HttpResponse<String> missingMessages = client.postJson("/v1/chat/completions", "{\"max_tokens\":4}");
        HttpResponse<String> unknownPath = client.get("/v1/nothing-here");

        assertThat(new JsonObject(client.get("/health").body())).isEqualTo(new JsonObject().put("status", "ok"));
        assertThat(new JsonObject(client.get("/v1/models").body()).getJsonArray("data").getJsonObject(0)
                .getString("id")).isEqualTo(ALIAS);
        assertThat(client.metrics()).containsKeys("llamacpp:prompt_tokens_total", "llamacpp:tokens_predicted_total",
                "llamacpp:requests_processing", "llamacpp:requests_deferred");
        assertThat(missingMessages.statusCode()).isEqualTo(400);
        assertThat(new JsonObject(missingMessages.body()).getJsonObject("error").getString("type"))
                .isEqualTo("invalid_request_error");
        assertThat(unknownPath.statusCode()).isEqualTo(404);
        assertThat(new JsonObject(unknownPath.body()).getJsonObject("error").getString("type"))
                .isEqualTo("not_found_error");
    }

    private static HostClient client(String engine) {
        return new HostClient(hosts.get(engine).baseUrl(), null);
    }
}
