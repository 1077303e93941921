package com.cascade4arm.host;

import com.cascade4arm.host.child.SupervisedChildHost;
import com.cascade4arm.demomodels.DemoModel;
import com.cascade4arm.host.testing.DemoModelFiles;
import com.cascade4arm.host.testing.HostClient;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.net.http.HttpResponse;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Requests that used to kill a host process — 200-byte response_format schemas that aborted llama.cpp's schema
 * converter or ran it for minutes, a {@code tool} message the binding threw on — are answered 400 by the host itself,
 * which keeps its process (same pid, no restart) and serves the next request. The host runs in a process of its own,
 * as the embedded default runs it, so a native abort shows as a dead child instead of a dead test JVM.
 */
class HostileRequestsIT {

    private static SupervisedChildHost host;
    private static HostClient client;

    @BeforeAll
    static void startHostInItsOwnProcess() {
        HostConfig config = HostConfig.defaults("demo-hostile", DemoModelFiles.path(DemoModel.SMALL)).withCtxSize(512)
                .withParallel(1).withThreads(1).withEngine(Engine.JNI, null);
        host = (SupervisedChildHost) ModelHosts.start(config, true);
        host.awaitReady(Duration.ofSeconds(90));
        client = new HostClient(host.baseUrl(), null);
    }

    @AfterAll
    static void stop() {
        if (host != null) {
            host.close();
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
            "integer bounds of ±1e30 (aborted the converter) | {\"type\":\"integer\",\"minimum\":-1e30,\"maximum\":1e30} | minimum must be between -1000000000 and 1000000000",
            "nested counted repetition (51 s in the converter) | {\"type\":\"string\",\"pattern\":\"^(a{1000}){1000}$\"} | pattern repetition counts must be at most 64",
            "unanchored pattern (converter error: abort)     | {\"type\":\"string\",\"pattern\":\"[a-z]+\"} | pattern must start with '^' and end with '$'",
            "maxLength far above the bound (~350 B native memory per unit) | {\"type\":\"string\",\"maxLength\":100000} | maxLength must be at most 4096, but was 100000",
            "untyped node (converter error: abort)           | {\"description\":\"anything\"} | a schema must say what it is"})
    void refusesAKillerSchemaAndStaysAlive(String name, String schema, String message) {
        long pid = host.childPid();
        int restarts = host.restarts();

        HttpResponse<String> response = client.postJson("/v1/chat/completions", "{\"messages\":[{\"role\":\"user\","
                + "\"content\":\"hi\"}],\"max_tokens\":4,\"response_format\":{\"type\":\"json_schema\",\"json_schema\":"
                + "{\"name\":\"a\",\"schema\":" + schema + "}}}");

        assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
        JsonObject error = new JsonObject(response.body()).getJsonObject("error");
        assertThat(error.getString("type")).isEqualTo("invalid_request_error");
        assertThat(error.getString("message")).startsWith("response_format.json_schema.schema").contains(message);
        assertStillServing(pid, restarts);
    }

    @Test
    void refusesAToolMessageAs400NamingTheRole() {
        long pid = host.childPid();
        int restarts = host.restarts();

        HttpResponse<String> response = client.postJson("/v1/chat/completions", "{\"messages\":[{\"role\":\"user\","
                + "\"content\":\"hi\"},{\"role\":\"tool\",\"content\":\"42\"}],\"max_tokens\":4}");

        assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
        assertThat(new JsonObject(response.body()).getJsonObject("error").getString("message"))
                .contains("messages[1].role 'tool' cannot be served by this host");
        assertStillServing(pid, restarts);
    }

    @Test
    void stillFollowsABoundedSchema() {
        HttpResponse<String> response = client.postJson("/v1/chat/completions", "{\"messages\":[{\"role\":\"user\","
                + "\"content\":\"yes or no?\"}],\"max_tokens\":8,\"response_format\":{\"type\":\"json_schema\","
                + "\"json_schema\":{\"name\":\"a\",\"schema\":{\"enum\":[\"yes\",\"no\"]}}}}");

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        String content = new JsonObject(response.body()).getJsonArray("choices").getJsonObject(0)
                .getJsonObject("message").getString("content");
        assertThat(content.trim()).as("the grammar's answer").isIn("\"yes\"", "\"no\"");
    }

    private static void assertStillServing(long pid, int restarts) {
        assertThat(client.chat("Are you still there?", 2).getJsonArray("choices")).as("a good request after").hasSize(1);
        assertThat(host.childPid()).as("the host's process").isEqualTo(pid);
        assertThat(host.restarts()).as("restarts").isEqualTo(restarts);
    }
}
