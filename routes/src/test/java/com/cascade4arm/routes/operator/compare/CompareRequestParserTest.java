package com.cascade4arm.routes.operator.compare;

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

    @Test
    void takesTheDraftSwitchAndTheHostedReasoning() {
        CompareRequest plain = parse("{\"prompt\":\"Hi\"}");
        assertThat(plain.draft()).as("draft on unless asked").isTrue();
        assertThat(plain.hostedReasoning()).as("the configured reasoning").isNull();

        CompareRequest asked = parse("{\"prompt\":\"Hi\",\"draft\":false,\"hosted_reasoning\":\"High\"}");
        assertThat(asked.draft()).isFalse();
        assertThat(asked.hostedReasoning()).isEqualTo(new HostedReasoning("high", null));
        assertThat(parse("{\"prompt\":\"Hi\",\"hosted_reasoning\":2048}").hostedReasoning().toJson().toString())
                .isEqualTo("{\"max_tokens\":2048}");
        assertThat(parse("{\"prompt\":\"Hi\",\"hosted_reasoning\":\"off\"}").hostedReasoning().toJson().toString())
                .isEqualTo("{\"enabled\":false}");
        assertThat(asked.chat().draftMax()).as("draft is compare's own field, not sent as such").isNull();
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
            "{\"prompt\":\"a\",\"draft\":\"no\"}|draft must be true or false, but was \"no\"",
            "{\"prompt\":\"a\",\"hosted_reasoning\":\"max\"}|hosted_reasoning must be off, low, medium, high or a token budget",
            "{\"prompt\":\"a\",\"hosted_reasoning\":0}|hosted_reasoning must be off, low, medium, high or a token budget",
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
