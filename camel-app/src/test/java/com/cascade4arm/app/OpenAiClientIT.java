package com.cascade4arm.app;

import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.langchain4j.model.openai.OpenAiStreamingChatModel;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** A third-party OpenAI client (LangChain4j) works against the gateway unchanged, blocking and streaming. */
class OpenAiClientIT {
    private static String baseUrl;

    @BeforeAll
    static void boot() {
        baseUrl = TestGateway.start().baseUrl() + "/v1";
    }

    @Test
    void langChain4jChatModelGetsAnAnswer() {
        OpenAiChatModel model = OpenAiChatModel.builder().baseUrl(baseUrl).apiKey("not-needed").modelName("auto")
                .maxTokens(8).temperature(0.0).build();

        ChatResponse response = model.chat(dev.langchain4j.data.message.UserMessage.from("Hi there, how are you?"));

        assertThat(response.aiMessage().text()).isNotBlank();
        assertThat(response.tokenUsage().outputTokenCount()).isBetween(1, 8);
    }

    @Test
    void langChain4jStreamingModelReceivesPartialResponses() throws Exception {
        OpenAiStreamingChatModel model = OpenAiStreamingChatModel.builder().baseUrl(baseUrl).apiKey("not-needed")
                .modelName("auto").maxTokens(12).temperature(0.0).build();
        List<String> partials = new CopyOnWriteArrayList<>();
        CompletableFuture<ChatResponse> done = new CompletableFuture<>();

        model.chat("Write a Java method that sums an int array.", new StreamingChatResponseHandler() {
            @Override
            public void onPartialResponse(String partial) {
                partials.add(partial);
            }

            @Override
            public void onCompleteResponse(ChatResponse response) {
                done.complete(response);
            }

            @Override
            public void onError(Throwable error) {
                done.completeExceptionally(error);
            }
        });

        ChatResponse response = done.get(2, TimeUnit.MINUTES);
        assertThat(partials).as("streamed pieces").hasSizeGreaterThan(1);
        assertThat(response.aiMessage().text()).isEqualTo(String.join("", partials));
    }
}
