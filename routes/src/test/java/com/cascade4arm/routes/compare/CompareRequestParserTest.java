package com.cascade4arm.routes.compare;

import com.cascade4arm.openai.ApiError;
import com.cascade4arm.openai.ChatRequestParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CompareRequestParserTest {
    private final CompareRequestParser parser = new CompareRequestParser(new ChatRequestParser(
            new ChatRequestParser.Limits(List.of("auto", "small", "large"), "auto", Set.of("cascade"), 512, 64, 100, 4)));

    private CompareRequest parse(String json) {
        return parser.parse(ChatRequestParser.readObject(json.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void turnsAPromptIntoOneUserMessageForAllSystems() {
        CompareRequest request = parse("{\"prompt\":\"Hi there\",\"max_tokens\":32,\"temperature\":0.2}");

        assertThat(request.chat().messages()).singleElement()
                .satisfies(m -> assertThat(m.role() + ":" + m.content()).isEqualTo("user:Hi there"));
        assertThat(request.chat().maxTokens()).isEqualTo(32);
        assertThat(request.chat().temperature()).isEqualTo(0.2);
        assertThat(request.systems()).isEqualTo(EnumSet.allOf(SystemName.class));
    }

    @Test
    void acceptsMessagesAndASubsetOfSystems() {
        CompareRequest request = parse("{\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}],"
                + "\"systems\":[\"hosted\",\"cascade\"]}");

        assertThat(request.systems()).containsExactlyInAnyOrder(SystemName.CASCADE, SystemName.HOSTED);
        assertThat(request.chat().maxTokens()).as("the chat default").isEqualTo(64);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "{}|prompt or messages is required",
            "{\"prompt\":\"a\",\"messages\":[{\"role\":\"user\",\"content\":\"b\"}]}|either prompt or messages, not both",
            "{\"prompt\":42}|prompt must be a string, but was a number",
            "{\"prompt\":\"  \"}|prompt must not be empty",
            "{\"prompt\":\"a\",\"systems\":[]}|systems must be a non-empty array",
            "{\"prompt\":\"a\",\"systems\":[\"cascade\",\"gpt5\"]}|systems[1] must be one of [cascade, baseline, hosted], but was \"gpt5\"",
            "{\"prompt\":\"a\",\"max_tokens\":9000}|max_tokens must be between 1 and 512, but was 9000",
            "[1,2]|request body must be a JSON object, but was array"
    })
    void rejectsBadInputNamingTheField(String body, String message) {
        assertThatThrownBy(() -> parse(body)).isInstanceOf(ApiError.class)
                .hasMessageContaining(message)
                .satisfies(e -> assertThat(((ApiError) e).status()).isEqualTo(400));
    }

    @Test
    void rejectsAPromptAboveTheLimitWith413() {
        assertThatThrownBy(() -> parse("{\"prompt\":\"" + "x".repeat(101) + "\"}"))
                .satisfies(e -> assertThat(((ApiError) e).status()).isEqualTo(413))
                .hasMessageContaining("101 characters");
    }
}
