package com.cascade4arm.bench.overhead;

import com.cascade4arm.bench.client.StreamResult;
import com.cascade4arm.bench.client.StreamingChatClient;
import com.cascade4arm.bench.stats.Percentiles;
import com.cascade4arm.openai.ChatMessage;
import com.cascade4arm.openai.ChatRequest;
import com.cascade4arm.openai.OutputOptions;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Measures what the gateway adds: the same request sent straight to an upstream and through the gateway, interleaved
 * pair by pair (so drift on a shared machine hits both sides alike), at a given concurrency — streamed, not streamed,
 * or both ({@code --modes stream,plain}: each pair of one mode is followed by a pair of the other, in one run).
 * Prints p50/p95/p99 latency and TTFT of each side, what the gateway adds (differences of the sides' percentiles, and
 * the median and p95 of the per-pair differences) and requests per second, per round, then the median over the rounds
 * (one round on a shared 2-core machine swings by a third). The warm-up is measured and printed too ("first N pairs"):
 * what a freshly started gateway adds. The warm-up is long because the
 * gateway's path is only JIT-compiled after thousands of requests (added p50 fell from 2.4 ms after 300 pairs to
 * 0.9 ms after 8,000 in one run).
 */
public final class OverheadBench {
    private static final long TIMEOUT_MS = 120_000;

    private OverheadBench() {
    }

    public static void main(String[] args) throws Exception {
        com.cascade4arm.bench.cli.CliLogging.configure();
        String gateway = arg(args, "--gateway", "http://127.0.0.1:8080");
        String direct = arg(args, "--direct", null);
        int requests = Integer.parseInt(arg(args, "--requests", "1000"));
        int concurrency = Integer.parseInt(arg(args, "--concurrency", "1"));
        int maxTokens = Integer.parseInt(arg(args, "--max-tokens", "8"));
        int warmup = Integer.parseInt(arg(args, "--warmup", "5000"));
        int rounds = Integer.parseInt(arg(args, "--rounds", "3"));
        String prompt = arg(args, "--prompt", "Hi there!");
        String temperature = arg(args, "--temperature", null);
        List<Boolean> modes = Arrays.stream(arg(args, "--modes", "stream").split(","))
                .map(mode -> switch (mode.trim()) {
                    case "stream" -> true;
                    case "plain" -> false;
                    default -> throw new IllegalArgumentException("--modes lists stream and/or plain, but had " + mode);
                }).toList();
        if (direct == null) {
            System.err.println("usage: OverheadBench --direct URL [--gateway URL] [--requests N] [--concurrency C] "
                    + "[--max-tokens T] [--warmup PAIRS] [--rounds R] [--modes stream,plain] [--temperature T]");
            System.exit(2);
        }
        StreamingChatClient viaGateway = new StreamingChatClient(gateway, null, TIMEOUT_MS);
        StreamingChatClient straight = new StreamingChatClient(direct, null, TIMEOUT_MS);
        List<ChatRequest> requestsByMode = modes.stream().map(stream -> new ChatRequest("small",
                List.of(ChatMessage.user(prompt)), stream, stream, maxTokens, maxTokens,
                temperature == null ? null : Double.valueOf(temperature), null, null, null, null, List.of(), false,
                OutputOptions.NONE)).toList();
        // The warm-up is measured too: its figures are what a freshly started gateway adds over its first pairs.
        System.out.printf(Locale.ROOT, "warming up (measured, not in the medians): %d pairs per mode%n", warmup);
        List<Added> firstPairs = warmup > 0 ? measure(viaGateway, straight, requestsByMode, warmup, concurrency) : null;
        List<List<Added>> added = new ArrayList<>();
        for (int round = 1; round <= rounds; round++) {
            System.out.printf(Locale.ROOT, "round %d of %d%n", round, rounds);
            added.add(measure(viaGateway, straight, requestsByMode, requests, concurrency));
        }
        for (int m = 0; m < modes.size(); m++) {
            int mode = m;
            List<Added> ofMode = added.stream().map(round -> round.get(mode)).toList();
            if (firstPairs != null) {
                Added first = firstPairs.get(m);
                System.out.printf(Locale.ROOT, "first %d pairs (%s): added p50 %.3f ms   p95 %.3f ms   paired p50 %.3f ms"
                                + "   paired p95 %.3f ms%n", warmup, modeName(modes.get(m)), first.p50(), first.p95(),
                        first.pairedP50(), first.pairedP95());
            }
            System.out.printf(Locale.ROOT, "median of %d rounds (%s): added p50 %.3f ms   p95 %.3f ms   p99 %.3f ms   "
                            + "TTFT p50 %.3f ms   TTFT p99 %.3f ms   paired p50 %.3f ms   paired p95 %.3f ms   "
                            + "gateway %.0f req/s%n", rounds, modeName(modes.get(m)),
                    median(ofMode, Added::p50), median(ofMode, Added::p95), median(ofMode, Added::p99),
                    median(ofMode, Added::ttft50), median(ofMode, Added::ttft99), median(ofMode, Added::pairedP50),
                    median(ofMode, Added::pairedP95), median(ofMode, Added::gatewayRate));
        }
    }

    private static String modeName(boolean stream) {
        return stream ? "stream" : "plain";
    }

