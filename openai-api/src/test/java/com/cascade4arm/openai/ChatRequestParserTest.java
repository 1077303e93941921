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
    void forwardsEveryHonouredFieldAndNothingElse() {
        ChatRequest request = parse(GATEWAY, """
                {"model":"large","messages":[{"role":"system","content":"Be brief."},
                 {"role":"user","content":[{"type":"text","text":"Hi "},{"type":"text","text":"there"}]}],
                 "max_tokens":32,"temperature":0.5,"stream":true,"stream_options":{"include_usage":true},
                 "stop":"END","seed":7,"logit_bias":{"50256":-100},"user":"u-1","logprobs":false,
                 "response_format":{"type":"json_schema","json_schema":{"name":"x","schema":{"type":"object"},"extra":1}}}""");

        assertThat(request.model()).isEqualTo("large");
        assertThat(request.messages()).extracting(ChatMessage::content).containsExactly("Be brief.", "Hi there");
        assertThat(request.stream()).isTrue();
        assertThat(request.includeUsage()).isTrue();
        assertThat(request.toJson(false).toString()).isEqualTo("{\"messages\":[{\"role\":\"system\",\"content\":"
                + "\"Be brief.\"},{\"role\":\"user\",\"content\":\"Hi there\"}],\"max_tokens\":32,\"temperature\":0.5,"
                + "\"seed\":7,\"stop\":[\"END\"],\"response_format\":{\"type\":\"json_schema\",\"json_schema\":"
                + "{\"name\":\"x\",\"schema\":{\"type\":\"object\"}}},\"logit_bias\":{\"50256\":-100.0},\"user\":\"u-1\","
                + "\"stream\":true,\"stream_options\":{\"include_usage\":true}}");
    }

    @Test
    void relaysToolsToolChoiceAndAToolCallingExchange() {
        ChatRequest request = parse(GATEWAY, """
                {"messages":[{"role":"user","content":"Weather in Paris?"},
                 {"role":"assistant","content":null,"tool_calls":[{"id":"c1","type":"function",
                  "function":{"name":"get_weather","arguments":"{\\"city\\":\\"Paris\\"}"}}]},
                 {"role":"tool","tool_call_id":"c1","content":"sunny"}],
                 "tools":[{"type":"function","function":{"name":"get_weather","parameters":{"type":"object"}}}],
                 "tool_choice":"auto","parallel_tool_calls":false}""");

        assertThat(request.usesTools()).isTrue();
        var body = request.toJson(false);
        assertThat(body.at("/messages/1/tool_calls/0/function/name").asText()).isEqualTo("get_weather");
        assertThat(body.at("/messages/1/content").asText()).isEmpty();
        assertThat(body.at("/messages/2/tool_call_id").asText()).isEqualTo("c1");
        assertThat(body.at("/tools/0/function/name").asText()).isEqualTo("get_weather");
        assertThat(body.path("tool_choice").asText()).isEqualTo("auto");
        assertThat(body.path("parallel_tool_calls").asBoolean(true)).isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "tools       | {\"tools\":[]}",
            "tools       | {\"tools\":[{\"type\":\"function\"}]}",
            "tool_choice | {\"tool_choice\":\"sometimes\"}",
            "messages    | {\"messages\":[{\"role\":\"user\",\"content\":\"hi\"},{\"role\":\"tool\",\"content\":\"x\",\"tool_call_id\":7}]}",
            "messages    | {\"messages\":[{\"role\":\"user\",\"content\":\"hi\",\"tool_calls\":[]}]}"})
    void refusesMalformedToolFieldsNamingThem(String param, String fields) {
        String json = fields.startsWith("{\"messages\"") ? fields
                : "{\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}]," + fields.substring(1);

        assertThatThrownBy(() -> parse(GATEWAY, json)).isInstanceOfSatisfying(ApiError.class,
                e -> assertThat(e.toJson().at("/error/param").asText()).isEqualTo(param));
    }

    @Test
    void forwardsLogprobsAndTopLogprobsAndRefusesTopWithoutLogprobs() {
        ChatRequest request = parse(GATEWAY, "{\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}],"
                + "\"logprobs\":true,\"top_logprobs\":3}");

        assertThat(request.output().logprobs()).isTrue();
        assertThat(request.toJson(false).path("logprobs").asBoolean()).isTrue();
        assertThat(request.toJson(false).path("top_logprobs").asInt()).isEqualTo(3);
        assertThatThrownBy(() -> parse(GATEWAY, "{\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}],"
                + "\"top_logprobs\":3}")).isInstanceOfSatisfying(ApiError.class,
                e -> assertThat(e.toJson().at("/error/param").asText()).isEqualTo("top_logprobs"));
        assertThatThrownBy(() -> parse(GATEWAY, "{\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}],"
                + "\"logprobs\":true,\"top_logprobs\":21}")).isInstanceOf(ApiError.class);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "functions            | []                  | function calls are not relayed",
            "function_call        | \"none\"            | function calls are not relayed",
            "audio                | {}                  | text-only",
            "modalities           | [\"text\"]          | text-only",
            "prediction           | {}                  | predicted outputs",
            "web_search_options   | {}                  | no web search",
            "reasoning_effort     | \"low\"             | not reasoning models",
            "store                | true                | not stored",
            "metadata             | {}                  | not stored",
            "n_probs              | 3                   | not a chat completions parameter this gateway knows"})
    void refusesAFieldItDoesNotHonourNamingIt(String field, String value, String why) {
        String json = "{\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}],\"" + field + "\":" + value + "}";

        for (ChatRequestParser parser : List.of(GATEWAY, HOST)) {
            assertThatThrownBy(() -> parse(parser, json)).isInstanceOfSatisfying(ApiError.class, e -> {
                assertThat(e.status()).isEqualTo(400);
                assertThat(e.code()).isEqualTo("unsupported_parameter");
                assertThat(e.getMessage()).startsWith(field + " is not supported: ").contains(why);
                assertThat(e.toJson().path("error").path("param").asText()).isEqualTo(field);
            });
        }
    }

    @Test
    void forwardsLlamaServersPerRequestDraftLengthAndRefusesABadOne() {
        ChatRequest off = parse(GATEWAY, "{\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}],\"speculative.n_max\":0}");
        assertThat(off.draftMax()).isZero();
        assertThat(off.with("large", true, true).toJson().path("speculative.n_max").asInt(-1)).as("kept for the upstream").isZero();
        assertThat(parse(HOST, "{\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}]}").toJson().has("speculative.n_max"))
                .as("absent: the server's own draft setting").isFalse();
        assertThatThrownBy(() -> parse(GATEWAY, "{\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}],\"speculative.n_max\":-1}"))
                .hasMessageContaining("speculative.n_max must be between 0 and 64, but was -1");
    }

    @Test
    void jsonObjectAsksForAnyObjectAndTextForNothing() {
        ChatRequest json = parse(HOST, "{\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}],"
                + "\"response_format\":{\"type\":\"json_object\"}}");
        ChatRequest text = parse(HOST, "{\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}],"
                + "\"response_format\":{\"type\":\"text\"}}");

        assertThat(json.output().jsonSchema()).isEqualTo("{\"type\":\"object\"}");
        assertThat(json.toJson().path("response_format").toString()).isEqualTo("{\"type\":\"json_object\"}");
        assertThat(text.output().jsonSchema()).isNull();
        assertThat(text.toJson().has("response_format")).isFalse();
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "\"response_format\":\"json\"                                     | response_format must be an object, but was the string \"json\"",
            "\"response_format\":{\"type\":\"yaml\"}                          | response_format.type must be text, json_object or json_schema, but was the string \"yaml\"",
            "\"response_format\":{\"type\":\"json_schema\"}                   | response_format.json_schema.schema must be a JSON schema object",
            "\"logit_bias\":[1]                                               | logit_bias must be an object of token id → bias, but was an array",
            "\"logit_bias\":{\"the\":5}                                       | logit_bias keys must be token ids (non-negative integers), but had 'the'",
            "\"logit_bias\":{\"12\":101}                                      | logit_bias values must be numbers between -100 and 100, but token 12 had a number 101",
            "\"user\":42                                                      | user must be a string of at most 256 characters, but was a number 42"})
    void malformedOutputOptionsAreRefusedSayingWhy(String field, String message) {
        String json = "{\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}]," + field + "}";

        assertThatThrownBy(() -> parse(GATEWAY, json)).isInstanceOf(ApiError.class).hasMessage(message);
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
