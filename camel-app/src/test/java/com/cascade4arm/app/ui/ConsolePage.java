package com.cascade4arm.app.ui;

import org.awaitility.Awaitility;
import org.awaitility.core.ConditionFactory;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;

import java.time.Duration;
import java.util.List;

/** The console as a user sees it: tabs, the Compare form and its result panel, addressed by data-testid. */
final class ConsolePage {
    /** Longest a page or a tab takes to appear. */
    static final Duration UI_TIMEOUT = Duration.ofSeconds(15);
    /** Longest a demo-model answer takes end to end on 2 shared cores. */
    static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(45);

    private final BrowserExtension browser;

    ConsolePage(BrowserExtension browser) {
        this.browser = browser;
    }

    BrowserSession session() {
        return browser.session();
    }

    /**
     * Loads the console afresh (optionally at a tab hash such as "#rules") and waits until its script has run.
     * Reloads even when only the hash differs, so no state leaks from the previous test.
     */
    ConsolePage open(String hash) {
        session().open(browser.url(hash));
        session().driver().navigate().refresh();
        await("console script ready").until(() -> "true".equals(session().script("return document.body.dataset.ready || null")));
        return this;
    }

    static ConditionFactory await(String what) {
        return Awaitility.await(what).atMost(UI_TIMEOUT).pollInterval(Duration.ofMillis(50)).ignoreExceptions();
    }

    List<WebElement> tabs() {
        return session().driver().findElements(By.cssSelector("[role=tab]"));
    }

    String selectedTab() {
        return session().driver().findElement(By.cssSelector("[role=tab][aria-selected=true]")).getAttribute("data-tab");
    }

    boolean panelVisible(String tab) {
        return session().driver().findElement(By.id("panel-" + tab)).isDisplayed();
    }

    String hash() {
        return (String) session().script("return location.hash");
    }

    /** Replaces the prompt text the way a user would: focus, select all, type. */
    ConsolePage typePrompt(String prompt) {
        WebElement box = session().byTestId("prompt");
        box.click();
        box.sendKeys(Keys.chord(Keys.CONTROL, "a"), Keys.DELETE);
        box.sendKeys(prompt);
        return this;
    }

    ConsolePage setMaxTokens(int maxTokens) {
        WebElement input = session().byTestId("max-tokens");
        input.sendKeys(Keys.chord(Keys.CONTROL, "a"), Keys.DELETE);
        input.sendKeys(String.valueOf(maxTokens));
        return this;
    }

    ConsolePage chooseModel(String model) {
        session().driver().findElement(By.cssSelector("label[for=model-" + model + "]")).click();
        return this;
    }

    /** Ctrl+Enter inside the prompt box. */
    ConsolePage runWithKeyboard() {
        session().byTestId("prompt").sendKeys(Keys.chord(Keys.CONTROL, Keys.ENTER));
        return this;
    }

    boolean running() {
        return "true".equals(session().script("return document.querySelector('.compare').dataset.running || null"));
    }

    /** Waits until the run ended (Run enabled again) and returns the final status line. */
    String awaitRunEnded() {
        Awaitility.await("run finished").atMost(ANSWER_TIMEOUT).pollInterval(Duration.ofMillis(100)).ignoreExceptions()
                .until(() -> !running() && session().byTestId("run").isEnabled());
        return status();
    }

    String status() {
        return session().text("status");
    }

    String output() {
        return session().text("output");
    }

    String chip(String testId) {
        return session().text(testId);
    }
}
