package com.cascade4arm.app.ui;

import org.awaitility.Awaitility;
import org.awaitility.core.ConditionFactory;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;

import java.net.URI;
import java.time.Duration;
import java.util.List;

/** The console shell as a user sees it — tabs, URL hash, the admin-token dialog — addressed by data-testid. */
final class ConsolePage {
    /** Longest a page or a tab takes to appear. */
    static final Duration UI_TIMEOUT = Duration.ofSeconds(15);
    /** Longest a demo-model answer (or a small benchmark) takes end to end on 2 shared cores. */
    static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(60);

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
        return openAt(browser.url(hash));
    }

    /** {@link #open} for a console at another URL (a gateway of the test's own). */
    ConsolePage openAt(URI url) {
        session().open(url);
        session().script("localStorage.clear()"); // kept rule drafts and dismissed notices belong to one test
        session().driver().navigate().refresh();
        await("console script ready").until(() -> "true".equals(session().script("return document.body.dataset.ready || null")));
        session().script("window.scrollTo(0, 0)"); // a reload restores the previous test's scroll position
        return this;
    }

    static ConditionFactory await(String what) {
        return Awaitility.await(what).atMost(UI_TIMEOUT).pollInterval(Duration.ofMillis(50)).ignoreExceptions();
    }

    static ConditionFactory awaitLong(String what) {
        return Awaitility.await(what).atMost(ANSWER_TIMEOUT).pollInterval(Duration.ofMillis(100)).ignoreExceptions();
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

    /** textContent of the element with {@code testId} inside {@code root}. */
    static String textIn(WebElement root, String testId) {
        return root.findElement(By.cssSelector("[data-testid=\"" + testId + "\"]")).getDomProperty("textContent");
    }

    /** Drops the admin token this tab saved, so the next admin action asks for it. */
    ConsolePage forgetAdminToken() {
        session().script("sessionStorage.clear()");
        return this;
    }

    boolean adminDialogOpen() {
        return Boolean.TRUE.equals(session().script("return document.querySelector('[data-testid=admin-token-dialog]')?.open === true"));
    }

    /** Waits for the admin-token dialog, types the token and submits it. */
    ConsolePage enterAdminToken(String token) {
        await("admin token dialog open").until(this::adminDialogOpen);
        WebElement input = session().byTestId("admin-token-input");
        input.sendKeys(Keys.chord(Keys.CONTROL, "a"), Keys.DELETE);
        input.sendKeys(token);
        session().byTestId("admin-token-submit").click();
        return this;
    }

    boolean dialogOpen(String testId) {
        return Boolean.TRUE.equals(session().script("return document.querySelector('[data-testid=' + arguments[0] + ']')?.open === true", testId));
    }

    /** Waits for the rules-change confirmation (diff + dry-run) and confirms it. */
    ConsolePage confirmRulesChange() {
        await("confirmation dialog open").until(() -> dialogOpen("confirm-change-dialog"));
        session().byTestId("confirm-change-submit").click();
        return this;
    }

    /** Replaces an input's value the way a user would: select all, type. */
    static void retype(WebElement input, String value) {
        input.sendKeys(Keys.chord(Keys.CONTROL, "a"), Keys.DELETE);
        input.sendKeys(value);
    }
}
