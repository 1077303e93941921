package com.cascade4arm.bench.runner;

import com.cascade4arm.bench.suite.PromptSuite;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class RunAnalysisTest {

    @Test
    void computesMedianLatencySpeedUpOfTheFirstTargetPerCategoryAndOverall() {
        List<RequestRow> rows = List.of(
                row("cascade", "factual", "small", 100, 200), row("cascade", "factual", "small", 300, 200),
                row("baseline", "factual", null, 400, 200), row("baseline", "factual", null, 800, 200),
                row("cascade", "code", "large", 500, 200), row("baseline", "code", null, 500, 200),
                row("baseline", "code", null, 9_999, 500));
        List<SpeedUp> speedUps = RunAnalysis.speedUps(rows, List.of("cascade", "baseline"), PromptSuite.CATEGORIES);
        assertThat(speedUps).extracting(SpeedUp::category).containsExactly("factual", "code", "all");
        SpeedUp factual = speedUps.get(0);
        assertThat(List.of(factual.requestsA(), factual.requestsB())).containsExactly(2, 2);
        assertThat(List.of(factual.medianMsA(), factual.medianMsB(), factual.speedUp())).containsExactly(200.0, 600.0, 3.0);
        assertThat(factual.speedUpLow()).as("every resample has the cascade ahead: 400/300 at worst")
                .isGreaterThanOrEqualTo(400.0 / 300 - 0.001).isLessThanOrEqualTo(3.0);
        assertThat(factual.speedUpHigh()).isGreaterThanOrEqualTo(3.0).isLessThanOrEqualTo(8.0);
        assertThat(factual.crossesOne()).isFalse();
        assertThat(speedUps.get(1).crossesOne()).as("code: equal medians").isTrue();
        assertThat(speedUps.get(1).speedUp()).as("error rows are ignored").isEqualTo(1.0);
        assertThat(speedUps.get(2).medianMsA()).isEqualTo(300);
        assertThat(speedUps.get(2).medianMsB()).isEqualTo(500);
    }

    @Test
    void measuresRoutingAccuracyOnlyOverSuccessfulRowsThatCarryARoute() {
        List<RequestRow> rows = List.of(
                row("cascade", "factual", "small", 1, 200), row("cascade", "factual", "large", 1, 200),
                row("cascade", "code", "large", 1, 200), row("cascade", "code", "small", 1, 500),
                row("baseline", "code", null, 1, 200));
        assertThat(RunAnalysis.accuracy(rows, PromptSuite.CATEGORIES)).containsExactly(
                new RoutingAccuracy("cascade", "factual", 2, 1, 0.5, 0, 1),
                new RoutingAccuracy("cascade", "code", 1, 1, 1.0, 0, 0),
                new RoutingAccuracy("cascade", "all", 3, 2, 0.6667, 0, 1));
    }

    @Test
    void derivesSaturationAndThroughputRatioPerTarget() {
        List<LevelAggregate> aggregates = List.of(
                aggregate("cascade", 1, 10), aggregate("cascade", 2, 30), aggregate("cascade", 4, 31),
                aggregate("baseline", 1, 5), aggregate("baseline", 2, 8), aggregate("baseline", 4, 12));
        assertThat(RunAnalysis.saturation(aggregates, List.of())).containsExactly(
                new TargetSaturation("cascade", 2, true, 1, 4, 3.1),
                new TargetSaturation("baseline", 4, false, 1, 4, 2.4));
    }

    @Test
    void boundsTheThroughputRatioByResamplingTheRequestsOfBothLevels() {
        List<LevelAggregate> aggregates = List.of(aggregate("cascade", 1, 10), aggregate("cascade", 4, 30));
        List<RequestRow> steady = new java.util.ArrayList<>();
        List<RequestRow> spread = new java.util.ArrayList<>();
        for (int i = 0; i < 20; i++) {
            steady.add(levelRow(1, 10, 100));
            steady.add(levelRow(4, 10, 100));
            spread.add(levelRow(1, 10, i % 2 == 0 ? 20 : 180));
            spread.add(levelRow(4, i % 2 == 0 ? 2 : 18, 100));
        }

        TargetSaturation exact = RunAnalysis.saturation(aggregates, steady).get(0);
        TargetSaturation noisy = RunAnalysis.saturation(aggregates, spread).get(0);

        assertThat(exact.throughputRatio()).isEqualTo(3.0);
        assertThat(List.of(exact.throughputRatioLow(), exact.throughputRatioHigh()))
                .as("identical requests: no spread around the measured ratio").containsExactly(3.0, 3.0);
        assertThat(noisy.throughputRatioLow()).isLessThan(3.0).isGreaterThan(1.0);
        assertThat(noisy.throughputRatioHigh()).isGreaterThan(3.0).isLessThan(9.0);
    }

    @Test
    void leavesTheIntervalOutWhenALevelHasNoAnsweredRequest() {
        List<LevelAggregate> aggregates = List.of(aggregate("cascade", 1, 10), aggregate("cascade", 4, 30));
        RequestRow failed = new RequestRow("r", "cascade", 4, 1, "code-01", "code", "large", null, null, 503,
                "HTTP 503", null, 5.0, 0, 0, "t");

        TargetSaturation saturation = RunAnalysis.saturation(aggregates, List.of(levelRow(1, 10, 100), failed)).get(0);

        assertThat(saturation.throughputRatio()).isEqualTo(3.0);
        assertThat(saturation.throughputRatioLow()).isNull();
        assertThat(saturation.throughputRatioHigh()).isNull();
    }

    private static RequestRow levelRow(int level, long tokens, double totalMs) {
        return new RequestRow("r", "cascade", level, 1, "code-01", "code", "large", "large", null, 200, null, 1.0,
                totalMs, tokens, 1.0, "t");
    }

    private static RequestRow row(String target, String category, String route, double totalMs, int status) {
        String expected = category.equals("factual") ? "small" : "large";
        return new RequestRow("r", target, 1, 1, category + "-01", category, expected, route, null, status,
                status == 200 ? null : "HTTP " + status, 1.0, totalMs, 4, 1.0, "t");
    }

    private static LevelAggregate aggregate(String target, int level, double tokPerS) {
        return new LevelAggregate(target, level, 1, 1, 0, 1000, 1, tokPerS, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, null, null);
    }
}
