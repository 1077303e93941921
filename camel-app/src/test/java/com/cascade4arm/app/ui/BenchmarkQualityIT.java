package com.cascade4arm.app.ui;

import com.cascade4arm.app.TestGateway;
import com.cascade4arm.testing.judge.ScriptedJudge;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The Benchmark tab's answer quality in real Chromium: a run started from the form with "Judge answers" ticked is
 * judged by the shared gateway's scripted judge (always "A": both-orders judging turns every prompt into a tie), and
 * the quality table, the scorecard's quality column and the synthetic-answers note show it.
 */
class BenchmarkQualityIT {
    private static final int PROMPTS = 10;
    /** One request per category: five prompts judged, few tokens, so the run takes seconds. */
    private static final int REQUESTS_PER_LEVEL = 5;

    @RegisterExtension
    static final BrowserExtension browser = new BrowserExtension();

    private final ConsolePage console = new ConsolePage(browser);
    private BenchmarkPage bench;

    @BeforeEach
    void openBenchmark() {
        assumeTrue(System.getProperty(ConsoleGateway.BASE_URL_PROPERTY, "").isBlank(),
                "needs the in-process gateway's scripted judge, not an external gateway");
        TestGateway.judge().script(ScriptedJudge.Script.ALWAYS_A);
        console.open("#benchmark").forgetAdminToken();
        bench = new BenchmarkPage(browser.session());
    }

    @Test
    void showsWinsTiesAndLossesPerCategoryAndRouteOfAJudgedRun() {
        bench.configure(PROMPTS, List.of(1), REQUESTS_PER_LEVEL, 4);
        browser.session().driver().findElement(By.cssSelector("label[for=bench-judge]")).click();
        String before = bench.runOnScreen();
        bench.run();
        console.enterAdminToken(TestGateway.ADMIN_TOKEN);

        ConsolePage.awaitLong("judged run finished").until(() -> {
            String onScreen = bench.runOnScreen();
            return onScreen != null && !onScreen.equals(before) && !bench.status().equals("running");
        });
        assertThat(bench.status()).isEqualTo("done");
        assertThat(browser.session().byTestId("bench-quality-state").getAttribute("data-state")).isEqualTo("done");

        Map<String, List<String>> rows = bench.tableRows("bench-quality").stream().collect(Collectors.toMap(
                r -> r.getAttribute("data-group") + ":" + r.getAttribute("data-key"), BenchmarkQualityIT::counts,
                (a, b) -> a, java.util.LinkedHashMap::new));
        assertThat(rows).as("wins, ties, losses, unjudged per row").containsEntry("all:all", List.of("0", "5", "0", "0"));
        assertThat(rows.keySet().stream().filter(k -> k.startsWith("category:")))
                .containsExactlyInAnyOrder("category:factual", "category:everyday", "category:reasoning", "category:code",
                        "category:analysis");
        assertThat(rows.entrySet().stream().filter(e -> e.getKey().startsWith("category:")).map(Map.Entry::getValue))
                .allSatisfy(counts -> assertThat(counts).isEqualTo(List.of("0", "1", "0", "0")));
        assertThat(rows.keySet().stream().filter(k -> k.startsWith("route:"))).isNotEmpty()
                .allSatisfy(k -> assertThat(k).isIn("route:small", "route:large"));
        assertThat(browser.session().text("bench-quality-note")).contains("synthetic", "measures nothing");

        WebElement rulebook = bench.tableRows("bench-scorecard").get(0);
        assertThat(rulebook.findElement(By.cssSelector("[data-testid=scorecard-quality]")).getDomProperty("textContent"))
                .as("the scorecard's quality column").isEqualTo("0/5/0");
        browser.session().fullPageScreenshot(BrowserExtension.SCREENSHOTS, "benchmark-quality");
    }

    private static List<String> counts(WebElement row) {
        return row.findElements(By.cssSelector("td[data-outcome]")).stream()
                .map(c -> c.getDomProperty("textContent")).toList();
    }
}
