package com.cascade4arm.host;

import com.cascade4arm.demomodels.DemoModel;
import com.cascade4arm.host.testing.DemoModelFiles;
import com.cascade4arm.host.testing.HostClient;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The chat fields beyond sampling, on real llama.cpp in-process: a JSON schema becomes a grammar the answer follows,
 * logit_bias steers tokens, penalties and user are accepted, and what the host does not do is refused by name.
 */
class OutputOptionsIT {
    private static final String SCHEMA = "{\"type\":\"object\",\"properties\":{\"ok\":{\"type\":\"boolean\"},"
            + "\"mood\":{\"enum\":[\"calm\",\"busy\"]}},\"required\":[\"ok\",\"mood\"],\"additionalProperties\":false}";
    /** Some ordinary token of the demo vocabulary (a byte token): +100 makes it the only choice. */
    private static final int FAVOURED_TOKEN = 64;
    private static LlamaHost host;
    private static HostClient client;

    @BeforeAll
    static void startHost() {
        host = LlamaHost.start(HostConfig.defaults("demo-small", DemoModelFiles.path(DemoModel.SMALL)).withCtxSize(1024));
        host.awaitReady(Duration.ofSeconds(60));
        client = new HostClient(host.baseUrl(), null);
    }

    @AfterAll
    static void stopHost() {
        if (host != null) {
            host.close();
        }
    }

    private static JsonObject body(int maxTokens) {
        return new JsonObject()
                .put("messages", new JsonArray().add(new JsonObject().put("role", "user").put("content", "How are you?")))
                .put("max_tokens", maxTokens).put("temperature", 0.7).put("seed", 11);
    }

    private static JsonObject answer(JsonObject body) {
        HttpResponse<String> response = client.postJson("/v1/chat/completions", body.encode());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return new JsonObject(response.body()).getJsonArray("choices").getJsonObject(0);
    }

    @Test
    void answersInTheJsonSchemaItWasGiven() {
        JsonObject choice = answer(body(64).put("response_format", new JsonObject().put("type", "json_schema")
                .put("json_schema", new JsonObject().put("name", "status").put("schema", new JsonObject(SCHEMA)))));

        String content = choice.getJsonObject("message").getString("content");
        JsonObject parsed = new JsonObject(content);
        assertThat(parsed.fieldNames()).as(content).containsExactlyInAnyOrder("ok", "mood");
        assertThat(parsed.getValue("ok")).isInstanceOf(Boolean.class);
        assertThat(parsed.getString("mood")).isIn("calm", "busy");
        assertThat(choice.getString("finish_reason")).as("the grammar ends the answer").isEqualTo("stop");
    }

    @Test
    void jsonObjectStartsAnObjectWhereFreeTextWouldNot() {
        JsonObject choice = answer(body(8).put("response_format", new JsonObject().put("type", "json_object")));
        String free = answer(body(8)).getJsonObject("message").getString("content");

        assertThat(choice.getJsonObject("message").getString("content")).startsWith("{");
        assertThat(free).as("the demo model writes words").doesNotStartWith("{");
    }

    @Test
    void logitBiasMakesOneTokenTheOnlyChoice() {
        JsonObject body = body(6).put("logit_bias", new JsonObject().put(String.valueOf(FAVOURED_TOKEN), 100));
        JsonObject choice = answer(body);
        String content = choice.getJsonObject("message").getString("content");
        String free = answer(body(6)).getJsonObject("message").getString("content");

        assertThat(content).isNotEmpty();
        String token = content.substring(0, content.length() / 6);
        assertThat(content).as("six times the favoured token").isEqualTo(token.repeat(6));
        assertThat(free).as("without the bias").isNotEqualTo(content);
    }

    @Test
    void penaltiesAndUserAreAccepted() {
        JsonObject choice = answer(body(8).put("presence_penalty", 1.5).put("frequency_penalty", 1.5).put("user", "u-42"));

        assertThat(choice.getJsonObject("message").getString("content")).isNotBlank();
    }

    @Test
    void refusesToolsNamingThem() {
        HttpResponse<String> response = client.postJson("/v1/chat/completions", body(8)
                .put("tools", new JsonArray().add(new JsonObject().put("type", "function")
                        .put("function", new JsonObject().put("name", "get_weather")
                                .put("parameters", new JsonObject().put("type", "object"))))).encode());

        assertThat(response.statusCode()).isEqualTo(400);
        JsonObject error = new JsonObject(response.body()).getJsonObject("error");
        assertThat(error.getString("message")).as("llama-server's error shape: code is the status")
                .startsWith("tools is not supported");
    }
}
