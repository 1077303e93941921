package com.cascade4arm.bench.cli;

import com.cascade4arm.bench.runner.DraftSpeedup;
import com.cascade4arm.bench.runner.LevelAggregate;
import com.cascade4arm.bench.runner.RouterScorecard;
import com.cascade4arm.bench.runner.RoutingAccuracy;
import com.cascade4arm.bench.runner.RunSummary;
import com.cascade4arm.bench.runner.SpeedUp;
import com.cascade4arm.bench.runner.TargetSaturation;
import com.cascade4arm.bench.stats.Saturation;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Prints a finished run as text: the per-level table, saturation, speed-ups, routing accuracy, the router scorecard
 * and file locations.
 */
final class ReportPrinter {

    static final List<String> COLUMNS = List.of("System", "Conc.", "Req/s", "tok/s", "p50 (ms) [95% CI]",
            "p95 (ms) [95% CI]", "median TTFT (ms)", "Err");

    private ReportPrinter() {
    }

    static void print(RunSummary summary, Path runDir, PrintStream out) {
        out.println("Run " + summary.id() + ": " + summary.status().wire() + ", " + summary.done() + "/"
                + summary.total() + " requests" + (summary.error() == null ? "" : " (" + summary.error() + ")"));
        out.println(method(summary));
        out.println();
        if (summary.config().multiTurn()) {
            MultiTurnReport.print(summary.conversations(), out);
            out.println();
            out.println("Files:");
            out.println("  rows:       " + runDir.resolve("rows.csv"));
            out.println("  turns:      " + runDir.resolve("turns.csv"));
            out.println("  summary:    " + runDir.resolve("summary.json"));
            return;
        }
        out.print(table(summary.aggregates()));
        out.println();
        out.println("Saturation (lowest level after which aggregate tok/s rises by at most "
                + Math.round(Saturation.DEFAULT_MIN_GAIN * 100) + " %):");
        for (TargetSaturation s : summary.saturation()) {
            out.println("  " + s.target() + ": " + (s.reached() ? "level " + s.saturationLevel()
                    : "not reached up to level " + s.saturationLevel()) + ", c_max/c_min tok/s ratio (c" + s.maxLevel()
                    + "/c" + s.minLevel() + ") " + (s.throughputRatio() == null ? "n/a" : fmt(s.throughputRatio()) + "x")
                    + (s.throughputRatioLow() == null ? ""
                    : " [" + fmt(s.throughputRatioLow()) + "-" + fmt(s.throughputRatioHigh()) + "]"));
        }
        if (!summary.speedUps().isEmpty()) {
            out.println();
            out.println("Speed-up (median latency of B / median latency of A, successful requests, all levels):");
            for (SpeedUp s : summary.speedUps()) {
                out.println(String.format(Locale.ROOT, "  %-10s %s over %s: %sx [%s-%s] (%s ms vs %s ms)%s",
                        s.category(), s.targetA(), s.targetB(), fmt(s.speedUp()), fmt(s.speedUpLow()),
                        fmt(s.speedUpHigh()), fmt(s.medianMsA()), fmt(s.medianMsB()),
                        s.crossesOne() ? "  interval crosses 1x: no clear difference" : ""));
            }
        }
        out.println();
        out.println("Routing accuracy (route == expected route, successful requests that report a route):");
        if (summary.accuracy().isEmpty()) {
            out.println("  no target reported a route");
        }
        for (RoutingAccuracy a : summary.accuracy()) {
            out.println(String.format(Locale.ROOT, "  %-10s %-10s %5.1f %% (%d/%d)", a.target(), a.category(),
                    a.accuracy() * 100, a.correct(), a.routed()));
        }
        out.println();
        out.println("Router scorecard (all levels; '~' = estimated from the same run's per-tier measurements):");
        if (summary.scorecard() == null || summary.scorecard().isEmpty()) {
            out.println("  no target reported small/large routes");
        } else {
            for (RouterScorecard c : summary.scorecard()) {
                out.println(String.format(Locale.ROOT,
                        "  %-10s %-16s %s large %5.1f %%  USD/1000 req %s  median %s ms  route accuracy %5.1f %%%s",
                        c.target(), c.policy(), c.measured() ? " " : "~", c.largeShare() * 100,
                        c.costPer1000Usd() == null ? "n/a" : String.format(Locale.ROOT, "%.4f", c.costPer1000Usd()),
                        fmt(c.medianLatencyMs()), c.routeAccuracy() * 100,
                        c.escalated() == 0 ? "" : "  escalated " + c.escalated() + " (median TTFT "
                                + fmt(c.escalatedTtftMs()) + " ms)"));
            }
        }
        if (summary.draftSpeedup() != null) {
            out.println();
            out.println("Speculative decoding (draft pass): " + draftLine(summary.draftSpeedup()));
        }
        out.println();
        out.println("Files:");
        out.println("  rows:       " + runDir.resolve("rows.csv"));
        out.println("  aggregates: " + runDir.resolve("aggregates.csv"));
        out.println("  scorecard:  " + runDir.resolve("scorecard.csv"));
        out.println("  summary:    " + runDir.resolve("summary.json"));
    }

