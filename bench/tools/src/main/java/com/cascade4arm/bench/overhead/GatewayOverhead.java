package com.cascade4arm.bench.overhead;

import com.cascade4arm.bench.client.StreamingChatClient;
import com.cascade4arm.bench.overhead.Interleaving.Step;
import com.cascade4arm.bench.stats.Percentiles;
import com.cascade4arm.openai.ChatRequest;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * OverheadBench with one gateway: direct/gateway pairs per round and mode, what the gateway added in each, the warm-up
 * ("first N pairs") and the median over the rounds.
 */
final class GatewayOverhead {
    private static final int DIRECT = 0;
    private static final int GATEWAY = 1;

    private final List<StreamingChatClient> targets;
    private final List<OverheadBench.Mode> modes;
    private final List<ChatRequest> requestsByMode;
    private final int concurrency;

    GatewayOverhead(StreamingChatClient direct, StreamingChatClient gateway, List<OverheadBench.Mode> modes,
                    List<ChatRequest> requestsByMode, int concurrency) {
        this.targets = List.of(direct, gateway);
        this.modes = modes;
        this.requestsByMode = requestsByMode;
        this.concurrency = concurrency;
    }

    /**
     * What the gateway added in one round, and its request rate: differences of the two sides' percentiles, and the
     * median and 95th percentile of the per-pair differences (which cancel drift that hits a pair's two requests alike).
     */
    private record Added(double p50, double p95, double p99, double ttft50, double ttft99, double pairedP50,
                         double pairedP95, double gatewayRate) {
    }

    void run(int warmup, int requests, int rounds) throws Exception {
        // The warm-up is measured too: its figures are what a freshly started gateway adds over its first pairs.
        System.out.printf(Locale.ROOT, "warming up (measured, not in the medians): %d pairs per mode%n", warmup);
        List<Added> firstPairs = warmup > 0 ? measure(warmup) : null;
        List<List<Added>> added = new ArrayList<>();
        for (int round = 1; round <= rounds; round++) {
            System.out.printf(Locale.ROOT, "round %d of %d%n", round, rounds);
            added.add(measure(requests));
        }
        for (int m = 0; m < modes.size(); m++) {
            int mode = m;
            List<Added> ofMode = added.stream().map(round -> round.get(mode)).toList();
            if (firstPairs != null) {
                Added first = firstPairs.get(m);
                System.out.printf(Locale.ROOT, "first %d pairs (%s): added p50 %.3f ms   p95 %.3f ms   paired p50 %.3f ms"
                        + "   paired p95 %.3f ms%n", warmup, modes.get(m), first.p50(), first.p95(), first.pairedP50(),
                        first.pairedP95());
            }
            System.out.printf(Locale.ROOT, "median of %d rounds (%s): added p50 %.3f ms   p95 %.3f ms   p99 %.3f ms   "
                            + "TTFT p50 %.3f ms   TTFT p99 %.3f ms   paired p50 %.3f ms   paired p95 %.3f ms   "
                            + "gateway %.0f req/s%n", rounds, modes.get(m),
                    median(ofMode, Added::p50), median(ofMode, Added::p95), median(ofMode, Added::p99),
                    median(ofMode, Added::ttft50), median(ofMode, Added::ttft99), median(ofMode, Added::pairedP50),
                    median(ofMode, Added::pairedP95), median(ofMode, Added::gatewayRate));
        }
    }

    /** One round: {@code requests} pairs per mode; returns what the gateway added, per mode. */
    private List<Added> measure(int requests) throws Exception {
        Interleaving.Round round = Interleaving.run(targets, requestsByMode, requests, concurrency);
        List<Added> added = new ArrayList<>();
        for (int m = 0; m < modes.size(); m++) {
            System.out.printf(Locale.ROOT, "-- %s --%n", modes.get(m));
            added.add(report(round.wallSeconds(), round.stepsByMode().get(m)));
        }
        return added;
    }

    private Added report(double wallSeconds, List<Step> pairs) {
        LatencyFigures d = LatencyFigures.of(pairs.stream().map(pair -> pair.of(DIRECT)).toList());
        LatencyFigures g = LatencyFigures.of(pairs.stream().map(pair -> pair.of(GATEWAY)).toList());
        List<Double> differences = pairs.stream().filter(Step::ok).map(pair -> pair.addedMs(GATEWAY, DIRECT)).toList();
        double pairedP50 = differences.isEmpty() ? Double.NaN : Percentiles.percentile(differences, 50);
        double pairedP95 = differences.isEmpty() ? Double.NaN : Percentiles.percentile(differences, 95);
        System.out.printf(Locale.ROOT, "concurrency %d, %d pairs, %.1f s wall%n", concurrency, pairs.size(), wallSeconds);
        LatencyFigures.printHeader();
        d.print("direct");
        g.print("gateway");
        System.out.printf(Locale.ROOT, "added    p50 %.3f ms   p95 %.3f ms   p99 %.3f ms   TTFT p50 %.3f ms   TTFT p99 %.3f ms"
                        + "   paired p50 %.3f ms   paired p95 %.3f ms%n", g.p50() - d.p50(), g.p95() - d.p95(),
                g.p99() - d.p99(), g.ttft50() - d.ttft50(), g.ttft99() - d.ttft99(), pairedP50, pairedP95);
        // Both sides share the wall time, so each side's rate is its count over the whole run.
        System.out.printf(Locale.ROOT, "gateway  %.0f req/s (alongside the same number of direct requests)%n",
                g.ok() / wallSeconds);
        return new Added(g.p50() - d.p50(), g.p95() - d.p95(), g.p99() - d.p99(), g.ttft50() - d.ttft50(),
                g.ttft99() - d.ttft99(), pairedP50, pairedP95, g.ok() / wallSeconds);
    }

    static <T> double median(List<T> rounds, ToDoubleFunction<T> figure) {
        double[] values = rounds.stream().mapToDouble(figure).sorted().toArray();
        return values.length % 2 == 1 ? values[values.length / 2]
                : (values[values.length / 2 - 1] + values[values.length / 2]) / 2;
    }
}
