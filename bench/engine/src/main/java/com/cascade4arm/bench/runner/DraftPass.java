package com.cascade4arm.bench.runner;

import com.cascade4arm.bench.client.StreamResult;
import com.cascade4arm.bench.client.StreamingChatClient;
import com.cascade4arm.bench.suite.Prompt;
import com.cascade4arm.openai.ChatRequest;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * A run's optional draft on/off pass, after its measured levels: each large-route prompt the levels sent goes to the
 * first target (the cascade) at concurrency 1, twice — as usual and with {@code speculative.n_max: 0} (the draft off),
 * with the run's max_tokens and sampling — and the pairs give {@link DraftSpeedup}. The order inside a pair alternates
 * (on first, then off first, …) so a prompt cache warmed by the first request favours neither side. Its rows go to
 * {@code draft-pass.csv}, never into the level aggregates.
 */
final class DraftPass {

    /** The per-request draft length that turns the speculative draft off (llama-server's {@code speculative.n_max}). */
    static final int DRAFT_OFF = 0;

    private final String runId;
    private final BenchConfig config;
    private final StreamingChatClient client;
    private final RunFiles files;
    private final List<DraftPassRow> rows = new ArrayList<>();

    DraftPass(String runId, BenchConfig config, StreamingChatClient client, RunFiles files) {
        this.runId = runId;
        this.config = config;
        this.client = client;
        this.files = files;
    }

    /** The distinct prompts of {@code order} labelled for the large route, in order. */
    static List<Prompt> largePrompts(List<Prompt> order) {
        Map<String, Prompt> large = new LinkedHashMap<>();
        order.stream().filter(p -> DraftSpeedup.LARGE.equals(p.expectedRoute())).forEach(p -> large.putIfAbsent(p.id(), p));
        return List.copyOf(large.values());
    }

    /** Sends the pairs until done, {@code stopped} or the deadline; writes draft-pass.csv after each pair. */
    DraftSpeedup run(List<Prompt> order, BooleanSupplier stopped, long deadlineNanos) throws IOException {
        TargetConfig target = config.targets().get(0);
        List<Prompt> prompts = largePrompts(order);
        List<DraftPair> pairs = new ArrayList<>();
        for (int i = 0; i < prompts.size() && !stopped.getAsBoolean() && System.nanoTime() < deadlineNanos; i++) {
            Prompt prompt = prompts.get(i);
            boolean onFirst = i % 2 == 0;
            DraftPassRow first = send(target, i + 1, prompt, onFirst);
            DraftPassRow second = first == null ? null : send(target, i + 1, prompt, !onFirst);
            if (second == null) {
                break; // cancelled: not recorded
            }
            pairs.add(onFirst ? new DraftPair(first, second) : new DraftPair(second, first));
            rows.add(first);
            rows.add(second);
            files.writeDraftPass(rows);
        }
        return DraftSpeedup.of(target.name(), prompts.size(), pairs);
    }

    private DraftPassRow send(TargetConfig target, int pair, Prompt prompt, boolean draftOn) {
        ChatRequest request = LoadGenerator.request(target, prompt, config);
        String startedAt = Instant.now().toString();
        StreamResult result = client.stream(draftOn ? request : request.withDraftMax(DRAFT_OFF));
        return result.cancelled() ? null : DraftPassRow.of(runId, target.name(), pair, prompt, draftOn, result, startedAt);
    }
}
