package com.cascade4arm.app.ui;

import com.cascade4arm.app.TestGateway;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.Keys;
import org.openqa.selenium.interactions.Actions;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every flow of the console done with the keyboard alone in real Chromium against the real gateway: a Compare race, a
 * Benchmark run and a rule edit through validation, confirmation and activation. Focus moves only by Tab, arrows,
 * Space and Enter, and what has focus shows a solid outline.
 */
class KeyboardOnlyIT {
    /** Enough Tab presses to reach anything on one tab of the console. */
    private static final int MAX_TABS = 60;
    private static final String LENGTH_FILE = "length-routing.drl";

    @RegisterExtension
    static final BrowserExtension browser = new BrowserExtension();

    private final ConsolePage console = new ConsolePage(browser);
    private String originalRulesSha;
    private long originalRulesVersion;

    @Test
    void comparesAPromptWithoutAMouse() {
        console.open("#compare");
        ComparePage compare = new ComparePage(browser.session()).greedy();

        tabTo("prompt");
        keys("Write a Python function that reverses a string.");
        tabTo("max-tokens");
        keys(Keys.chord(Keys.CONTROL, "a"), "16");
        tabTo("run");
        assertFocusRingVisible();
        keys(Keys.ENTER);

        ConsolePage.await("race summary focused").until(() -> "race-summary".equals(focused()));
        assertThat(compare.awaitRaceEnded()).startsWith("All finished in");
        assertThat(compare.columnText(ComparePage.CASCADE, "output")).isNotBlank();
        assertThat(compare.columnText(ComparePage.CASCADE, "route")).isIn("small", "large");
    }

    @Test
    void runsABenchmarkWithoutAMouse() {
        console.open("#benchmark").forgetAdminToken();
        BenchmarkPage bench = new BenchmarkPage(browser.session());
        String before = bench.runOnScreen();

        tabTo("bench-prompts-10");
        assertFocusRingVisible();
        for (int level : new int[] {4, 8, 16}) {
            tabTo("bench-level-" + level);
            keys(Keys.SPACE);
        }
        tabTo("bench-requests");
        keys(Keys.chord(Keys.CONTROL, "a"), "5"); // at least one request per category
        tabTo("bench-max-tokens");
        keys(Keys.chord(Keys.CONTROL, "a"), "8");
        tabTo("bench-run");
        keys(Keys.ENTER);
        ConsolePage.await("token dialog").until(console::adminDialogOpen);
        assertThat(focused()).isEqualTo("admin-token-input");
        keys(TestGateway.ADMIN_TOKEN, Keys.ENTER);

        ConsolePage.awaitLong("run finished").until(() -> bench.runOnScreen() != null && !bench.runOnScreen().equals(before)
                && !bench.status().equals("running"));
        assertThat(bench.status()).isEqualTo("done");
        assertThat(bench.tableRows("bench-table")).extracting(r -> r.getAttribute("data-level")).containsOnly("1", "2");
    }

