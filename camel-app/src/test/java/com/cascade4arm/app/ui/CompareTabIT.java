package com.cascade4arm.app.ui;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static com.cascade4arm.app.ui.ComparePage.BASELINE;
import static com.cascade4arm.app.ui.ComparePage.CASCADE;
import static com.cascade4arm.app.ui.ComparePage.HOSTED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The Compare tab in real Chromium against the real gateway and its demo llama.cpp models: one prompt races through
 * the cascade, the baseline and the hosted API (skipped here: the shared gateway has no OPENROUTER_API_KEY), the
 * columns stream live, and the summary words the cascade-vs-baseline ratios in the right direction.
 */
class CompareTabIT {
    /** Runs of the race tried until Stop lands while the baseline still streams. */
    private static final int MAX_STOP_ATTEMPTS = 8;
    private static final String CODE_PROMPT = "Write a Python function that finds the longest palindromic substring.";
    private static final String NUMBER = "\\d[\\d,]*(\\.\\d+)?";
    private static final String DURATION = NUMBER + " (ms|s)";
    private static final String FACTOR = "\\d+(\\.\\d+)?[×%]";
    /** Two DOM states closer than this count as one moment: a buffered answer would land in one. */
    private static final double SAME_MOMENT_MS = 1.0;

    @RegisterExtension
    static final BrowserExtension browser = new BrowserExtension();

    private final ConsolePage console = new ConsolePage(browser);
    private ComparePage page;

    @BeforeEach
    void openCompare() {
        console.open("#compare");
        page = new ComparePage(browser.session()).greedy();
    }

    @Test
    void racesThreeSystemsLiveAndSummarisesTheCascadeAgainstTheBaseline() {
        recordOutputStates(CASCADE);
        // the demo draft is accepted often, so the large model emits tokens in bursts of up to draft-max + 1: leave
        // room for several bursts
        page.typePrompt(CODE_PROMPT).setMaxTokens(48).runWithKeyboard();
        console.await("columns streaming").until(() -> page.raceStatus().startsWith("Racing"));

        String raceStatus = page.awaitRaceEnded();

        assertThat(raceStatus).as("race summary status").matches("All finished in " + DURATION);
        for (String system : List.of(CASCADE, BASELINE)) {
            assertThat(page.columnText(system, "status")).as(system + " status").matches("Done · " + DURATION);
            assertThat(page.columnText(system, "output")).as("%s answer; the column shows: %s", system,
                    page.columnSummary(system)).isNotBlank();
            assertThat(page.columnText(system, "ttft")).as(system + " TTFT").matches(DURATION);
            assertThat(page.columnText(system, "tps")).as(system + " tok/s").matches(NUMBER + " tok/s");
            assertThat(page.columnText(system, "total")).as(system + " total").matches(DURATION);
            assertThat(page.columnText(system, "tokens")).as(system + " tokens").matches(NUMBER + " → " + NUMBER);
            assertThat(page.columnText(system, "cost")).as(system + " cost").matches("\\$\\d+\\.\\d+");
        }
        assertThat(page.columnText(CASCADE, "route")).isEqualTo("large");
        assertThat(page.columnText(CASCADE, "rule")).as("deciding rule").contains("code");
        assertThat(page.columnText(CASCADE, "acceptance")).as("large model drafts with the small one").matches(NUMBER + "%");
        assertThat(momentsTheAnswerGrewAt()).as("separate moments the cascade's answer grew at (streamed, not buffered): %s",
                outputStates()).isGreaterThanOrEqualTo(3);

        assertThat(page.columnText(HOSTED, "status")).isEqualTo("Skipped");
        assertThat(page.columnText(HOSTED, "notice")).as("why the hosted column was skipped")
                .contains("Skipped", "OPENROUTER_API_KEY");
        assertThat(page.columnText(HOSTED, "output")).isEmpty();

        String versusBaseline = browser.session().text("ratio-baseline-sentence");
        assertThat(versusBaseline).as("cascade vs baseline summary").matches(
                "Cascade: (" + FACTOR + " )?(faster|slower|as fast) to first token (than|as) baseline, "
                        + "(" + FACTOR + " )?(faster|slower|as fast) end to end, .*tokens per second, .*cost\\.");
        assertTimeToFirstTokenWordedFromTheColumns(versusBaseline);
        assertThat(browser.session().byTestId("ratio-baseline").findElements(By.className("ratio-tile")))
                .as("ttft, total, tok/s and cost tiles").hasSize(4);
        assertThat(browser.session().text("ratio-hosted-sentence")).as("no ratios against a skipped system")
                .startsWith("No comparison: the hosted API was skipped")
                .as("the reason is said once, in the hosted column").doesNotContain("OPENROUTER_API_KEY");

        browser.session().fullPageScreenshot(BrowserExtension.SCREENSHOTS, "compare");
    }

