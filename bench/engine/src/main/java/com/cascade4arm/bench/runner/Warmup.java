package com.cascade4arm.bench.runner;

import com.cascade4arm.bench.client.StreamingChatClient;
import com.cascade4arm.bench.suite.Prompt;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The unmeasured requests before a run's first level: they load caches, connections and the JIT so level 1 does not
 * pay for them. Each target answers the first {@code warmup_requests} prompts of the level order, one at a time, all
 * targets at once; only their counts are kept.
 */
final class Warmup {

    private Warmup() {
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
                    if (clients.get(target.name()).stream(LoadGenerator.request(target, prompt, config)).ok()) {
                        ok++;
                    }
                }
                return new WarmupResult(target.name(), sent, ok, sent - ok);
            }, pool));
        }
        return results.stream().map(CompletableFuture::join).toList();
    }
}
