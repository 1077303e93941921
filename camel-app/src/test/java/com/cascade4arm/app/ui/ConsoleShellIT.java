package com.cascade4arm.app.ui;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The console shell in real Chromium against the real gateway: tabs, their URL hash and keyboard use, health. */
class ConsoleShellIT {
    @RegisterExtension
    static final BrowserExtension browser = new BrowserExtension();

    private final ConsolePage page = new ConsolePage(browser);

    @Test
    void showsEveryTabWithCompareSelectedFirst() {
        page.open("");

        assertThat(page.tabs()).extracting(WebElement::getText).containsExactly("Compare", "Benchmark", "Rules", "Keys",
                "Requests");
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
        assertThat(page.selectedTab()).isEqualTo("requests");

        browser.session().byTestId("tab-requests").sendKeys(Keys.ARROW_RIGHT);
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
    void adminTokenButtonSavesTheTokenForThisTabAndForgetsItOnRequest() {
        page.open("").forgetAdminToken();
        page.open("");
        assertThat(browser.session().text("admin-button-label")).isEqualTo("Admin token");

        browser.session().byTestId("admin-button").click();
        page.enterAdminToken("some-token");

        ConsolePage.await("dialog closed").until(() -> !page.adminDialogOpen());
        assertThat(browser.session().text("admin-button-label")).isEqualTo("Admin token set");
        assertThat(browser.session().script("return sessionStorage.getItem('cascade4arm.adminToken')"))
                .as("token kept in sessionStorage").isEqualTo("some-token");

        browser.session().byTestId("admin-button").click();
        ConsolePage.await("dialog open").until(page::adminDialogOpen);
        browser.session().byTestId("admin-token-forget").click();

        assertThat(page.adminDialogOpen()).isFalse();
        assertThat(browser.session().text("admin-button-label")).isEqualTo("Admin token");
        assertThat(browser.session().script("return sessionStorage.getItem('cascade4arm.adminToken')")).isNull();
    }

    @Test
    @SuppressWarnings("unchecked")
    void servesChartJsFromItsWebJar() {
        page.open("");

        Map<String, Object> answer = (Map<String, Object>) browser.session().asyncScript("""
                const done = arguments[arguments.length - 1];
                fetch('/webjars/chart.js/4.5.1/dist/chart.umd.js').then(async (r) => done({ status: r.status,
                  type: r.headers.get('Content-Type'), head: (await r.text()).slice(0, 40) }), (e) => done({ error: String(e) }));
                """);

        assertThat(answer).containsEntry("status", 200L);
        assertThat((String) answer.get("type")).contains("javascript");
        assertThat((String) answer.get("head")).contains("Chart.js v4.5.1");
    }

    @Test
    void theConsoleRunsUnderItsContentSecurityPolicy() {
        page.open("");
        for (String tab : List.of("compare", "benchmark", "rules")) {
            browser.session().byTestId("tab-" + tab).click();
            ConsolePage.await(tab + " shown").until(() -> browser.session().byTestId("tab-" + tab)
                    .getAttribute("aria-selected").equals("true"));
        }
        browser.session().byTestId("health").click();
        assertThat(browser.session().cspViolations()).as("nothing the console needs is blocked").isEmpty();
        assertThat((String) browser.session().asyncScript("""
                const done = arguments[arguments.length - 1];
                fetch('/').then((r) => done(r.headers.get('Content-Security-Policy')), (e) => done(String(e)));
                """)).contains("script-src 'self'", "style-src 'self'", "frame-ancestors 'none'");
    }

    private String focusedTestId() {
        return (String) browser.session().script("return document.activeElement.dataset.testid || null");
    }
}