    @Test
    void routesTheFactualExampleToTheSmallModelInTheCascadeColumn() {
        browser.session().byTestId("example-factual").click();
        assertThat(browser.session().byTestId("prompt").getDomProperty("value")).isEqualTo("What is the capital of France?");
        page.setMaxTokens(8).runWithKeyboard();

        page.awaitRaceEnded();

        assertThat(page.columnText(CASCADE, "status")).startsWith("Done");
        assertThat(page.columnText(CASCADE, "route")).isEqualTo("small");
        assertThat(page.columnText(CASCADE, "rule")).contains("factual");
        assertThat(page.columnText(CASCADE, "acceptance")).as("no speculative decoding on the small route").isEqualTo("n/a");
        assertThat(page.columnText(BASELINE, "status")).startsWith("Done");
    }

    @Test
    void explainsRoutingWithRuleReasonAndFacts() {
        browser.session().byTestId("example-code").click();
        browser.session().byTestId("explain").click();

        ConsolePage.await("routing explained").until(() -> !browser.session().text("explain-rule").equals("—"));
        assertThat(browser.session().text("explain-route")).isEqualTo("large");
        assertThat(browser.session().text("explain-rule")).contains("code");
        assertThat(browser.session().text("explain-reason")).isNotBlank();
        List<WebElement> facts = browser.session().byTestId("facts").findElements(By.tagName("tr"));
        Map<String, String> byName = new java.util.LinkedHashMap<>();
        facts.forEach(row -> byName.put(row.getAttribute("data-fact"), row.findElement(By.tagName("td")).getDomProperty("textContent")));
        assertThat(byName).as("extracted facts table").containsKeys("wordCount", "codeKeywords")
                .containsEntry("wordCount", "10");
    }

    @Test
    void showsTheGatewaysMessageWhenItRefusesTheRequest() {
        page.typePrompt("Hi there!").setMaxTokens(999_999).runWithKeyboard();

        String raceStatus = page.awaitRaceEnded();

        assertThat(raceStatus).as("race status").startsWith("Error 400");
        assertThat(browser.session().byTestId("form-error").isDisplayed()).isTrue();
        assertThat(browser.session().text("form-error")).as("gateway's message").contains("max_tokens", "999999");
        for (String system : List.of(CASCADE, BASELINE, HOSTED)) {
            assertThat(page.columnText(system, "status")).as(system + " status").isEqualTo("Error 400");
            assertThat(page.columnText(system, "output")).as(system + " answer").isEmpty();
        }
    }

    @Test
    void stopEndsTheRaceAndKeepsThePartialAnswers() {
        page.typePrompt("Compare merge sort and quicksort, including their trade-offs in practice.").setMaxTokens(1024);
        // Sampled demo answers may end on their own before Stop lands: run again until one is caught mid-stream.
        String raceStatus = null;
        for (int attempt = 0; attempt < MAX_STOP_ATTEMPTS; attempt++) {
            browser.session().byTestId("run").click();
            ConsolePage.awaitLong("first baseline text").until(() -> !page.columnText(BASELINE, "output").isEmpty());
            if ("running".equals(page.column(BASELINE).getAttribute("data-state"))
                    && browser.session().byTestId("stop").isEnabled()) {
                // The page keeps the race in view, so Stop may sit under the sticky header: bring it to the middle.
                browser.session().script("arguments[0].scrollIntoView({block: 'center'})", browser.session().byTestId("stop"));
                browser.session().byTestId("stop").click();
            }
            raceStatus = page.awaitRaceEnded();
            if (raceStatus.startsWith("Stopped") && page.columnText(BASELINE, "status").startsWith("Stopped")) {
                break;
            }
        }

        assertThat(raceStatus).as("race status after Stop: the skipped hosted API is not counted as finished")
                .matches("Stopped after [01] of 2 finished \\(Hosted API skipped\\) — no comparison; measured so far is kept\\.");
        assertThat(page.columnText(BASELINE, "status")).as("baseline status after Stop").isEqualTo("Stopped · partial kept");
        assertThat(page.columnText(BASELINE, "output")).isNotEmpty();
        assertThat(page.columnText(BASELINE, "ttft")).as("TTFT measured before Stop is kept").matches(DURATION);
        assertThat(page.columnText(BASELINE, "total")).as("time until Stop").matches(DURATION);
        assertThat(page.columnText(BASELINE, "tokens")).as("tokens streamed until Stop").matches("— → " + NUMBER);
        assertThat(page.columnText(CASCADE, "route")).as("the cascade's route, sent before its first token")
                .isIn("small", "large");
        assertThat(page.columnText(CASCADE, "rule")).as("the cascade's deciding rule").isNotEqualTo("—");
        assertThat(page.columnText(HOSTED, "status")).as("a finished column keeps its result").isEqualTo("Skipped");
        assertThat(browser.session().byTestId("stop").isEnabled()).isFalse();
        assertThat(browser.session().allByTestId("ratio-baseline-sentence")).as("no ratios for a stopped race").isEmpty();
    }

