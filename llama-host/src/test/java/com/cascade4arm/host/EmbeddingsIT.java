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
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.Base64;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * {@code POST /v1/embeddings} on real llama.cpp in-process: one normalized vector per input in OpenAI's shape, the same
 * text the same vector, base64 the same floats, bad input refused by name, and chat unchanged beside it.
 */
class EmbeddingsIT {
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

    private static JsonObject embed(JsonObject body) {
        HttpResponse<String> response = client.postJson("/v1/embeddings", body.encode());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return new JsonObject(response.body());
    }

    @Test
    void answersOneNormalizedVectorPerInputInOpenAisShape() {
        JsonObject answer = embed(new JsonObject().put("input", new JsonArray()
                .add("The cat sat on the mat.").add("Quarterly revenue grew by ten percent.").add("The cat sat on the mat.")));

        assertThat(answer.getString("object")).isEqualTo("list");
        assertThat(answer.getString("model")).isEqualTo("demo-small");
        assertThat(answer.getJsonObject("usage").getLong("prompt_tokens")).isPositive();
        JsonArray data = answer.getJsonArray("data");
        assertThat(data).hasSize(3);
        for (int i = 0; i < 3; i++) {
            assertThat(data.getJsonObject(i).getString("object")).isEqualTo("embedding");
            assertThat(data.getJsonObject(i).getInteger("index")).isEqualTo(i);
        }
        double[] first = vector(data.getJsonObject(0).getJsonArray("embedding"));
        double[] second = vector(data.getJsonObject(1).getJsonArray("embedding"));
        double[] again = vector(data.getJsonObject(2).getJsonArray("embedding"));
        assertThat(first.length).isGreaterThan(8).isEqualTo(second.length);
        assertThat(dot(first, first)).as("euclidean-normalized").isCloseTo(1.0, within(1e-3));
        assertThat(dot(first, again)).as("the same text, the same vector").isCloseTo(1.0, within(1e-4));
        assertThat(dot(first, second)).as("another text, another vector").isLessThan(0.9999);
    }

    @Test
    void writesBase64AsLittleEndianFloat32OfTheSameVector() {
        JsonObject floats = embed(new JsonObject().put("input", "Hello there"));
        JsonObject encoded = embed(new JsonObject().put("input", "Hello there").put("encoding_format", "base64"));

        double[] expected = vector(floats.getJsonArray("data").getJsonObject(0).getJsonArray("embedding"));
        ByteBuffer bytes = ByteBuffer.wrap(Base64.getDecoder().decode(
                encoded.getJsonArray("data").getJsonObject(0).getString("embedding"))).order(ByteOrder.LITTLE_ENDIAN);
        assertThat(bytes.remaining()).isEqualTo(expected.length * 4);
        for (double value : expected) {
            assertThat((double) bytes.getFloat()).isCloseTo(value, within(1e-6));
        }
    }

    @Test
    void refusesBadInputByNameAndKeepsChatting() {
        HttpResponse<String> tokens = client.postJson("/v1/embeddings", "{\"input\":[[1,2,3]]}");
        HttpResponse<String> dimensions = client.postJson("/v1/embeddings", "{\"input\":\"x\",\"dimensions\":8}");
        embed(new JsonObject().put("input", "warm"));
        JsonObject chat = client.chat("How are you?", 8);

        assertThat(tokens.statusCode()).isEqualTo(400);
        assertThat(new JsonObject(tokens.body()).getJsonObject("error").getString("param")).isEqualTo("input");
        assertThat(dimensions.statusCode()).isEqualTo(400);
        assertThat(new JsonObject(dimensions.body()).getJsonObject("error").getString("param")).isEqualTo("dimensions");
        assertThat(chat.getJsonArray("choices").getJsonObject(0).getJsonObject("message").getString("content")).isNotBlank();
    }

    private static double[] vector(JsonArray values) {
        double[] vector = new double[values.size()];
        for (int i = 0; i < vector.length; i++) {
            vector[i] = values.getDouble(i);
        }
        return vector;
    }

    private static double dot(double[] a, double[] b) {
        double sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += a[i] * b[i];
        }
        return sum;
    }
}
