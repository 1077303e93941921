package com.cascade4arm.bench.overhead;

import com.cascade4arm.bench.client.StreamResult;
import com.cascade4arm.bench.client.StreamingChatClient;
import com.cascade4arm.openai.ChatRequest;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Sends the same request to several targets back to back (the upstream straight, one or two gateways), step by step,
 * so drift on a shared machine hits every target alike; the order within a step rotates through every permutation so
 * no target always runs first, on the warmer connection.
 */
final class Interleaving {

    /** One request sent to every target in turn; the results in target order, whatever order they were sent in. */
    record Step(List<StreamResult> results) {
        boolean ok() {
            return results.stream().allMatch(StreamResult::ok);
        }

        /** How much longer the request took at {@code target} than at {@code reference}, in milliseconds. */
        double addedMs(int target, int reference) {
            return results.get(target).totalMs() - results.get(reference).totalMs();
        }

        StreamResult of(int target) {
            return results.get(target);
        }
    }

    /** One round: its wall time and the steps of each mode (same order as the requests given). */
    record Round(double wallSeconds, List<List<Step>> stepsByMode) {
    }

    private Interleaving() {
    }

    /** {@code requests} steps per mode, spread over {@code concurrency} workers; a step of each mode in turn. */
    static Round run(List<StreamingChatClient> targets, List<ChatRequest> modes, int requests, int concurrency)
            throws Exception {
        List<int[]> orders = permutations(targets.size());
        List<List<Step>> steps = new ArrayList<>();
        for (int m = 0; m < modes.size(); m++) {
            steps.add(Collections.synchronizedList(new ArrayList<>()));
        }
        ExecutorService pool = Executors.newFixedThreadPool(concurrency);
        long start = System.nanoTime();
        List<Future<?>> workers = new ArrayList<>();
        int perWorker = Math.max(1, requests / concurrency);
        for (int w = 0; w < concurrency; w++) {
            int worker = w;
            workers.add(pool.submit(() -> {
                for (int i = 0; i < perWorker; i++) {
                    int[] order = orders.get((i + worker) % orders.size());
                    for (int m = 0; m < modes.size(); m++) {
                        StreamResult[] results = new StreamResult[targets.size()];
                        for (int target : order) {
                            results[target] = targets.get(target).stream(modes.get(m));
                        }
                        steps.get(m).add(new Step(List.of(results)));
                    }
                }
            }));
        }
        try {
            for (Future<?> worker : workers) {
                worker.get();
            }
        } finally {
            pool.shutdown();
        }
        return new Round((System.nanoTime() - start) / 1e9, steps);
    }

    /** Every order of {@code n} targets, the identity first (so with two, even steps send to the first target first). */
    static List<int[]> permutations(int n) {
        List<int[]> orders = new ArrayList<>();
        permute(new int[n], new boolean[n], 0, orders);
        return orders;
    }

    private static void permute(int[] order, boolean[] used, int position, List<int[]> orders) {
        if (position == order.length) {
            orders.add(order.clone());
            return;
        }
        for (int target = 0; target < order.length; target++) {
            if (!used[target]) {
                used[target] = true;
                order[position] = target;
                permute(order, used, position + 1, orders);
                used[target] = false;
            }
        }
    }
}
