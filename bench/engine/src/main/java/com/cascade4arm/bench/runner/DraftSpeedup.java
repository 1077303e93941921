package com.cascade4arm.bench.runner;

import com.cascade4arm.bench.stats.Bootstrap;
import com.cascade4arm.bench.stats.Percentiles;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.util.List;

/**
 * What speculative decoding bought the cascade's large route in a run's draft pass ({@link DraftPass}): median decode
 * tokens/s and median total latency with the draft on and off over the pairs that both succeeded on the large route,
 * their ratios with 95 % bootstrap intervals ({@link Bootstrap#ratioOfMedians}), the pair count and the median draft
 * acceptance the draft-on answers reported; {@code draftedOn}/{@code draftedOff} count the successful answers of each
 * side that reported drafted tokens (draft off: 0 when the endpoints honour the field). {@code unavailable} says why there is no figure (the figures are then
 * null): no large-route prompt, no pair succeeded, or the endpoints ignored {@code speculative.n_max}.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record DraftSpeedup(
        String target,
        int sent,
        int pairs,
        int draftedOn,
        int draftedOff,
        Double tokensPerSecondOn,
        Double tokensPerSecondOff,
        Double speedUp,
        Double speedUpLow,
        Double speedUpHigh,
        Double totalMsOn,
        Double totalMsOff,
        Double latencySpeedUp,
        Double latencySpeedUpLow,
        Double latencySpeedUpHigh,
        Double draftAcceptance,
        String unavailable) {

    static final String LARGE = "large";
    static final String IGNORED = "the large route's endpoints ignore speculative.n_max: its draft-off answers still "
            + "report drafted tokens";
    static final String NO_PROMPTS = "no large-route prompt (reasoning, code, analysis) among the run's prompts";

    /** The figure over {@code pairs} ({@code sent}: pairs the pass sent, stopped ones included). */
    static DraftSpeedup of(String target, int sent, List<DraftPair> pairs) {
        if (pairs.isEmpty()) {
            return unavailable(target, sent, sent == 0 ? NO_PROMPTS : "no pair was sent (the run stopped first)");
        }
        int draftedOn = (int) pairs.stream().filter(p -> p.on().row().ok() && p.on().drafted()).count();
        int draftedOff = (int) pairs.stream().filter(p -> p.off().row().ok() && p.off().drafted()).count();
        if (draftedOff > 0) {
            return none(target, sent, draftedOn, draftedOff, IGNORED);
        }
        List<DraftPair> usable = pairs.stream().filter(DraftSpeedup::usable).toList();
        if (usable.isEmpty()) {
            return none(target, sent, draftedOn, draftedOff, whyNone(pairs));
        }
        List<Double> tpsOn = usable.stream().map(p -> p.on().row().tokensPerSecond()).toList();
        List<Double> tpsOff = usable.stream().map(p -> p.off().row().tokensPerSecond()).toList();
        List<Double> msOn = usable.stream().map(p -> p.on().row().totalMs()).toList();
        List<Double> msOff = usable.stream().map(p -> p.off().row().totalMs()).toList();
        Bootstrap.Interval speed = Bootstrap.ratioOfMedians(tpsOn, tpsOff);
        Bootstrap.Interval latency = Bootstrap.ratioOfMedians(msOff, msOn);
        List<Double> acceptance = usable.stream().map(p -> p.on().draftAcceptance()).filter(a -> a != null).toList();
        return new DraftSpeedup(target, sent, usable.size(), draftedOn, draftedOff, round(Percentiles.median(tpsOn)),
                round(Percentiles.median(tpsOff)), round(Percentiles.median(tpsOn) / Percentiles.median(tpsOff)),
                round(speed.low()), round(speed.high()), round(Percentiles.median(msOn)),
                round(Percentiles.median(msOff)), round(Percentiles.median(msOff) / Percentiles.median(msOn)),
                round(latency.low()), round(latency.high()),
                acceptance.isEmpty() ? null : round(Percentiles.median(acceptance)), null);
    }

    /** No figure, and why (before any pair was measured). */
    static DraftSpeedup unavailable(String target, int sent, String reason) {
        return none(target, sent, 0, 0, reason);
    }

    private static DraftSpeedup none(String target, int sent, int draftedOn, int draftedOff, String reason) {
        return new DraftSpeedup(target, sent, 0, draftedOn, draftedOff, null, null, null, null, null, null, null, null,
                null, null, null, reason);
    }

    /** Both succeeded with a decode rate, on the large route (or on a target that names no route). */
    private static boolean usable(DraftPair pair) {
        return usable(pair.on()) && usable(pair.off());
    }

    private static boolean usable(DraftPassRow row) {
        String route = row.row().route();
        return row.row().ok() && row.row().tokensPerSecond() > 0 && (route == null || route.equals(LARGE));
    }

    private static String whyNone(List<DraftPair> pairs) {
        for (DraftPair pair : pairs) {
            for (DraftPassRow row : List.of(pair.on(), pair.off())) {
                if (!row.row().ok()) {
                    return "no pair succeeded: " + row.row().error();
                }
            }
        }
        for (DraftPair pair : pairs) {
            String route = pair.on().row().route() != null ? pair.on().row().route() : pair.off().row().route();
            if (route != null && !route.equals(LARGE)) {
                return "no pair ran on the large route (the cascade sent them to '" + route + "')";
            }
        }
        return "no pair generated tokens after its first (no decode rate to compare)";
    }

    private static double round(double value) {
        return Math.round(value * 1000.0) / 1000.0;
    }
}
