package com.cascade4arm.bench.overhead;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Prints {@link ThroughputBench}'s figures: a block per offered rate (each target's latency, failures and CPU, what it
 * added over direct, gateway/proxy ratios), then a summary table in markdown and the answer lines.
 */
final class ThroughputReport {
    private final double p99AddedLimitMs;
    private final Map<String, List<SustainedRate.Step>> stepsByTarget = new LinkedHashMap<>();
    private final List<String> summaryRows = new ArrayList<>();
    private final List<String> directShortfalls = new ArrayList<>();
    /** Per target, the step with the highest achieved rate: its CPU per request is the one nearest saturation. */
    private final Map<String, TargetStep> busiest = new LinkedHashMap<>();

    ThroughputReport(double p99AddedLimitMs) {
        this.p99AddedLimitMs = p99AddedLimitMs;
    }

    void rate(double offered, List<TargetStep> steps) {
        TargetStep direct = steps.get(0);
        System.out.printf(Locale.ROOT, "%n== %.0f req/s offered ==%n", offered);
        System.out.printf(Locale.ROOT, "%-8s %8s %6s %6s %8s %8s %8s %8s %8s %9s %8s %7s %8s %8s %8s %8s %s%n", "target",
                "achieved", "failed", "dropped", "TTFT p50", "TTFT p99", "p50 ms", "p95 ms", "p99 ms", "added p99",
                "send lag", "CPU %", "CPU/req", "wait/req", "load/req", "upstr/req", "busy % per CPU");
        for (TargetStep step : steps) {
            StepSamples s = step.samples();
            System.out.printf(Locale.ROOT, "%-8s %8.0f %6d %6d %8.3f %8.3f %8.3f %8.3f %8.3f %9.3f %8.3f %7.1f %8.3f %8.3f "
                            + "%8.3f %8.3f %s%n", step.target(), s.achievedRate(), s.errors(), s.dropped(), s.ttft(50),
                    s.ttft(99), s.total(50), s.total(95), s.total(99), s.total(99) - direct.samples().total(99),
                    s.sendLag(99), step.targetCpuPercent(), step.targetMsPerRequest(), step.targetWaitMsPerRequest(),
                    step.loadMsPerRequest(), step.upstreamMsPerRequest(), busy(step.cpuBusyPercent()));
            if (s.firstError() != null) {
                System.out.printf(Locale.ROOT, "         first failure: %s%n", s.firstError());
            }
            busiest.merge(step.target(), step, (a, b) -> b.samples().achievedRate() > a.samples().achievedRate() ? b : a);
            if (step != direct) {
                stepsByTarget.computeIfAbsent(step.target(), t -> new ArrayList<>()).add(new SustainedRate.Step(offered,
                        s.achievedRate(), step.failures(), s.total(99) - direct.samples().total(99),
                        direct.samples().achievedRate(), direct.failures()));
            }
        }
        SustainedRate.Step directReached = new SustainedRate.Step(offered, 0, 0, 0, direct.samples().achievedRate(),
                direct.failures());
        if (!directReached.directReached()) {
            directShortfalls.add(String.format(Locale.ROOT, "%.0f req/s: direct achieved %.0f with %d failed or dropped, "
                    + "load generator %.3f ms CPU per request, CPUs busy %s", offered, direct.samples().achievedRate(),
                    direct.failures(), direct.loadMsPerRequest(), busy(direct.cpuBusyPercent())));
        }
        TargetStep gateway = steps.get(steps.size() - 1);
        TargetStep proxy = steps.size() == 3 ? steps.get(1) : null;
        if (proxy != null) {
            System.out.printf(Locale.ROOT, "gateway/proxy: added p50 %.2f   added p99 %.2f   CPU per request %.2f%n",
                    ratio(added(gateway, direct, 50), added(proxy, direct, 50)),
                    ratio(added(gateway, direct, 99), added(proxy, direct, 99)),
                    ratio(gateway.targetMsPerRequest(), proxy.targetMsPerRequest()));
        }
        summaryRows.add(String.format(Locale.ROOT, "| %.0f | %.0f, p99 %.2f ms | %s | %s |", offered,
                direct.samples().achievedRate(), direct.samples().total(99),
                proxy == null ? "–" : cell(proxy, direct), cell(gateway, direct)));
    }