    /** "1.28x tokens/s (95 % CI 1.10-1.40x, 15 pairs), ..." or why the draft pass has no figure. */
    static String draftLine(DraftSpeedup d) {
        if (d.unavailable() != null) {
            return "unavailable: " + d.unavailable();
        }
        return String.format(Locale.ROOT, "%.2fx tokens/s (95 %% CI %.2f-%.2fx, %d pairs), %.1f vs %.1f tok/s; "
                        + "latency %.2fx (%.0f vs %.0f ms)%s", d.speedUp(), d.speedUpLow(), d.speedUpHigh(), d.pairs(),
                d.tokensPerSecondOn(), d.tokensPerSecondOff(), d.latencySpeedUp(), d.totalMsOn(), d.totalMsOff(),
                d.draftAcceptance() == null ? "" : String.format(Locale.ROOT, "; acceptance %.0f %%",
                        d.draftAcceptance() * 100));
    }

    /** How the run was measured: order, length mode, sampling, warm-up. */
    static String method(RunSummary summary) {
        var config = summary.config();
        var sampling = config.sampling();
        String warmup = summary.warmup() == null ? "" : summary.warmup().stream()
                .map(w -> w.target() + " " + w.ok() + "/" + w.requests() + " ok").reduce((x, y) -> x + ", " + y)
                .map(w -> " (" + w + ")").orElse("");
        String order = config.multiTurn()
                ? "the multi-turn suite, " + config.conversations() + " conversations of 6 turns, "
                + config.levels().get(0) + " at a time per target, each turn sending the whole history, "
                : "every category at every level (stratified order), ";
        return "Method: " + order
                + (config.fixedLength() ? "fixed length (ignore_eos, exactly " + config.maxTokens() + " tokens)"
                : "up to " + config.maxTokens() + " tokens (stops at end of text)")
                + ", temperature " + orDefault(sampling.temperature()) + ", top_p " + orDefault(sampling.topP())
                + ", seed " + (sampling.seed() == null ? "random" : sampling.seed())
                + ", " + config.warmupRequests() + " warm-up requests per target not measured" + warmup;
    }

    private static String orDefault(Double value) {
        return value == null ? "server default" : fmt(value);
    }

    /** The per-level table as aligned Markdown. */
    static String table(List<LevelAggregate> aggregates) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(COLUMNS);
        for (LevelAggregate a : aggregates) {
            rows.add(List.of(a.target(), Integer.toString(a.level()), fmt(a.reqPerS()), fmt(a.tokPerS()),
                    withInterval(a.p50Ms(), a.p50LowMs(), a.p50HighMs()),
                    withInterval(a.p95Ms(), a.p95LowMs(), a.p95HighMs()), fmt(a.medianTtftMs()),
                    Integer.toString(a.errors())));
        }
        return aligned(rows);
    }

    /** Rows (the first one the header) as an aligned Markdown table: the first column left, the others right. */
    static String aligned(List<List<String>> rows) {
        int[] widths = new int[rows.get(0).size()];
        rows.forEach(row -> {
            for (int i = 0; i < row.size(); i++) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        });
        StringBuilder text = new StringBuilder();
        for (int r = 0; r < rows.size(); r++) {
            text.append(line(rows.get(r), widths));
            if (r == 0) {
                List<String> rule = new ArrayList<>();
                for (int width : widths) {
                    rule.add("-".repeat(width));
                }
                text.append(line(rule, widths));
            }
        }
        return text.toString();
    }

    private static String line(List<String> cells, int[] widths) {
        StringBuilder line = new StringBuilder("|");
        for (int i = 0; i < cells.size(); i++) {
            String cell = cells.get(i);
            boolean left = i == 0;
            String pad = " ".repeat(widths[i] - cell.length());
            line.append(' ').append(left ? cell + pad : pad + cell).append(" |");
        }
        return line.append('\n').toString();
    }

    private static String withInterval(Double value, Double low, Double high) {
        return value == null ? "-" : low == null ? fmt(value) : fmt(value) + " [" + fmt(low) + "-" + fmt(high) + "]";
    }

    static String fmt(Double value) {
        if (value == null) {
            return "-";
        }
        return String.format(Locale.ROOT, Math.abs(value) >= 100 ? "%.0f" : "%.2f", value);
    }
}
