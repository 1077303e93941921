package com.cascade4arm.app.ui;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every panel and card of the original demo in real Chromium against the real gateway: Compare's explanation, each
 * system's hardware / model (as its servers report it) / tagline and the baseline's expected time; Benchmark's
 * explanation, suite, duration estimate, summary cards with cost and $ per million output tokens, the category
 * confusion table, req/s chart, sortable per-prompt table, method line with intervals and the seed CSV.
 */
class SeedPanelsIT {
    private static final String NUMBER = "\\d[\\d,]*(\\.\\d+)?";

    @RegisterExtension
    static final BrowserExtension browser = new BrowserExtension();

    private final ConsolePage console = new ConsolePage(browser);

    @Test
    void benchmarkShowsExplanationEstimateCardsChartsPerPromptTableAndSeedCsv() {
        console.open("#benchmark");
        BenchmarkPage bench = new BenchmarkPage(browser.session());
        Map<String, Object> started = bench.startRunViaApi("{\"prompts\":5,\"levels\":[1,2],\"requests_per_level\":5,"
                + "\"max_tokens\":8,\"fixed_length\":true,\"warmup_requests\":1,\"sampling\":{\"temperature\":0.7,\"seed\":11}}");
        assertThat(started.get("status")).as("start answer %s", started).isEqualTo(202L);
        @SuppressWarnings("unchecked")
        String runId = (String) ((Map<String, Object>) started.get("body")).get("id");
        ConsolePage.awaitLong("run ended").until(() -> !"running".equals(bench.apiStatus(runId)));
        console.open("#benchmark");
        ConsolePage.await("run on screen").until(() -> runId.equals(bench.runOnScreen()));

        assertThat(browser.session().text("bench-intro-text")).contains("every category runs at every level");
        assertThat(browser.session().byTestId("bench-suite").findElements(By.tagName("li")))
                .extracting(li -> li.getAttribute("data-category"))
                .containsExactly("factual", "everyday", "reasoning", "code", "analysis");
        ConsolePage.await("estimate from the measured baseline").until(() -> browser.session().text("bench-estimate").contains("tok/s"));
        assertThat(browser.session().text("bench-estimate")).matches(NUMBER + " requests per system · .* ≈ .* at worst .*");

        for (String target : List.of("cascade", "baseline")) {
            WebElement card = browser.session().byTestId("bench-card-" + target);
            assertThat(ConsolePage.textIn(card, "card-peak-req")).as(target).matches(NUMBER + " req/s");
            assertThat(ConsolePage.textIn(card, "card-peak-tok")).as(target).matches(NUMBER + " tok/s");
            assertThat(ConsolePage.textIn(card, "card-saturation")).as(target).matches("(concurrency|not reached up to concurrency) \\d+");
            assertThat(ConsolePage.textIn(card, "card-p95-saturation")).as(target).contains("95% CI");
            assertThat(ConsolePage.textIn(card, "card-errors")).as(target).isEqualTo("0 of 10");
            assertThat(ConsolePage.textIn(card, "card-usd-per-m")).as(target + ": the instance's cost of its output")
                    .matches("\\$" + NUMBER + "/M output tokens");
            assertThat(ConsolePage.textIn(card, "card-run-cost")).as(target).matches("\\$" + NUMBER + " \\(\\$0\\.\\d+/h × .+\\)");
        }
        assertThat(browser.session().byTestId("bench-categories").findElements(By.cssSelector("tbody tr")))
                .as("label rows of the category confusion table").hasSize(5);
        assertThat(browser.session().text("bench-method-line")).contains("exactly 8 tokens per request",
                "temperature 0.7", "seed 11", "1 warm-up requests per system");
        ConsolePage.await("req/s chart").until(() -> bench.pointsIn("requests") == 4);

        List<WebElement> rows = bench.tableRows("bench-prompt-table");
        assertThat(rows).extracting(r -> r.getAttribute("data-prompt-id"))
                .containsExactly("factual-01", "everyday-01", "reasoning-01", "code-01", "analysis-01");
        browser.session().byTestId("sort-speed_up").click();
        List<Double> speedUps = speedUps(bench);
        assertThat(speedUps).hasSize(5).isSortedAccordingTo(Comparator.naturalOrder());
        browser.session().byTestId("sort-speed_up").click();
        assertThat(speedUps(bench)).isSortedAccordingTo(Comparator.reverseOrder());
        assertThat(browser.session().allByTestId("speedup-ci")).isNotEmpty();

        String csvUrl = browser.session().byTestId("bench-seed-csv").getAttribute("href");
        String prefix = "data:text/csv;charset=utf-8,";
        assertThat(csvUrl).startsWith(prefix);
        List<String> lines = java.net.URLDecoder.decode(csvUrl.substring(prefix.length()), java.nio.charset.StandardCharsets.UTF_8)
                .lines().toList();
        assertThat(lines.get(0)).isEqualTo("system,concurrency,req_per_s,tok_per_s,p50_latency_s,p95_latency_s,median_ttft_s,"
                + "errors,usd_per_m_output_tokens");
        assertThat(lines).hasSize(5);
        assertThat(lines.subList(1, 5)).as("every level of both systems priced").allMatch(line -> line.matches(".*," + NUMBER));
        assertThat(browser.session().cspViolations()).isEmpty();
        browser.session().fullPageScreenshot(BrowserExtension.SCREENSHOTS, "benchmark-seed-panels");
    }