    /** The markdown table of every rate, and the answer: the highest rate each target sustained within the limit. */
    void summary() {
        System.out.printf(Locale.ROOT, "%n| offered req/s | direct: achieved, p99 | proxy: achieved, added p50 / p99, "
                + "CPU %%, CPU / wait for a CPU ms/req, failed, its CPU busy %% (all processes) | gateway: the same |%n|---|---|---|---|%n");
        summaryRows.forEach(System.out::println);
        System.out.println();
        Map<String, SustainedRate.Verdict> verdicts = new LinkedHashMap<>();
        stepsByTarget.forEach((target, steps) -> verdicts.put(target, SustainedRate.of(steps, p99AddedLimitMs)));
        verdicts.forEach((target, verdict) -> System.out.printf(Locale.ROOT,
                "answer: %s sustains %.0f req/s with p99 added <= %.1f ms, nothing failed or dropped, >= %.0f %% of "
                        + "the rate achieved%s%n", target, verdict.rate(), p99AddedLimitMs, SustainedRate.REACHED * 100,
                verdict.loadBound() ? " (stopped by the load side: direct did not reach the rate above; see \"load side\")" : ""));
        // Without the latency limit: the throughput ceiling, which a p99 inflated by others' time slices cannot hide.
        stepsByTarget.forEach((target, steps) -> {
            SustainedRate.Verdict served = SustainedRate.of(steps, Double.POSITIVE_INFINITY);
            System.out.printf(Locale.ROOT, "answer: %s serves %.0f req/s in full, whatever the latency (nothing failed "
                    + "or dropped, >= %.0f %% achieved)%s%n", target, served.rate(), SustainedRate.REACHED * 100,
                    served.loadBound() ? " (stopped by the load side)" : "");
        });
        // On a shared machine others take turns on the target's CPU; what one CPU of its own would serve follows from
        // the CPU each request cost it, an estimate that assumes it scales to a whole CPU.
        busiest.forEach((target, step) -> System.out.printf(Locale.ROOT, "estimate: %s's own CPU per request %.3f ms at "
                        + "%.0f req/s achieved (%.0f %% of a CPU): one CPU of its own would serve about %.0f req/s%n",
                target, step.targetMsPerRequest(), step.samples().achievedRate(), step.targetCpuPercent(),
                1000 / step.targetMsPerRequest()));
        if (verdicts.containsKey("proxy") && verdicts.get("proxy").rate() > 0) {
            System.out.printf(Locale.ROOT, "answer: gateway/proxy sustained rate %.2f%n",
                    ratio(verdicts.get("gateway").rate(), verdicts.get("proxy").rate()));
        }
        System.out.println(directShortfalls.isEmpty() ? "load side: direct reached every offered rate"
                : "load side: direct did NOT reach " + String.join("; ", directShortfalls));
    }

    private static String cell(TargetStep step, TargetStep direct) {
        double[] busy = step.cpuBusyPercent();
        // The proxy and the gateway are pinned to the last CPU: what else ran there is its busy share minus theirs.
        return String.format(Locale.ROOT, "%.0f, +%.2f / +%.2f ms, %.0f %%, %.3f / %.3f, %d, %.0f %%",
                step.samples().achievedRate(), added(step, direct, 50), added(step, direct, 99),
                step.targetCpuPercent(), step.targetMsPerRequest(), step.targetWaitMsPerRequest(), step.failures(),
                busy.length == 0 ? Double.NaN : busy[busy.length - 1]);
    }

    private static double added(TargetStep step, TargetStep direct, double percentile) {
        return step.samples().total(percentile) - direct.samples().total(percentile);
    }

    private static double ratio(double a, double b) {
        return b == 0 ? Double.NaN : a / b;
    }

    private static String busy(double[] percent) {
        return Arrays.stream(percent).mapToObj(p -> String.format(Locale.ROOT, "%.0f", p))
                .collect(Collectors.joining("/"));
    }
}
