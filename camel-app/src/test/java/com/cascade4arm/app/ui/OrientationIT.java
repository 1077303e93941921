package com.cascade4arm.app.ui;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;

import java.util.List;

import static com.cascade4arm.app.ui.ComparePage.CASCADE;
import static com.cascade4arm.app.ui.ComparePage.HOSTED;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a first-time user sees in real Chromium against the real gateway (embedded demo models, no hosted API key):
 * a heading that says what the product is, a dismissible demo-models notice, the unconfigured hosted API explained
 * before any run, and a race that comes into view with the cascade's route and rule before its first token.
 */
class OrientationIT {
    @RegisterExtension
    static final BrowserExtension browser = new BrowserExtension();

    private final ConsolePage console = new ConsolePage(browser);
    private ComparePage page;

    @BeforeEach
    void openCompare() {
        console.open("#compare");
        page = new ComparePage(browser.session());
    }

    @Test
    void headingSaysWhatTheProductIsOnEveryTab() {
        for (String tab : List.of("#compare", "#benchmark", "#rules")) {
            console.open(tab);
            List<String> headings = browser.session().driver().findElements(By.tagName("h1")).stream()
                    .map(h -> h.getDomProperty("textContent")).toList();
            assertThat(headings).as("h1 on %s", tab).singleElement().asString().startsWith("Cascade4Arm").contains("smallest model");
        }
    }

    @Test
    void demoModelsNoticeIsShownUntilDismissed() {
        ConsolePage.await("demo notice").until(() -> browser.session().byTestId("demo-notice").isDisplayed());
        assertThat(browser.session().text("demo-notice"))
                .contains("Demo models — the text is synthetic, the timings and routing are real.");

        browser.session().byTestId("demo-notice-dismiss").click();
        assertThat(browser.session().allByTestId("demo-notice")).isEmpty();

        browser.session().driver().navigate().refresh();
        ConsolePage.await("console ready").until(() -> "true".equals(browser.session().script("return document.body.dataset.ready || null")));
        ConsolePage.await("setup fetched").until(() -> browser.session().allByTestId("column-hosted").size() == 1
                && page.columnText(HOSTED, "status").equals("Not configured"));
        assertThat(browser.session().allByTestId("demo-notice")).as("dismissed notice after a reload").isEmpty();
    }

    @Test
    void unconfiguredHostedApiSaysHowToSetItBeforeAnyRun() {
        ConsolePage.await("hosted marked").until(() -> page.columnText(HOSTED, "status").equals("Not configured"));
        assertThat(page.columnText(HOSTED, "notice")).startsWith("Not configured — how to set it:").contains("OPENROUTER_API_KEY");
        assertThat(page.columnText(CASCADE, "status")).as("configured systems stay idle").isEqualTo("Idle");
    }

    @Test
    void runBringsTheRaceIntoViewWithTheRouteBeforeTheFirstToken() {
        browser.session().script("""
                const column = document.querySelector('[data-testid=column-cascade]');
                const output = column.querySelector('[data-testid=output]');
                window.__routeAtFirstToken = null;
                new MutationObserver(() => {
                  if (window.__routeAtFirstToken === null && output.textContent) {
                    window.__routeAtFirstToken = column.querySelector('[data-testid=route]').textContent
                      + ' | ' + column.querySelector('[data-testid=rule]').textContent;
                  }
                }).observe(output, { childList: true, characterData: true, subtree: true });
                """);
        page.typePrompt("Write a Python function that finds the longest palindromic substring.").setMaxTokens(16);
        browser.session().byTestId("run").click();

        ConsolePage.await("summary focused").until(() -> "race-summary".equals(
                browser.session().script("return document.activeElement?.dataset?.testid ?? null")));
        ConsolePage.await("summary in view").until(() -> Boolean.TRUE.equals(browser.session().script("""
                const r = document.querySelector('[data-testid=race-summary]').getBoundingClientRect();
                return r.top >= 0 && r.top < innerHeight / 2;
                """)));
        page.awaitRaceEnded();
        String atFirstToken = (String) browser.session().script("return window.__routeAtFirstToken");
        assertThat(atFirstToken).as("route | rule when the first token showed").matches("large \\| .*code.*");
    }
}
