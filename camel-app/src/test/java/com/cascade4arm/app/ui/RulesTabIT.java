package com.cascade4arm.app.ui;

import com.cascade4arm.app.TestGateway;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Rules tab in real Chromium against the real gateway: a threshold edited in the DRL is validated, dry-run on the
 * suite (changed prompts listed first), activated with the admin token — after which a chat request routes by the
 * edited rule — then diffed and rolled back from the history. Broken DRL shows its problems at their lines. The
 * shared gateway's rules are restored after every test.
 */
class RulesTabIT {
    private static final String LENGTH_FILE = "length-routing.drl";
    private static final String LONG_PROMPT_RULE = "length routing: long prompts go large";
    private static final String ORIGINAL_THRESHOLD = "approxTokens >= 300";
    /** Every prompt but the shortest greetings is "long" now: short factual prompts move to the large model. */
    private static final String EDITED_THRESHOLD = "approxTokens >= 5";
    private static final String FACTUAL_PROMPT = "What is the capital of France?";

    @RegisterExtension
    static final BrowserExtension browser = new BrowserExtension();

    private final ConsolePage console = new ConsolePage(browser);
    private RulesPage rules;
    private long originalVersion;
    private String originalSha;

    @BeforeEach
    void openRules() {
        console.open("#rules").forgetAdminToken();
        rules = new RulesPage(browser.session());
        Map<String, Object> active = rules.activeRules();
        originalVersion = ((Number) active.get("version")).longValue();
        originalSha = (String) active.get("sha256");
        rules.awaitLoaded();
    }

    @AfterEach
    void restoreTheSharedGatewaysRules() {
        if (rules != null) {
            rules.restoreActive(originalSha, originalVersion);
        }
    }

    @Test
    void editedThresholdIsDryRunActivatedRoutesChatAndRollsBack() {
        assertThat(rules.chat(FACTUAL_PROMPT).get("rule")).as("rule before the edit").isEqualTo("category routing: factual stays small");
        rules.selectFile(LENGTH_FILE).replaceInEditor(ORIGINAL_THRESHOLD, EDITED_THRESHOLD);
        assertThat(browser.session().byTestId("rules-file-" + LENGTH_FILE).getAttribute("data-modified")).isEqualTo("true");

        rules.click("rules-validate");
        ConsolePage.await("validated").until(() -> rules.message().startsWith("Valid"));
        assertThat(rules.message()).matches("Valid: \\d+ rules compile\\.");

        rules.click("rules-dry-run");
        ConsolePage.awaitLong("dry-run done").until(() -> browser.session().byTestId("dry-run-card").isDisplayed()
                && !rules.dryRunRows().isEmpty());
        int changed = Integer.parseInt(browser.session().byTestId("dry-run-summary").getAttribute("data-changed"));
        assertThat(changed).as("prompts that change route").isPositive();
        assertThat(browser.session().text("dry-run-summary")).startsWith(changed + " of ").contains("to large");
        List<WebElement> rows = rules.dryRunRows();
        assertThat(rows.subList(0, changed)).as("changed prompts listed first")
                .allSatisfy(row -> assertThat(row.getAttribute("data-changed")).isEqualTo("true"));
        assertThat(rows.subList(changed, rows.size())).allSatisfy(row -> assertThat(row.getAttribute("data-changed")).isEqualTo("false"));
        WebElement first = rows.get(0);
        assertThat(ConsolePage.textIn(first, "dry-run-active-route")).isEqualTo("small");
        assertThat(ConsolePage.textIn(first, "dry-run-candidate-route")).isEqualTo("large");
        assertThat(ConsolePage.textIn(first, "dry-run-candidate-rule")).isEqualTo(LONG_PROMPT_RULE);
        browser.session().fullPageScreenshot(BrowserExtension.SCREENSHOTS, "rules-dry-run");

        browser.session().byTestId("rules-comment").sendKeys("lower the long-prompt threshold (browser test)");
        rules.click("rules-activate");
        console.confirmRulesChange().enterAdminToken(TestGateway.ADMIN_TOKEN);
        long activated = originalVersion + 1;
        ConsolePage.await("activated").until(() -> rules.message().startsWith("Activated version"));
        assertThat(rules.message()).startsWith("Activated version " + activated);
        assertThat(browser.session().text("rules-version")).isEqualTo("v" + activated);
        assertThat(rules.selectFile(LENGTH_FILE).editorText()).as("editor reloaded from the server").contains(EDITED_THRESHOLD);

        Map<String, Object> routed = rules.chat(FACTUAL_PROMPT);
        assertThat(routed).as("chat after activation").containsEntry("status", 200L)
                .containsEntry("route", "large").containsEntry("rule", LONG_PROMPT_RULE)
                .containsEntry("version", String.valueOf(activated));

        pickVersion(originalVersion);
        assertThat(browser.session().text("rules-diff-title")).isEqualTo("Version " + originalVersion + " vs active v" + activated);
        assertThat(browser.session().allByTestId("rules-diff-file")).extracting(f -> f.getAttribute("data-file"))
                .containsExactly(LENGTH_FILE);
        assertThat(browser.session().allByTestId("diff-del")).extracting(l -> l.getDomProperty("textContent"))
                .anySatisfy(line -> assertThat(line).contains(EDITED_THRESHOLD));
        assertThat(browser.session().allByTestId("diff-add")).extracting(l -> l.getDomProperty("textContent"))
                .anySatisfy(line -> assertThat(line).contains(ORIGINAL_THRESHOLD));
        browser.session().fullPageScreenshot(BrowserExtension.SCREENSHOTS, "rules-history");

        rules.click("rules-rollback");
        console.confirmRulesChange();
        ConsolePage.await("rolled back").until(() -> rules.message().startsWith("Rolled back"));
        assertThat(rules.message()).isEqualTo("Rolled back: version " + (activated + 1) + " restores v" + originalVersion + ".");
        assertThat(rules.chat(FACTUAL_PROMPT).get("rule")).as("rule after the rollback")
                .isEqualTo("category routing: factual stays small");
        assertThat(rules.activeRules().get("sha256")).as("content after the rollback").isEqualTo(originalSha);
    }

