package com.cascade4arm.app.ui;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The console shell in real Chromium against the real gateway: tabs, their URL hash and keyboard use, health. */
class ConsoleShellIT {
    @RegisterExtension
    static final BrowserExtension browser = new BrowserExtension();

    private final ConsolePage page = new ConsolePage(browser);

    @Test
    void showsCompareBenchmarkAndRulesTabsWithCompareSelectedFirst() {
        page.open("");

        assertThat(page.tabs()).extracting(WebElement::getText).containsExactly("Compare", "Benchmark", "Rules");
        assertThat(page.selectedTab()).isEqualTo("compare");
        assertThat(page.panelVisible("compare")).isTrue();
        assertThat(page.panelVisible("benchmark")).isFalse();
        assertThat(page.panelVisible("rules")).isFalse();
    }

    @Test
    void keepsTheSelectedTabInTheUrlHash() {
        page.open("");

        browser.session().byTestId("tab-benchmark").click();
        assertThat(page.hash()).isEqualTo("#benchmark");
        assertThat(page.panelVisible("benchmark")).as("benchmark panel after click").isTrue();
        assertThat(page.panelVisible("compare")).isFalse();

        page.open("#rules");
        assertThat(page.selectedTab()).as("tab selected by a loaded #rules").isEqualTo("rules");

        browser.session().driver().navigate().back();
        ConsolePage.await("back to #benchmark").until(() -> page.selectedTab().equals("benchmark"));
        assertThat(page.panelVisible("benchmark")).isTrue();
    }

    @Test
    void movesBetweenTabsWithArrowHomeAndEndKeys() {
        page.open("#compare");
        WebElement compare = browser.session().byTestId("tab-compare");
        compare.click();

        compare.sendKeys(Keys.ARROW_RIGHT);
        assertThat(page.selectedTab()).isEqualTo("benchmark");
        assertThat(focusedTestId()).as("focus follows the selection").isEqualTo("tab-benchmark");

        browser.session().byTestId("tab-benchmark").sendKeys(Keys.END);
        assertThat(page.selectedTab()).isEqualTo("rules");

        browser.session().byTestId("tab-rules").sendKeys(Keys.ARROW_RIGHT);
        assertThat(page.selectedTab()).as("arrow right wraps around").isEqualTo("compare");

        browser.session().byTestId("tab-compare").sendKeys(Keys.HOME);
        assertThat(page.selectedTab()).isEqualTo("compare");
        assertThat(page.hash()).isEqualTo("#compare");
        assertThat(browser.session().byTestId("tab-benchmark").getAttribute("tabindex"))
                .as("only the selected tab is in the tab order").isEqualTo("-1");
    }

    @Test
    void showsGatewayHealthWithEachEndpoint() {
        page.open("");

        ConsolePage.await("health dot turns ok").until(() ->
                "ok".equals(browser.session().byTestId("health").getAttribute("data-state")));
        assertThat(browser.session().text("health-label")).isEqualTo("Healthy");

        browser.session().driver().findElement(By.cssSelector(".health__summary")).click();
        List<WebElement> rows = browser.session().byTestId("health-endpoints").findElements(By.tagName("tr"));
        assertThat(rows).extracting(row -> row.findElement(By.tagName("td")).getText())
                .as("one row per upstream endpoint, by pool").contains("small", "large");
        assertThat(rows).extracting(WebElement::getText).allSatisfy(text -> assertThat(text).contains("healthy"));
        browser.session().screenshot(BrowserExtension.SCREENSHOTS, "health");
    }

    @Test
    void describesUpcomingTabsWithoutOfferingControlsThatDoNothing() {
        for (String tab : List.of("benchmark", "rules")) {
            page.open("#" + tab);
            WebElement panel = browser.session().driver().findElement(By.id("panel-" + tab));
            String text = panel.getDomProperty("textContent");

            assertThat(text).as(tab + " says what it will do").contains("What it will do", "API it will use");
            assertThat(browser.session().text("plan-status")).isEqualTo("Coming in a later round");
            assertThat(panel.findElements(By.cssSelector("button, input, textarea, select")))
                    .as(tab + " has no fake controls").isEmpty();
        }
    }

    @Test
    void marksOnlyApisTheGatewayServesAsAvailable() {
        for (String tab : List.of("benchmark", "rules")) {
            page.open("#" + tab);
            List<WebElement> rows = browser.session().driver().findElements(By.cssSelector("#panel-" + tab + " .plan__apis tbody tr"));
            assertThat(rows).as(tab + " API rows").isNotEmpty();
            for (WebElement row : rows) {
                String call = row.findElement(By.tagName("code")).getText();
                String state = row.findElement(By.cssSelector(".pill")).getText();
                assertThat(state).as(call).isIn("available", "planned");
                if (state.equals("available") && call.startsWith("GET ") && !call.contains(":")) {
                    Object status = browser.session().asyncScript(
                            "const done = arguments[1]; fetch(arguments[0]).then(r => done(r.status), e => done(String(e)));",
                            call.substring(4));
                    assertThat(((Number) status).intValue()).as("%s is marked available on the %s tab", call, tab)
                            .isEqualTo(200);
                }
            }
        }
    }

    private String focusedTestId() {
        return (String) browser.session().script("return document.activeElement.dataset.testid || null");
    }
}
