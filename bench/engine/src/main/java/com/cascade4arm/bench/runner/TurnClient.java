package com.cascade4arm.bench.runner;

import com.cascade4arm.bench.client.BenchHttp;
import com.cascade4arm.bench.client.StreamResult;
import com.cascade4arm.bench.client.StreamingChatClient;
import com.cascade4arm.openai.ChatRequest;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * Sends the streamed turns of the multi-turn suite to one OpenAI-compatible base URL and reads, besides the timing and
 * the answer, what the answer says of its prompt: {@code usage.prompt_tokens} and {@code prompt_tokens_details
 * .cached_tokens}, llama-server's {@code timings} ({@code prompt_n} evaluated, {@code cache_n} cached) and the
 * gateway's {@code cascade} object ({@code prompt_tokens}, {@code cached_prompt_tokens}, {@code route},
 * {@code endpoint}, {@code prefix_affinity}). The requests go out through the engine's one streaming client
 * ({@link StreamingChatClient} on {@link BenchHttp}: its resend of a request lost on a closed pooled connection, its
 * timeout, its TTFT taken on the event loop); this class only keeps the fields that client's result does not.
 * Failures become results, never exceptions.
 */
final class TurnClient {
    private final StreamingChatClient client;

    TurnClient(BenchHttp http, TargetConfig target, long requestTimeoutMs) {
        this.client = new StreamingChatClient(http, target.baseUrl(), target.apiKey(), requestTimeoutMs);
    }

    /** Sends one turn and blocks until its answer ended, failed, timed out or was cancelled. */
    TurnResult send(ChatRequest request) {
        PromptFigures figures = new PromptFigures(System.nanoTime());
        StreamResult result = client.stream(request, figures::onEvent);
        if (result.cancelled()) {
            return TurnResult.failed(0, StreamResult.CANCELLED, result.totalMs(), true);
        }
        if (result.status() < 200 || result.status() >= 300) {
            return TurnResult.failed(result.status(), result.error(), result.totalMs(), false);
        }
        return figures.result(result);
    }

    /** Aborts the turns in flight (they end {@code cancelled}) and refuses new ones. */
    void cancelAll() {
        client.cancelAll();
    }

    /** What an answer's events say of its prompt and of where it went; fed on the event loop, read after the answer. */
    private static final class PromptFigures {
        private final long start;
        /** When the end-of-generation chunk arrived: an empty answer's first token (its prompt was evaluated). */
        private Double finishMs;
        private String route;
        private String endpoint;
        private String affinity;
        private Long promptTokens;
        private Long cachedTokens;
        private Long completionTokens;

        PromptFigures(long start) {
            this.start = start;
        }

        void onEvent(JsonNode event, long nowNanos) {
            if (finishMs == null && event.path("choices").path(0).path("finish_reason").isTextual()) {
                finishMs = (nowNanos - start) / 1e6;
            }
            absorbUsage(event.path("usage"));
            absorbTimings(event.path("timings"));
            absorbCascade(event.path("cascade"));
        }

        private void absorbUsage(JsonNode usage) {
            if (!usage.isObject()) {
                return;
            }
            if (usage.path("prompt_tokens").isNumber()) {
                promptTokens = usage.get("prompt_tokens").asLong();
            }
            JsonNode cached = usage.path("prompt_tokens_details").path("cached_tokens");
            if (cached.isNumber()) {
                cachedTokens = cached.asLong();
            }
        }

        /** llama-server's timings: prompt_n is what it evaluated, cache_n what it reused. */
        private void absorbTimings(JsonNode timings) {
            if (!timings.isObject()) {
                return;
            }
            if (timings.path("cache_n").isNumber()) {
                cachedTokens = timings.get("cache_n").asLong();
            }
            if (promptTokens == null && timings.path("prompt_n").isNumber()) {
                promptTokens = timings.get("prompt_n").asLong() + (cachedTokens == null ? 0 : cachedTokens);
            }
        }

        /** The gateway's own account of the answer wins: it names the tier's endpoint and the affinity outcome. */
        private void absorbCascade(JsonNode cascade) {
            if (!cascade.isObject()) {
                return;
            }
            route = cascade.path("route").asText(route);
            endpoint = cascade.path("endpoint").asText(endpoint);
            affinity = cascade.path("prefix_affinity").asText(affinity);
            if (cascade.path("prompt_tokens").isNumber()) {
                promptTokens = cascade.get("prompt_tokens").asLong();
            }
            if (cascade.path("cached_prompt_tokens").isNumber()) {
                cachedTokens = cascade.get("cached_prompt_tokens").asLong();
            }
            if (cascade.path("completion_tokens").isNumber()) {
                completionTokens = cascade.get("completion_tokens").asLong();
            }
        }

        TurnResult result(StreamResult answer) {
            // An empty answer (end of generation first) still had its prompt evaluated: its TTFT is that first token.
            Double ttft = answer.ttftMs() != null ? answer.ttftMs() : finishMs;
            return new TurnResult(answer.status(), answer.error(), ttft, answer.totalMs(), answer.answer(), promptTokens,
                    cachedTokens, completionTokens != null ? completionTokens : answer.completionTokens(),
                    route != null ? route : answer.route(), endpoint, affinity, false);
        }
    }
}
