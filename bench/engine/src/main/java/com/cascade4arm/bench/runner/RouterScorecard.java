package com.cascade4arm.bench.runner;

import com.cascade4arm.bench.judge.QualityTally;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.util.Arrays;
import java.util.List;

/**
 * One routing policy on a run's cascade requests: the rulebook as measured, and what always-small, always-large and
 * random-at-the-same-mix would have cost on the same prompts. Those three are estimates ({@code measured} false): each
 * prompt's latency on a tier it was not sent to is that tier's measured time to first token plus the prompt's tokens at
 * that tier's measured decode rate, and cost follows the tier's measured cost per millisecond (the gateway's
 * {@code cost_usd}). Route accuracy is against the suite's labelled routes (random: its expectation).
 *
 * @param escalated       requests the small model's doubt sent to the large tier (rulebook only; 0 otherwise)
 * @param hardSentSmall   share of the prompts labelled large that the policy routes small (quality risk; random: its
 *                        expectation), null without such prompts
 * @param easySentLarge   share of the prompts labelled small that it routes large (cost), null without such prompts
 * @param escalatedTtftMs median time to first token of those requests, null without any
 * @param quality         the rulebook's answers judged against the baseline's (win/tie/loss/unjudged), when the run
 *                        was judged; null otherwise and for the estimated policies (their answers were never produced)
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record RouterScorecard(String target, String policy, boolean measured, int requests, double largeShare,
                              @JsonProperty("cost_per_1000_usd") Double costPer1000Usd, double medianLatencyMs,
                              double routeAccuracy, int escalated, Double escalatedTtftMs, Double hardSentSmall,
                              Double easySentLarge, QualityTally quality) {

    public static final String RULEBOOK = "rulebook";
    public static final String ALWAYS_SMALL = "always-small";
    public static final String ALWAYS_LARGE = "always-large";
    public static final String RANDOM_SAME_MIX = "random-same-mix";
    public static final List<String> HEADER = List.of("target", "policy", "measured", "requests", "large_share",
            "cost_per_1000_usd", "median_latency_ms", "route_accuracy", "escalated", "escalated_ttft_ms", "hard_sent_small",
            "easy_sent_large", "quality_wins", "quality_ties", "quality_losses",
            "quality_unjudged");

    /** A policy without judged quality. */
    public RouterScorecard(String target, String policy, boolean measured, int requests, double largeShare,
                           Double costPer1000Usd, double medianLatencyMs, double routeAccuracy, int escalated,
                           Double escalatedTtftMs, Double hardSentSmall, Double easySentLarge) {
        this(target, policy, measured, requests, largeShare, costPer1000Usd, medianLatencyMs, routeAccuracy, escalated,
                escalatedTtftMs, hardSentSmall, easySentLarge, null);
    }

    /** The same card with its judged quality. */
    public RouterScorecard withQuality(QualityTally value) {
        return new RouterScorecard(target, policy, measured, requests, largeShare, costPer1000Usd, medianLatencyMs,
                routeAccuracy, escalated, escalatedTtftMs, hardSentSmall, easySentLarge, value);
    }

    public List<String> csvFields() {
        return Arrays.asList(target, policy, Boolean.toString(measured), Integer.toString(requests),
                RequestRow.plain(largeShare), costPer1000Usd == null ? null : RequestRow.plain(costPer1000Usd),
                RequestRow.plain(medianLatencyMs), RequestRow.plain(routeAccuracy), Integer.toString(escalated),
                escalatedTtftMs == null ? null : RequestRow.plain(escalatedTtftMs),
                hardSentSmall == null ? null : RequestRow.plain(hardSentSmall),
                easySentLarge == null ? null : RequestRow.plain(easySentLarge),
                quality == null ? null : Integer.toString(quality.wins()),
                quality == null ? null : Integer.toString(quality.ties()),
                quality == null ? null : Integer.toString(quality.losses()),
                quality == null ? null : Integer.toString(quality.unjudged()));
    }
}
