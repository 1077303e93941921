package com.cascade4arm.bench.hosts;

import com.cascade4arm.bench.stats.Percentiles;
import com.cascade4arm.host.HostConfig;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Aggregate tokens/s of one endpoint with 4 slots at 1, 2 and 4 concurrent greedy requests (the engine's scaling). */
final class AggregateSweep {
    static final int SLOTS = 4;
    static final int[] CONCURRENCY = {1, 2, 4};

    private AggregateSweep() {
    }

    static void run(HostConfig config, HostBenchOptions options, String prompt) throws Exception {
        System.out.println("aggregate tokens/s, " + config.alias() + ", " + SLOTS + " slots");
        try (BenchEndpoint endpoint = BenchEndpoint.start(config.withParallel(SLOTS), options.llamaServer)) {
            ChatCall.send(endpoint.url(), prompt, options.tokens, 0.0, 0);
            double base = 0;
            for (int concurrency : CONCURRENCY) {
                double aggregate = aggregate(endpoint.url(), concurrency, options, prompt);
                base = concurrency == 1 ? aggregate : base;
                System.out.printf(Locale.ROOT, "  %d concurrent  %7.1f tok/s  (%.2fx of 1)%n", concurrency, aggregate, aggregate / base);
            }
        }
    }

    private static double aggregate(URI base, int concurrency, HostBenchOptions options, String prompt) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(concurrency);
        try {
            List<Double> results = new ArrayList<>();
            for (int run = 0; run < Math.max(3, options.runs); run++) {
                long start = System.nanoTime();
                List<Future<ChatCall>> calls = new ArrayList<>();
                for (int i = 0; i < concurrency; i++) {
                    calls.add(pool.submit(() -> ChatCall.send(base, prompt, options.tokens, 0.0, 1)));
                }
                long generated = 0;
                for (Future<ChatCall> call : calls) {
                    generated += call.get().tokens();
                }
                results.add(generated / ((System.nanoTime() - start) / 1e9));
            }
            return Percentiles.median(results);
        } finally {
            pool.shutdown();
        }
    }
}
