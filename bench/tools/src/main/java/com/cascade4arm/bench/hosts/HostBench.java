package com.cascade4arm.bench.hosts;

import com.cascade4arm.bench.cli.CliLogging;
import com.cascade4arm.bench.stats.Percentiles;
import com.cascade4arm.host.HostConfig;
import com.cascade4arm.host.LlamaHost;
import com.cascade4arm.host.demo.DemoModel;
import com.cascade4arm.host.demo.DemoModels;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The inference hosts on the demo models, measured over HTTP: demo-1.5b with and without its draft (speed-up and
 * acceptance), aggregate tokens/s at 1, 2 and 4 concurrent requests with 4 slots, and the per-token latency of
 * 0.5b : 1.5b : 3b. Every figure is a median over repeated runs, printed; nothing is asserted.
 */
public final class HostBench {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static final String PROMPT = "Tell me about the weather, the sea and the mountains.";

    private HostBench() {
    }

    public static void main(String[] args) throws Exception {
        CliLogging.configure();
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        int tokens = args.length > 1 ? Integer.parseInt(args[1]) : 128;
        int threads = args.length > 2 ? Integer.parseInt(args[2]) : Runtime.getRuntime().availableProcessors();
        Path small = DemoModels.ensure(DemoModel.SMALL);
        Path large = DemoModels.ensure(DemoModel.LARGE);
        Path baseline = DemoModels.ensure(DemoModel.BASELINE);
        System.out.printf(Locale.ROOT, "host bench: %d runs of %d tokens, temperature 0, %d threads%n%n", runs, tokens, threads);

        Single plain = single(HostConfig.defaults("demo-1.5b", large).withParallel(1).withThreads(threads), runs, tokens);
        Single drafted = single(HostConfig.defaults("demo-1.5b", large).withDraft(small).withParallel(1).withThreads(threads),
                runs, tokens);
        System.out.println("demo-1.5b speculative decoding (draft demo-0.5b, draft max 8, p-min 0.5)");
        System.out.printf(Locale.ROOT, "  without draft  %7.1f tok/s%n", plain.tokensPerSecond);
        System.out.printf(Locale.ROOT, "  with draft     %7.1f tok/s   acceptance %.1f%% (%d/%d drafted)%n",
                drafted.tokensPerSecond, 100.0 * drafted.accepted / Math.max(1, drafted.drafted), drafted.accepted, drafted.drafted);
        System.out.printf(Locale.ROOT, "  speed-up       %7.2fx%n%n", drafted.tokensPerSecond / plain.tokensPerSecond);

        aggregateSweep("demo-0.5b", small, threads, runs, tokens);
        aggregateSweep("demo-1.5b", large, threads, runs, tokens);

        Single s = single(HostConfig.defaults("demo-0.5b", small).withParallel(1).withThreads(threads), runs, tokens);
        Single b = single(HostConfig.defaults("demo-3b", baseline).withParallel(1).withThreads(threads), runs, tokens);
        System.out.println("per-token latency (ms/token, generation only)");
        System.out.printf(Locale.ROOT, "  demo-0.5b %.2f   demo-1.5b %.2f   demo-3b %.2f   ratio 1 : %.2f : %.2f%n",
                s.msPerToken, plain.msPerToken, b.msPerToken, plain.msPerToken / s.msPerToken, b.msPerToken / s.msPerToken);
        System.exit(0); // llama.cpp leaves a non-daemon native thread behind
    }

    private static void aggregateSweep(String alias, Path model, int threads, int runs, int tokens) throws Exception {
        System.out.println("aggregate tokens/s, " + alias + ", 4 slots");
        try (LlamaHost host = start(HostConfig.defaults(alias, model).withParallel(4).withThreads(threads))) {
            complete(host.baseUrl(), tokens);
            double base = 0;
            for (int concurrency : new int[] {1, 2, 4}) {
                double aggregate = aggregate(host.baseUrl(), concurrency, runs, tokens);
                base = concurrency == 1 ? aggregate : base;
                System.out.printf(Locale.ROOT, "  %d concurrent  %7.1f tok/s  (%.2fx of 1)%n", concurrency, aggregate, aggregate / base);
            }
        }
        System.out.println();
    }

    private record Single(double tokensPerSecond, double msPerToken, long drafted, long accepted) {
    }

    private static Single single(HostConfig config, int runs, int tokens) throws Exception {
        try (LlamaHost host = start(config)) {
            complete(host.baseUrl(), tokens); // warm-up: prompt cache and first-touch of the weights
            List<Double> rates = new ArrayList<>();
            List<Double> msPerToken = new ArrayList<>();
            long drafted = 0;
            long accepted = 0;
            for (int i = 0; i < runs; i++) {
                JsonNode timings = complete(host.baseUrl(), tokens).path("timings");
                rates.add(timings.path("predicted_per_second").asDouble());
                msPerToken.add(timings.path("predicted_ms").asDouble() / Math.max(1, timings.path("predicted_n").asDouble()));
                drafted += timings.path("draft_n").asLong();
                accepted += timings.path("draft_n_accepted").asLong();
            }
            return new Single(Percentiles.median(rates), Percentiles.median(msPerToken), drafted, accepted);
        }
    }

    private static double aggregate(URI base, int concurrency, int runs, int tokens) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(concurrency);
        try {
            List<Double> results = new ArrayList<>();
            for (int run = 0; run < runs; run++) {
                long start = System.nanoTime();
                List<Future<JsonNode>> calls = new ArrayList<>();
                for (int i = 0; i < concurrency; i++) {
                    calls.add(pool.submit(() -> complete(base, tokens)));
                }
                long generated = 0;
                for (Future<JsonNode> call : calls) {
                    generated += call.get().path("usage").path("completion_tokens").asLong();
                }
                results.add(generated / ((System.nanoTime() - start) / 1e9));
            }
            return Percentiles.median(results);
        } finally {
            pool.shutdown();
        }
    }

    private static LlamaHost start(HostConfig config) {
        LlamaHost host = LlamaHost.start(config);
        host.awaitReady(Duration.ofMinutes(5));
        return host;
    }

    private static JsonNode complete(URI base, int tokens) throws Exception {
        var body = JSON.createObjectNode().put("max_tokens", tokens).put("temperature", 0);
        body.putArray("messages").addObject().put("role", "user").put("content", PROMPT);
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(base.resolve("/v1/chat/completions"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body.toString())).build(),
                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IllegalStateException("host answered " + response.statusCode() + ": " + response.body());
        }
        return JSON.readTree(response.body());
    }
}
