package com.cascade4arm.openai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The embeddings request as clients send it, and the answer as OpenAI's clients read it. */
class EmbeddingsRequestParserTest {
    private static final EmbeddingsRequestParser PARSER = new EmbeddingsRequestParser(100);

    private static EmbeddingsRequest parse(String json) {
        return PARSER.parse(json.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void takesAStringOrAnArrayAndAsksTheUpstreamForFloats() {
        EmbeddingsRequest one = parse("{\"model\":\"text-embedding-3-small\",\"input\":\"hello\",\"user\":\"u\"}");
        EmbeddingsRequest many = parse("{\"input\":[\"a\",\"b\"],\"encoding_format\":\"base64\"}");

        assertThat(one.inputs()).containsExactly("hello");
        assertThat(one.base64()).isFalse();
        assertThat(one.toJson().toString())
                .isEqualTo("{\"model\":\"text-embedding-3-small\",\"input\":[\"hello\"],\"encoding_format\":\"float\"}");
        assertThat(many.inputs()).containsExactly("a", "b");
        assertThat(many.base64()).isTrue();
        assertThat(many.toJson().path("encoding_format").asText()).isEqualTo("float");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "{\"model\":\"m\"}|input|missing_field",
            "{\"input\":[]}|input|invalid_value",
            "{\"input\":\"\"}|input|invalid_value",
            "{\"input\":[1,2,3]}|input|invalid_type",
            "{\"input\":{\"a\":1}}|input|invalid_type",
            "{\"input\":\"x\",\"encoding_format\":\"int8\"}|encoding_format|invalid_value",
            "{\"input\":\"x\",\"dimensions\":256}|dimensions|unsupported_parameter",
            "{\"input\":\"x\",\"stream\":true}|stream|unsupported_parameter",
            "{\"input\":\"x\",\"model\":5}|model|invalid_type"})
    void refusesWhatItCannotHonourNamingTheField(String body, String param, String code) {
        assertThatThrownBy(() -> parse(body)).isInstanceOfSatisfying(ApiError.class, error -> {
            assertThat(error.status()).isEqualTo(400);
            assertThat(error.toJson().at("/error/param").asText()).isEqualTo(param);
            assertThat(error.code()).isEqualTo(code);
        });
    }

    @Test
    void refusesInputsOverTheCharacterLimitWith413() {
        assertThatThrownBy(() -> parse("{\"input\":[\"" + "x".repeat(60) + "\",\"" + "y".repeat(60) + "\"]}"))
                .isInstanceOfSatisfying(ApiError.class, error -> assertThat(error.status()).isEqualTo(413));
    }

    @Test
    void answersInInputOrderWithUsageAndDecodableBase64() throws Exception {
        JsonNode upstream = OpenAiJson.MAPPER.readTree("""
                {"model":"demo","object":"list","usage":{"prompt_tokens":5,"total_tokens":5},
                 "data":[{"object":"embedding","index":1,"embedding":[0.5,-1.0]},
                         {"object":"embedding","index":0,"embedding":[0.25,2.0]}]}""");

        ObjectNode floats = EmbeddingsResponse.fromUpstream(upstream, parse("{\"input\":[\"a\",\"b\"]}"));
        ObjectNode encoded = EmbeddingsResponse.fromUpstream(upstream,
                parse("{\"input\":[\"a\",\"b\"],\"encoding_format\":\"base64\"}"));

        assertThat(floats.toString()).isEqualTo("{\"object\":\"list\",\"data\":[{\"object\":\"embedding\",\"index\":0,"
                + "\"embedding\":[0.25,2.0]},{\"object\":\"embedding\",\"index\":1,\"embedding\":[0.5,-1.0]}],"
                + "\"model\":\"demo\",\"usage\":{\"prompt_tokens\":5,\"total_tokens\":5}}");
        ByteBuffer bytes = ByteBuffer.wrap(Base64.getDecoder().decode(encoded.at("/data/1/embedding").asText()))
                .order(ByteOrder.LITTLE_ENDIAN);
        assertThat(bytes.remaining()).isEqualTo(8);
        assertThat(bytes.getFloat()).isEqualTo(0.5f);
        assertThat(bytes.getFloat()).isEqualTo(-1.0f);
    }

    @Test
    void refusesAnUpstreamAnswerWithTheWrongNumberOfVectors() throws Exception {
        JsonNode upstream = OpenAiJson.MAPPER.readTree("{\"data\":[{\"index\":0,\"embedding\":[1.0]}]}");

        assertThatThrownBy(() -> EmbeddingsResponse.fromUpstream(upstream, parse("{\"input\":[\"a\",\"b\"]}")))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("expected 2 embeddings, got 1");
    }
}
