package com.cascade4arm.app.ui;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Rule changes are safe in real Chromium against the real gateway: Activate shows the diff and the dry-run before
 * anything changes (Cancel changes nothing), a version identical to the active one offers no rollback, unsaved edits
 * survive a reload, and the status line follows the file shown. The shared gateway's rules are restored afterwards.
 */
class RulesSafetyIT {
    private static final String LENGTH_FILE = "length-routing.drl";
    private static final String ORIGINAL_THRESHOLD = "approxTokens >= 300";
    private static final String EDITED_THRESHOLD = "approxTokens >= 5";

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
    void activateShowsTheDiffAndTheDryRunFirstAndCancelChangesNothing() {
        rules.selectFile(LENGTH_FILE).replaceInEditor(ORIGINAL_THRESHOLD, EDITED_THRESHOLD);

        rules.click("rules-activate");

        ConsolePage.awaitLong("confirmation open").until(() -> console.dialogOpen("confirm-change-dialog"));
        assertThat(console.adminDialogOpen()).as("no token asked before the change is confirmed").isFalse();
        assertThat(browser.session().text("confirm-change-title")).contains("Activate", "v" + originalVersion);
        assertThat(browser.session().text("confirm-change-dry-run")).as("dry-run summary in the confirmation")
                .matches("[1-9]\\d* of \\d+ prompts change route · \\d+ to large, \\d+ to small.*")
                .containsPattern("expected route met: \\d+ → \\d+ of \\d+");
        WebElement diff = browser.session().byTestId("confirm-change-diff");
        assertThat(diff.findElements(By.cssSelector("[data-testid=rules-diff-file]"))).extracting(f -> f.getAttribute("data-file"))
                .containsExactly(LENGTH_FILE);
        assertThat(diff.findElements(By.cssSelector("[data-testid=diff-del]"))).extracting(l -> l.getDomProperty("textContent"))
                .anySatisfy(line -> assertThat(line).contains(ORIGINAL_THRESHOLD));
        assertThat(diff.findElements(By.cssSelector("[data-testid=diff-add]"))).extracting(l -> l.getDomProperty("textContent"))
                .anySatisfy(line -> assertThat(line).contains(EDITED_THRESHOLD));
        browser.session().fullPageScreenshot(BrowserExtension.SCREENSHOTS, "rules-confirm-activation");

        rules.click("confirm-change-cancel");

        ConsolePage.await("cancelled").until(() -> rules.message().startsWith("Cancelled"));
        assertThat(rules.activeRules().get("sha256")).as("active rules after Cancel").isEqualTo(originalSha);
        assertThat(browser.session().text("rules-version")).isEqualTo("v" + originalVersion);
        assertThat(rules.editorText()).as("the edits stay in the editor").contains(EDITED_THRESHOLD);
    }

    @Test
    void aVersionIdenticalToTheActiveOneOffersNoRollback() {
        assertThat(rules.activateViaApi(LENGTH_FILE, ORIGINAL_THRESHOLD, "approxTokens >= 299", originalVersion).get("status"))
                .isEqualTo(200L);
        assertThat(rules.rollbackViaApi(originalVersion).get("status")).as("restores the original content").isEqualTo(200L);
        console.open("#rules");
        rules.awaitLoaded();

        pickVersion(originalVersion);
        assertThat(browser.session().text("rules-diff-stats")).isEqualTo("Same content as the active version: nothing to roll back");
        assertThat(browser.session().byTestId("rules-rollback").isDisplayed()).as("rollback to identical content").isFalse();

        pickVersion(originalVersion + 1);
        assertThat(browser.session().byTestId("rules-rollback").isDisplayed()).as("rollback to a version that differs").isTrue();
    }

    @Test
    void unsavedEditsSurviveAReload() {
        rules.selectFile(LENGTH_FILE).replaceInEditor(ORIGINAL_THRESHOLD, EDITED_THRESHOLD);

        browser.session().driver().navigate().refresh();

        rules.awaitLoaded();
        ConsolePage.await("edits restored").until(() -> rules.message().startsWith("Restored your unsaved edits"));
        assertThat(rules.message()).contains(LENGTH_FILE);
        assertThat(browser.session().byTestId("rules-file-" + LENGTH_FILE).getAttribute("data-modified")).isEqualTo("true");
        assertThat(rules.selectFile(LENGTH_FILE).editorText()).contains(EDITED_THRESHOLD);
        assertThat(browser.session().byTestId("rules-activate").isEnabled()).isTrue();

        rules.click("rules-revert");
        browser.session().driver().navigate().refresh();
        rules.awaitLoaded();
        assertThat(rules.selectFile(LENGTH_FILE).editorText()).as("reverted edits are not restored").contains(ORIGINAL_THRESHOLD);
    }

    @Test
    void statusLineShowsTheCaretOfTheFileOnScreen() {
        rules.selectFile("category-routing.drl");
        rules.selectFile(LENGTH_FILE);

        assertThat(browser.session().text("rules-position")).isEqualTo(LENGTH_FILE + " · line 1, column 1");
    }

    private void pickVersion(long version) {
        WebElement item = rules.versions().stream().filter(v -> String.valueOf(version).equals(v.getAttribute("data-version")))
                .findFirst().orElseThrow(() -> new AssertionError("version " + version + " not in the history"));
        item.findElement(By.tagName("button")).click();
        ConsolePage.await("diff of v" + version).until(() -> browser.session().text("rules-diff-title").startsWith("Version " + version + " "));
    }
}
