package com.cascade4arm.app.ui;

import com.cascade4arm.app.TestGateway;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The console at the two screens a newcomer is most likely to use — a 1366×768 laptop and a 390×844 phone — against
 * the real gateway: the prompt, an example and Run are on the first screen without scrolling; after Run the race's
 * heading is below the sticky header (WCAG 2.4.11); the hosted API's skip reason is said once and its column is slim;
 * every table is either fully visible or scrolls in its box with a visible cue; repeated races show medians with their
 * range and one race says it is one sample. Screenshots land in target/screenshots/screens.
 */
class ScreenSizesIT {
    /** Both screens the audit measured. */
    enum Screen {
        LAPTOP(1366, 768, false), PHONE(390, 844, true);

        final int width;
        final int height;
        final boolean mobile;

        Screen(int width, int height, boolean mobile) {
            this.width = width;
            this.height = height;
            this.mobile = mobile;
        }
    }

    @RegisterExtension
    static final BrowserExtension browser = new BrowserExtension();

    private final ConsolePage console = new ConsolePage(browser);

    private void use(Screen screen) {
        use(browser, screen);
    }

    /** Emulates {@code screen} in the browser of {@code browser} (also for other console tests). */
    static void use(BrowserExtension browser, Screen screen) {
        browser.session().driver().executeCdpCommand("Emulation.setDeviceMetricsOverride", Map.of(
                "width", screen.width, "height", screen.height, "deviceScaleFactor", 1, "mobile", screen.mobile));
        browser.session().driver().executeCdpCommand("Emulation.setTouchEmulationEnabled",
                screen.mobile ? Map.of("enabled", true, "maxTouchPoints", 5) : Map.of("enabled", false));
        // Scrolling is instant, so a position read after Run is where the page ends up.
        browser.session().driver().executeCdpCommand("Emulation.setEmulatedMedia", Map.of("features",
                List.of(Map.of("name", "prefers-reduced-motion", "value", "reduce"))));
    }

    /** Back to the browser's own window. */
    static void reset(BrowserExtension browser) {
        browser.session().driver().executeCdpCommand("Emulation.clearDeviceMetricsOverride", Map.of());
        browser.session().driver().executeCdpCommand("Emulation.setTouchEmulationEnabled", Map.of("enabled", false));
        browser.session().driver().executeCdpCommand("Emulation.setEmulatedMedia", Map.of("features", List.of()));
    }

    @AfterEach
    void backToTheDefaultWindow() {
        reset(browser);
    }

    @ParameterizedTest
    @EnumSource(Screen.class)
    void promptExampleAndRunAreOnTheFirstScreen(Screen screen) {
        use(screen);
        console.open("#compare");
        assertThat(outsideTheFirstScreen("[data-testid=prompt]", "[data-testid=example-factual]", "[data-testid=run]"))
                .as("%s: elements not fully visible before any scrolling", screen).isEmpty();
        screenshot(screen, "compare-first-screen");
    }

    @ParameterizedTest
    @EnumSource(Screen.class)
    void afterRunTheRaceIsBelowTheStickyHeaderAndTheSkipReasonIsSaidOnce(Screen screen) {
        use(screen);
        console.open("#compare");
        ComparePage compare = new ComparePage(browser.session());
        browser.session().byTestId("example-factual").click();
        compare.setMaxTokens(8).greedy();
        browser.session().byTestId("run").click();
        compare.awaitRaceEnded();

        Map<?, ?> boxes = (Map<?, ?>) browser.session().script("""
                const header = document.querySelector('.app-header').getBoundingClientRect();
                const heading = document.querySelector('[data-testid=race-summary] .card__title').getBoundingClientRect();
                return { headerBottom: header.bottom, headingTop: heading.top, headingBottom: heading.bottom, height: innerHeight };
                """);
        assertThat(((Number) boxes.get("headingTop")).doubleValue()).as("%s: race heading top vs header bottom %s", screen, boxes)
                .isGreaterThanOrEqualTo(((Number) boxes.get("headerBottom")).doubleValue());
        assertThat(((Number) boxes.get("headingBottom")).doubleValue()).as("%s: race heading inside the viewport %s", screen, boxes)
                .isLessThanOrEqualTo(((Number) boxes.get("height")).doubleValue());

        // The shared gateway has no hosted API key: its reason is said once, in the hosted column.
        Number mentions = (Number) browser.session().script(
                "return document.body.innerText.split('OPENROUTER_API_KEY').length - 1");
        assertThat(mentions.intValue()).as("%s: times the hosted skip reason is shown", screen).isEqualTo(1);
        assertThat(compare.columnText(ComparePage.HOSTED, "notice")).contains("OPENROUTER_API_KEY");
        double hosted = height("[data-testid=column-hosted]");
        double cascade = height("[data-testid=column-cascade]");
        assertThat(hosted).as("%s: a skipped system's column is a slim row (cascade column %s px)", screen, cascade)
                .isLessThan(cascade / 2);
        assertThat(browser.session().text("race-noise")).as("a single race says it is one sample")
                .startsWith("One race is one sample");
        screenshot(screen, "compare-after-run");
    }

