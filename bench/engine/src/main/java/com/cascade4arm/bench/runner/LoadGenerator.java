package com.cascade4arm.bench.runner;

import com.cascade4arm.bench.client.StreamResult;
import com.cascade4arm.bench.client.StreamingChatClient;
import com.cascade4arm.bench.suite.Prompt;
import com.cascade4arm.openai.ChatRequest;

import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;

/**
 * Closed-loop load for one target at one concurrency level: {@code level} workers each take the next sequence number
 * and send prompt {@code seq mod prompts} (round-robin from the first prompt) until the level's requests are used up.
 * Requests aborted by a cancel are not recorded; every other outcome, errors included, becomes a row.
 */
final class LoadGenerator {

    private static final double NANOS_PER_MS = 1_000_000.0;

    private final String runId;
    private final TargetConfig target;
    private final StreamingChatClient client;
    private final List<Prompt> prompts;
    private final int maxTokens;
    private final AtomicBoolean stopped;
    private final BiConsumer<RequestRow, StreamResult> sink;

    LoadGenerator(String runId, TargetConfig target, StreamingChatClient client, List<Prompt> prompts, int maxTokens,
                  AtomicBoolean stopped, BiConsumer<RequestRow, StreamResult> sink) {
        this.runId = runId;
        this.target = target;
        this.client = client;
        this.prompts = prompts;
        this.maxTokens = maxTokens;
        this.stopped = stopped;
        this.sink = sink;
    }

    /** Starts the workers on {@code pool}; completes with the wall time in ms, first dispatch to last completion. */
    CompletableFuture<Double> run(int level, int requests, ExecutorService pool) {
        CompletableFuture<Double> wallMs = new CompletableFuture<>();
        AtomicInteger next = new AtomicInteger();
        AtomicInteger running = new AtomicInteger(level);
        long start = System.nanoTime();
        for (int worker = 0; worker < level; worker++) {
            pool.execute(() -> {
                try {
                    work(level, requests, next);
                } catch (RuntimeException e) {
                    wallMs.completeExceptionally(e);
                } finally {
                    if (running.decrementAndGet() == 0) {
                        wallMs.complete((System.nanoTime() - start) / NANOS_PER_MS);
                    }
                }
            });
        }
        return wallMs;
    }

    private void work(int level, int requests, AtomicInteger next) {
        while (!stopped.get()) {
            int seq = next.getAndIncrement();
            if (seq >= requests) {
                return;
            }
            Prompt prompt = prompts.get(seq % prompts.size());
            String startedAt = Instant.now().toString();
            StreamResult result = client.stream(ChatRequest.userPrompt(target.model(), prompt.prompt(), maxTokens, true));
            if (result.cancelled()) {
                return;
            }
            sink.accept(RequestRow.of(runId, target.name(), level, seq + 1, prompt, result, startedAt), result);
        }
    }
}
