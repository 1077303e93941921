package com.cascade4arm.app.ui;

import com.cascade4arm.app.TestGateway;
import com.cascade4arm.testing.http.HttpTestClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * axe-core (WCAG 2.2 A/AA rules) on every tab of the console in each state a user meets — idle, running, results,
 * problems, dry-run, dialogs — in real Chromium against the real gateway. A serious or critical violation fails; every
 * state's summary is also written to target/accessibility/axe-summary.txt.
 */
class AccessibilityIT {
    static final Path SUMMARY = Path.of("target", "accessibility", "axe-summary.txt");
    private static final List<Integer> LEVELS = List.of(1, 2);
    private static final int REQUESTS_PER_LEVEL = 5; // at least one request per category

    @RegisterExtension
    static final BrowserExtension browser = new BrowserExtension();

    private final ConsolePage console = new ConsolePage(browser);
    private final List<String> blocking = new ArrayList<>();
    private Long originalRulesVersion;
    private String originalRulesSha;

    @Test
    void compareTabPassesAxeIdleRunningAndWithResults() {
        console.open("#compare");
        ComparePage compare = new ComparePage(browser.session());
        scan("compare", "idle");
        compare.typePrompt("Write a Python function that reverses a string.").setMaxTokens(24).runWithKeyboard();
        ConsolePage.await("race running").until(compare::running);
        scan("compare", "running");
        compare.awaitRaceEnded();
        scan("compare", "results");
        assertNoBlockingViolations();
    }

    @Test
    void benchmarkTabPassesAxeIdleInTheTokenDialogRunningAndWithResults() {
        console.open("#benchmark").forgetAdminToken();
        BenchmarkPage bench = new BenchmarkPage(browser.session());
        ConsolePage.await("form shown").until(() -> browser.session().byTestId("bench-run").isDisplayed());
        scan("benchmark", "idle");
        bench.configure(10, LEVELS, REQUESTS_PER_LEVEL, 8);
        String before = bench.runOnScreen();
        bench.run();
        ConsolePage.await("token dialog").until(console::adminDialogOpen);
        scan("benchmark", "dialog");
        console.enterAdminToken(TestGateway.ADMIN_TOKEN);
        ConsolePage.await("run on screen").until(() -> bench.runOnScreen() != null && !bench.runOnScreen().equals(before));
        scan("benchmark", "running");
        ConsolePage.awaitLong("run finished").until(() -> !bench.status().equals("running"));
        ConsolePage.await("charts drawn").until(() -> bench.pointsIn("throughput") > 0);
        scan("benchmark", "results");
        assertNoBlockingViolations();
    }

    @Test
    void rulesTabPassesAxeLoadedWithProblemsDryRunInTheDialogAndWithADiff() {
        console.open("#rules").forgetAdminToken();
        RulesPage rules = new RulesPage(browser.session());
        Map<String, Object> active = rules.activeRules();
        originalRulesVersion = ((Number) active.get("version")).longValue();
        originalRulesSha = (String) active.get("sha256");
        rules.awaitLoaded();
        scan("rules", "idle");

        rules.selectFile("category-routing.drl").replaceInEditor("Decision( route == null, category == \"code\" )",
                "NoSuchFact( route == null, category == \"code\" )");
        rules.click("rules-validate");
        ConsolePage.await("problems listed").until(() -> !browser.session().allByTestId("rules-problem").isEmpty());
        scan("rules", "problems");

        rules.click("rules-revert");
        rules.selectFile("length-routing.drl").replaceInEditor("approxTokens >= 300", "approxTokens >= 5");
        rules.click("rules-dry-run");
        ConsolePage.awaitLong("dry-run done").until(() -> browser.session().byTestId("dry-run-card").isDisplayed());
        scan("rules", "dry-run");

        rules.click("rules-activate");
        ConsolePage.await("a dialog open").until(() -> Boolean.TRUE.equals(browser.session().script(
                "return [...document.querySelectorAll('dialog')].some((d) => d.open)")));
        scan("rules", "dialog");
        browser.session().script("document.querySelectorAll('dialog[open]').forEach((d) => d.close())");

        pickFirstOtherVersion(rules);
        scan("rules", "diff");
        assertNoBlockingViolations();
    }