    @Test
    void compareShowsTheExplanationEachSystemsPanelAndTheBaselinesExpectedTime() {
        console.open("#compare");
        ComparePage page = new ComparePage(browser.session());
        ConsolePage.await("panels described").until(() -> browser.session().allByTestId("system-about").size() == 3);

        assertThat(browser.session().text("compare-explanation-title")).isEqualTo("Two baselines, one optimized stack");
        assertThat(browser.session().text("compare-explanation-text")).contains("controlled comparison", "reference point");
        for (String system : List.of(ComparePage.CASCADE, ComparePage.BASELINE, ComparePage.HOSTED)) {
            assertThat(page.columnText(system, "system-hardware")).as(system + " hardware").isNotBlank();
            assertThat(page.columnText(system, "system-model")).as(system + " model").isNotBlank();
            assertThat(page.columnText(system, "system-tagline")).as(system + " tagline").isNotBlank();
        }
        assertThat(page.columnText(ComparePage.CASCADE, "system-hardware")).as("this machine").contains("cores");
        assertThat(page.columnText(ComparePage.BASELINE, "system-model")).as("as its server reports it").contains("F16");
        assertThat(page.columnText(ComparePage.CASCADE, "system-model")).as("the demo files' quantization, read from them")
                .contains("Q4_0", "all F32").doesNotContain("Q8_0");
        assertThat(page.columnText(ComparePage.CASCADE, "system-engine")).contains("llama");
        assertThat(page.columnText(ComparePage.HOSTED, "system-tagline")).isEqualTo("What you get without owning any hardware.");
        assertThat(browser.session().text("baseline-estimate")).matches(
                "(The self-hosted baseline runs at ≈ " + NUMBER + " tok/s, so \\d+ tokens take it about \\d+ s .*"
                        + "|The baseline's speed is measured by a benchmark run; none has measured it yet\\.)");
        assertThat(browser.session().byTestId("compare-temperature")).isNotNull();
        assertThat(browser.session().cspViolations()).isEmpty();
        browser.session().fullPageScreenshot(BrowserExtension.SCREENSHOTS, "compare-seed-panels");
    }

    private static List<Double> speedUps(BenchmarkPage bench) {
        List<Double> values = new ArrayList<>();
        for (WebElement row : bench.tableRows("bench-prompt-table")) {
            List<WebElement> cells = row.findElements(By.tagName("td"));
            String text = cells.get(cells.size() - 1).getDomProperty("textContent").replace("×", "");
            values.add(Double.parseDouble(text));
        }
        return values;
    }
}
