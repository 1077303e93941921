package com.cascade4arm.bench.overhead;

import com.cascade4arm.bench.client.StreamResult;
import com.cascade4arm.bench.client.StreamingChatClient;
import com.cascade4arm.openai.ChatMessage;
import com.cascade4arm.openai.ChatRequest;
import com.cascade4arm.openai.OutputOptions;
import com.cascade4arm.standins.upstream.InstantResponder;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class InterleavingTest {

    @Test
    void rotatesThroughEveryOrderOfTheTargetsStartingWithTheGivenOne() {
        assertThat(Interleaving.permutations(2)).containsExactly(new int[]{0, 1}, new int[]{1, 0});
        List<int[]> three = Interleaving.permutations(3);
        assertThat(three).as("orders of three targets").hasSize(6).first().isEqualTo(new int[]{0, 1, 2});
        assertThat(three.stream().map(java.util.Arrays::toString).distinct()).hasSize(6);
    }

    @Test
    void sendsEveryStepToEveryTargetForEachModeAndKeepsTheResultsInTargetOrder() throws Exception {
        try (InstantResponder upstream = InstantResponder.start(0)) {
            List<StreamingChatClient> targets = List.of(new StreamingChatClient(upstream.baseUrl(), null, 10_000),
                    new StreamingChatClient(upstream.baseUrl(), null, 10_000),
                    new StreamingChatClient(upstream.baseUrl(), null, 10_000));
            List<ChatRequest> modes = List.of(request(true), request(false));

            Interleaving.Round round = Interleaving.run(targets, modes, 12, 2);

            assertThat(upstream.chatRequestCount()).as("requests: 12 steps x 2 modes x 3 targets").isEqualTo(72);
            assertThat(round.stepsByMode()).hasSize(2);
            for (List<Interleaving.Step> steps : round.stepsByMode()) {
                assertThat(steps).hasSize(12).allSatisfy(step -> {
                    assertThat(step.results()).hasSize(3).allMatch(StreamResult::ok);
                    assertThat(step.ok()).isTrue();
                });
            }
            assertThat(round.stepsByMode().get(0).get(0).of(0).ttftMs()).as("streamed mode has a first token").isNotNull();
        }
    }

    private static ChatRequest request(boolean stream) {
        return new ChatRequest("small", List.of(ChatMessage.user("Hi there!")), stream, stream, 4, 4, null, null,
                null, null, null, List.of(), false, OutputOptions.NONE);
    }
}
