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
 * The Benchmark tab in real Chromium against the real gateway (cascade and the demo baseline host): a small sweep
 * started from the form with the admin token, followed live, charted and tabulated, its rows downloaded; two runs
 * compared from the history; a second start while a run is active offers to show it, and Cancel stops it.
 */
class BenchmarkTabIT {
    /** Small and fast: the demo baseline serves one request at a time; 5 requests send each category once. */
    private static final List<Integer> LEVELS = List.of(1, 2);
    private static final int REQUESTS_PER_LEVEL = 5;
    private static final int TOTAL = LEVELS.size() * REQUESTS_PER_LEVEL * 2;
    private static final String CSV_HEADER = "run_id,target,level,seq,prompt_id,category,expected_route,route,rule,status,"
            + "error,ttft_ms,total_ms,completion_tokens,tokens_per_second,started_at,cost_usd,escalated";
    private static final String NUMBER = "\\d[\\d,]*(\\.\\d+)?";

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
    void runsASmallSweepLiveAndShowsChartsTablesCsvAndHistory() {
        bench.configure(10, LEVELS, REQUESTS_PER_LEVEL, 8).recordProgress();
        String before = bench.runOnScreen();
        bench.run();

        console.enterAdminToken("not-the-token");
        ConsolePage.await("wrong token rejected").until(() -> browser.session().text("admin-token-error").contains("401"));
        assertThat(browser.session().text("admin-token-error")).contains("rejected", "invalid_admin_token");
        console.enterAdminToken(TestGateway.ADMIN_TOKEN);

        ConsolePage.awaitLong("new run finished").until(() -> {
            String onScreen = bench.runOnScreen();
            return onScreen != null && !onScreen.equals(before) && !bench.status().equals("running");
        });
        String runId = bench.runOnScreen();
        assertThat(bench.status()).as("status of run %s", runId).isEqualTo("done");
        assertProgressMovedUpTo(TOTAL, runId);

        ConsolePage.await("charts drawn with every level").until(() -> bench.pointsIn("throughput") == 4 && bench.pointsIn("latency") == 4);
        for (String chart : List.of("throughput", "latency")) {
            Map<String, Object> data = bench.chart(chart);
            assertThat(data).as(chart + " chart instance").isNotNull();
            assertThat(data.get("labels")).as(chart + " x axis").isEqualTo(List.of("1", "2"));
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> datasets = (List<Map<String, Object>>) data.get("datasets");
            assertThat(datasets).extracting(d -> d.get("label")).containsExactly("Cascade", "Baseline");
            assertThat(datasets).allSatisfy(d -> assertThat((List<?>) d.get("points")).as(chart + " points of " + d.get("label"))
                    .hasSize(2).allSatisfy(v -> assertThat(((Number) v).doubleValue()).isPositive()));
        }

        List<WebElement> rows = bench.tableRows("bench-table");
        assertThat(rows).extracting(r -> r.getAttribute("data-target") + "@" + r.getAttribute("data-level"))
                .containsExactly("cascade@1", "baseline@1", "cascade@2", "baseline@2");
        for (WebElement row : rows) {
            List<String> cells = row.findElements(By.tagName("td")).stream().map(c -> c.getDomProperty("textContent")).toList();
            assertThat(cells).as("Conc., Req/s, tok/s, p50, p95, median TTFT, Err of %s", row.getText()).hasSize(7);
            assertThat(cells.subList(1, 3)).allSatisfy(v -> assertThat(v).matches(NUMBER));
            assertThat(cells.subList(3, 5)).as("p50, p95 with their 95%% intervals").allSatisfy(v -> assertThat(v)
                    .matches(NUMBER + " (ms|s) \\[" + NUMBER + " (ms|s)–" + NUMBER + " (ms|s)\\]"));
            assertThat(cells.get(5)).matches(NUMBER + " (ms|s)");
            assertThat(cells.get(6)).as("errors").isEqualTo("0");
        }
        assertThat(rowText("bench-speedups", "all")).as("overall speed-up").matches("All categories.*" + NUMBER + "×");
        assertThat(rowText("bench-accuracy", "all")).as("overall routing accuracy").matches("All categories.*" + NUMBER + "%");
        assertThat(bench.tableRows("bench-saturation")).extracting(r -> r.getAttribute("data-target"))
                .containsExactly("cascade", "baseline");
        assertThat(bench.tableRows("bench-saturation")).as("c_max/c_min gain with its 95%% interval")
                .allSatisfy(row -> assertThat(row.findElements(By.tagName("td")).get(1).getDomProperty("textContent"))
                        .matches(NUMBER + "× \\[" + NUMBER + "×–" + NUMBER + "×\\]"));
        List<WebElement> scorecard = bench.tableRows("bench-scorecard");
        assertThat(scorecard).as("the rulebook first, measured").isNotEmpty().first()
                .satisfies(row -> assertThat(row.getAttribute("data-policy")).isEqualTo("rulebook"))
                .satisfies(row -> assertThat(row.getDomProperty("textContent")).matches("Rulebook.*" + NUMBER + "%.*\\$.*"));

        String href = browser.session().byTestId("bench-csv").getAttribute("href");
        assertThat(href).endsWith("/api/bench/runs/" + runId + "/rows.csv");
        Map<String, Object> csv = bench.fetchText(href);
        assertThat(csv.get("status")).isEqualTo(200L);
        List<String> lines = ((String) csv.get("text")).lines().toList();
        assertThat(lines.get(0)).as("CSV header").isEqualTo(CSV_HEADER);
        assertThat(lines).as("header + one line per request").hasSize(1 + TOTAL);
        assertThat(lines.subList(1, lines.size())).allSatisfy(line -> assertThat(line).startsWith(runId + ","));

        WebElement newest = browser.session().allByTestId("bench-history-item").get(0);
        assertThat(newest.getAttribute("data-run-id")).as("newest history entry").isEqualTo(runId);
        assertThat(newest.getDomProperty("textContent")).contains("done", "c 1, 2", "5 req/level");
        browser.session().fullPageScreenshot(BrowserExtension.SCREENSHOTS, "benchmark");
    }