    /** One round: {@code requests} pairs per mode; returns what the gateway added, per mode. */
    private static List<Added> measure(StreamingChatClient viaGateway, StreamingChatClient straight,
                                       List<ChatRequest> modes, int requests, int concurrency) throws Exception {
        List<List<Pair>> pairs = new ArrayList<>();
        for (int m = 0; m < modes.size(); m++) {
            pairs.add(Collections.synchronizedList(new ArrayList<>()));
        }
        ExecutorService pool = Executors.newFixedThreadPool(concurrency);
        long start = System.nanoTime();
        List<Future<?>> workers = new ArrayList<>();
        int perWorker = Math.max(1, requests / concurrency);
        for (int w = 0; w < concurrency; w++) {
            int worker = w;
            workers.add(pool.submit(() -> {
                for (int i = 0; i < perWorker; i++) {
                    for (int m = 0; m < modes.size(); m++) {
                        ChatRequest request = modes.get(m);
                        // Alternate which side goes first so neither always runs on a warmer connection.
                        if ((i + worker) % 2 == 0) {
                            StreamResult direct = straight.stream(request);
                            pairs.get(m).add(new Pair(direct, viaGateway.stream(request)));
                        } else {
                            StreamResult gateway = viaGateway.stream(request);
                            pairs.get(m).add(new Pair(straight.stream(request), gateway));
                        }
                    }
                }
            }));
        }
        for (Future<?> worker : workers) {
            worker.get();
        }
        double wallSeconds = (System.nanoTime() - start) / 1e9;
        pool.shutdown();
        List<Added> added = new ArrayList<>();
        for (int m = 0; m < modes.size(); m++) {
            System.out.printf(Locale.ROOT, "-- %s --%n", modeName(modes.get(m).stream()));
            added.add(report(concurrency, wallSeconds, pairs.get(m)));
        }
        return added;
    }

    /** One request straight to the upstream and the same one through the gateway, sent back to back. */
    private record Pair(StreamResult direct, StreamResult gateway) {
        boolean ok() {
            return direct.ok() && gateway.ok();
        }

        double addedMs() {
            return gateway.totalMs() - direct.totalMs();
        }
    }

    /**
     * What the gateway added in one round, and its request rate: differences of the two sides' percentiles, and the
     * median and 95th percentile of the per-pair differences (which cancel drift that hits a pair's two requests alike).
     */
    private record Added(double p50, double p95, double p99, double ttft50, double ttft99, double pairedP50,
                         double pairedP95, double gatewayRate) {
    }

    private static double median(List<Added> rounds, java.util.function.ToDoubleFunction<Added> figure) {
        double[] values = rounds.stream().mapToDouble(figure).sorted().toArray();
        return values.length % 2 == 1 ? values[values.length / 2]
                : (values[values.length / 2 - 1] + values[values.length / 2]) / 2;
    }

    private static Added report(int concurrency, double wallSeconds, List<Pair> pairs) {
        Side d = Side.of(pairs.stream().map(Pair::direct).toList());
        Side g = Side.of(pairs.stream().map(Pair::gateway).toList());
        List<Double> differences = pairs.stream().filter(Pair::ok).map(Pair::addedMs).toList();
        double pairedP50 = differences.isEmpty() ? Double.NaN : Percentiles.percentile(differences, 50);
        double pairedP95 = differences.isEmpty() ? Double.NaN : Percentiles.percentile(differences, 95);
        System.out.printf(Locale.ROOT, "concurrency %d, %d pairs, %.1f s wall%n", concurrency, pairs.size(), wallSeconds);
        System.out.printf(Locale.ROOT, "%-8s %8s %10s %10s %10s %12s %12s %8s%n", "side", "ok", "p50 ms", "p95 ms",
                "p99 ms", "TTFT p50", "TTFT p99", "errors");
        print("direct", d);
        print("gateway", g);
        System.out.printf(Locale.ROOT, "added    p50 %.3f ms   p95 %.3f ms   p99 %.3f ms   TTFT p50 %.3f ms   TTFT p99 %.3f ms"
                        + "   paired p50 %.3f ms   paired p95 %.3f ms%n", g.p50 - d.p50, g.p95 - d.p95, g.p99 - d.p99,
                g.ttft50 - d.ttft50, g.ttft99 - d.ttft99, pairedP50, pairedP95);
        // Both sides share the wall time, so each side's rate is its count over the whole run.
        System.out.printf(Locale.ROOT, "gateway  %.0f req/s (alongside the same number of direct requests)%n", g.ok / wallSeconds);
        return new Added(g.p50 - d.p50, g.p95 - d.p95, g.p99 - d.p99, g.ttft50 - d.ttft50, g.ttft99 - d.ttft99,
                pairedP50, pairedP95, g.ok / wallSeconds);
    }

    private static void print(String name, Side side) {
        System.out.printf(Locale.ROOT, "%-8s %8d %10.3f %10.3f %10.3f %12.3f %12.3f %8d%n", name, side.ok, side.p50,
                side.p95, side.p99, side.ttft50, side.ttft99, side.errors);
    }

    private record Side(int ok, int errors, double p50, double p95, double p99, double ttft50, double ttft99) {
        static Side of(List<StreamResult> results) {
            List<Double> totals = new ArrayList<>();
            List<Double> ttfts = new ArrayList<>();
            int errors = 0;
            for (StreamResult r : results) {
                if (!r.ok()) {
                    errors++;
                    continue;
                }
                totals.add(r.totalMs());
                if (r.ttftMs() != null) {
                    ttfts.add(r.ttftMs());
                }
            }
            if (totals.isEmpty()) {
                return new Side(0, errors, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
            }
            return new Side(totals.size(), errors, Percentiles.percentile(totals, 50), Percentiles.percentile(totals, 95),
                    Percentiles.percentile(totals, 99),
                    ttfts.isEmpty() ? Double.NaN : Percentiles.percentile(ttfts, 50),
                    ttfts.isEmpty() ? Double.NaN : Percentiles.percentile(ttfts, 99));
        }
    }

    private static String arg(String[] args, String name, String fallback) {
        for (int i = 0; i < args.length - 1; i++) {
            if (args[i].equals(name)) {
                return args[i + 1];
            }
        }
        return fallback;
    }
}
