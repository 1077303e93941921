package com.cascade4arm.demomodels;

import static org.assertj.core.api.Assertions.assertThat;

import com.cascade4arm.testing.llamaserver.LlamaServer;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The demo models' tool use in a real llama-server with {@code --jinja} (skipped where there is none): the chat
 * template renders plain chats exactly as ChatML (the designed weights depend on those tokens), renders tools, tool
 * calls and tool results the way Qwen2.5's does, and llama-server parses the model's {@code <tool_call>} answer into
 * OpenAI {@code tool_calls}.
 */
class ToolUseIT {
    static final HttpClient HTTP = HttpClient.newHttpClient();
    static final JsonArray TOOLS = new JsonArray().add(new JsonObject().put("type", "function").put("function",
            new JsonObject().put("name", "get_weather").put("description", "Current weather in a city")
                    .put("parameters", new JsonObject().put("type", "object")
                            .put("properties", new JsonObject().put("city", new JsonObject().put("type", "string")))
                            .put("required", new JsonArray().add("city")))));
    static final String WEATHER = "{\"city\": \"Lisbon\", \"condition\": \"sunny\", \"temperature_c\": 22}";
    private static LlamaServer server;

    @BeforeAll
    static void startServer() {
        server = LlamaServer.start(LlamaServer.binaryOrSkip(), DemoModels.ensure(DemoModel.LARGE),
                List.of("--jinja", "-c", "4096", "-np", "1", "-t", "1", "--no-warmup"), Duration.ofSeconds(60));
    }

    @AfterAll
    static void stopServer() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aChatWithoutToolsRendersAsPlainChatMl() {
        JsonArray withSystem = new JsonArray().add(message("system", "Be brief.")).add(message("user", "Hi"))
                .add(message("assistant", "Hello!")).add(message("user", "Bye"));
        JsonArray withoutSystem = new JsonArray().add(message("user", "What is the capital of France?"));

        assertThat(render(new JsonObject().put("messages", withSystem))).isEqualTo("<|im_start|>system\nBe brief.<|im_end|>\n"
                + "<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\nHello!<|im_end|>\n"
                + "<|im_start|>user\nBye<|im_end|>\n<|im_start|>assistant\n");
        assertThat(render(new JsonObject().put("messages", withoutSystem))).isEqualTo(
                "<|im_start|>system\nYou are a helpful assistant.<|im_end|>\n"
                        + "<|im_start|>user\nWhat is the capital of France?<|im_end|>\n<|im_start|>assistant\n");
    }

    @Test
    void toolsCallsAndResultsRenderTheWayQwenDoes() {
        String prompt = render(new JsonObject().put("tools", TOOLS).put("messages", agentTurn()));

        assertThat(prompt).startsWith("<|im_start|>system\nYou are a helpful assistant.\n\n# Tools\n")
                .contains("<tools>\n{\"type\": \"function\", \"function\": {\"name\": \"get_weather\"")
                .contains("<|im_start|>assistant\n<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Lisbon\"}}\n"
                        + "</tool_call><|im_end|>\n")
                .endsWith("<|im_start|>user\n<tool_response>\n" + WEATHER + "\n</tool_response><|im_end|>\n"
                        + "<|im_start|>assistant\n");
    }

    @Test
    void theModelCallsTheToolAndLlamaServerParsesTheCall() {
        JsonObject answer = chat(new JsonObject().put("tools", TOOLS).put("messages",
                new JsonArray().add(message("user", "What is the weather like in Lisbon?"))));

        JsonObject choice = answer.getJsonArray("choices").getJsonObject(0);
        assertThat(choice.getString("finish_reason")).isEqualTo("tool_calls");
        JsonObject call = choice.getJsonObject("message").getJsonArray("tool_calls").getJsonObject(0);
        assertThat(call.getString("type")).isEqualTo("function");
        assertThat(call.getJsonObject("function").getString("name")).isEqualTo("get_weather");
        assertThat(new JsonObject(call.getJsonObject("function").getString("arguments")))
                .isEqualTo(new JsonObject().put("city", "Lisbon"));
    }

    @Test
    void withTheToolsResultTheModelAnswersInText() {
        JsonObject answer = chat(new JsonObject().put("tools", TOOLS).put("messages", agentTurn()));

        JsonObject choice = answer.getJsonArray("choices").getJsonObject(0);
        assertThat(choice.getString("finish_reason")).isEqualTo("stop");
        assertThat(choice.getJsonObject("message").getString("content")).contains("sunny", "Lisbon", "22 degrees");
    }

    @Test
    void withoutToolsTheSameQuestionGetsTheWeatherAnswerInText() {
        JsonObject answer = chat(new JsonObject().put("messages",
                new JsonArray().add(message("user", "Tell me about the weather, the sea and the mountains."))));

        assertThat(answer.getJsonArray("choices").getJsonObject(0).getJsonObject("message").getString("content"))
                .startsWith("The weather changes");
    }

    /** The agent loop's second request: the question, the model's call, the tool's result. */
    static JsonArray agentTurn() {
        JsonObject call = new JsonObject().put("id", "call_1").put("type", "function").put("function",
                new JsonObject().put("name", "get_weather").put("arguments", "{\"city\": \"Lisbon\"}"));
        return new JsonArray().add(message("user", "What is the weather like in Lisbon?"))
                .add(new JsonObject().put("role", "assistant").putNull("content").put("tool_calls", new JsonArray().add(call)))
                .add(new JsonObject().put("role", "tool").put("tool_call_id", "call_1").put("content", WEATHER));
    }

    private static JsonObject message(String role, String content) {
        return new JsonObject().put("role", role).put("content", content);
    }

    private static String render(JsonObject body) {
        return post("/apply-template", body).getString("prompt");
    }

    private static JsonObject chat(JsonObject body) {
        return post("/v1/chat/completions", body.put("temperature", 0).put("max_tokens", 80));
    }

    private static JsonObject post(String path, JsonObject body) {
        try {
            HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(server.baseUrl() + path))
                    .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body.encode())).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
            return new JsonObject(response.body());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
