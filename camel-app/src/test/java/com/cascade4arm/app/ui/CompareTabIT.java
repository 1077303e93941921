package com.cascade4arm.app.ui;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Compare tab in real Chromium against the real gateway and its demo llama.cpp models: prompts stream in,
 * the route and metrics chips fill, routing is explained, errors and Stop behave.
 */
class CompareTabIT {
    private static final String CODE_PROMPT = "Write a Python function that finds the longest palindromic substring.";
    private static final String NUMBER = "\\d[\\d,]*(\\.\\d+)?";
    /** Two DOM states closer than this count as one moment: a buffered answer would land in one. */
    private static final double SAME_MOMENT_MS = 1.0;

    @RegisterExtension
    static final BrowserExtension browser = new BrowserExtension();

    private final ConsolePage page = new ConsolePage(browser);

    @BeforeEach
    void openCompare() {
        page.open("#compare");
    }

    @Test
    void streamsCodePromptFromLargeModelAndFillsTheMetrics() {
        recordOutputStates();
        page.typePrompt(CODE_PROMPT).setMaxTokens(16).runWithKeyboard();

        String status = page.awaitRunEnded();

        assertThat(status).as("status line after the run").startsWith("Done");
        assertThat(page.chip("route")).isEqualTo("large");
        assertThat(page.chip("rule")).as("rule chip").isNotBlank().isNotEqualTo("—");
        assertThat(page.chip("ttft")).matches(NUMBER + " (ms|s)");
        assertThat(page.chip("tps")).matches(NUMBER + " tok/s");
        assertThat(page.chip("total")).matches(NUMBER + " (ms|s)");
        assertThat(page.chip("tokens")).matches(NUMBER + " → " + NUMBER);
        assertThat(page.chip("cost")).matches("\\$\\d+\\.\\d+");
        assertThat(page.chip("acceptance")).as("large model drafts with the small one").matches(NUMBER + "%");
        assertThat(page.output()).isNotBlank();
        assertRenderedInSeveralGrowingSteps();
        assertThat(momentsTheAnswerGrewAt()).as("separate moments the answer grew at (streamed, not buffered): %s",
                outputStates()).isGreaterThanOrEqualTo(3);

        Path shot = browser.session().fullPageScreenshot(BrowserExtension.SCREENSHOTS, "compare");
        assertThat(shot).exists();
    }

    @Test
    void routesEasyExamplePromptToSmallModel() {
        browser.session().byTestId("example-factual").click();
        assertThat(browser.session().byTestId("prompt").getDomProperty("value")).isEqualTo("What is the capital of France?");
        recordOutputStates();
        page.setMaxTokens(16).runWithKeyboard();

        assertThat(page.awaitRunEnded()).startsWith("Done");
        assertThat(page.chip("route")).isEqualTo("small");
        assertThat(page.chip("ttft")).matches(NUMBER + " (ms|s)");
        assertThat(page.chip("tps")).matches(NUMBER + " tok/s");
        assertThat(page.chip("cost")).matches("\\$\\d+\\.\\d+");
        assertThat(browser.session().byTestId("acceptance").findElement(By.xpath("..")).isDisplayed())
                .as("no draft acceptance chip for the small model").isFalse();
        assertRenderedInSeveralGrowingSteps();
    }

    @Test
    void forcingTheSmallModelOverridesTheRulebook() {
        page.typePrompt(CODE_PROMPT).setMaxTokens(8).chooseModel("small");
        browser.session().byTestId("run").click();

        assertThat(page.awaitRunEnded()).startsWith("Done");
        assertThat(page.chip("route")).as("route of a code prompt sent with model=small").isEqualTo("small");
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
        facts.forEach(row -> byName.put(row.getAttribute("data-fact"), row.findElement(By.tagName("td")).getText()));
        assertThat(byName).as("extracted facts table").containsKeys("wordCount", "codeKeywords")
                .containsEntry("wordCount", "10");
        browser.session().fullPageScreenshot(BrowserExtension.SCREENSHOTS, "compare-explain");
    }

    @Test
    void showsTheGatewaysMessageWhenItRefusesTheRequest() {
        page.typePrompt("Hi there!").setMaxTokens(999_999).runWithKeyboard();

        String status = page.awaitRunEnded();

        assertThat(status).as("status line").isEqualTo("Error 400");
        assertThat(browser.session().byTestId("error").isDisplayed()).isTrue();
        assertThat(browser.session().text("error")).as("gateway's message").contains("max_tokens", "999999");
        assertThat(page.output()).isEmpty();
        assertThat(page.chip("route")).isEqualTo("—");
    }

    @Test
    void stopAbortsTheRunAndKeepsThePartialAnswer() {
        page.typePrompt("Compare merge sort and quicksort, including their trade-offs in practice.").setMaxTokens(1024);
        browser.session().byTestId("run").click();
        ConsolePage.await("first text").atMost(ConsolePage.ANSWER_TIMEOUT).until(() -> !page.output().isEmpty());
        assertThat(browser.session().byTestId("stop").isEnabled()).isTrue();

        browser.session().byTestId("stop").click();

        assertThat(page.awaitRunEnded()).as("status after Stop").startsWith("Stopped");
        String kept = page.output();
        assertThat(kept).isNotEmpty();
        assertThat(browser.session().byTestId("stop").isEnabled()).isFalse();
        assertThat(page.chip("route")).as("route known from the response headers").isEqualTo("large");
    }

    /** Records every change of the answer's text, with the time it happened, inside the page. */
    private void recordOutputStates() {
        browser.session().script("""
                const out = document.querySelector('[data-testid=output]');
                window.__outputStates = [];
                window.__outputObserver?.disconnect();
                window.__outputObserver = new MutationObserver(() =>
                    window.__outputStates.push({ length: out.textContent.length, at: performance.now() }));
                window.__outputObserver.observe(out, { characterData: true, childList: true, subtree: true });
                """);
    }

    @SuppressWarnings("unchecked")
    private List<Map<String, Object>> outputStates() {
        return (List<Map<String, Object>>) browser.session().script("return window.__outputStates.filter(s => s.length > 0)");
    }

    /** The answer was rendered piece by piece as deltas arrived, only ever growing. */
    private void assertRenderedInSeveralGrowingSteps() {
        List<Long> lengths = outputStates().stream().map(s -> ((Number) s.get("length")).longValue()).toList();
        assertThat(lengths).as("answer text lengths as it rendered").hasSizeGreaterThanOrEqualTo(3).isSorted()
                .doesNotHaveDuplicates();
    }

    /**
     * How many separate moments (at least {@link #SAME_MOMENT_MS} apart) the answer grew at. A buffered response
     * lands in one; only the large model is slow enough for this to tell streaming apart on any machine.
     */
    private int momentsTheAnswerGrewAt() {
        List<Map<String, Object>> states = outputStates();
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
