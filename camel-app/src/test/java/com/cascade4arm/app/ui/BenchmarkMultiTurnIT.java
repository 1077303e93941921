package com.cascade4arm.app.ui;

import com.cascade4arm.app.TestGateway;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Benchmark tab's multi-turn suite in real Chromium against the real gateway and its demo hosts: the user picks
 * "Multi-turn", runs one conversation, follows the progress bar, and reads the chart of time to first
 * token per turn (cascade and baseline, p50 and p95), its explanation and the per-turn table.
 */
class BenchmarkMultiTurnIT {
    /** 1 conversation x 6 turns x 2 systems; short answers keep it quick on the demo hosts. */
    private static final int TOTAL = 12;

    @RegisterExtension
    static final BrowserExtension browser = new BrowserExtension();

    private final ConsolePage console = new ConsolePage(browser);
    private BenchmarkPage bench;

    @BeforeEach
    void openBenchmark() {
        console.open("#benchmark").forgetAdminToken();
        bench = new BenchmarkPage(browser.session());
    }

    @Test
    void picksTheMultiTurnSuiteRunsItAndChartsTimeToFirstTokenPerTurn() {
        bench.configureConversations(1, 1, 8).recordProgress();
        assertThat(browser.session().byTestId("bench-levels").isDisplayed()).as("levels belong to the prompt suite").isFalse();
        assertThat(browser.session().text("bench-estimate")).contains("6 turns per system", "1 conversation at a time");
        assertThat(browser.session().text("bench-intro-text")).as("the intro describes the suite picked")
                .startsWith("Six conversations of six turns").contains("re-sends the whole history");
        assertThat(browser.session().byTestId("bench-suite").isDisplayed()).as("the prompt suite's list hidden").isFalse();
        String before = bench.runOnScreen();
        bench.run();
        console.enterAdminToken(TestGateway.ADMIN_TOKEN);

        ConsolePage.awaitLong("multi-turn run finished").until(() -> {
            String onScreen = bench.runOnScreen();
            return onScreen != null && !onScreen.equals(before) && !bench.status().equals("running");
        });
        String runId = bench.runOnScreen();
        assertThat(bench.status()).as("status of run %s", runId).isEqualTo("done");
        List<Map<String, Object>> states = bench.progressOf(runId);
        assertThat(states).as("progress bar states").isNotEmpty()
                .allSatisfy(s -> assertThat(((Number) s.get("max")).intValue()).isEqualTo(TOTAL));
        assertThat(states.stream().map(s -> ((Number) s.get("now")).intValue()).toList()).isSorted().last().isEqualTo(TOTAL);

        assertThat(browser.session().byTestId("chart-turns").isDisplayed()).isTrue();
        assertThat(browser.session().byTestId("chart-throughput").isDisplayed()).as("level charts hidden").isFalse();
        assertThat(browser.session().text("bench-turns-explanation")).contains("turn 2 on", "cache");
        assertThat(browser.session().text("bench-intro-text")).as("the intro describes the run on screen")
                .startsWith("Six conversations of six turns");
        ConsolePage.await("turn chart drawn").until(() -> bench.pointsIn("turns") == 24);
        Map<String, Object> chart = bench.chart("turns");
        assertThat(chart.get("labels")).isEqualTo(List.of("1", "2", "3", "4", "5", "6"));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> datasets = (List<Map<String, Object>>) chart.get("datasets");
        assertThat(datasets).extracting(d -> d.get("label"))
                .containsExactly("Cascade p50", "Cascade p95", "Baseline p50", "Baseline p95");
        assertThat(datasets).allSatisfy(d -> assertThat((List<?>) d.get("points")).hasSize(6)
                .allSatisfy(v -> assertThat(((Number) v).doubleValue()).isPositive()));

        List<WebElement> rows = bench.tableRows("bench-turns-table");
        assertThat(rows).extracting(r -> r.getAttribute("data-turn")).containsExactly("1", "2", "3", "4", "5", "6");
        assertThat(rows.get(1).findElements(By.tagName("td")).get(0).getDomProperty("textContent"))
                .as("cascade TTFT p50 of turn 2").matches("\\d[\\d,]*(\\.\\d+)? (ms|s)");
        assertThat(browser.session().allByTestId("bench-turn-total")).hasSize(2)
                .allSatisfy(line -> assertThat(line.getDomProperty("textContent")).contains("turn 1 p50", "turns 2+ p50", "0 errors"));
        String turnsCsv = browser.session().byTestId("bench-turns-csv").getAttribute("href");
        assertThat(turnsCsv).endsWith("/api/bench/runs/" + runId + "/turns.csv");
        assertThat((String) bench.fetchText(turnsCsv).get("text")).as("header + one line per turn").hasLineCount(1 + TOTAL);
        WebElement newest = browser.session().allByTestId("bench-history-item").get(0);
        assertThat(newest.getDomProperty("textContent")).contains("1 conversation × 6 turns", "c 1");
        browser.session().fullPageScreenshot(BrowserExtension.SCREENSHOTS, "benchmark-multi-turn");
    }
}
