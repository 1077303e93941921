package com.cascade4arm.host;

import com.cascade4arm.demomodels.DemoModel;
import com.cascade4arm.host.child.SupervisedChildHost;
import com.cascade4arm.host.testing.DemoModelFiles;
import com.cascade4arm.host.testing.HostClient;
import com.cascade4arm.host.testing.SseEvent;
import de.kherud.llama.LlamaModel;
import de.kherud.llama.ModelParameters;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The large demo model drafted by the small one: llama.cpp's draft acceptance reaches the response timings and the
 * metrics, per host, and greedy output is the same with and without the draft. The drafted host runs in this JVM (one
 * test loads another model beside it); the plain one in a JVM of its own, as the embedded default runs each host
 * ({@code cascade.embedded.host-processes}): with both in one JVM the plain host now and then ended a greedy answer
 * after its first token ("The"), a CI failure of this test.
 */
class SpeculativeDecodingIT {

    static final String PROMPT = "Tell me about the weather and the sea.";
    static final int MAX_TOKENS = 48;
    private static LlamaHost drafted;
    private static SupervisedChildHost plain;

    @BeforeAll
    static void startHosts() {
        HostConfig large = HostConfig.defaults("demo-large", DemoModelFiles.path(DemoModel.LARGE))
                .withCtxSize(2048).withParallel(1);
        drafted = LlamaHost.start(large.withDraft(DemoModelFiles.path(DemoModel.SMALL)));
        // One after the other: when both ran in this JVM, a model loading while the other generated its warm-up answers
        // came back broken in one CI run (" a a" to every prompt); apart, they would only slow each other's start.
        drafted.awaitReady(Duration.ofSeconds(120));
        plain = (SupervisedChildHost) ModelHosts.start(
                large.withAlias("demo-large-plain").withEngine(Engine.JNI, null), true);
        plain.awaitReady(Duration.ofSeconds(120));
    }

    @AfterAll
    static void stopHosts() {
        if (drafted != null) {
            drafted.close();
        }
        if (plain != null) {
            plain.close();
        }
    }

    @Test
    void reportsAcceptedDraftTokensAndMatchesGreedyOutputWithoutDraft() {
        JsonObject withDraft = new HostClient(drafted.baseUrl(), null).chat(PROMPT, MAX_TOKENS);
        JsonObject withoutDraft = new HostClient(plain.baseUrl(), null).chat(PROMPT, MAX_TOKENS);

        JsonObject timings = withDraft.getJsonObject("timings");
        assertThat(timings.getInteger("draft_n")).as("draft tokens proposed").isPositive();
        assertThat(timings.getInteger("draft_n_accepted")).as("draft tokens accepted").isPositive()
                .isLessThanOrEqualTo(timings.getInteger("draft_n"));
        assertThat(withoutDraft.getJsonObject("timings").containsKey("draft_n")).isFalse();
        assertThat(text(withDraft)).as("temperature 0: speculative decoding must not change the text")
                .isEqualTo(text(withoutDraft)).isNotBlank();
    }

    @Test
    void turnsTheDraftOffForOneRequestWithSpeculativeNMaxZero() {
        HostClient client = new HostClient(drafted.baseUrl(), null);
        String body = new JsonObject(HostClient.chatBody(PROMPT, MAX_TOKENS, false)).put("speculative.n_max", 0).encode();

        JsonObject off = new JsonObject(client.postJson("/v1/chat/completions", body).body());
        JsonObject on = client.chat(PROMPT, MAX_TOKENS);

        assertThat(off.getJsonObject("timings").getInteger("draft_n", 0)).as("draft off: nothing drafted %s", off).isZero();
        assertThat(on.getJsonObject("timings").getInteger("draft_n")).as("the next request drafts again").isPositive();
        assertThat(text(off)).as("greedy: the same answer without the draft").isEqualTo(text(on)).isNotBlank();
        assertThat(completionTokens(off)).isEqualTo(completionTokens(on));
    }

    @Test
    void answersExactlyMaxTokensWithTheDraftAsWithout() {
        HostClient withDraft = new HostClient(drafted.baseUrl(), null);
        HostClient withoutDraft = new HostClient(plain.baseUrl(), null);
        int natural = completionTokens(withoutDraft.chat(PROMPT, MAX_TOKENS));
        assertThat(natural).as("the greedy answer is long enough to cut").isGreaterThan(20);

        for (int maxTokens : List.of(3, 9, 14, 20)) {
            JsonObject drafted = withDraft.chat(PROMPT, maxTokens);
            JsonObject plainAnswer = withoutDraft.chat(PROMPT, maxTokens);
            // llama.cpp alone stops a drafted answer up to draft-max tokens early when a burst passes n_predict
            assertThat(completionTokens(drafted)).as("drafted, max_tokens %d: %s", maxTokens, drafted).isEqualTo(maxTokens);
            assertThat(drafted.getJsonArray("choices").getJsonObject(0).getString("finish_reason")).isEqualTo("length");
            assertThat(text(drafted)).as("max_tokens %d", maxTokens).isEqualTo(text(plainAnswer));
        }
        List<SseEvent> events = withDraft.stream(HostClient.chatBody(PROMPT, 9, true));
        assertThat(events.get(events.size() - 2).json().getJsonObject("usage").getInteger("completion_tokens"))
                .as("streamed").isEqualTo(9);
    }

    @Test
    void streamsDraftStatisticsAndCountsThemInMetrics() {
        HostClient client = new HostClient(drafted.baseUrl(), null);
        double draftedBefore = client.metric("llamacpp:draft_tokens_total");
        double acceptedBefore = client.metric("llamacpp:draft_tokens_accepted_total");

        List<SseEvent> events = client.stream(HostClient.chatBody(PROMPT, MAX_TOKENS, true));

        JsonObject timings = events.get(events.size() - 2).json().getJsonObject("timings");
        assertThat(timings.getInteger("draft_n")).isPositive();
        assertThat(timings.getInteger("draft_n_accepted")).isPositive();
        assertThat(client.metric("llamacpp:draft_tokens_total") - draftedBefore)
                .isEqualTo(timings.getInteger("draft_n").doubleValue());
        assertThat(client.metric("llamacpp:draft_tokens_accepted_total") - acceptedBefore)
                .isEqualTo(timings.getInteger("draft_n_accepted").doubleValue());
        assertThat(new HostClient(plain.baseUrl(), null).metrics())
                .as("a host without draft model exports no draft counters").doesNotContainKey("llamacpp:draft_tokens_total");
    }

    @Test
    void keepsCountingDraftsAfterAnotherModelLoadDisablesLlamaLogging() {
        // disableLog() pauses llama.cpp's global logger for the whole JVM, as the demo model verifier does
        new LlamaModel(new ModelParameters().setModel(DemoModelFiles.path(DemoModel.SMALL).toString())
                .setCtxSize(256).disableLog()).close();

        JsonObject timings = new HostClient(drafted.baseUrl(), null).chat(PROMPT, MAX_TOKENS).getJsonObject("timings");

        assertThat(timings.getInteger("draft_n")).as("draft tokens still counted").isPositive();
        assertThat(timings.getInteger("draft_n_accepted")).isPositive();
    }

    private static int completionTokens(JsonObject completion) {
        return completion.getJsonObject("usage").getInteger("completion_tokens");
    }

    private static String text(JsonObject completion) {
        return completion.getJsonArray("choices").getJsonObject(0).getJsonObject("message").getString("content");
    }
}
