package com.cascade4arm.app.ui;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The console's own JavaScript exercised inside real Chromium, through the modules the gateway serves: untrusted text
 * stays text, the SSE reader copes with events split across network chunks, numbers are formatted for the chips.
 */
class ConsoleClientCodeIT {
    private static final String IMG_PAYLOAD = "<img src=x onerror=\"window.__xss = true\">";
    private static final String BOLD_PAYLOAD = "<b>bold</b>";

    @RegisterExtension
    static final BrowserExtension browser = new BrowserExtension();

    @BeforeEach
    void openConsole() {
        new ConsolePage(browser).open("#compare");
    }

    @Test
    @SuppressWarnings("unchecked")
    void rendersModelOutputAsTextNeverAsMarkup() {
        Map<String, Object> result = (Map<String, Object>) browser.session().asyncScript("""
                const [img, bold, done] = arguments;
                import('./js/components/result-panel.js').then(({ ResultPanel }) => {
                  const panel = new ResultPanel({ title: 'Probe' });
                  document.body.append(panel.root);
                  panel.appendAnswer(img);
                  panel.appendAnswer(bold);
                  panel.applyHeaders({ route: '<i>large</i>', rule: bold });
                  const html = panel.root.innerHTML;
                  done({
                    text: panel.output.textContent,
                    outputHtml: panel.output.innerHTML,
                    elementsInOutput: panel.output.querySelectorAll('*').length,
                    injected: panel.root.querySelectorAll('img, b, i').length,
                    route: panel.route.textContent,
                  });
                  panel.root.remove();
                }, (e) => done({ error: String(e) }));
                """, IMG_PAYLOAD, BOLD_PAYLOAD);

        assertThat(result).doesNotContainKey("error");
        assertThat(result.get("text")).isEqualTo(IMG_PAYLOAD + BOLD_PAYLOAD);
        assertThat((String) result.get("outputHtml")).as("answer HTML").doesNotContain("<img", "<b>").contains("&lt;img");
        assertThat(((Number) result.get("elementsInOutput")).intValue()).as("elements inside the answer").isZero();
        assertThat(((Number) result.get("injected")).intValue()).as("img/b/i elements created from text").isZero();
        assertThat(result.get("route")).isEqualTo("<i>large</i>");
        assertThat(browser.session().script("return window.__xss === true")).as("payload never ran").isEqualTo(false);
    }

    @Test
    @SuppressWarnings("unchecked")
    void rendersRoutingFactsAsText() {
        Map<String, Object> result = (Map<String, Object>) browser.session().asyncScript("""
                const [img, done] = arguments;
                import('./js/components/explain-panel.js').then(({ ExplainPanel }) => {
                  const panel = new ExplainPanel();
                  document.body.append(panel.root);
                  panel.show({ route: 'small', rule: img, reason: img, rules_version: 3,
                               facts: { text: img, codeKeywords: [img, 'def'], question: true } });
                  done({
                    injected: panel.root.querySelectorAll('img').length,
                    rows: [...panel.facts.querySelectorAll('tr')].map(r => r.textContent),
                  });
                  panel.root.remove();
                }, (e) => done({ error: String(e) }));
                """, IMG_PAYLOAD);

        assertThat(result).doesNotContainKey("error");
        assertThat(((Number) result.get("injected")).intValue()).as("img elements created from facts").isZero();
        assertThat((List<String>) result.get("rows")).containsExactly(
                "text" + IMG_PAYLOAD, "codeKeywords" + IMG_PAYLOAD + ", def", "questionyes");
    }

    @Test
    @SuppressWarnings("unchecked")
    void readsServerSentEventsSplitAcrossNetworkChunks() {
        // One stream cut at awkward places: inside "data:", inside a JSON string, between \r and \n, inside a
        // multi-byte character (é is 2 bytes, 🚀 is 4), plus a comment line and a final event without its blank line.
        List<Object> events = (List<Object>) browser.session().asyncScript("""
                const done = arguments[arguments.length - 1];
                import('./js/lib/sse.js').then(async ({ readSse }) => {
                  const bytes = new TextEncoder().encode(
                    ': keep-alive\\n\\ndata: {"a":"caf\u00e9"}\\r\\n\\r\\ndata: line1\\ndata: line2\\n\\n' +
                    'event: note\\ndata: \ud83d\ude80 go\\n\\ndata: [DONE]');
                  const cuts = [3, 16, 27, 30, 34, 36, 40, 61, 62, 81, 82, 83, bytes.length];
                  let from = 0;
                  const body = new ReadableStream({
                    pull(controller) {
                      const to = cuts.shift();
                      if (to === undefined) { controller.close(); return; }
                      controller.enqueue(bytes.slice(from, to));
                      from = to;
                    },
                  });
                  const seen = [];
                  for await (const e of readSse(body)) seen.push(e.event + '|' + e.data);
                  done(seen);
                }, (e) => done(['error: ' + e]));
                """);

        assertThat(events).containsExactly(
                "message|{\"a\":\"café\"}",
                "message|line1\nline2",
                "note|\uD83D\uDE80 go",
                "message|[DONE]");
    }

    @Test
    @SuppressWarnings("unchecked")
    void formatsMetricsForTheChips() {
        Map<String, Object> formatted = (Map<String, Object>) browser.session().asyncScript("""
                const done = arguments[arguments.length - 1];
                import('./js/lib/format.js').then((f) => done({
                  tinyCost: f.formatUsd(0.0000123), cent: f.formatUsd(0.0123), dollars: f.formatUsd(12.5),
                  fast: f.formatMs(834.2), slow: f.formatMs(1234), rate: f.formatRate(45.62),
                  share: f.formatPercent(0.734), missing: f.formatMs(null),
                }), (e) => done({ error: String(e) }));
                """);

        assertThat(formatted).containsEntry("tinyCost", "$0.0000123").containsEntry("cent", "$0.0123")
                .containsEntry("dollars", "$12.50").containsEntry("fast", "834 ms").containsEntry("slow", "1.23 s")
                .containsEntry("rate", "45.6").containsEntry("share", "73.4%").containsEntry("missing", "—");
    }
}