    @Test
    void comparesTwoRunsFromTheHistory() {
        String quick = "{\"prompts\":5,\"levels\":[1,2],\"requests_per_level\":5,\"max_tokens\":4,\"warmup_requests\":0}";
        for (int i = 0; i < 2; i++) {
            String runId = startAndAwait(quick);
            assertThat(bench.apiStatus(runId)).isEqualTo("done");
        }
        console.open("#benchmark");
        ConsolePage.await("history listed").until(() -> browser.session().allByTestId("bench-history-select").size() >= 2);

        List<WebElement> boxes = browser.session().allByTestId("bench-history-select");
        boxes.get(0).click();
        boxes.get(1).click();
        browser.session().byTestId("bench-compare").click();

        ConsolePage.await("two runs compared").until(() -> browser.session().allByTestId("bench-compare-run").size() == 2
                && browser.session().byTestId("bench-comparison").isDisplayed() && bench.pointsIn("throughput") == 8);
        assertThat(browser.session().byTestId("bench-run-panel").isDisplayed()).as("single-run panel hidden").isFalse();
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> datasets = (List<Map<String, Object>>) bench.chart("throughput").get("datasets");
        assertThat(datasets).extracting(d -> (String) d.get("label"))
                .containsExactlyInAnyOrder("Cascade · run A", "Baseline · run A", "Cascade · run B", "Baseline · run B");
        assertThat(bench.tableRows("bench-table-a")).as("run A table").isNotEmpty();
        assertThat(browser.session().text("bench-compare-warnings")).as("same rules, machine and models")
                .startsWith("Same rules version, machine, JVM, model files");
        assertThat(bench.tableRows("bench-changes")).hasSize(4).allSatisfy(row -> assertThat(row.findElements(
                By.cssSelector("td[data-verdict]"))).extracting(c -> c.getAttribute("data-verdict"))
                .allSatisfy(v -> assertThat(v).isIn("within noise", "faster", "slower")));
        assertThat(bench.tableRows("bench-table-b")).as("run B table").isNotEmpty();
        browser.session().fullPageScreenshot(BrowserExtension.SCREENSHOTS, "benchmark-compare");
    }