    @Test
    void keysAndRequestsTabsPassAxeWithoutTokenCreatingWithASecretConfirmingAndExpanded() {
        BrowserSession page = browser.session();
        console.open("#compare").forgetAdminToken();
        console.open("#keys");
        ConsolePage.await("the token gate").until(() -> page.byTestId("keys-gate").isDisplayed());
        scan("keys", "no-token");
        page.byTestId("keys-gate-button").click();
        console.enterAdminToken(TestGateway.ADMIN_TOKEN);
        ConsolePage.await("keys listed").until(() -> !page.byTestId("keys-gate").isDisplayed());
        page.byTestId("keys-new").click();
        ConsolePage.await("create form").until(() -> page.byTestId("keys-create-card").isDisplayed());
        scan("keys", "create");
        page.byTestId("key-create-alias").sendKeys("axe-" + System.nanoTime());
        page.byTestId("key-create-daily").sendKeys("1");
        page.byTestId("key-create-submit").click();
        ConsolePage.await("secret and details").until(() -> page.byTestId("key-secret-panel").isDisplayed()
                && page.byTestId("key-details").isDisplayed());
        scan("keys", "secret-and-details");
        page.byTestId("key-revoke").click();
        ConsolePage.await("revoke confirmation").until(() -> console.dialogOpen("keys-confirm"));
        scan("keys", "dialog");
        page.byTestId("keys-confirm-submit").click();

        HttpTestClient http = new HttpTestClient(browser.url("/"));
        assertThat(http.post("/v1/chat/completions", HttpTestClient.chat("Hello there", 4, false)).status()).isEqualTo(200);
        page.byTestId("tab-requests").click();
        page.byTestId("requests-refresh").click();
        ConsolePage.await("requests listed").until(() -> !page.allByTestId("request-row").isEmpty());
        scan("requests", "listed");
        page.driver().findElement(org.openqa.selenium.By.cssSelector(
                "[data-testid=request-row][data-status=\"200\"] [data-testid=request-toggle]")).click();
        ConsolePage.await("explanation open").until(() -> page.byTestId("request-details").isDisplayed());
        scan("requests", "expanded");
        assertNoBlockingViolations();
    }

    @AfterEach
    void restoreTheSharedGatewaysRules() {
        if (originalRulesSha != null) {
            new RulesPage(browser.session()).restoreActive(originalRulesSha, originalRulesVersion);
        }
    }

    /** Opens the diff of some version other than the active one (the history always has the seed version). */
    private void pickFirstOtherVersion(RulesPage rules) {
        var other = rules.versions().stream().filter(v -> !"true".equals(v.getAttribute("data-active"))).findFirst();
        if (other.isEmpty()) {
            rules.versions().get(0).findElement(org.openqa.selenium.By.tagName("button")).click();
        } else {
            other.get().findElement(org.openqa.selenium.By.tagName("button")).click();
        }
        ConsolePage.await("diff shown").until(() -> browser.session().byTestId("rules-diff-card").isDisplayed());
    }

    private void scan(String tab, String state) {
        List<AxeScan.Violation> violations = AxeScan.scan(browser.session());
        browser.session().fullPageScreenshot(BrowserExtension.SCREENSHOTS.resolve("desktop"), tab + "-" + state);
        String line = tab + " / " + state + ": " + AxeScan.summary(violations);
        record(line);
        violations.stream().filter(AxeScan.Violation::blocking).forEach(v -> blocking.add(tab + " / " + state + ": " + v));
    }

    private void assertNoBlockingViolations() {
        assertThat(blocking).as("serious or critical axe-core violations").isEmpty();
    }

    private static synchronized void record(String line) {
        System.out.println("[axe] " + line);
        try {
            Files.createDirectories(SUMMARY.getParent());
            Files.writeString(SUMMARY, line + System.lineSeparator(), StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