    @Test
    void editsValidatesAndActivatesARuleWithoutAMouse() {
        console.open("#rules").forgetAdminToken();
        RulesPage rules = new RulesPage(browser.session());
        Map<String, Object> active = rules.activeRules();
        originalRulesVersion = ((Number) active.get("version")).longValue();
        originalRulesSha = (String) active.get("sha256");
        rules.awaitLoaded();

        tabTo((String) browser.session().script(
                "return document.querySelector('[data-testid=rules-files] [aria-selected=true]').dataset.testid"));
        for (int i = 0; i < MAX_TABS && !("rules-file-" + LENGTH_FILE).equals(focused()); i++) {
            keys(Keys.ARROW_RIGHT);
        }
        assertThat(focused()).as("arrow keys move between file tabs").isEqualTo("rules-file-" + LENGTH_FILE);
        keys(Keys.TAB);
        assertThat(focused()).as("the DRL editor follows its file tabs").isEqualTo("rules-editor");
        String text = rules.editorText();
        int at = text.indexOf("approxTokens >= 300") + "approxTokens >= 300".length();
        String before = text.substring(0, at);
        int line = (int) before.chars().filter(c -> c == '\n').count();
        int column = at - (before.lastIndexOf('\n') + 1);
        keys(Keys.chord(Keys.CONTROL, Keys.HOME));
        keys(Keys.ARROW_DOWN.toString().repeat(line), Keys.HOME, Keys.ARROW_RIGHT.toString().repeat(column));
        keys(Keys.BACK_SPACE, Keys.BACK_SPACE, Keys.BACK_SPACE, "5");
        assertThat(rules.editorText()).contains("approxTokens >= 5 )").doesNotContain("approxTokens >= 300");

        keys(Keys.TAB);
        assertThat(focused()).as("Tab indents inside the editor").isEqualTo("rules-editor");
        keys(Keys.BACK_SPACE.toString().repeat(4));
        keys(Keys.ESCAPE, Keys.TAB);
        assertThat(focused()).as("Esc then Tab leaves the editor").isEqualTo("rules-comment");
        assertThat(rules.editorText()).contains("approxTokens >= 5 )");

        tabTo("rules-validate");
        keys(Keys.ENTER);
        ConsolePage.await("validated").until(() -> rules.message().startsWith("Valid"));
        tabTo("rules-activate");
        keys(Keys.ENTER);
        ConsolePage.awaitLong("confirmation").until(() -> console.dialogOpen("confirm-change-dialog"));
        assertThat(focused()).isEqualTo("confirm-change-submit");
        assertFocusRingVisible();
        keys(Keys.ENTER);
        ConsolePage.await("token dialog").until(console::adminDialogOpen);
        keys(TestGateway.ADMIN_TOKEN, Keys.ENTER);

        ConsolePage.await("activated").until(() -> rules.message().startsWith("Activated version"));
        assertThat(browser.session().text("rules-version")).isEqualTo("v" + (originalRulesVersion + 1));
        assertThat(rules.chat("What is the capital of France?").get("route")).isEqualTo("large");
    }

    @AfterEach
    void restoreTheSharedGatewaysRules() {
        if (originalRulesSha != null) {
            new RulesPage(browser.session()).restoreActive(originalRulesSha, originalRulesVersion);
        }
    }

    /** Presses Tab until the element with {@code testId} has focus (fails after {@link #MAX_TABS}). */
    private void tabTo(String testId) {
        for (int i = 0; i < MAX_TABS; i++) {
            if (testId.equals(focused())) {
                return;
            }
            keys(Keys.TAB);
        }
        throw new AssertionError(testId + " not reached with " + MAX_TABS + " Tab presses; focus is on " + focused());
    }

    private void keys(CharSequence... keys) {
        new Actions(browser.session().driver()).sendKeys(keys).perform();
    }

    private String focused() {
        return (String) browser.session().script("return document.activeElement?.dataset?.testid ?? null");
    }

    /** The focused element (or the styled box standing in for a hidden input) draws a solid outline of 2 px or more. */
    private void assertFocusRingVisible() {
        @SuppressWarnings("unchecked")
        Map<String, Object> ring = (Map<String, Object>) browser.session().script("""
                let el = document.activeElement;
                if (el.matches('input[type=radio], input[type=checkbox]') && el.nextElementSibling) el = el.nextElementSibling;
                const s = getComputedStyle(el);
                return { style: s.outlineStyle, width: parseFloat(s.outlineWidth), what: el.outerHTML.slice(0, 80) };
                """);
        assertThat(ring.get("style")).as("outline of %s", ring.get("what")).isEqualTo("solid");
        assertThat(((Number) ring.get("width")).doubleValue()).as("outline width of %s", ring.get("what")).isGreaterThanOrEqualTo(2.0);
    }
}