    @Test
    void offersToShowTheActiveRunWhenStartingAnotherAndCancelsIt() {
        Map<String, Object> started = bench.startRunViaApi(
                "{\"prompts\":10,\"levels\":[1,2,4],\"requests_per_level\":8,\"max_tokens\":64}");
        assertThat(started.get("status")).as("start answer %s", started).isEqualTo(202L);
        @SuppressWarnings("unchecked")
        String runningId = (String) ((Map<String, Object>) started.get("body")).get("id");
        try {
            console.open("#benchmark");
            ConsolePage.await("running run shown on open").until(() -> runningId.equals(bench.runOnScreen()));
            assertThat(bench.status()).isEqualTo("running");

            bench.configure(10, List.of(1), 5, 4).run();
            console.enterAdminToken(TestGateway.ADMIN_TOKEN);

            ConsolePage.await("conflict explained").until(() -> browser.session().text("bench-message").contains("already active"));
            assertThat(browser.session().text("bench-message")).contains(runningId);
            browser.session().byTestId("bench-show-active").click();
            ConsolePage.await("active run on screen").until(() -> runningId.equals(bench.runOnScreen()));
            assertThat(browser.session().byTestId("bench-cancel").isDisplayed()).isTrue();

            browser.session().byTestId("bench-cancel").click();

            ConsolePage.awaitLong("run cancelled").until(() -> bench.status().equals("cancelled"));
            assertThat(browser.session().byTestId("bench-cancel").isDisplayed()).as("no Cancel for an ended run").isFalse();
            assertThat(browser.session().text("bench-message")).contains("cancelled");
        } finally {
            cancelQuietly(runningId);
        }
    }

    /** Starts a run through the API and waits until it is no longer running; returns its id. */
    private String startAndAwait(String config) {
        Map<String, Object> started = bench.startRunViaApi(config);
        assertThat(started.get("status")).as("start answer %s", started).isEqualTo(202L);
        @SuppressWarnings("unchecked")
        String runId = (String) ((Map<String, Object>) started.get("body")).get("id");
        ConsolePage.awaitLong("run " + runId + " ended").until(() -> !"running".equals(bench.apiStatus(runId)));
        return runId;
    }

    /** Leaves the shared gateway without an active run, whatever the test did. */
    private void cancelQuietly(String runId) {
        browser.session().asyncScript("""
                const [id, token, done] = arguments;
                fetch('/api/bench/runs/' + id, { method: 'DELETE', headers: { Authorization: 'Bearer ' + token } })
                  .then(() => done(null), () => done(null));
                """, runId, TestGateway.ADMIN_TOKEN);
    }

    private String rowText(String tableTestId, String category) {
        return bench.tableRows(tableTestId).stream().filter(r -> category.equals(r.getAttribute("data-category")))
                .findFirst().orElseThrow(() -> new AssertionError("no '" + category + "' row in " + tableTestId))
                .getDomProperty("textContent");
    }

    /**
     * The progress bar, as recorded in the page for this run: out of {@code total}, never going back, seen below
     * the total at least once while the run was live, and full at the end.
     */
    private void assertProgressMovedUpTo(int total, String runId) {
        List<Map<String, Object>> states = bench.progressOf(runId);
        List<Integer> values = states.stream().map(s -> ((Number) s.get("now")).intValue()).toList();
        assertThat(states).as("progress states %s", states).isNotEmpty()
                .allSatisfy(s -> assertThat(((Number) s.get("max")).intValue()).isEqualTo(total));
        assertThat(values).as("progress values over time").isSorted();
        assertThat(values.get(0)).as("first value seen while running: %s", values).isLessThan(total);
        assertThat(values.get(values.size() - 1)).as("final value").isEqualTo(total);
        assertThat(states.stream().map(s -> (String) s.get("label")).toList())
                .as("labels while running name the level").anySatisfy(l -> assertThat(l).contains("level"));
    }
}
