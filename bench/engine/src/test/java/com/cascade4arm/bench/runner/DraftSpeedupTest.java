package com.cascade4arm.bench.runner;

import com.cascade4arm.bench.stats.Bootstrap;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The draft pass's figure from given pairs: ratio of medians with its bootstrap interval, and why there is none. */
class DraftSpeedupTest {

    private static final double[] TPS_ON = {30, 32, 28, 31, 29};
    private static final double[] TPS_OFF = {20, 21, 19, 22, 18};

    @Test
    void ratioOfMedianTokensPerSecondWithItsBootstrapIntervalOverThePairs() {
        List<DraftPair> pairs = new ArrayList<>();
        for (int i = 0; i < TPS_ON.length; i++) {
            pairs.add(new DraftPair(row(i, true, "large", TPS_ON[i], 1_000, null, 8L, 0.75),
                    row(i, false, "large", TPS_OFF[i], 1_500, null, null, null)));
        }
        pairs.add(new DraftPair(row(9, true, "small", 90, 100, null, null, null),
                row(9, false, "small", 90, 100, null, null, null)));

        DraftSpeedup figure = DraftSpeedup.of("cascade", 6, pairs);

        assertThat(figure.unavailable()).isNull();
        assertThat(figure.pairs()).as("the pair routed small does not count").isEqualTo(5);
        assertThat(figure.sent()).isEqualTo(6);
        assertThat(figure.tokensPerSecondOn()).isEqualTo(30.0);
        assertThat(figure.tokensPerSecondOff()).isEqualTo(20.0);
        assertThat(figure.speedUp()).isEqualTo(1.5);
        Bootstrap.Interval expected = Bootstrap.ratioOfMedians(List.of(30.0, 32.0, 28.0, 31.0, 29.0),
                List.of(20.0, 21.0, 19.0, 22.0, 18.0));
        assertThat(figure.speedUpLow()).isEqualTo(Math.round(expected.low() * 1000) / 1000.0);
        assertThat(figure.speedUpHigh()).isEqualTo(Math.round(expected.high() * 1000) / 1000.0);
        assertThat(figure.speedUpLow()).as("interval within the extreme ratios").isBetween(28.0 / 22, 1.5);
        assertThat(figure.speedUpHigh()).isBetween(1.5, 32.0 / 18);
        assertThat(figure.totalMsOn()).isEqualTo(1_000.0);
        assertThat(figure.totalMsOff()).isEqualTo(1_500.0);
        assertThat(figure.latencySpeedUp()).as("off / on: above 1 when the draft is faster").isEqualTo(1.5);
        assertThat(figure.draftAcceptance()).isEqualTo(0.75);
        assertThat(figure.draftedOn()).isEqualTo(5);
        assertThat(figure.draftedOff()).isZero();
    }

    @Test
    void draftOffAnswersThatStillDraftMeanTheEndpointsIgnoreTheField() {
        DraftSpeedup figure = DraftSpeedup.of("cascade", 1, List.of(new DraftPair(
                row(1, true, "large", 30, 1_000, null, 8L, 0.75), row(1, false, "large", 29, 1_000, null, 8L, 0.7))));

        assertThat(figure.unavailable()).isEqualTo(DraftSpeedup.IGNORED).contains("ignore speculative.n_max");
        assertThat(figure.speedUp()).isNull();
        assertThat(figure.pairs()).isZero();
        assertThat(figure.draftedOff()).isEqualTo(1);
    }

    @Test
    void saysWhyWhenNoPairSucceededOrNoPromptRoutesLarge() {
        DraftSpeedup failed = DraftSpeedup.of("cascade", 1, List.of(new DraftPair(
                row(1, true, "large", 30, 1_000, null, null, null),
                row(1, false, null, 0, 5, "HTTP 503: Loading model", null, null))));
        assertThat(failed.unavailable()).isEqualTo("no pair succeeded: HTTP 503: Loading model");
        assertThat(failed.speedUp()).isNull();

        DraftSpeedup small = DraftSpeedup.of("cascade", 1, List.of(new DraftPair(
                row(1, true, "small", 30, 1_000, null, null, null), row(1, false, "small", 30, 1_000, null, null, null))));
        assertThat(small.unavailable()).contains("no pair ran on the large route").contains("'small'");

        assertThat(DraftSpeedup.of("cascade", 0, List.of()).unavailable()).isEqualTo(DraftSpeedup.NO_PROMPTS);
    }

    private static DraftPassRow row(int pair, boolean draftOn, String route, double tokensPerSecond, double totalMs,
                                    String error, Long draftTokens, Double acceptance) {
        int status = error == null ? 200 : 503;
        RequestRow request = new RequestRow("run", "cascade", 1, pair, "code-0" + pair, "code", "large", route, "r",
                status, error, error == null ? 100.0 : null, totalMs, error == null ? 16 : 0, tokensPerSecond,
                "2026-01-01T00:00:00Z");
        return new DraftPassRow(request, draftOn, draftTokens, acceptance);
    }
}
