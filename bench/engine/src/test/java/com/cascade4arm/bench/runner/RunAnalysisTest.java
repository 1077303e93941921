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
        assertThat(speedUps.get(0)).isEqualTo(new SpeedUp("factual", "cascade", "baseline", 2, 2, 200, 600, 3.0));
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
                new RoutingAccuracy("cascade", "factual", 2, 1, 0.5),
                new RoutingAccuracy("cascade", "code", 1, 1, 1.0),
                new RoutingAccuracy("cascade", "all", 3, 2, 0.6667));
    }

    @Test
    void derivesSaturationAndThroughputRatioPerTarget() {
        List<LevelAggregate> aggregates = List.of(
                aggregate("cascade", 1, 10), aggregate("cascade", 2, 30), aggregate("cascade", 4, 31),
                aggregate("baseline", 1, 5), aggregate("baseline", 2, 8), aggregate("baseline", 4, 12));
        assertThat(RunAnalysis.saturation(aggregates)).containsExactly(
                new TargetSaturation("cascade", 2, true, 1, 4, 3.1),
                new TargetSaturation("baseline", 4, false, 1, 4, 2.4));
    }

    private static RequestRow row(String target, String category, String route, double totalMs, int status) {
        String expected = category.equals("factual") ? "small" : "large";
        return new RequestRow("r", target, 1, 1, category + "-01", category, expected, route, null, status,
                status == 200 ? null : "HTTP " + status, 1.0, totalMs, 4, 1.0, "t");
    }

    private static LevelAggregate aggregate(String target, int level, double tokPerS) {
        return new LevelAggregate(target, level, 1, 1, 0, 1000, 1, tokPerS, 1.0, 1.0, 1.0);
    }
}
