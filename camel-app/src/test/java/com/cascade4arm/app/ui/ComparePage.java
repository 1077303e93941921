package com.cascade4arm.app.ui;

import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;

/** The Compare tab as a user sees it: the prompt card, the race summary and the three system columns. */
final class ComparePage {
    static final String CASCADE = "cascade";
    static final String BASELINE = "baseline";
    static final String HOSTED = "hosted";

    private final BrowserSession session;

    ComparePage(BrowserSession session) {
        this.session = session;
    }

    /** Replaces the prompt text the way a user would: focus, select all, type. */
    ComparePage typePrompt(String prompt) {
        WebElement box = session.byTestId("prompt");
        box.click();
        ConsolePage.retype(box, prompt);
        return this;
    }

    /**
     * Temperature 0 for all three systems: at the default 0.8 the demo 1.5b can sample end-of-text as its first token,
     * and these tests are about the page, not about sampling.
     */
    ComparePage greedy() {
        session.script("""
                const input = document.querySelector('[data-testid=compare-temperature]');
                input.value = '0';
                input.dispatchEvent(new Event('input', { bubbles: true }));
                input.dispatchEvent(new Event('change', { bubbles: true }));
                """);
        return this;
    }

    ComparePage setMaxTokens(int maxTokens) {
        ConsolePage.retype(session.byTestId("max-tokens"), String.valueOf(maxTokens));
        return this;
    }

    /** Ctrl+Enter inside the prompt box. */
    ComparePage runWithKeyboard() {
        session.byTestId("prompt").sendKeys(Keys.chord(Keys.CONTROL, Keys.ENTER));
        return this;
    }

    boolean running() {
        return "true".equals(session.script("return document.querySelector('.compare').dataset.running || null"));
    }

    /** Waits until the race ended (Run enabled again) and returns the summary's status line. */
    String awaitRaceEnded() {
        ConsolePage.awaitLong("race finished").until(() -> !running() && session.byTestId("run").isEnabled());
        return raceStatus();
    }

    String raceStatus() {
        return session.text("race-status");
    }

    WebElement column(String system) {
        return session.byTestId("column-" + system);
    }

    /** textContent of {@code testId} inside the system's column (status, output, ttft, tps, route, notice…). */
    String columnText(String system, String testId) {
        return ConsolePage.textIn(column(system), testId);
    }

    /** Everything a column shows (status, metrics, route, notice), to explain a failed assertion about it. */
    String columnSummary(String system) {
        return column(system).getDomProperty("textContent").replaceAll("\\s+", " ").trim();
    }

    boolean columnElementShown(String system, String testId) {
        return column(system).findElement(By.cssSelector("[data-testid=\"" + testId + "\"]")).isDisplayed();
    }
}
