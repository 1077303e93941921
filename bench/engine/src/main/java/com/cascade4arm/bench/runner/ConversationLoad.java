package com.cascade4arm.bench.runner;

import com.cascade4arm.bench.suite.Conversation;
import com.cascade4arm.bench.suite.ConversationTurn;
import com.cascade4arm.openai.ChatMessage;
import com.cascade4arm.openai.ChatRequest;
import com.cascade4arm.openai.OutputOptions;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;

/**
 * The multi-turn suite's load: every target runs the same conversations at the same time, {@code concurrency} of
 * them at once per target; a conversation sends its turns one after another, each with the whole history so far (the
 * system prompt, the user turns and the model's own earlier answers). A failed turn ends its conversation: the turns
 * it could not send are recorded as errors, so every run accounts for all of its requests.
 */
final class ConversationLoad {
    static final String NOT_SENT = "not sent: an earlier turn of this conversation failed";

    private final String runId;
    private final BenchConfig config;
    private final List<Conversation> conversations;
    private final Map<String, TurnClient> clients;
    private final AtomicBoolean stopped;
    private final ExecutorService pool;
    private final BiConsumer<TurnRow, RequestRow> sink;

    ConversationLoad(String runId, BenchConfig config, List<Conversation> conversations, Map<String, TurnClient> clients,
                     AtomicBoolean stopped, ExecutorService pool, BiConsumer<TurnRow, RequestRow> sink) {
        this.runId = runId;
        this.config = config;
        this.conversations = conversations;
        this.clients = clients;
        this.stopped = stopped;
        this.pool = pool;
        this.sink = sink;
    }

    /**
     * Runs every target's conversations at once; returns each target's wall time in ms (first turn sent to last
     * answer), or throws {@link TimeoutException} when the deadline passed first.
     */
    Map<String, Double> run(long deadlineNanos) throws Exception {
        int concurrency = config.levels().get(0);
        Map<String, CompletableFuture<Double>> walls = new LinkedHashMap<>();
        for (TargetConfig target : config.targets()) {
            AtomicInteger next = new AtomicInteger();
            AtomicInteger seq = new AtomicInteger();
            long start = System.nanoTime();
            List<CompletableFuture<Void>> workers = new ArrayList<>();
            for (int w = 0; w < concurrency; w++) {
                workers.add(CompletableFuture.runAsync(() -> work(target, next, seq), pool));
            }
            walls.put(target.name(), CompletableFuture.allOf(workers.toArray(CompletableFuture[]::new))
                    .thenApply(done -> (System.nanoTime() - start) / 1e6));
        }
        CompletableFuture.allOf(walls.values().toArray(CompletableFuture[]::new))
                .get(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
        Map<String, Double> wallMs = new LinkedHashMap<>();
        walls.forEach((name, wall) -> wallMs.put(name, wall.join()));
        return wallMs;
    }

    private void work(TargetConfig target, AtomicInteger next, AtomicInteger seq) {
        while (!stopped.get()) {
            int index = next.getAndIncrement();
            if (index >= conversations.size()) {
                return;
            }
            converse(target, conversations.get(index), seq);
        }
    }

    private void converse(TargetConfig target, Conversation conversation, AtomicInteger seq) {
        List<ChatMessage> history = new ArrayList<>();
        history.add(new ChatMessage(ChatMessage.SYSTEM, conversation.system()));
        boolean failed = false;
        for (int i = 0; i < conversation.turns().size(); i++) {
            if (stopped.get()) {
                return;
            }
            ConversationTurn turn = conversation.turns().get(i);
            String startedAt = Instant.now().toString();
            TurnResult result;
            if (failed) {
                result = TurnResult.failed(0, NOT_SENT, 0, false);
            } else {
                history.add(ChatMessage.user(turn.content()));
                result = sendOnceLoaded(clients.get(target.name()), request(target, history));
                if (result.cancelled()) {
                    return;
                }
                if (result.ok()) {
                    history.add(ChatMessage.assistant(result.answer()));
                } else {
                    failed = true;
                }
            }
            TurnRow row = TurnRow.of(runId, target.name(), conversation.id(), i + 1, turn.category(), result, startedAt);
            sink.accept(row, requestRow(row, seq.incrementAndGet()));
        }
    }

    /**
     * Sends a turn, again every second while the target answers 503 "Loading model" (a baseline still loading right
     * after a start), for up to {@link Warmup#LOADING_WAIT_MS}: the run measures the models, not their loading.
     */
    private TurnResult sendOnceLoaded(TurnClient client, ChatRequest request) {
        long deadline = System.nanoTime() + Warmup.LOADING_WAIT_MS * 1_000_000;
        TurnResult result = client.send(request);
        while (result.status() == 503 && String.valueOf(result.error()).contains("Loading model") && !stopped.get()
                && System.nanoTime() < deadline) {
            try {
                Thread.sleep(1_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return result;
            }
            result = client.send(request);
        }
        return result;
    }

    private ChatRequest request(TargetConfig target, List<ChatMessage> history) {
        Sampling sampling = config.sampling();
        return new ChatRequest(target.model(), history, true, true, config.maxTokens(), config.maxTokens(), null, null,
                null, null, null, List.of(), false, OutputOptions.NONE)
                .withSampling(sampling.temperature(), sampling.topP(), sampling.seed(), config.fixedLength());
    }

    /** The turn as a rows.csv row (level = the concurrency, prompt id = conversation#turn), like any run's rows. */
    private RequestRow requestRow(TurnRow turn, int seq) {
        Double ttft = turn.ttftMs();
        double decodeMs = ttft == null ? 0 : turn.totalMs() - ttft;
        double tokensPerSecond = decodeMs > 0 ? RequestRow.round(turn.completionTokens() / (decodeMs / 1000.0), 2) : 0;
        return new RequestRow(runId, turn.target(), config.levels().get(0), seq, turn.conversation() + "#" + turn.turn(),
                turn.category(), null, turn.route(), null, turn.status(), turn.error(), ttft, turn.totalMs(),
                turn.completionTokens(), tokensPerSecond, turn.startedAt());
    }
}
