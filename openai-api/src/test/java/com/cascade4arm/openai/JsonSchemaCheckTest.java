package com.cascade4arm.openai;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.assertThatNoException;

/**
 * response_format schemas that abort, spin or swell llama.cpp's schema converter are refused with a 400 naming the
 * limit; the schemas people really send still pass.
 */
class JsonSchemaCheckTest {
    private static final ChatRequestParser PARSER = new ChatRequestParser(new ChatRequestParser.Limits(
            List.of(), null, Set.of(), 1024, null, 100_000, 4));

    private static ChatRequest withSchema(String schema) {
        String body = "{\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}],\"response_format\":{\"type\":\"json_schema\","
                + "\"json_schema\":{\"name\":\"a\",\"schema\":" + schema + "}}}";
        return PARSER.parse(body.getBytes(StandardCharsets.UTF_8));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
            // the review's 200-byte killers
            "{\"type\":\"integer\",\"minimum\":-1e30,\"maximum\":1e30} | schema: minimum must be between -1000000000 and 1000000000, but was -1.0E30",
            "{\"type\":\"string\",\"maxLength\":1000000000}            | schema: maxLength must be at most 4096, but was 1000000000",
            "{\"type\":\"string\",\"maxLength\":2000000}               | schema: maxLength must be at most 4096, but was 2000000",
            "{\"type\":\"string\",\"pattern\":\"^(a{1000}){1000}$\"}   | schema: pattern repetition counts must be at most 64, but was 1000",
            "{\"type\":\"string\",\"pattern\":\"^(a{60}){60}$\"}       | schema: pattern nests a counted repetition {n} inside another one",
            // the other bounds
            "{\"type\":\"array\",\"items\":{\"type\":\"string\"},\"minItems\":5000} | schema: minItems must be at most 1024, but was 5000",
            "{\"type\":\"string\",\"minLength\":99999999999999999999999}        | schema: minLength must be at most 4096, but was 99999999999999999999999",
            "{\"type\":\"string\",\"pattern\":\"^a+$\",\"maxLength\":-1}         | schema: maxLength must be a non-negative integer, but was a number -1",
            "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\",\"maxLength\":4000},\"b\":{\"type\":\"string\",\"maxLength\":4000},\"c\":{\"type\":\"string\",\"maxLength\":4000},\"d\":{\"type\":\"string\",\"maxLength\":4000},\"e\":{\"type\":\"string\",\"maxLength\":4000}}} | lengths, item counts and pattern repetitions may add up to at most 16384, but reached 20000",
            // shapes llama.cpp's converter aborts or loops on
            "{\"type\":\"string\",\"pattern\":\"[a-z]+\"}              | schema: pattern must start with '^' and end with '$'",
            "{\"type\":\"string\",\"pattern\":\"^a]$\"}                | schema: pattern has an unescaped ']' at position 3",
            "{\"type\":\"string\",\"pattern\":\"^*a$\"}                | with nothing before it to repeat",
            "{\"type\":\"string\",\"pattern\":\"^(ab$\"}               | pattern has an unbalanced '('",
            "{\"type\":\"string\",\"pattern\":\"^a{x}$\"}              | pattern repetition {x} must be {n}, {n,}, {,m} or {n,m}",
            "{\"type\":\"string\",\"pattern\":\"^a{2}{3}$\"}           | pattern repeats a repetition",
            "{\"type\":\"string\",\"pattern\":\"^(?:a)$\"}             | pattern groups like (?...) are not supported",
            "{\"type\":\"wizard\"}                                     | schema: type must be one of",
            "{\"description\":\"no kind\"}                            | schema: a schema must say what it is",
            "{\"type\":\"string\",\"minLength\":\"5\"}                 | minLength must be a non-negative integer, but was the string \"5\"",
            "{\"type\":\"integer\",\"exclusiveMinimum\":true}          | exclusiveMinimum must be a number, but was a boolean true",
            "{\"type\":\"object\",\"properties\":{\"a\":true}}         | schema.properties.a: a schema must be an object, but was a boolean true",
            "{\"$ref\":\"https://example.com/s.json\"}                | $ref must be a reference inside the schema",
            "{\"$ref\":\"#/$defs/missing\"}                           | $ref #/$defs/missing does not lead to a schema inside this one",
            "{\"type\":\"object\",\"properties\":{\"a\":{\"$ref\":\"#/properties\"}}} | $ref #/properties does not lead to a schema",
            "{\"enum\":[]}                                            | enum must be a non-empty array"})
    void refusesSchemasBeyondTheLimitsNamingTheLimit(String schema, String message) {
        assertThatThrownBy(() -> withSchema(schema))
                .isInstanceOfSatisfying(ApiError.class, error -> {
                    assertThat(error.status()).isEqualTo(400);
                    assertThat(error.type()).isEqualTo(ApiError.INVALID_REQUEST);
                    assertThat(error.toJson().path("error").path("param").asText()).isEqualTo("response_format");
                })
                .hasMessageStartingWith("response_format.json_schema.schema")
                .hasMessageContaining(message);
    }

    @Test
    void refusesASchemaLargerOrDeeperThanAllowed() {
        String deep = "{\"type\":\"array\",\"items\":".repeat(40) + "{\"type\":\"string\"}" + "}".repeat(40);
        assertThatThrownBy(() -> withSchema(deep)).hasMessageContaining("nest objects and arrays at most 32 deep");
        String wide = "{\"type\":\"object\",\"properties\":{" + "\"p%d\":{\"type\":\"integer\"},".repeat(300)
                .formatted(java.util.stream.IntStream.range(0, 300).boxed().toArray()) + "\"z\":{\"type\":\"null\"}}}";
        assertThatThrownBy(() -> withSchema(wide)).hasMessageContaining("at most 256 properties");
        String big = "{\"type\":\"string\",\"enum\":[\"" + "x".repeat(20_000) + "\"]}";
        assertThatThrownBy(() -> withSchema(big)).hasMessageContaining("at most 16384 characters of JSON, but was 20");
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "{}",
            "{\"type\":\"object\"}",
            "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\",\"maxLength\":80},\"age\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":150},"
                    + "\"tags\":{\"type\":\"array\",\"items\":{\"type\":\"string\"},\"maxItems\":10}},\"required\":[\"name\"],\"additionalProperties\":false}",
            "{\"type\":\"string\",\"pattern\":\"^[A-Z]{2}-\\\\d{4}(x|y)?$\"}",
            "{\"type\":[\"string\",\"null\"],\"format\":\"date\"}",
            "{\"anyOf\":[{\"type\":\"number\"},{\"enum\":[\"a\",1,null]}]}",
            "{\"$defs\":{\"node\":{\"type\":\"object\",\"properties\":{\"next\":{\"$ref\":\"#/$defs/node\"}}}},\"$ref\":\"#/$defs/node\"}",
            "{\"type\":\"array\",\"prefixItems\":[{\"const\":1},{\"type\":\"boolean\"}]}"})
    void acceptsTheSchemasPeopleSend(String schema) {
        assertThatNoException().isThrownBy(() -> withSchema(schema));
    }

    @Test
    void appliesConfiguredLimits() {
        SchemaLimits tight = new SchemaLimits(1_000, 4, 8, 100, 16, 4, 32, 8, 64);
        ChatRequestParser parser = new ChatRequestParser(new ChatRequestParser.Limits(List.of(), null, Set.of(), 1024,
                null, 100_000, 4, tight));
        String body = "{\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}],\"response_format\":{\"type\":\"json_schema\","
                + "\"json_schema\":{\"schema\":{\"type\":\"string\",\"maxLength\":17}}}}";

        assertThatThrownBy(() -> parser.parse(body.getBytes(StandardCharsets.UTF_8)))
                .hasMessage("response_format.json_schema.schema: maxLength must be at most 16, but was 17");
    }
}
