package com.cascade4arm.app.fields;

import com.cascade4arm.testing.http.HttpTestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The chat fields beyond sampling, checked through a gateway: the same checks run with our embedded hosts
 * ({@link ChatFieldsIT}) and with real llama-server upstreams (RealLlamaServerIT), so both honour them alike.
 */
public final class ChatFieldChecks {
    private static final String SCHEMA = "{\"type\":\"object\",\"properties\":{\"ok\":{\"type\":\"boolean\"},"
            + "\"mood\":{\"enum\":[\"calm\",\"busy\"]}},\"required\":[\"ok\",\"mood\"],\"additionalProperties\":false}";

    private ChatFieldChecks() {
    }

    private static ObjectNode body(int maxTokens, boolean stream) throws Exception {
        return (ObjectNode) HttpTestClient.JSON.readTree(HttpTestClient.chat("small", "How are you today?", maxTokens, stream));
    }

    /** response_format json_schema, plain and streamed: the answer parses and follows the schema. */
    public static void answersFollowTheJsonSchema(HttpTestClient http) throws Exception {
        for (boolean stream : new boolean[]{false, true}) {
            ObjectNode body = body(64, stream).put("seed", 3);
            body.putObject("response_format").put("type", "json_schema").putObject("json_schema")
                    .put("name", "status").set("schema", HttpTestClient.JSON.readTree(SCHEMA));
            String content;
            if (stream) {
                HttpTestClient.Stream answer = http.stream(body.toString());
                assertThat(answer.status()).isEqualTo(200);
                content = answer.text();
            } else {
                HttpTestClient.Response answer = http.post("/v1/chat/completions", body.toString());
                assertThat(answer.status()).as(answer.body()).isEqualTo(200);
                content = answer.json().at("/choices/0/message/content").asText();
            }
            JsonNode parsed = HttpTestClient.JSON.readTree(content);
            assertThat(parsed.isObject()).as(content).isTrue();
            assertThat(parsed.path("ok").isBoolean()).as(content).isTrue();
            assertThat(parsed.path("mood").asText()).as(content).isIn("calm", "busy");
        }
    }

    /** logit_bias +100 on one token: every generated token is that one. */
    public static void logitBiasSteersTokens(HttpTestClient http, int favouredToken) throws Exception {
        ObjectNode body = body(6, false);
        body.putObject("logit_bias").put(String.valueOf(favouredToken), 100);
        HttpTestClient.Response answer = http.post("/v1/chat/completions", body.toString());

        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        String content = answer.json().at("/choices/0/message/content").asText();
        int tokens = answer.json().at("/usage/completion_tokens").asInt();
        assertThat(content).isNotEmpty();
        assertThat(content).as("%d times one token", tokens).isEqualTo(content.substring(0, content.length() / tokens).repeat(tokens));
    }

    /** Penalties and user are accepted and an answer comes back; tools are refused naming the field. */
    public static void acceptsPenaltiesAndRefusesTools(HttpTestClient http) throws Exception {
        acceptsPenalties(http);

        ObjectNode tools = body(4, false);
        tools.putArray("tools").addObject().put("type", "function").putObject("function").put("name", "lookup");
        HttpTestClient.Response refused = http.post("/v1/chat/completions", tools.toString());
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().at("/error/code").asText()).isEqualTo("unsupported_parameter");
        assertThat(refused.json().at("/error/param").asText()).isEqualTo("tools");
        assertThat(refused.json().at("/error/message").asText()).startsWith("tools is not supported");
    }

    /** Penalties and user are passed to the sampler and accepted. */
    public static void acceptsPenalties(HttpTestClient http) throws Exception {
        ObjectNode accepted = body(4, false).put("presence_penalty", 1.0).put("frequency_penalty", 0.5).put("user", "u-7");
        HttpTestClient.Response answer = http.post("/v1/chat/completions", accepted.toString());
        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
    }
}
