package com.cascade4arm.app.ui;

import com.cascade4arm.app.TestGateway;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

import java.util.List;
import java.util.Map;

/** The Rules tab as a user sees it — file tabs, DRL editor, actions, dry-run, history — plus in-page API calls. */
final class RulesPage {
    private final BrowserSession session;

    RulesPage(BrowserSession session) {
        this.session = session;
    }

    /** Waits until the active rulebook is in the editor; returns the version shown ("v3"). */
    String awaitLoaded() {
        ConsolePage.await("rules loaded").until(() -> session.text("rules-version").startsWith("v")
                && !session.allByTestId("rules-version").isEmpty() && !((String) session.script(
                "return document.querySelector('[data-testid=rules-editor]').value")).isEmpty());
        return session.text("rules-version");
    }

    RulesPage selectFile(String name) {
        session.byTestId("rules-file-" + name).click();
        ConsolePage.await(name + " selected").until(() -> "true".equals(
                session.byTestId("rules-file-" + name).getAttribute("aria-selected")));
        return this;
    }

    String editorText() {
        return (String) session.script("return document.querySelector('[data-testid=rules-editor]').value");
    }

    /**
     * Replaces {@code from} with {@code to} in the open file as an edit would (value + input event: typing a whole
     * rule key by key is slow and adds nothing). Returns the 1-based line of the edit.
     */
    int replaceInEditor(String from, String to) {
        String text = editorText();
        int at = text.indexOf(from);
        if (at < 0) {
            throw new AssertionError("'" + from + "' is not in the open file");
        }
        session.script("""
                const editor = document.querySelector('[data-testid=rules-editor]');
                editor.value = arguments[0];
                editor.dispatchEvent(new Event('input', { bubbles: true }));
                """, text.substring(0, at) + to + text.substring(at + from.length()));
        return (int) text.substring(0, at).chars().filter(c -> c == '\n').count() + 1;
    }

    void click(String testId) {
        session.byTestId(testId).click();
    }

    String message() {
        return session.text("rules-message");
    }

    List<WebElement> dryRunRows() {
        return session.byTestId("dry-run-table").findElements(By.cssSelector("tbody tr"));
    }

    List<WebElement> versions() {
        return session.allByTestId("rules-history-version");
    }

    /** GET /api/rules from the page: {version, sha256, …}. */
    @SuppressWarnings("unchecked")
    Map<String, Object> activeRules() {
        return (Map<String, Object>) session.asyncScript("""
                const done = arguments[arguments.length - 1];
                fetch('/api/rules').then((r) => r.json()).then(done, (e) => done({ error: String(e) }));
                """);
    }

    /** A non-streamed chat completion from the page: its status and the X-Cascade-Route / X-Cascade-Rule headers. */
    @SuppressWarnings("unchecked")
    Map<String, Object> chat(String prompt) {
        return (Map<String, Object>) session.asyncScript("""
                const [prompt, done] = arguments;
                fetch('/v1/chat/completions', { method: 'POST', headers: { 'Content-Type': 'application/json' },
                  body: JSON.stringify({ model: 'auto', max_tokens: 4, messages: [{ role: 'user', content: prompt }] }) })
                  .then(async (r) => { const body = await r.json();
                    done({ status: r.status, route: r.headers.get('X-Cascade-Route'), rule: r.headers.get('X-Cascade-Rule'),
                           version: r.headers.get('X-Cascade-Rules-Version'), bodyRule: body.cascade?.rule ?? null }); },
                        (e) => done({ error: String(e) }));
                """, prompt);
    }

    /**
     * Activates, through the API (admin token), the active files with {@code from} replaced by {@code to} in
     * {@code file} — as another operator would — and returns {status, body}.
     */
    @SuppressWarnings("unchecked")
    Map<String, Object> activateViaApi(String file, String from, String to, long baseVersion) {
        return (Map<String, Object>) session.asyncScript("""
                const [file, from, to, base, token, done] = arguments;
                fetch('/api/rules').then((r) => r.json()).then((active) => fetch('/api/rules', { method: 'PUT',
                  headers: { Authorization: 'Bearer ' + token, 'Content-Type': 'application/json' },
                  body: JSON.stringify({ base_version: base, author: 'RulesTabIT', comment: 'concurrent edit',
                    files: active.files.map((f) => ({ name: f.name, content: f.name === file ? f.content.replace(from, to) : f.content })) }) }))
                  .then(async (r) => done({ status: r.status, body: await r.json() }), (e) => done({ error: String(e) }));
                """, file, from, to, baseVersion, TestGateway.ADMIN_TOKEN);
    }

    /** Restores {@code version} through the API (admin token), whatever the page shows. */
    @SuppressWarnings("unchecked")
    /** Rolls the shared gateway back to {@code version} unless its active rules still have {@code sha256}. */
    void restoreActive(String sha256, long version) {
        if (!sha256.equals(activeRules().get("sha256"))) {
            Map<String, Object> restored = rollbackViaApi(version);
            org.assertj.core.api.Assertions.assertThat(restored.get("status"))
                    .as("restoring rules version %s: %s", version, restored).isEqualTo(200L);
        }
    }

    Map<String, Object> rollbackViaApi(long version) {
        return (Map<String, Object>) session.asyncScript("""
                const [version, token, done] = arguments;
                fetch('/api/rules/rollback/' + version, { method: 'POST', headers: { Authorization: 'Bearer ' + token,
                  'Content-Type': 'application/json' }, body: JSON.stringify({ author: 'RulesTabIT', comment: 'restore after test' }) })
                  .then(async (r) => done({ status: r.status, body: await r.json() }), (e) => done({ error: String(e) }));
                """, version, TestGateway.ADMIN_TOKEN);
    }
}