    @ParameterizedTest
    @EnumSource(Screen.class)
    void everyTableIsFullyVisibleOrScrollsWithAVisibleCue(Screen screen) {
        use(screen);
        BenchmarkPage bench = new BenchmarkPage(browser.session());
        console.open("#benchmark");
        browser.session().script("""
                const message = document.querySelector('[data-testid=bench-message]');
                window.__messages = [];
                new MutationObserver(() => window.__messages.push(message.textContent))
                  .observe(message, { childList: true, characterData: true, subtree: true });
                """);
        bench.configure(10, List.of(1), 5, 4).run();
        if (!"true".equals(browser.session().byTestId("admin-button").getDomAttribute("data-token"))) {
            console.enterAdminToken(TestGateway.ADMIN_TOKEN); // the first Run asks for the token, then starts
        }
        ConsolePage.await("run started").until(() -> String.valueOf(browser.session().script("return window.__messages"))
                .contains("Started run"));
        ConsolePage.awaitLong("a finished run on screen").until(() -> "done".equals(bench.status())
                && !bench.tableRows("bench-table").isEmpty());

        assertThat(clippedWithoutCue()).as("%s: tables cut off without a scroll cue", screen).isEmpty();
        for (String target : List.of("cascade", "baseline")) { // the run's cost figures, at this size too
            WebElement card = browser.session().byTestId("bench-card-" + target);
            assertThat(ConsolePage.textIn(card, "card-usd-per-m")).as("%s: %s $/M", screen, target).contains("/M output tokens");
        }
        assertThat(browser.session().byTestId("bench-categories").isDisplayed()).as("%s: category confusion table", screen)
                .isTrue();
        ConsolePage.await("\"Started run …\" cleared when the run ended")
                .until(() -> !browser.session().byTestId("bench-message").isDisplayed());
        browser.session().fullPageScreenshot(BrowserExtension.SCREENSHOTS.resolve("screens"), screen.name().toLowerCase() + "-benchmark");
    }

    @Test
    void repeatedRacesShowMediansWithTheirRangeAndTheDraftOnOff() {
        use(Screen.LAPTOP);
        console.open("#compare");
        ComparePage compare = new ComparePage(browser.session());
        browser.session().byTestId("example-code").click();
        compare.setMaxTokens(16).greedy();
        new Select(browser.session().byTestId("repeat")).selectByValue("3");
        browser.session().driver().findElement(By.cssSelector("label[for=draft-off]")).click();
        browser.session().byTestId("run").click();
        ConsolePage.awaitLong("three races and three draft-off races").atMost(java.time.Duration.ofMinutes(3))
                .until(() -> !compare.running() && browser.session().byTestId("run").isEnabled());

        assertThat(compare.raceStatus()).as("race status").startsWith("3 races finished");
        assertThat(browser.session().text("spread-cascade")).as("cascade: median with min–max over 3 races")
                .contains("n=3").contains("–");
        assertThat(browser.session().text("spread-baseline")).as("baseline: median with min–max").contains("n=3");
        assertThat(browser.session().byTestId("race-noise").isDisplayed()).as("no one-sample note after 3 races").isFalse();
        assertThat(browser.session().text("draft-speedup")).as("what the draft buys, from 3 pairs")
                .startsWith("Speculative decoding").contains("×").contains("3 pairs");
        screenshot(Screen.LAPTOP, "compare-repeated-draft");

        use(Screen.PHONE); // the same results on a phone: readable, or scrolling with a cue
        for (String id : List.of("spread-cascade", "spread-baseline", "draft-speedup")) {
            assertThat(browser.session().byTestId(id).isDisplayed()).as("phone: " + id + " shown").isTrue();
        }
        assertThat(clippedWithoutCue()).as("phone: tables cut with no scroll cue").isEmpty();
        screenshot(Screen.PHONE, "compare-repeated-draft");
    }

