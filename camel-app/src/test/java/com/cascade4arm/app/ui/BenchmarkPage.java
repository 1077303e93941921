package com.cascade4arm.app.ui;

import com.cascade4arm.app.TestGateway;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

import java.util.List;
import java.util.Map;

/** The Benchmark tab as a user sees it — new-run form, run panel, charts, tables, history — plus in-page API calls. */
final class BenchmarkPage {
    private final BrowserSession session;

    BenchmarkPage(BrowserSession session) {
        this.session = session;
    }

    /** Fills the new-run form: prompt count, exactly these concurrency levels, requests per level, max tokens. */
    BenchmarkPage configure(int prompts, List<Integer> levels, int requestsPerLevel, int maxTokens) {
        session.driver().findElement(By.cssSelector("label[for=bench-prompts-" + prompts + "]")).click();
        for (WebElement box : session.byTestId("bench-levels").findElements(By.cssSelector("input[type=checkbox]"))) {
            boolean wanted = levels.contains(Integer.parseInt(box.getDomProperty("value")));
            if (box.isSelected() != wanted) {
                session.driver().findElement(By.cssSelector("label[for=" + box.getDomProperty("id") + "]")).click();
            }
        }
        ConsolePage.retype(session.byTestId("bench-requests"), String.valueOf(requestsPerLevel));
        ConsolePage.retype(session.byTestId("bench-max-tokens"), String.valueOf(maxTokens));
        return this;
    }

    /** Picks the multi-turn suite and fills its fields: conversations, concurrency, max tokens. */
    BenchmarkPage configureConversations(int conversations, int concurrency, int maxTokens) {
        session.driver().findElement(By.cssSelector("label[for=bench-suite-choice-conversations]")).click();
        ConsolePage.retype(session.byTestId("bench-conversations"), String.valueOf(conversations));
        ConsolePage.retype(session.byTestId("bench-concurrency"), String.valueOf(concurrency));
        ConsolePage.retype(session.byTestId("bench-max-tokens"), String.valueOf(maxTokens));
        return this;
    }

    void run() {
        session.byTestId("bench-run").click();
    }

    /** "Run <id>" of the run on screen, or null before any. */
    String runOnScreen() {
        String title = session.text("bench-run-title");
        return title.startsWith("Run ") ? title.substring(4) : null;
    }

    String status() {
        return session.text("bench-status");
    }

    /** Records the progress bar's (valuenow, valuemax, run on screen) at every change, inside the page. */
    void recordProgress() {
        session.script("""
                const bar = document.querySelector('[data-testid=bench-progress]');
                const title = document.querySelector('[data-testid=bench-run-title]');
                window.__progress = [];
                window.__progressObserver?.disconnect();
                window.__progressObserver = new MutationObserver(() => window.__progress.push({
                  now: Number(bar.getAttribute('aria-valuenow')), max: Number(bar.getAttribute('aria-valuemax')),
                  run: title.textContent.replace('Run ', ''), label: document.querySelector('[data-testid=bench-progress-label]').textContent }));
                window.__progressObserver.observe(bar, { attributes: true, attributeFilter: ['aria-valuenow', 'aria-valuemax'] });
                """);
    }

    @SuppressWarnings("unchecked")
    List<Map<String, Object>> progressOf(String runId) {
        return (List<Map<String, Object>>) session.script("return window.__progress.filter(p => p.run === arguments[0])", runId);
    }

    /** Per chart, the datasets' labels and their non-null points, read from the Chart.js instance on the canvas. */
    @SuppressWarnings("unchecked")
    Map<String, Object> chart(String id) {
        return (Map<String, Object>) session.script("""
                const chart = Chart.getChart(document.querySelector('[data-testid=chart-' + arguments[0] + '] canvas'));
                return chart ? { labels: chart.data.labels, datasets: chart.data.datasets.map(d => ({ label: d.label,
                  points: d.data.filter(v => v !== null && v !== undefined) })) } : null;
                """, id);
    }

    /** Data points drawn in a chart, all datasets together (0 while Chart.js is still loading). */
    int pointsIn(String id) {
        Object count = session.script("""
                const chart = globalThis.Chart?.getChart(document.querySelector('[data-testid=chart-' + arguments[0] + '] canvas'));
                return chart ? chart.data.datasets.reduce((n, d) => n + d.data.filter(v => v !== null && v !== undefined).length, 0) : 0;
                """, id);
        return ((Number) count).intValue();
    }

    List<WebElement> tableRows(String testId) {
        return session.byTestId(testId).findElements(By.cssSelector("tbody tr"));
    }

    /** GETs a URL from inside the page (same origin, like a click on a link would) and returns {status, text}. */
    @SuppressWarnings("unchecked")
    Map<String, Object> fetchText(String url) {
        return (Map<String, Object>) session.asyncScript("""
                const [url, done] = arguments;
                fetch(url).then(async (r) => done({ status: r.status, type: r.headers.get('Content-Type'),
                  disposition: r.headers.get('Content-Disposition'), text: await r.text() }), (e) => done({ error: String(e) }));
                """, url);
    }

    /** Starts a run through the API with the admin token (no UI) and returns the 202 body or the error. */
    @SuppressWarnings("unchecked")
    Map<String, Object> startRunViaApi(String configJson) {
        return (Map<String, Object>) session.asyncScript("""
                const [config, token, done] = arguments;
                fetch('/api/bench/runs', { method: 'POST', body: config,
                  headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ' + token } })
                  .then(async (r) => done({ status: r.status, body: await r.json() }), (e) => done({ error: String(e) }));
                """, configJson, TestGateway.ADMIN_TOKEN);
    }

    /** The run's status via GET /api/bench/runs/:id. */
    String apiStatus(String runId) {
        return (String) session.asyncScript("""
                const [id, done] = arguments;
                fetch('/api/bench/runs/' + encodeURIComponent(id)).then((r) => r.json()).then((s) => done(s.status), (e) => done(String(e)));
                """, runId);
    }
}
