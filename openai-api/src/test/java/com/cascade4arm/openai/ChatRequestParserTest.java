package com.cascade4arm.openai;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The one validation, as the gateway configures it and as a host does: what passes, and how a rejection reads. */
class ChatRequestParserTest {
    private static final ChatRequestParser GATEWAY = new ChatRequestParser(new ChatRequestParser.Limits(
            List.of("auto", "small", "large"), "auto", Set.of("cascade"), 1024, 256, 100, 4));
    private static final ChatRequestParser HOST = new ChatRequestParser(new ChatRequestParser.Limits(
            List.of(), null, Set.of(), 2048, null, Integer.MAX_VALUE, 16));

    private static ChatRequest parse(ChatRequestParser parser, String json) {
        return parser.parse(json.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void keepsOnlyTheKnownFieldsAndForwardsNothingElse() {
        ChatRequest request = parse(GATEWAY, """
                {"model":"large","messages":[{"role":"system","content":"Be brief."},
                 {"role":"user","content":[{"type":"text","text":"Hi "},{"type":"text","text":"there"}]}],
                 "max_tokens":32,"temperature":0.5,"stream":true,"stream_options":{"include_usage":true},
                 "stop":"END","seed":7,"logit_bias":{"50256":-100},"tools":[{"x":1}]}""");

        assertThat(request.model()).isEqualTo("large");
        assertThat(request.messages()).extracting(ChatMessage::content).containsExactly("Be brief.", "Hi there");
        assertThat(request.stream()).isTrue();
        assertThat(request.includeUsage()).isTrue();
        assertThat(request.toJson(false).toString()).isEqualTo("{\"messages\":[{\"role\":\"system\",\"content\":"
                + "\"Be brief.\"},{\"role\":\"user\",\"content\":\"Hi there\"}],\"max_tokens\":32,\"temperature\":0.5,"
                + "\"seed\":7,\"stop\":[\"END\"],\"stream\":true,\"stream_options\":{\"include_usage\":true}}");
    }

    @Test
    void takesTheDefaultModelAndMaxTokensWhenNoneAreGiven() {
        ChatRequest request = parse(GATEWAY, "{\"model\":\"cascade\",\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}]}");

        assertThat(request.model()).isEqualTo("auto");
        assertThat(request.maxTokens()).isEqualTo(256);
        assertThat(request.requestedMaxTokens()).isNull();
    }

    @Test
    void aHostAcceptsAnyModelAndLeavesMaxTokensUnset() {
        ChatRequest request = parse(HOST, "{\"model\":\"qwen2.5-0.5b\",\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}]}");

        assertThat(request.model()).isEqualTo("qwen2.5-0.5b");
        assertThat(request.maxTokens()).isNull();
        assertThat(request.temperatureOr(0.8f)).isEqualTo(0.8f);
    }

    @ParameterizedTest(name = "{0} -> {1} {2}")
    @CsvSource(delimiter = '|', value = {
            "                                                                   | 400 | request body is empty",
            "{\"messages\": [                                                   | 400 | request body is not valid JSON at line 1",
            "[1]                                                                | 400 | request body must be a JSON object, but was an array",
            "{\"model\":\"gpt-4\",\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]}    | 404 | model 'gpt-4' does not exist; use one of auto, small, large",
            "{\"max_tokens\":4}                                                   | 400 | messages is required",
            "{\"messages\":[]}                                                    | 400 | messages must not be empty",
            "{\"messages\":[{\"role\":\"wizard\",\"content\":\"x\"}]}                  | 400 | messages[0].role must be one of system, user, assistant, developer, tool, but was 'wizard'",
            "{\"messages\":[{\"role\":\"system\",\"content\":\"x\"}]}                  | 400 | messages must contain at least one user message",
            "{\"messages\":[{\"role\":\"user\",\"content\":5}]}                      | 400 | messages[0].content must be a string or an array of text parts, but was a number 5",
            "{\"messages\":[{\"role\":\"user\",\"content\":\"x\"}],\"max_tokens\":9000}  | 400 | max_tokens must be between 1 and 1024, but was 9000",
            "{\"messages\":[{\"role\":\"user\",\"content\":\"x\"}],\"max_tokens\":\"ten\"} | 400 | max_tokens must be an integer, but was the string \"ten\"",
            "{\"messages\":[{\"role\":\"user\",\"content\":\"x\"}],\"temperature\":3}    | 400 | temperature must be between 0 and 2, but was 3",
            "{\"messages\":[{\"role\":\"user\",\"content\":\"x\"}],\"stream\":\"yes\"}   | 400 | stream must be true or false, but was the string \"yes\"",
            "{\"messages\":[{\"role\":\"user\",\"content\":\"x\"}],\"stop\":[1]}        | 400 | stop[0] must be a string, but was a number 1",
            "{\"messages\":[{\"role\":\"user\",\"content\":\"x\"}],\"n\":2}              | 400 | n must be 1 (one choice per request), but was 2"})
    void rejectsBadInputNamingTheFieldAndTheValue(String body, int status, String message) {
        assertThatThrownBy(() -> parse(GATEWAY, body == null ? "" : body)).isInstanceOfSatisfying(ApiError.class, e -> {
            assertThat(e.status()).isEqualTo(status);
            assertThat(e.getMessage()).startsWith(message);
            assertThat(e.toJson().path("error").path("type").asText()).isNotBlank();
        });
    }

    @Test
    void aPromptAboveTheLimitIsTooLarge() {
        assertThatThrownBy(() -> parse(GATEWAY, "{\"messages\":[{\"role\":\"user\",\"content\":\"" + "x".repeat(101) + "\"}]}"))
                .isInstanceOfSatisfying(ApiError.class, e -> assertThat(e.status()).isEqualTo(413));
    }

    @Test
    void llamaServerStyleErrorsCarryTheStatusAsTheirCode() {
        ApiError error = ApiError.invalidParam("messages", "invalid_value", "messages must not be empty");

        assertThat(error.toJson().path("error").path("code").asText()).isEqualTo("invalid_value");
        assertThat(error.toLlamaServerJson().path("error").path("code").asInt()).isEqualTo(400);
        assertThat(error.toJson().path("error").path("param").asText()).isEqualTo("messages");
    }
}
