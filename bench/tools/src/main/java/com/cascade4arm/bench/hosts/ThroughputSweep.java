package com.cascade4arm.bench.hosts;

import com.cascade4arm.bench.stats.Percentiles;

import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Aggregate tokens/s of several endpoints at one concurrency, measured side by side: each round runs every endpoint
 * once, in an order that rotates from round to round, so that drift on a shared machine hits all of them alike. An
 * aggregate is the completion tokens of {@code concurrency} simultaneous greedy requests over their wall time.
 */
final class ThroughputSweep {

    private ThroughputSweep() {
    }

    /** Median aggregate tokens/s per endpoint name over {@code runs} rounds. */
    static Map<String, Double> measure(Map<String, URI> endpoints, int concurrency, int runs, int tokens) throws Exception {
        Map<String, List<Double>> samples = new LinkedHashMap<>();
        endpoints.keySet().forEach(name -> samples.put(name, new ArrayList<>()));
        List<String> names = new ArrayList<>(endpoints.keySet());
        ExecutorService pool = Executors.newFixedThreadPool(concurrency);
        try {
            for (int round = 0; round < runs; round++) {
                for (int i = 0; i < names.size(); i++) {
                    String name = names.get((round + i) % names.size());
                    samples.get(name).add(aggregate(pool, endpoints.get(name), concurrency, tokens));
                }
            }
        } finally {
            pool.shutdownNow();
        }
        Map<String, Double> medians = new LinkedHashMap<>();
        samples.forEach((name, values) -> medians.put(name, Percentiles.median(values)));
        return medians;
    }

    /** Completes a couple of requests on each endpoint: prompt cache and first touch of the weights. */
    static void warmUp(Map<String, URI> endpoints, int tokens) throws Exception {
        for (URI base : endpoints.values()) {
            Completions.tokens(base, tokens);
            Completions.tokens(base, tokens);
        }
    }

    private static double aggregate(ExecutorService pool, URI base, int concurrency, int tokens) throws Exception {
        long start = System.nanoTime();
        List<Future<Long>> calls = new ArrayList<>();
        for (int i = 0; i < concurrency; i++) {
            calls.add(pool.submit(() -> Completions.tokens(base, tokens)));
        }
        long generated = 0;
        for (Future<Long> call : calls) {
            generated += call.get();
        }
        return generated / ((System.nanoTime() - start) / 1e9);
    }
}
