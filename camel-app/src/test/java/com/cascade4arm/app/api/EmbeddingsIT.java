package com.cascade4arm.app.api;

import com.cascade4arm.app.TestGateway;
import com.cascade4arm.testing.http.HttpTestClient;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * {@code POST /v1/embeddings} through the gateway to the embedded default (no {@code cascade.embeddings.urls}: the
 * first tier's host, real llama.cpp in-process): OpenAI's shape, the cascade object, the model list, bad input refused
 * by name before any model, and the operation in the GenAI metrics.
 */
class EmbeddingsIT {
    private static HttpTestClient http;

    @BeforeAll
    static void boot() {
        http = new HttpTestClient(TestGateway.start().baseUrl());
    }

    @Test
    void answersOneVectorPerInputInOpenAisShapeWithTheCascadeObject() {
        HttpTestClient.Response response = http.post("/v1/embeddings",
                "{\"model\":\"embeddings\",\"input\":[\"The cat sat on the mat.\",\"Revenue grew ten percent.\"]}");

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        JsonNode answer = response.json();
        assertThat(answer.path("object").asText()).isEqualTo("list");
        assertThat(answer.path("data")).hasSize(2);
        assertThat(answer.at("/data/1/index").asInt()).isEqualTo(1);
        assertThat(answer.at("/data/0/object").asText()).isEqualTo("embedding");
        List<Double> first = floats(answer.at("/data/0/embedding"));
        List<Double> second = floats(answer.at("/data/1/embedding"));
        assertThat(first).hasSameSizeAs(second).hasSizeGreaterThan(8);
        assertThat(first.stream().mapToDouble(v -> v * v).sum()).isCloseTo(1.0, within(1e-3));
        assertThat(first).isNotEqualTo(second);
        assertThat(answer.at("/usage/prompt_tokens").asInt()).isPositive();
        assertThat(answer.at("/usage/total_tokens").asInt()).isEqualTo(answer.at("/usage/prompt_tokens").asInt());
        assertThat(answer.at("/cascade/route").asText()).isEqualTo("embeddings");
        assertThat(answer.at("/cascade/prompt_tokens").asInt()).isEqualTo(answer.at("/usage/prompt_tokens").asInt());
        assertThat(response.header("X-Cascade-Route")).isEqualTo("embeddings");
    }

    @Test
    void isListedAsAModelAndCountedInTheGenAiMetrics() {
        assertThat(http.post("/v1/embeddings", "{\"input\":\"count me\"}").status()).isEqualTo(200);

        JsonNode models = http.get("/v1/models").json();
        String metrics = http.get("/metrics").body();

        assertThat(models.findValuesAsText("id")).contains("auto", "small", "large", "embeddings");
        assertThat(metrics).containsPattern("gen_ai_client_operation_duration_seconds_count\\{[^}]*"
                + "gen_ai_operation_name=\"embeddings\"[^}]*outcome=\"ok\"[^}]*route=\"embeddings\"");
    }

    @Test
    void refusesBadInputByNameBeforeAnyModel() {
        HttpTestClient.Response tokens = http.post("/v1/embeddings", "{\"input\":[[1,2,3]]}");
        HttpTestClient.Response dimensions = http.post("/v1/embeddings", "{\"input\":\"x\",\"dimensions\":8}");
        HttpTestClient.Response format = http.post("/v1/embeddings", "{\"input\":\"x\",\"encoding_format\":\"int8\"}");
        HttpTestClient.Response missing = http.post("/v1/embeddings", "{\"model\":\"embeddings\"}");

        assertThat(tokens.status()).isEqualTo(400);
        assertThat(tokens.json().at("/error/param").asText()).isEqualTo("input");
        assertThat(dimensions.status()).isEqualTo(400);
        assertThat(dimensions.json().at("/error/code").asText()).isEqualTo("unsupported_parameter");
        assertThat(dimensions.json().at("/error/param").asText()).isEqualTo("dimensions");
        assertThat(format.json().at("/error/param").asText()).isEqualTo("encoding_format");
        assertThat(missing.json().at("/error/code").asText()).isEqualTo("missing_field");
    }

    private static List<Double> floats(JsonNode array) {
        List<Double> values = new ArrayList<>();
        array.forEach(value -> values.add(value.asDouble()));
        return values;
    }
}