    @Test
    void brokenDrlShowsItsProblemsAtTheirLines() {
        rules.selectFile("category-routing.drl");
        int edited = rules.replaceInEditor("$d : Decision( route == null, category == \"code\" )",
                "$d : NoSuchFact( route == null, category == \"code\" )");

        rules.click("rules-validate");

        ConsolePage.await("problems listed").until(() -> !browser.session().allByTestId("rules-problem").isEmpty());
        assertThat(rules.message()).matches("\\d+ problems?: nothing can be activated until they are fixed\\.");
        assertThat(browser.session().byTestId("rules-activate").isEnabled()).as("Activate while problems are known").isFalse();
        List<WebElement> problems = browser.session().allByTestId("rules-problem");
        assertThat(problems).extracting(p -> p.getAttribute("data-file")).containsOnly("category-routing.drl");
        assertThat(problems).extracting(p -> Integer.parseInt(p.getAttribute("data-line")))
                .as("reported near the edited line %d", edited).anySatisfy(line -> assertThat(line).isBetween(edited - 4, edited));
        assertThat(browser.session().cspViolations()).as("problem marks are placed without inline styles").isEmpty();
        int line = Integer.parseInt(problems.get(0).getAttribute("data-line"));
        assertThat(browser.session().byTestId("rules-gutter").findElement(By.cssSelector("[data-line=\"" + line + "\"]"))
                .getAttribute("class")).as("gutter marks line %d", line).contains("editor__line--problem");
        assertThat(browser.session().byTestId("rules-file-category-routing.drl").getAttribute("data-problems"))
                .isEqualTo(String.valueOf(problems.size()));

        problems.get(0).click();
        assertThat(browser.session().text("rules-position")).as("caret moved to the problem")
                .startsWith("category-routing.drl · line " + line + ",");

        browser.session().fullPageScreenshot(BrowserExtension.SCREENSHOTS, "rules-problems");
        rules.click("rules-revert");
        assertThat(browser.session().allByTestId("rules-problem")).isEmpty();
        assertThat(browser.session().byTestId("rules-activate").isEnabled()).as("nothing to activate after Revert").isFalse();
    }

    @Test
    void activatingOnAStaleVersionIsRefusedAndOffersAReload() {
        rules.selectFile(LENGTH_FILE).replaceInEditor(ORIGINAL_THRESHOLD, EDITED_THRESHOLD);
        Map<String, Object> meanwhile = rules.activateViaApi(LENGTH_FILE, ORIGINAL_THRESHOLD, "approxTokens >= 301", originalVersion);
        assertThat(meanwhile.get("status")).as("someone else activates first: %s", meanwhile).isEqualTo(200L);

        rules.click("rules-activate");
        console.confirmRulesChange().enterAdminToken(TestGateway.ADMIN_TOKEN);

        ConsolePage.await("stale edit refused").until(() -> rules.message().startsWith("Activate refused"));
        assertThat(rules.message()).contains("changed to v" + (originalVersion + 1), "since you loaded v" + originalVersion);
        assertThat(browser.session().text("rules-version")).as("still showing what was loaded").isEqualTo("v" + originalVersion);
        browser.session().byTestId("rules-reload").click();
        ConsolePage.await("reloaded").until(() -> browser.session().text("rules-version").equals("v" + (originalVersion + 1)));
        assertThat(rules.selectFile(LENGTH_FILE).editorText()).contains("approxTokens >= 301").doesNotContain(EDITED_THRESHOLD);
    }

    private void pickVersion(long version) {
        WebElement item = rules.versions().stream().filter(v -> String.valueOf(version).equals(v.getAttribute("data-version")))
                .findFirst().orElseThrow(() -> new AssertionError("version " + version + " not in the history"));
        item.findElement(By.tagName("button")).click();
        ConsolePage.await("diff shown").until(() -> browser.session().byTestId("rules-diff-card").isDisplayed());
    }
}
