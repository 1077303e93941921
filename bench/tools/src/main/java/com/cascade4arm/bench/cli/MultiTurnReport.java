package com.cascade4arm.bench.cli;

import com.cascade4arm.bench.runner.ConversationFigures;
import com.cascade4arm.bench.runner.ConversationTotals;
import com.cascade4arm.bench.runner.TurnFigures;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A multi-turn run as text: per target and turn the TTFT and the prompt tokens sent, cached and evaluated (the table
 * the console charts), then per target turn 1 against the later turns, which a server that kept the conversation's
 * prefix answers sooner.
 */
final class MultiTurnReport {

    static final List<String> COLUMNS = List.of("System", "Turn", "Req", "Err", "TTFT p50 (ms)", "TTFT p95 (ms)",
            "prompt tok", "cached", "evaluated", "routes");

    private MultiTurnReport() {
    }

    static void print(ConversationFigures figures, PrintStream out) {
        if (figures == null) {
            out.println("No turn was answered.");
            return;
        }
        List<List<String>> rows = new ArrayList<>();
        rows.add(COLUMNS);
        for (TurnFigures t : figures.perTurn()) {
            rows.add(List.of(t.target(), Integer.toString(t.turn()), Integer.toString(t.requests()),
                    Integer.toString(t.errors()), ReportPrinter.fmt(t.ttftP50Ms()), ReportPrinter.fmt(t.ttftP95Ms()),
                    ReportPrinter.fmt(t.promptTokens()), ReportPrinter.fmt(t.cachedTokens()),
                    ReportPrinter.fmt(t.evaluatedTokens()), routes(t.routes())));
        }
        out.print(ReportPrinter.aligned(rows));
        out.println();
        out.println("Turn 1 (the whole prompt evaluated) against turns 2+ (a server that kept the prefix evaluates"
                + " the new turn only):");
        for (ConversationTotals c : figures.totals()) {
            out.println("  " + totals(c));
        }
    }

    /** "cascade: TTFT p50 turn 1 812 ms, turns 2+ 95.0 ms (p95 140), turn 1 / turns 2+ 8.55x; prompt tokens ..." */
    static String totals(ConversationTotals c) {
        String speedup = c.laterSpeedup() == null ? ""
                : ", turn 1 / turns 2+ " + ReportPrinter.fmt(c.laterSpeedup()) + "x";
        String cache = c.cachedTokens() == null ? "cache not reported"
                : c.cachedTokens() + " cached, " + c.evaluatedTokens() + " evaluated";
        String affinity = c.prefixAffinity() == null || c.prefixAffinity().isEmpty() ? ""
                : "; prefix affinity " + routes(c.prefixAffinity());
        return String.format(Locale.ROOT, "%s: TTFT p50 turn 1 %s ms, turns 2+ %s ms (p95 %s)%s;"
                        + " prompt tokens %d sent, %s; %s tok/s, %s req/s; %d of %d failed%s", c.target(),
                ReportPrinter.fmt(c.ttftTurn1P50Ms()), ReportPrinter.fmt(c.ttftLaterP50Ms()),
                ReportPrinter.fmt(c.ttftLaterP95Ms()), speedup, c.promptTokens(), cache, ReportPrinter.fmt(c.tokPerS()),
                ReportPrinter.fmt(c.reqPerS()), c.errors(), c.requests(), affinity);
    }

    /** "large 2, small 1"; "-" when no answer named one (a baseline straight to its server). */
    private static String routes(Map<String, Integer> counts) {
        return counts == null || counts.isEmpty() || counts.keySet().equals(Set.of("-")) ? "-"
                : counts.entrySet().stream()
                .map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", "));
    }
}
