package com.cascade4arm.bench.overhead;

import com.cascade4arm.bench.client.StreamingChatClient;
import com.cascade4arm.bench.overhead.Interleaving.Step;
import com.cascade4arm.bench.stats.Percentiles;
import com.cascade4arm.openai.ChatRequest;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * OverheadBench with two gateways (two builds in front of one upstream): every step sends the same request straight,
 * through gateway A and through gateway B, so one round measures all three under the same load, and each figure of B
 * is read as a ratio to A's from the same rounds — on a shared, noisy machine only such ratios compare two builds.
 * Rounds run one mode at a time so each gateway's CPU per request can be read per mode.
 */
final class BuildComparison {
    private static final int DIRECT = 0;
    private static final int A = 1;
    private static final int B = 2;

    private final List<StreamingChatClient> targets;
    private final List<String> labels;
    private final List<Long> pids;
    private final int concurrency;

    /** What one gateway added over the direct call in one round and mode, its rate alone and its CPU per request. */
    private record Figures(double addedP50, double addedP99, double pairedP50, double requestsPerSecond,
                           double cpuMsPerRequest) {
        Figures ratioTo(Figures base) {
            return new Figures(addedP50 / base.addedP50, addedP99 / base.addedP99, pairedP50 / base.pairedP50,
                    requestsPerSecond / base.requestsPerSecond, cpuMsPerRequest / base.cpuMsPerRequest);
        }
    }

    /** One round of one mode: both gateways' figures and B's over A's. */
    private record RoundFigures(Figures a, Figures b, Figures ratio) {
    }

    /** targets: the upstream straight, gateway A, gateway B; labels and process ids (null: not on this machine) of A, B. */
    BuildComparison(List<StreamingChatClient> targets, List<String> labels, List<Long> pids, int concurrency) {
        this.targets = targets;
        this.labels = labels;
        this.pids = pids;
        this.concurrency = concurrency;
    }

    void run(List<OverheadBench.Mode> modes, List<ChatRequest> requestsByMode, int warmup, int requests, int rounds)
            throws Exception {
        System.out.printf(Locale.ROOT, "warming up (measured, not in the medians): %d steps per mode, concurrency %d%n",
                warmup, concurrency);
        if (warmup > 0) {
            Interleaving.Round first = Interleaving.run(targets, requestsByMode, warmup, concurrency);
            for (int m = 0; m < modes.size(); m++) {
                List<Step> steps = first.stepsByMode().get(m);
                System.out.printf(Locale.ROOT, "first %d steps (%s): added p50 %s %.3f ms, %s %.3f ms%n", warmup,
                        modes.get(m), labels.get(0), addedP50(steps, A), labels.get(1), addedP50(steps, B));
            }
        }
        List<List<RoundFigures>> byMode = new ArrayList<>();
        modes.forEach(mode -> byMode.add(new ArrayList<>()));
        for (int round = 1; round <= rounds; round++) {
            for (int m = 0; m < modes.size(); m++) {
                System.out.printf(Locale.ROOT, "-- round %d of %d, %s, concurrency %d --%n", round, rounds,
                        modes.get(m), concurrency);
                byMode.get(m).add(measure(requestsByMode.get(m), requests));
            }
        }
        for (int m = 0; m < modes.size(); m++) {
            List<RoundFigures> ofMode = byMode.get(m);
            System.out.printf(Locale.ROOT, "== %s, concurrency %d: median of %d rounds ==%n", modes.get(m), concurrency,
                    rounds);
            printHeader();
            print(labels.get(0), median(ofMode, RoundFigures::a));
            print(labels.get(1), median(ofMode, RoundFigures::b));
            print(ratioName(), median(ofMode, RoundFigures::ratio));
        }
        System.out.printf(Locale.ROOT, "(%s: the median of the rounds' ratios; req/s: concurrency / mean latency, what "
                + "the target sustains alone at that concurrency; CPU: all the gateway's threads)%n", ratioName());
    }

