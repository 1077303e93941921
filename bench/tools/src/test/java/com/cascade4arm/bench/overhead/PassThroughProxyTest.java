package com.cascade4arm.bench.overhead;

import com.cascade4arm.bench.client.StreamResult;
import com.cascade4arm.bench.client.StreamingChatClient;
import com.cascade4arm.openai.ChatMessage;
import com.cascade4arm.openai.ChatRequest;
import com.cascade4arm.openai.OutputOptions;
import com.cascade4arm.testing.upstream.ClosingAfterStreamsUpstream;
import io.vertx.core.Vertx;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The floor must measure relaying, not failures: in front of an upstream that drops the next request on a connection
 * that carried a stream (llama-server's habit), every streamed and plain request through the proxy is answered.
 */
class PassThroughProxyTest {
    private static final int STEPS = 20;

    @Test
    void answersStreamsAndPlainRequestsAlternatingInFrontOfAnUpstreamThatClosesAfterStreams() throws Exception {
        Vertx vertx = Vertx.vertx();
        try (ClosingAfterStreamsUpstream upstream = ClosingAfterStreamsUpstream.start()) {
            int port = PassThroughProxy.start(vertx, 0, upstream.baseUrl() + "/").toCompletionStage()
                    .toCompletableFuture().get(10, TimeUnit.SECONDS).actualPort();
            StreamingChatClient client = new StreamingChatClient("http://127.0.0.1:" + port, null, 10_000);
            List<StreamResult> results = new ArrayList<>();

            for (int i = 0; i < STEPS; i++) {
                results.add(client.stream(request(true)));
                results.add(client.stream(request(false)));
            }

            assertThat(results).as("every request through the proxy").hasSize(2 * STEPS)
                    .allSatisfy(result -> assertThat(result.ok()).as(String.valueOf(result)).isTrue());
            assertThat(upstream.lost()).as("a request the upstream dropped, sent again on a new connection")
                    .isPositive();
            assertThat(upstream.connections()).as("one connection per stream at most, plus the ones lost")
                    .isLessThanOrEqualTo(STEPS + upstream.lost() + 1);
        } finally {
            vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        }
    }

    private static ChatRequest request(boolean stream) {
        return new ChatRequest("small", List.of(ChatMessage.user("Hi there!")), stream, stream, 4, 4, null, null,
                null, null, null, List.of(), false, OutputOptions.NONE);
    }
}
