package com.cascade4arm.bench.runner;

import com.cascade4arm.bench.client.StreamResult;
import com.cascade4arm.bench.client.StreamingChatClient;
import com.cascade4arm.bench.suite.Prompt;
import com.cascade4arm.openai.ChatRequest;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The unmeasured requests before a run's first level: they load caches, connections and the JIT so level 1 does not
 * pay for them, and wait for a target still loading its model. Each target answers the first {@code warmup_requests}
 * prompts of the level order, one at a time, all targets at once; only their counts are kept.
 */
final class Warmup {

    /** How long a warm-up request waits for a target still loading its model (a fresh start's baseline, say). */
    static final long LOADING_WAIT_MS = 120_000;
    private static final long LOADING_RETRY_MS = 1_000;
    /** What llama-server (and our hosts) answer with 503 while the model loads or warms up. */
    private static final String LOADING = "HTTP 503: Loading model";

    private Warmup() {
    }

    /**
     * Sends {@code request}, again every second while the target answers 503 "Loading model", for up to
     * {@link #LOADING_WAIT_MS}: a run started right after a start measures the models, not their loading.
     */
    static StreamResult onceLoaded(StreamingChatClient client, ChatRequest request, AtomicBoolean stopped) {
        long deadline = System.nanoTime() + LOADING_WAIT_MS * 1_000_000;
        StreamResult result = client.stream(request);
        while (LOADING.equals(result.error()) && !stopped.get() && System.nanoTime() < deadline) {
            try {
                Thread.sleep(LOADING_RETRY_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return result;
            }
            result = client.stream(request);
        }
        return result;
    }

    static List<WarmupResult> run(BenchConfig config, Map<String, StreamingChatClient> clients, List<Prompt> order,
                                  AtomicBoolean stopped, ExecutorService pool) {
        List<CompletableFuture<WarmupResult>> results = new ArrayList<>();
        for (TargetConfig target : config.targets()) {
            results.add(CompletableFuture.supplyAsync(() -> {
                int ok = 0;
                int sent = 0;
                for (; sent < config.warmupRequests() && !stopped.get(); sent++) {
                    Prompt prompt = order.get(sent % order.size());
                    if (onceLoaded(clients.get(target.name()), LoadGenerator.request(target, prompt, config), stopped).ok()) {
                        ok++;
                    }
                }
                return new WarmupResult(target.name(), sent, ok, sent - ok);
            }, pool));
        }
        return results.stream().map(CompletableFuture::join).toList();
    }
}