    @ParameterizedTest
    @EnumSource(Screen.class)
    void samplingDisclosureShowsItsMarkerAndPlaceholdersReadAsDefaults(Screen screen) {
        use(screen);
        console.open("#compare");
        String marker = (String) browser.session().script(
                "return getComputedStyle(document.querySelector('.compare-sampling > summary'), '::before').borderLeftWidth");
        assertThat(marker).as("the Sampling summary's disclosure triangle").isNotEqualTo("0px");
        browser.session().driver().findElement(By.cssSelector(".compare-sampling > summary")).click();
        String placeholder = browser.session().byTestId("compare-temperature").getDomAttribute("placeholder");
        assertThat(placeholder).as("a placeholder names itself a default").startsWith("default");
        assertThat(browser.session().script(
                "return getComputedStyle(document.querySelector('[data-testid=compare-temperature]'), '::placeholder').fontStyle"))
                .as("placeholder styled unlike a value").isEqualTo("italic");
        assertThat(browser.session().byTestId("hosted-reasoning").isDisplayed()).as("hosted reasoning choice").isTrue();
    }

    @ParameterizedTest
    @EnumSource(Screen.class)
    void modelFactsAreReadFromTheServersAtBothSizes(Screen screen) {
        use(screen);
        console.open("#compare");
        ComparePage compare = new ComparePage(browser.session());
        ConsolePage.await("panels described").until(() -> browser.session().allByTestId("system-about").size() == 3);
        assertThat(compare.columnText(ComparePage.CASCADE, "system-model")).as("%s: the demo files' quantization", screen)
                .contains("Q4_0", "all F32").doesNotContain("Q8_0");
        assertThat(compare.columnText(ComparePage.BASELINE, "system-model")).as("%s: as its server reports it", screen)
                .contains("F16");
        screenshot(screen, "compare-model-facts");
    }

    /** Tables of the page that are cut off without a scroll box, an overflow cue and a visible hint. */
    @SuppressWarnings("unchecked")
    private List<String> clippedWithoutCue() {
        return (List<String>) browser.session().script("""
                const problems = [];
                for (const table of document.querySelectorAll('main table')) {
                  if (table.offsetParent === null) continue;
                  const name = table.dataset.testid || table.querySelector('caption')?.textContent || table.className;
                  const box = table.closest('.table-scroll');
                  const room = box ? box.clientWidth : table.parentElement.clientWidth;
                  const r = table.getBoundingClientRect();
                  const clipped = table.scrollWidth > room + 1 || r.right > innerWidth + 1;
                  if (!clipped) continue;
                  if (!box) { problems.push(name + ': cut, not in a scroll box'); continue; }
                  if (!['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) problems.push(name + ': cut, box does not scroll');
                  if (!['more', 'end'].includes(box.dataset.overflow)) problems.push(name + ': cut, no overflow cue (' + box.dataset.overflow + ')');
                  const hint = box.previousElementSibling;
                  if (!hint || !hint.classList.contains('scroll-hint') || hint.offsetParent === null) problems.push(name + ': cut, no visible "scroll →" hint');
                }
                return problems;
                """);
    }

    /** Selectors whose box is not fully inside the viewport while the page is scrolled to the top. */
    @SuppressWarnings("unchecked")
    private List<String> outsideTheFirstScreen(String... selectors) {
        return (List<String>) browser.session().script("""
                scrollTo(0, 0);
                return arguments[0].filter((s) => {
                  const el = document.querySelector(s);
                  if (!el || el.offsetParent === null) return true;
                  const r = el.getBoundingClientRect();
                  return r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth;
                }).map((s) => s + ' ' + JSON.stringify(document.querySelector(s)?.getBoundingClientRect()));
                """, List.of(selectors));
    }

    private double height(String selector) {
        return ((Number) browser.session().script(
                "return document.querySelector(arguments[0]).getBoundingClientRect().height", selector)).doubleValue();
    }

    private void screenshot(Screen screen, String name) {
        browser.session().screenshot(BrowserExtension.SCREENSHOTS.resolve("screens"), screen.name().toLowerCase() + "-" + name);
    }
}
