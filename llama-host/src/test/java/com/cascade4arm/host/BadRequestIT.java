package com.cascade4arm.host;

import com.cascade4arm.demomodels.DemoModel;
import com.cascade4arm.host.testing.DemoModelFiles;
import com.cascade4arm.host.testing.HostClient;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/** Every kind of bad request gets its status and an OpenAI-shaped error, and the host keeps serving afterwards. */
class BadRequestIT {

    static final int SLOT_CONTEXT = 512;
    static final long BODY_LIMIT_BYTES = 64 * 1024;
    private static LlamaHost host;
    private static HostClient client;

    @BeforeAll
    static void startHost() {
        host = LlamaHost.start(HostConfig.defaults("demo-small", DemoModelFiles.path(DemoModel.SMALL))
                .withCtxSize(SLOT_CONTEXT).withParallel(1).withMaxBodyBytes(BODY_LIMIT_BYTES));
        host.awaitReady(Duration.ofSeconds(60));
        client = new HostClient(host.baseUrl(), null);
    }

    @AfterAll
    static void stopHost() {
        if (host != null) {
            host.close();
        }
    }

    static Stream<Arguments> badRequests() {
        String chat = "/v1/chat/completions";
        String json = "application/json";
        return Stream.of(
                arguments("malformed JSON", "POST", chat, json, "{\"messages\": [", 400, "not valid JSON"),
                arguments("JSON array body", "POST", chat, json, "[1,2]", 400, "must be a JSON object"),
                arguments("empty body", "POST", chat, json, "", 400, "body is empty"),
                arguments("missing messages", "POST", chat, json, "{\"max_tokens\":4}", 400, "messages is required"),
                arguments("empty messages", "POST", chat, json, "{\"messages\":[]}", 400, "must not be empty"),
                arguments("messages not an array", "POST", chat, json, "{\"messages\":\"hi\"}", 400,
                        "messages must be an array, but was the string \"hi\""),
                arguments("unknown role", "POST", chat, json, messages("{\"role\":\"wizard\",\"content\":\"hi\"}"),
                        400, "but was 'wizard'"),
                arguments("content a number", "POST", chat, json, messages("{\"role\":\"user\",\"content\":5}"),
                        400, "content must be a string"),
                arguments("max_tokens a string", "POST", chat, json, withUser("\"max_tokens\":\"ten\""), 400,
                        "max_tokens must be an integer, but was the string \"ten\""),
                arguments("max_tokens zero", "POST", chat, json, withUser("\"max_tokens\":0"), 400,
                        "max_tokens must be between 1 and " + SLOT_CONTEXT + ", but was 0"),
                arguments("max_tokens above context", "POST", chat, json, withUser("\"max_tokens\":9000"), 400,
                        "max_tokens must be between 1 and " + SLOT_CONTEXT + ", but was 9000"),
                arguments("temperature a string", "POST", chat, json, withUser("\"temperature\":\"hot\""), 400,
                        "temperature must be a number"),
                arguments("stream not a boolean", "POST", chat, json, withUser("\"stream\":\"yes\""), 400,
                        "stream must be true or false"),
                arguments("stop not strings", "POST", chat, json, withUser("\"stop\":[1]"), 400,
                        "stop[0] must be a string"),
                arguments("prompt longer than the context", "POST", chat, json, longPrompt(), 400,
                        "context of a slot holds " + SLOT_CONTEXT + " tokens"),
                arguments("one 10,000-letter word (overflowed the tokenizer's stack)", "POST", chat, json,
                        word(10_000), 400, "context of a slot holds " + SLOT_CONTEXT + " tokens"),
                arguments("prompt that cannot fit by its length alone", "POST", chat, json, word(20_000), 400,
                        "context of a slot holds " + SLOT_CONTEXT + " tokens"),
                arguments("body above the limit", "POST", chat, json, "x".repeat((int) BODY_LIMIT_BYTES + 1024),
                        413, "larger than the limit of " + BODY_LIMIT_BYTES + " bytes"),
                arguments("non-JSON content type", "POST", chat, "text/plain", withUser("\"max_tokens\":2"), 415,
                        "Content-Type must be application/json"),
                arguments("unknown path", "GET", "/v1/nothing-here", null, null, 404, "no endpoint GET /v1/nothing-here"),
                arguments("wrong method", "GET", chat, null, null, 405, "method GET is not allowed"));
    }

    @ParameterizedTest(name = "{0} -> {5}")
    @MethodSource("badRequests")
    void answersBadRequestWithOpenAiErrorAndKeepsServing(String name, String method, String path, String contentType,
                                                         String body, int status, String messagePart) {
        HttpRequest.Builder request = HttpRequest.newBuilder(host.baseUrl().resolve(path)).timeout(Duration.ofSeconds(30));
        if (contentType != null) {
            request.header("Content-Type", contentType);
        }
        request.method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));

        HttpResponse<String> response = client.send(request.build());

        assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
        assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(
                type -> assertThat(type).startsWith("application/json"));
        JsonObject error = new JsonObject(response.body()).getJsonObject("error");
        assertThat(error.getInteger("code")).isEqualTo(status);
        assertThat(error.getString("type")).isNotBlank();
        assertThat(error.getString("message")).contains(messagePart).doesNotContain("\tat ", "Exception:");
        assertThat(client.chat("Are you still there?", 2).getJsonArray("choices"))
                .as("a good request after the bad one").hasSize(1);
    }

    private static String messages(String message) {
        return "{\"messages\":[" + message + "]}";
    }

    private static String withUser(String field) {
        return "{\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]," + field + "}";
    }

    /** One word of {@code letters} letters: llama.cpp b4916's tokenizer recurses per letter of a word. */
    private static String word(int letters) {
        return "{\"messages\":[{\"role\":\"user\",\"content\":\"" + "a".repeat(letters) + "\"}],\"max_tokens\":4}";
    }

    /** Random letters tokenize byte by byte with the demo vocabulary: far more tokens than a slot holds. */
    private static String longPrompt() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 3 * SLOT_CONTEXT; i++) {
            text.append((char) ('a' + (i * 7) % 26)).append(i % 5 == 0 ? "q" : "");
        }
        return "{\"messages\":[{\"role\":\"user\",\"content\":\"" + text + "\"}],\"max_tokens\":4}";
    }
}
