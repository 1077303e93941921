package com.cascade4arm.app.conformance;

import com.cascade4arm.testing.http.HttpTestClient;
import com.fasterxml.jackson.databind.JsonNode;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.langchain4j.model.output.FinishReason;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An agent loop through the gateway on real llama-server ({@code --jinja}): the demo model emits a {@code <tool_call>},
 * llama-server parses it into OpenAI {@code tool_calls} (streamed as deltas), the client runs the tool and sends its
 * result as a {@code tool} turn, and the model answers in text using it. Raw HTTP and LangChain4j; the official Node
 * client runs the same loop in {@code OpenAiNodeClientIT}. Skipped, with a message, where there is no llama-server.
 */
class AgentLoopIT {
    private static final String CALL_ID = "call_weather_1";
    private static ToolCallingGateway upstreams;
    private static HttpTestClient http;

    @BeforeAll
    static void boot() {
        upstreams = ToolCallingGateway.start();
        http = new HttpTestClient(upstreams.gateway().baseUrl());
    }

    @AfterAll
    static void stop() {
        if (upstreams != null) {
            upstreams.close();
        }
    }

    @Test
    void theModelCallsTheToolOnTheLargeRoute() throws Exception {
        HttpTestClient.Response response = http.post("/v1/chat/completions", question(false));

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        JsonNode choice = response.json().at("/choices/0");
        assertThat(choice.path("finish_reason").asText()).as(response.body()).isEqualTo("tool_calls");
        JsonNode call = choice.at("/message/tool_calls/0");
        assertThat(call.path("id").asText()).isNotBlank();
        assertThat(call.path("type").asText()).isEqualTo("function");
        assertThat(call.at("/function/name").asText()).isEqualTo("get_weather");
        assertThat(HttpTestClient.JSON.readTree(call.at("/function/arguments").asText()))
                .isEqualTo(HttpTestClient.JSON.readTree("{\"city\":\"Lisbon\"}"));
        assertThat(response.json().at("/cascade/route").asText()).as("the rulebook sends tool calls large")
                .isEqualTo("large");
    }

    @Test
    void theStreamedCallComesAsOpenAiToolCallDeltas() throws Exception {
        HttpTestClient.Stream stream = http.stream(question(true));

        assertThat(stream.status()).isEqualTo(200);
        assertThat(stream.data()).last().isEqualTo("[DONE]");
        List<JsonNode> deltas = stream.jsonEvents().stream()
                .filter(chunk -> chunk.at("/choices/0/delta/tool_calls").isArray()).toList();
        assertThat(deltas).as(stream.data().toString()).isNotEmpty();
        JsonNode first = deltas.get(0).at("/choices/0/delta/tool_calls/0");
        assertThat(first.path("index").asInt()).isZero();
        assertThat(first.path("id").asText()).as("the first delta names the call").isNotBlank();
        assertThat(first.path("type").asText()).isEqualTo("function");
        assertThat(first.at("/function/name").asText()).isEqualTo("get_weather");
        StringBuilder arguments = new StringBuilder();
        deltas.forEach(chunk -> {
            assertThat(chunk.at("/choices/0/delta/tool_calls/0/index").asInt()).as("one call").isZero();
            arguments.append(chunk.at("/choices/0/delta/tool_calls/0/function/arguments").asText(""));
        });
        assertThat(HttpTestClient.JSON.readTree(arguments.toString()))
                .isEqualTo(HttpTestClient.JSON.readTree("{\"city\":\"Lisbon\"}"));
        assertThat(stream.jsonEvents().stream().map(chunk -> chunk.at("/choices/0/finish_reason").asText(""))
                .filter(reason -> !reason.isEmpty())).containsExactly("tool_calls");
    }

    @Test
    void withTheToolsResultTheModelAnswersInTextStreamedAndNot() {
        String withResult = "{\"model\":\"auto\",\"max_tokens\":80,\"tools\":" + ToolCallingGateway.TOOLS
                + ",\"messages\":[{\"role\":\"user\",\"content\":\"" + ToolCallingGateway.QUESTION + "\"},"
                + "{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"id\":\"" + CALL_ID + "\","
                + "\"type\":\"function\",\"function\":{\"name\":\"get_weather\",\"arguments\":\"{\\\"city\\\":\\\"Lisbon\\\"}\"}}]},"
                + "{\"role\":\"tool\",\"tool_call_id\":\"" + CALL_ID + "\",\"content\":"
                + HttpTestClient.JSON.valueToTree(ToolCallingGateway.WEATHER) + "}]";

        HttpTestClient.Response plain = http.post("/v1/chat/completions", withResult + "}");
        HttpTestClient.Stream stream = http.stream(withResult + ",\"stream\":true}");

        assertThat(plain.status()).as(plain.body()).isEqualTo(200);
        assertThat(plain.json().at("/choices/0/finish_reason").asText()).isEqualTo("stop");
        assertThat(plain.json().at("/choices/0/message/content").asText()).contains("sunny", "22 degrees", "Lisbon");
        assertThat(plain.json().at("/choices/0/message/tool_calls").isMissingNode()
                || plain.json().at("/choices/0/message/tool_calls").isEmpty()).isTrue();
        assertThat(plain.json().at("/cascade/route").asText()).isEqualTo("large");
        assertThat(stream.status()).isEqualTo(200);
        assertThat(stream.text()).contains("sunny", "22 degrees");
    }

    @Test
    void langChain4jRunsTheLoopThroughTheGateway() {
        OpenAiChatModel model = OpenAiChatModel.builder().baseUrl(upstreams.baseUrl() + "/v1").apiKey("not-needed")
                .modelName("auto").maxTokens(80).build();
        ToolSpecification weather = ToolSpecification.builder().name("get_weather").description("Current weather in a city")
                .parameters(JsonObjectSchema.builder().addStringProperty("city").required("city").build()).build();
        List<ChatMessage> messages = new ArrayList<>(List.of(UserMessage.from(ToolCallingGateway.QUESTION)));

        ChatResponse call = model.chat(ChatRequest.builder().messages(messages).toolSpecifications(weather).build());
        assertThat(call.finishReason()).isEqualTo(FinishReason.TOOL_EXECUTION);
        ToolExecutionRequest request = call.aiMessage().toolExecutionRequests().get(0);
        assertThat(request.name()).isEqualTo("get_weather");
        assertThat(request.arguments()).contains("Lisbon");
        messages.add(call.aiMessage());
        messages.add(ToolExecutionResultMessage.from(request, ToolCallingGateway.WEATHER));
        ChatResponse answer = model.chat(ChatRequest.builder().messages(messages).toolSpecifications(weather).build());

        assertThat(answer.finishReason()).isEqualTo(FinishReason.STOP);
        assertThat(answer.aiMessage().text()).contains("sunny", "22 degrees");
        assertThat(answer.aiMessage().hasToolExecutionRequests()).isFalse();
    }

    private static String question(boolean stream) {
        return "{\"model\":\"auto\",\"max_tokens\":80,\"stream\":" + stream + ",\"tools\":" + ToolCallingGateway.TOOLS
                + ",\"messages\":[{\"role\":\"user\",\"content\":\"" + ToolCallingGateway.QUESTION + "\"}]}";
    }
}
