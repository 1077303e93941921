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
                import('./js/components/race-column.js').then(({ RaceColumn, SYSTEMS }) => {
                  const column = new RaceColumn(SYSTEMS[0]);
                  document.body.append(column.root);
                  column.begin();
                  column.appendDelta(img);
                  column.appendDelta(bold);
                  column.finish({ status: 'ok', route: '<i>large</i>', rule: bold, route_reason: img, text: null,
                                  ttft_ms: 12, total_ms: 40, tokens_per_second: 5, cost_usd: 0.001 });
                  done({
                    text: column.output.textContent,
                    outputHtml: column.output.innerHTML,
                    elementsInOutput: column.output.querySelectorAll('*').length,
                    injected: column.root.querySelectorAll('img, b, i').length,
                    route: column.route.textContent,
                  });
                  column.root.remove();
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
    void showsRetriesWithTheirBackoffAndCountsDownACoolDown() {
        Map<String, Object> result = (Map<String, Object>) browser.session().asyncScript("""
                const done = arguments[arguments.length - 1];
                import('./js/components/race-column.js').then(async ({ RaceColumn, SYSTEMS }) => {
                  const column = new RaceColumn(SYSTEMS[2]);
                  document.body.append(column.root);
                  column.begin();
                  column.retrying({ attempt: 2, retryInMs: 1000, reason: 'HTTP 429: rate limited' });
                  const retrying = { status: column.status.textContent, notice: column.notice.textContent,
                                     retries: column.root.querySelector('[data-testid=retries]').textContent };
                  column.finish({ status: 'cooling_down', retries: 2, cooldown_seconds: 42, text: '',
                                  error: 'hosted is cooling down after repeated HTTP 429 (rate limited); skipped for 42 s more' });
                  const coolingFirst = column.notice.textContent;
                  await new Promise((r) => setTimeout(r, 1300));
                  const coolingLater = column.notice.textContent;
                  done({ retrying, status: column.status.textContent, coolingFirst, coolingLater,
                         retries: column.root.querySelector('[data-testid=retries]').textContent });
                  column.root.remove();
                }, (e) => done({ error: String(e) }));
                """);

        assertThat(result).doesNotContainKey("error");
        Map<String, Object> retrying = (Map<String, Object>) result.get("retrying");
        assertThat(retrying.get("status")).isEqualTo("Retrying · attempt 2");
        assertThat((String) retrying.get("notice")).matches("HTTP 429: rate limited — attempt 2 in (1\\.0|0\\.\\d) s");
        assertThat(retrying.get("retries")).isEqualTo("1");
        assertThat(result.get("status")).isEqualTo("Cooling down");
        assertThat(result.get("retries")).isEqualTo("2");
        assertThat((String) result.get("coolingFirst")).isEqualTo("Rate limited (repeated HTTP 429) — cooling down, 42 s left");
        assertThat((String) result.get("coolingLater")).as("a second later").matches(".*cooling down, (41|40) s left");
    }

    @Test
    @SuppressWarnings("unchecked")
    void wordsRatiosInTheDirectionTheyFavour() {
        Map<String, Object> words = (Map<String, Object>) browser.session().asyncScript("""
                const done = arguments[arguments.length - 1];
                import('./js/lib/ratios.js').then((r) => done({
                  faster: r.comparisonSentence({ ttft: 1 / 3.1, total: 0.5, tokens_per_second: 2.3, cost: 0.4 }, 'baseline'),
                  slower: r.comparisonSentence({ ttft: 2.5, total: 1.5, tokens_per_second: 0.6, cost: 3 }, 'the hosted API'),
                  costFirst: r.comparisonSentence({ ttft: null, total: null, tokens_per_second: null, cost: 0.0861 }, 'baseline'),
                  even: r.describeRatio('ttft', 1.002).text,
                  none: r.comparisonSentence(null, 'baseline'),
                  favours: [r.describeRatio('ttft', 0.5).favours, r.describeRatio('tokens_per_second', 0.5).favours],
                }), (e) => done({ error: String(e) }));
                """);

        assertThat(words).doesNotContainKey("error")
                .containsEntry("faster", "Cascade: 3.1× faster to first token than baseline, 2.0× faster end to end, "
                        + "2.3× its tokens per second, 40% of its cost.")
                .containsEntry("slower", "Cascade: 2.5× slower to first token than the hosted API, 1.5× slower end to end, "
                        + "60% of its tokens per second, 3.0× its cost.")
                .containsEntry("costFirst", "Cascade: 8.6% of baseline's cost.")
                .containsEntry("even", "as fast to first token")
                .containsEntry("none", null)
                .containsEntry("favours", List.of("cascade", "other"));
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

    @Test
    @SuppressWarnings("unchecked")
    void diffsLinesIntoHunksWithContext() {
        Map<String, Object> diff = (Map<String, Object>) browser.session().asyncScript("""
                const done = arguments[arguments.length - 1];
                import('./js/lib/line-diff.js').then(({ diffLines, diffHunks, diffStats }) => {
                  const before = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'].join('\\n') + '\\n';
                  const after = ['a', 'b', 'c', 'D', 'e', 'f', 'g', 'h', 'i', 'j', 'k'].join('\\n');
                  const hunks = diffHunks(before, after, 1);
                  done({
                    changes: diffLines(before, after).filter((l) => l.type !== 'same').map((l) => `${l.type}:${l.text}@${l.oldLine ?? '-'}/${l.newLine ?? '-'}`),
                    hunks: hunks.map((h) => `${h.oldStart},${h.newStart}:` + h.lines.map((l) => l.text).join('')),
                    stats: diffStats(before, after),
                    same: diffHunks('x\\ny', 'x\\ny').length,
                  });
                }, (e) => done({ error: String(e) }));
                """);

        assertThat(diff).doesNotContainKey("error");
        assertThat((List<String>) diff.get("changes")).containsExactly("del:d@4/-", "add:D@-/4", "add:k@-/11");
        assertThat((List<String>) diff.get("hunks")).as("one line of context around each change")
                .containsExactly("3,3:cdDe", "10,10:jk");
        assertThat((Map<String, Object>) diff.get("stats")).containsEntry("added", 2L).containsEntry("removed", 1L);
        assertThat(((Number) diff.get("same")).intValue()).as("hunks of equal texts").isZero();
    }

    @Test
    @SuppressWarnings("unchecked")
    void rendersDryRunRowsAndDiffLinesAsText() {
        Map<String, Object> result = (Map<String, Object>) browser.session().asyncScript("""
                const [img, done] = arguments;
                Promise.all([import('./js/components/dry-run-report.js'), import('./js/components/rules-history.js')])
                  .then(([{ renderDryRun }, { RulesHistory }]) => {
                    const report = renderDryRun({ active_version: 1, summary: { prompts: 1, changed: 1, to_large: 1, to_small: 0,
                      rule_changed: 1, with_expected_route: 0, errors: 0 },
                      results: [{ id: 'x', prompt: img, category: img, expected_route: null, changed: true, rule_changed: true,
                        active: { route: 'small', rule: img }, candidate: { route: 'large', rule: img } }],
                      never_fired: [img], shadowed: [] });
                    const history = new RulesHistory({ onPick() {}, onRollback() {} });
                    history.showDiff({ version: 1, files: [{ name: img, content: img + '\\nkept' }] },
                                     { version: 2, files: [{ name: img, content: 'kept' }] }, true);
                    document.body.append(report, history.diffCard);
                    done({ injected: document.querySelectorAll('img').length, prompt: report.querySelector('.dry-run__prompt').textContent,
                           added: [...history.diffCard.querySelectorAll('[data-testid=diff-add]')].map((l) => l.textContent) });
                    report.remove();
                    history.diffCard.remove();
                  }, (e) => done({ error: String(e) }));
                """, IMG_PAYLOAD);

        assertThat(result).doesNotContainKey("error");
        assertThat(((Number) result.get("injected")).intValue()).as("img elements created from prompts, rules, DRL").isZero();
        assertThat(result.get("prompt")).isEqualTo(IMG_PAYLOAD);
        assertThat((List<String>) result.get("added")).singleElement().asString().endsWith("+" + IMG_PAYLOAD);
        assertThat(browser.session().script("return window.__xss === true")).as("payload never ran").isEqualTo(false);
    }
}
