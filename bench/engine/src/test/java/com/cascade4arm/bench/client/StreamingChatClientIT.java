package com.cascade4arm.bench.client;

import com.cascade4arm.openai.ChatRequest;
import com.cascade4arm.testing.upstream.ClosingAfterStreamsUpstream;
import com.cascade4arm.standins.upstream.InstantResponder;
import com.cascade4arm.standins.upstream.ResponderBehaviour;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class StreamingChatClientIT {

    private static final long CONTENT_DELAY_MS = 300;
    private static final long TIMEOUT_MS = 10_000;
    private static final ChatRequest REQUEST = ChatRequest.userPrompt("instant", "What is the capital of France?", 64, true);

    private InstantResponder responder;

    @AfterEach
    void stopResponder() {
        if (responder != null) {
            responder.close();
        }
    }

    @Test
    void sendsARequestLostOnAConnectionTheServerClosedAfterAStreamAgain() {
        try (ClosingAfterStreamsUpstream upstream = ClosingAfterStreamsUpstream.start()) {
            StreamingChatClient client = new StreamingChatClient(upstream.baseUrl(), null, TIMEOUT_MS);
            for (int i = 0; i < 50; i++) {
                StreamResult result = client.stream(REQUEST);
                assertThat(result.ok()).as("request %d: %s", i, result).isTrue();
            }
            assertThat(upstream.lost()).as("pooled connections were reused after their stream, and lost").isPositive();
        }
    }

    @Test
    void answersEveryRequestSentBackToBackAfterStreamsOnConnectionsTheServerClosesAtOnce() {
        ChatRequest plain = ChatRequest.userPrompt("instant", "What is the capital of France?", 64, false);
        try (ClosingAfterStreamsUpstream upstream = ClosingAfterStreamsUpstream.startClosingAtOnce()) {
            StreamingChatClient client = new StreamingChatClient(upstream.baseUrl(), null, TIMEOUT_MS);
            for (int i = 0; i < 400; i++) {
                StreamResult result = client.stream(i % 2 == 0 ? REQUEST : plain);
                assertThat(result.ok()).as("request %d: %s", i, result).isTrue();
            }
        }
    }

    @Test
    void measuresASuccessfulStreamWithUsageTokens() {
        responder = InstantResponder.start(0);
        StreamResult result = client(null).stream(REQUEST);
        assertThat(result.ok()).as("result %s", result).isTrue();
        assertThat(result.status()).isEqualTo(200);
        assertThat(result.completionTokens()).isEqualTo(ResponderBehaviour.DEFAULT_CHUNKS.size());
        assertThat(result.ttftMs()).isNotNull().isPositive().isLessThanOrEqualTo(result.totalMs());
    }

    @Test
    void showsEveryEventOfTheAnswerToAListenerInTheOrderTheyArrived() {
        responder = InstantResponder.start(0);
        List<JsonNode> events = new CopyOnWriteArrayList<>();
        List<Long> arrivals = new CopyOnWriteArrayList<>();
        StreamResult result = client(null).stream(REQUEST, (event, nowNanos) -> {
            events.add(event);
            arrivals.add(nowNanos);
        });
        assertThat(result.ok()).as("result %s", result).isTrue();
        assertThat(events.stream().filter(e -> !e.path("choices").path(0).path("delta").path("content").asText("")
                .isEmpty())).as("the content chunks").hasSize(ResponderBehaviour.DEFAULT_CHUNKS.size());
        assertThat(events.get(events.size() - 1).path("timings").path("prompt_n").isNumber())
                .as("the final chunk's timings, which the result does not keep: %s", events).isTrue();
        assertThat(arrivals).isSorted();
    }

    @Test
    void takesTtftAtTheFirstContentDeltaEvenWhenTheRoleChunkComesAtOnce() {
        responder = InstantResponder.start(0, ResponderBehaviour.INSTANT.withContentDelayMs(CONTENT_DELAY_MS));
        StreamResult result = client(null).stream(REQUEST);
        assertThat(result.ok()).as("result %s", result).isTrue();
        assertThat(result.ttftMs()).as("TTFT waits for content, not headers or the role chunk")
                .isGreaterThanOrEqualTo((double) CONTENT_DELAY_MS);
    }

    @Test
    void capsCompletionTokensAtMaxTokens() {
        responder = InstantResponder.start(0);
        StreamResult result = client(null).stream(ChatRequest.userPrompt("instant", "Hi there!", 2, true));
        assertThat(result.completionTokens()).isEqualTo(2);
    }

    @Test
    void turnsNon2xxAnswersIntoErrorResultsWithTheOpenAiMessage() {
        responder = InstantResponder.start(0, ResponderBehaviour.INSTANT.withStatus(500));
        StreamResult serverError = client(null).stream(REQUEST);
        assertThat(serverError.status()).isEqualTo(500);
        assertThat(serverError.error()).isEqualTo("HTTP 500: instant responder configured to answer 500");

        responder.behaviour(ResponderBehaviour.INSTANT.withStatus(429));
        StreamResult rateLimited = client(null).stream(REQUEST);
        assertThat(rateLimited.status()).isEqualTo(429);
        assertThat(rateLimited.ok()).isFalse();
        assertThat(rateLimited.error()).startsWith("HTTP 429: ");
    }

    @Test
    void reportsAnSseErrorEventAndATruncatedStream() {
        responder = InstantResponder.start(0, ResponderBehaviour.INSTANT.withStreamError(true));
        assertThat(client(null).stream(REQUEST).error()).isEqualTo("instant responder failed mid-stream");

        responder.behaviour(ResponderBehaviour.INSTANT.withTruncate(true));
        assertThat(client(null).stream(REQUEST).error()).isEqualTo(StreamResult.TRUNCATED);
    }

    @Test
    void skipsSseCommentLines() {
        responder = InstantResponder.start(0, ResponderBehaviour.INSTANT.withCommentLines(true));
        assertThat(client(null).stream(REQUEST).ok()).isTrue();
    }

    @Test
    void readsRoutingFromHeadersAndTheFinalCascadeObject() {
        responder = InstantResponder.start(0, ResponderBehaviour.INSTANT.withRouter(prompt -> "small"));
        StreamResult result = client(null).stream(REQUEST);
        assertThat(result.route()).isEqualTo("small");
        assertThat(result.rule()).isEqualTo("instant-small");
        assertThat(result.rulesVersion()).as("only in the cascade object").isEqualTo("instant-1");
    }

    @Test
    void sendsTheBearerTokenOnlyWhenGiven() {
        responder = InstantResponder.start(0);
        client("s3cret").stream(REQUEST);
        assertThat(responder.lastAuthorization()).isEqualTo("Bearer s3cret");
        client(null).stream(REQUEST);
        assertThat(responder.lastAuthorization()).isNull();
    }

    @Test
    void timesOutASlowStream() {
        responder = InstantResponder.start(0, ResponderBehaviour.INSTANT.withContentDelayMs(5_000));
        StreamResult result = new StreamingChatClient(responder.baseUrl(), null, 300).stream(REQUEST);
        assertThat(result.error()).isEqualTo("timeout after 300 ms");
        assertThat(result.cancelled()).isFalse();
        assertThat(result.totalMs()).isLessThan(5_000);
    }

    @Test
    void cancelAllAbortsInFlightRequestsAndRefusesNewOnes() {
        responder = InstantResponder.start(0, ResponderBehaviour.INSTANT.withContentDelayMs(10_000));
        StreamingChatClient client = client(null);
        CompletableFuture<StreamResult> inFlight = CompletableFuture.supplyAsync(() -> client.stream(REQUEST));
        await().until(() -> responder.chatRequestCount() == 1);

        client.cancelAll();

        StreamResult aborted = inFlight.join();
        assertThat(aborted.cancelled()).isTrue();
        assertThat(aborted.error()).isEqualTo(StreamResult.CANCELLED);
        assertThat(aborted.totalMs()).isLessThan(10_000);
        assertThat(client.stream(REQUEST).cancelled()).isTrue();
        assertThat(responder.chatRequestCount()).as("no request sent after cancel").isEqualTo(1);
    }

    @Test
    void reportsAConnectionFailureWithStatusZero() {
        responder = InstantResponder.start(0);
        String url = responder.baseUrl();
        responder.close();
        StreamResult result = new StreamingChatClient(url, null, TIMEOUT_MS).stream(REQUEST);
        assertThat(result.status()).isZero();
        assertThat(result.error()).contains("ConnectException");
    }

    private StreamingChatClient client(String apiKey) {
        return new StreamingChatClient(responder.baseUrl(), apiKey, TIMEOUT_MS);
    }
}