    private RoundFigures measure(ChatRequest request, int requests) throws Exception {
        double cpuA = ProcessCpu.nanos(pids.get(0));
        double cpuB = ProcessCpu.nanos(pids.get(1));
        Interleaving.Round round = Interleaving.run(targets, List.of(request), requests, concurrency);
        double spentA = ProcessCpu.nanos(pids.get(0)) - cpuA;
        double spentB = ProcessCpu.nanos(pids.get(1)) - cpuB;
        List<Step> steps = round.stepsByMode().get(0);
        LatencyFigures direct = LatencyFigures.of(steps.stream().map(step -> step.of(DIRECT)).toList());
        Figures a = figures(steps, A, direct, spentA);
        Figures b = figures(steps, B, direct, spentB);
        Figures ratio = b.ratioTo(a);
        System.out.printf(Locale.ROOT, "%d steps, %.1f s wall, direct p50 %.3f ms; %s: added p50 %.2f, added p99 %.2f, "
                        + "paired p50 %.2f, req/s %.2f, CPU %.2f%n", steps.size(), round.wallSeconds(), direct.p50(),
                ratioName(), ratio.addedP50(), ratio.addedP99(), ratio.pairedP50(), ratio.requestsPerSecond(),
                ratio.cpuMsPerRequest());
        return new RoundFigures(a, b, ratio);
    }

    private Figures figures(List<Step> steps, int gateway, LatencyFigures direct, double cpuNanos) {
        LatencyFigures latency = LatencyFigures.of(steps.stream().map(step -> step.of(gateway)).toList());
        if (latency.errors() + direct.errors() > 0) {
            System.out.printf(Locale.ROOT, "errors: %d direct, %d %s; the first: %s%n", direct.errors(),
                    latency.errors(), labels.get(gateway - 1), firstError(steps, gateway));
        }
        return new Figures(latency.p50() - direct.p50(), latency.p99() - direct.p99(), pairedP50(steps, gateway),
                concurrency * 1000 / latency.meanMs(), cpuNanos / 1e6 / steps.size());
    }

    private static String firstError(List<Step> steps, int gateway) {
        return steps.stream().flatMap(step -> Stream.of(step.of(DIRECT), step.of(gateway)))
                .filter(result -> !result.ok()).findFirst().map(result -> result.status() + " " + result.error())
                .orElse("none");
    }

    private static double addedP50(List<Step> steps, int gateway) {
        LatencyFigures direct = LatencyFigures.of(steps.stream().map(step -> step.of(DIRECT)).toList());
        return LatencyFigures.of(steps.stream().map(step -> step.of(gateway)).toList()).p50() - direct.p50();
    }

    private static double pairedP50(List<Step> steps, int gateway) {
        List<Double> differences = steps.stream().filter(Step::ok).map(step -> step.addedMs(gateway, DIRECT)).toList();
        return differences.isEmpty() ? Double.NaN : Percentiles.percentile(differences, 50);
    }

    private String ratioName() {
        return labels.get(1) + "/" + labels.get(0);
    }

    /** Each figure's median over the rounds. */
    private static Figures median(List<RoundFigures> rounds, Function<RoundFigures, Figures> of) {
        List<Figures> figures = rounds.stream().map(of).toList();
        return new Figures(GatewayOverhead.median(figures, Figures::addedP50),
                GatewayOverhead.median(figures, Figures::addedP99), GatewayOverhead.median(figures, Figures::pairedP50),
                GatewayOverhead.median(figures, Figures::requestsPerSecond),
                GatewayOverhead.median(figures, Figures::cpuMsPerRequest));
    }

    private static void printHeader() {
        System.out.printf(Locale.ROOT, "%-14s %12s %12s %12s %10s %12s%n", "", "added p50 ms", "added p99 ms",
                "paired p50", "req/s", "CPU ms/req");
    }

    private static void print(String name, Figures figures) {
        // Ratios (below 10 req/s) need the decimals a rate does not.
        String rate = figures.requestsPerSecond() < 10 ? "%10.3f" : "%10.1f";
        System.out.printf(Locale.ROOT, "%-14s %12.3f %12.3f %12.3f " + rate + " %12.3f%n", name, figures.addedP50(),
                figures.addedP99(), figures.pairedP50(), figures.requestsPerSecond(), figures.cpuMsPerRequest());
    }
}
