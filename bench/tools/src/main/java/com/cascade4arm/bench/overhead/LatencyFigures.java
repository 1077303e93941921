package com.cascade4arm.bench.overhead;

import com.cascade4arm.bench.client.StreamResult;
import com.cascade4arm.bench.stats.Percentiles;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** One target's latency over a round: successes, errors, p50/p95/p99 of the whole request and of the first token. */
record LatencyFigures(int ok, int errors, double p50, double p95, double p99, double ttft50, double ttft99,
                      double meanMs) {

    static LatencyFigures of(List<StreamResult> results) {
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
            return new LatencyFigures(0, errors, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
        return new LatencyFigures(totals.size(), errors, Percentiles.percentile(totals, 50),
                Percentiles.percentile(totals, 95), Percentiles.percentile(totals, 99),
                ttfts.isEmpty() ? Double.NaN : Percentiles.percentile(ttfts, 50),
                ttfts.isEmpty() ? Double.NaN : Percentiles.percentile(ttfts, 99),
                totals.stream().mapToDouble(Double::doubleValue).average().orElseThrow());
    }

    void print(String name) {
        System.out.printf(Locale.ROOT, "%-8s %8d %10.3f %10.3f %10.3f %12.3f %12.3f %8d%n", name, ok, p50, p95, p99,
                ttft50, ttft99, errors);
    }

    static void printHeader() {
        System.out.printf(Locale.ROOT, "%-8s %8s %10s %10s %10s %12s %12s %8s%n", "side", "ok", "p50 ms", "p95 ms",
                "p99 ms", "TTFT p50", "TTFT p99", "errors");
    }
}
