package com.cascade4arm.openai;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The legacy text completion as clients send it: the chat fields validated as chat's, the prompt kept raw. */
class CompletionRequestParserTest {
    private static final CompletionRequestParser GATEWAY = new CompletionRequestParser(new ChatRequestParser(
            new ChatRequestParser.Limits(List.of("auto", "small", "large"), "auto", Set.of("cascade"), 1024, 256, 100, 4)));

    private static CompletionRequest parse(String json) {
        return GATEWAY.parse(json.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void keepsThePromptRawAndForwardsTheSharedFields() {
        CompletionRequest request = parse("""
                {"model":"small","prompt":"def add(a, b):","max_tokens":16,"stop":["\\n\\n"],"temperature":0,
                 "stream":true,"stream_options":{"include_usage":true},"logprobs":2,"echo":false,"best_of":1,"n":1}""");

        assertThat(request.prompt()).isEqualTo("def add(a, b):");
        assertThat(request.chat().model()).isEqualTo("small");
        assertThat(request.chat().messages()).singleElement().extracting(ChatMessage::content).isEqualTo("def add(a, b):");
        assertThat(request.stream()).isTrue();
        assertThat(request.toJson().toString()).isEqualTo("{\"prompt\":\"def add(a, b):\",\"max_tokens\":16,"
                + "\"temperature\":0.0,\"stop\":[\"\\n\\n\"],\"stream\":true,\"stream_options\":{\"include_usage\":true},"
                + "\"logprobs\":2}");
    }

    @Test
    void takesAnArrayOfOnePromptAndTheDefaultMaxTokens() {
        CompletionRequest request = parse("{\"prompt\":[\"Once upon a time\"]}");

        assertThat(request.prompt()).isEqualTo("Once upon a time");
        assertThat(request.chat().model()).isEqualTo("auto");
        assertThat(request.toJson().path("max_tokens").asInt()).isEqualTo(256);
        assertThat(request.toJson().has("logprobs")).isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "{\"max_tokens\":4}|prompt|missing_field",
            "{\"prompt\":[\"a\",\"b\"]}|prompt|invalid_value",
            "{\"prompt\":[1,2]}|prompt|invalid_value",
            "{\"prompt\":[[1,2]]}|prompt|invalid_type",
            "{\"prompt\":\"\"}|prompt|invalid_value",
            "{\"prompt\":\"x\",\"logprobs\":6}|logprobs|invalid_value",
            "{\"prompt\":\"x\",\"echo\":true}|echo|unsupported_parameter",
            "{\"prompt\":\"x\",\"suffix\":\"y\"}|suffix|unsupported_parameter",
            "{\"prompt\":\"x\",\"best_of\":3}|best_of|invalid_value",
            "{\"prompt\":\"x\",\"messages\":[]}|messages|unsupported_parameter",
            "{\"prompt\":\"x\",\"max_tokens\":0}|max_tokens|invalid_value",
            "{\"prompt\":\"x\",\"tools\":[]}|tools|unsupported_parameter"})
    void refusesWhatItCannotHonourNamingTheField(String body, String param, String code) {
        assertThatThrownBy(() -> parse(body)).isInstanceOfSatisfying(ApiError.class, error -> {
            assertThat(error.status()).isEqualTo(400);
            assertThat(error.toJson().at("/error/param").asText()).isEqualTo(param);
            assertThat(error.code()).isEqualTo(code);
        });
    }

    @Test
    void refusesAnUnknownModelAsChatDoes() {
        assertThatThrownBy(() -> parse("{\"prompt\":\"x\",\"model\":\"gpt-3.5-turbo-instruct\"}"))
                .isInstanceOfSatisfying(ApiError.class, error -> assertThat(error.status()).isEqualTo(404));
    }
}
