package com.cascade4arm.host.probe;

import com.cascade4arm.host.HostConfig;
import com.cascade4arm.host.LlamaHost;
import com.cascade4arm.host.demo.DemoModel;
import com.cascade4arm.host.demo.DemoModels;
import io.vertx.core.json.JsonObject;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Prints aggregate tokens/s at 1, 2 and 4 concurrent non-streaming requests against a 4-slot host, measured like
 * bench's HostBench (median over runs, wall clock of the whole batch). A manual probe, not a test: prints, asserts nothing.
 * Args: model (small|large), runs, tokens, threads.
 */
public final class SlotScalingProbe {

    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static final String PROMPT = "Tell me about the weather, the sea and the mountains.";

    private SlotScalingProbe() {
    }

    public static void main(String[] args) throws Exception {
        DemoModel which = args.length > 0 && args[0].equals("large") ? DemoModel.LARGE : DemoModel.SMALL;
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        int tokens = args.length > 2 ? Integer.parseInt(args[2]) : 128;
        int threads = args.length > 3 ? Integer.parseInt(args[3]) : Runtime.getRuntime().availableProcessors();
        String alias = which == DemoModel.LARGE ? "demo-1.5b" : "demo-0.5b";
        HostConfig config = HostConfig.defaults(alias, DemoModels.ensure(which)).withParallel(4).withThreads(threads);
        try (LlamaHost host = LlamaHost.start(config)) {
            host.awaitReady(Duration.ofMinutes(5));
            complete(host.baseUrl(), tokens);
            double base = 0;
            for (int concurrency : new int[] {1, 2, 4}) {
                double aggregate = aggregate(host.baseUrl(), concurrency, runs, tokens);
                base = concurrency == 1 ? aggregate : base;
                System.out.printf(Locale.ROOT, "%s threads=%d  %d concurrent  %7.1f tok/s  (%.2fx of 1)%n",
                        alias, threads, concurrency, aggregate, aggregate / base);
            }
        }
        System.exit(0);
    }

    private static double aggregate(URI base, int concurrency, int runs, int tokens) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(concurrency);
        try {
            List<Double> results = new ArrayList<>();
            for (int run = 0; run < runs; run++) {
                long start = System.nanoTime();
                List<Future<JsonObject>> calls = new ArrayList<>();
                for (int i = 0; i < concurrency; i++) {
                    calls.add(pool.submit(() -> complete(base, tokens)));
                }
                long generated = 0;
                for (Future<JsonObject> call : calls) {
                    JsonObject answer = call.get();
                    generated += answer.getJsonObject("usage").getLong("completion_tokens");
                    if (System.getProperty("probe.verbose") != null) {
                        System.out.println("  timings " + answer.getJsonObject("timings"));
                    }
                }
                results.add(generated / ((System.nanoTime() - start) / 1e9));
            }
            Collections.sort(results);
            return results.get(results.size() / 2);
        } finally {
            pool.shutdown();
        }
    }

    private static JsonObject complete(URI base, int tokens) throws Exception {
        JsonObject body = new JsonObject().put("max_tokens", tokens).put("temperature", 0);
        body.put("messages", new io.vertx.core.json.JsonArray().add(new JsonObject().put("role", "user").put("content", PROMPT)));
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(base.resolve("/v1/chat/completions"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body.encode()))
                .build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IllegalStateException("host answered " + response.statusCode() + ": " + response.body());
        }
        return new JsonObject(response.body());
    }
}