    /**
     * The summary's time-to-first-token phrase agrees with the two columns' TTFT chips: the direction (faster/slower)
     * and, within rounding of the displayed milliseconds, the factor.
     */
    private void assertTimeToFirstTokenWordedFromTheColumns(String sentence) {
        double cascade = millis(page.columnText(CASCADE, "ttft"));
        double baseline = millis(page.columnText(BASELINE, "ttft"));
        Matcher m = Pattern.compile("Cascade: (\\d+(?:\\.\\d+)?)× (faster|slower) to first token").matcher(sentence);
        if (!m.find()) {
            assertThat(Math.abs(cascade / baseline - 1)).as("'as fast' only when the TTFTs are about equal").isLessThan(0.01);
            return;
        }
        double factor = Double.parseDouble(m.group(1));
        assertThat(m.group(2)).as("direction for cascade %s ms vs baseline %s ms", cascade, baseline)
                .isEqualTo(cascade < baseline ? "faster" : "slower");
        double expected = cascade < baseline ? baseline / cascade : cascade / baseline;
        assertThat(factor).as("factor in '%s'", sentence).isCloseTo(expected, within(0.06 * expected + 0.05));
    }

    private static double millis(String chip) {
        String number = chip.replaceAll("[^0-9.]", "");
        return Double.parseDouble(number) * (chip.endsWith(" s") ? 1000 : 1);
    }

    /** Records every change of a column's answer text, with the time it happened, inside the page. */
    private void recordOutputStates(String system) {
        browser.session().script("""
                const out = document.querySelector('[data-testid=column-' + arguments[0] + '] [data-testid=output]');
                window.__outputStates = [];
                window.__outputObserver?.disconnect();
                window.__outputObserver = new MutationObserver(() =>
                    window.__outputStates.push({ length: out.textContent.length, at: performance.now() }));
                window.__outputObserver.observe(out, { characterData: true, childList: true, subtree: true });
                """, system);
    }

    @SuppressWarnings("unchecked")
    private List<Map<String, Object>> outputStates() {
        return (List<Map<String, Object>>) browser.session().script("return window.__outputStates.filter(s => s.length > 0)");
    }

    /**
     * How many separate moments (at least {@link #SAME_MOMENT_MS} apart) the answer grew at. A buffered response
     * lands in one; only the large model is slow enough for this to tell streaming apart on any machine.
     */
    private int momentsTheAnswerGrewAt() {
        List<Map<String, Object>> states = outputStates();
        List<Long> lengths = states.stream().map(s -> ((Number) s.get("length")).longValue()).toList();
        assertThat(lengths).as("answer text lengths as it rendered (only growing)").isSorted().doesNotHaveDuplicates();
        int moments = states.isEmpty() ? 0 : 1;
        for (int i = 1; i < states.size(); i++) {
            double gap = ((Number) states.get(i).get("at")).doubleValue() - ((Number) states.get(i - 1).get("at")).doubleValue();
            if (gap >= SAME_MOMENT_MS) {
                moments++;
            }
        }
        return moments;
    }
}
