package com.cascade4arm.app.ui;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The console on a 390×844 phone screen (Chromium's device emulation, touch enabled) against the real gateway: every
 * flow works without sideways page scrolling, results stack in reading order, tables keep their first column
 * readable, and every touch target is at least 44 px tall. Screenshots of each tab land in target/screenshots/phone.
 */
class PhoneLayoutIT {
    static final int PHONE_WIDTH_PX = 390;
    static final int PHONE_HEIGHT_PX = 844;
    /** WCAG 2.5.5 (AAA) / platform guidelines: what a finger hits reliably. */
    static final int MIN_TOUCH_TARGET_PX = 44;
    /** A first table column narrower than this shows only a few letters. */
    static final int MIN_FIRST_COLUMN_PX = 90;

    @RegisterExtension
    static final BrowserExtension browser = new BrowserExtension();

    private final ConsolePage console = new ConsolePage(browser);

    @BeforeEach
    void emulateAPhone() {
        browser.session().driver().executeCdpCommand("Emulation.setDeviceMetricsOverride", Map.of(
                "width", PHONE_WIDTH_PX, "height", PHONE_HEIGHT_PX, "deviceScaleFactor", 1, "mobile", true));
        browser.session().driver().executeCdpCommand("Emulation.setTouchEmulationEnabled", Map.of("enabled", true, "maxTouchPoints", 5));
    }

    @AfterEach
    void backToTheDesktop() {
        browser.session().driver().executeCdpCommand("Emulation.clearDeviceMetricsOverride", Map.of());
        browser.session().driver().executeCdpCommand("Emulation.setTouchEmulationEnabled", Map.of("enabled", false));
    }

    @Test
    void compareStacksInReadingOrderWithFingerSizedTargets() {
        console.open("#compare");
        ComparePage compare = new ComparePage(browser.session());
        assertFitsThePhone("compare idle");
        assertThat(browser.session().driver().findElement(org.openqa.selenium.By.linkText("Metrics")).isDisplayed())
                .as("Metrics link on a phone").isTrue();
        assertThat(browser.session().script("return getComputedStyle(document.querySelector('[data-testid=run] .kbd')).display"))
                .as("no Ctrl ↵ hint on a touch screen").isEqualTo("none");

        browser.session().byTestId("example-code").click();
        compare.setMaxTokens(16);
        browser.session().byTestId("run").click();
        compare.awaitRaceEnded();

        List<Number> tops = topsOf("[data-testid=prompt]", ".compare__routing", "[data-testid=race-summary]",
                "[data-testid=column-cascade]", "[data-testid=column-baseline]", "[data-testid=column-hosted]");
        assertThat(tops).as("prompt, routing, race summary, cascade, baseline, hosted from top to bottom")
                .isSortedAccordingTo((a, b) -> Double.compare(a.doubleValue(), b.doubleValue()));
        assertThat(clippedTexts(".chip__label, .race-column .status__text")).as("labels cut off").isEmpty();
        assertFitsThePhone("compare results");
        browser.session().fullPageScreenshot(BrowserExtension.SCREENSHOTS.resolve("phone"), "compare");
    }

    @Test
    void benchmarkTablesKeepTheirFirstColumnReadable() {
        BenchmarkPage bench = new BenchmarkPage(browser.session());
        console.open("#benchmark");
        Map<String, Object> started = bench.startRunViaApi(
                "{\"prompts\":10,\"levels\":[1],\"requests_per_level\":5,\"max_tokens\":4}");
        assertThat(started.get("status")).as("small run started: %s", started).isEqualTo(202L);
        console.open("#benchmark");
        ConsolePage.awaitLong("a finished run on screen").until(() -> "done".equals(bench.status())
                && !bench.tableRows("bench-table").isEmpty());

        assertFitsThePhone("benchmark results");
        assertThat(firstColumnWidth("[data-testid=bench-table]")).as("first column of the results table")
                .isGreaterThanOrEqualTo(MIN_FIRST_COLUMN_PX);
        browser.session().fullPageScreenshot(BrowserExtension.SCREENSHOTS.resolve("phone"), "benchmark");
    }

    @Test
    void rulesEditorAndDryRunFitThePhone() {
        console.open("#rules");
        RulesPage rules = new RulesPage(browser.session());
        rules.awaitLoaded();
        assertFitsThePhone("rules idle");
        Number hintWidth = (Number) browser.session().script(
                "return document.querySelector('[data-testid=rules-editor-keys]').getBoundingClientRect().width");
        assertThat(hintWidth.doubleValue()).as("the editor's status line is not one word per line").isGreaterThan(PHONE_WIDTH_PX / 2.0);

        rules.selectFile("length-routing.drl").replaceInEditor("approxTokens >= 300", "approxTokens >= 5");
        rules.click("rules-dry-run");
        ConsolePage.awaitLong("dry-run shown").until(() -> browser.session().byTestId("dry-run-card").isDisplayed());

        assertFitsThePhone("rules dry-run");
        assertThat(firstColumnWidth("[data-testid=dry-run-table]")).as("prompt column of the dry-run")
                .isGreaterThanOrEqualTo(MIN_FIRST_COLUMN_PX);
        browser.session().fullPageScreenshot(BrowserExtension.SCREENSHOTS.resolve("phone"), "rules-dry-run");
        rules.click("rules-revert");
    }

    /** No sideways page scrolling, and every visible control is at least 44 px tall. */
    private void assertFitsThePhone(String state) {
        Number overflow = (Number) browser.session().script(
                "return document.documentElement.scrollWidth - document.documentElement.clientWidth");
        assertThat(overflow.intValue()).as("%s: page wider than the screen by", state).isLessThanOrEqualTo(0);
        @SuppressWarnings("unchecked")
        List<String> small = (List<String>) browser.session().script("""
                const targets = 'button, [role=tab], input:not([type=radio]):not([type=checkbox]), select, textarea, summary, '
                  + 'a[href], .segmented__option span, .check span';
                return [...document.querySelectorAll(targets)].filter((el) => {
                  const r = el.getBoundingClientRect();
                  return r.width > 0 && r.height > 0 && el.offsetParent !== null && r.height < arguments[0]
                    && !el.closest('.skip-link, dialog:not([open]), .table-scroll tbody');
                }).map((el) => (el.dataset.testid || el.className || el.tagName) + ' ' + Math.round(el.getBoundingClientRect().height) + 'px');
                """, MIN_TOUCH_TARGET_PX);
        assertThat(small).as("%s: touch targets under %d px", state, MIN_TOUCH_TARGET_PX).isEmpty();
    }

    @SuppressWarnings("unchecked")
    private List<Number> topsOf(String... selectors) {
        return (List<Number>) browser.session().script(
                "return arguments[0].map((s) => document.querySelector(s).getBoundingClientRect().top + scrollY)", List.of(selectors));
    }

    @SuppressWarnings("unchecked")
    private List<String> clippedTexts(String selector) {
        return (List<String>) browser.session().script("""
                return [...document.querySelectorAll(arguments[0])].filter((el) => el.offsetParent !== null
                  && el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent);
                """, selector);
    }

    private double firstColumnWidth(String tableSelector) {
        return ((Number) browser.session().script(
                "return document.querySelector(arguments[0] + ' tbody tr > :first-child').getBoundingClientRect().width",
                tableSelector)).doubleValue();
    }
}
