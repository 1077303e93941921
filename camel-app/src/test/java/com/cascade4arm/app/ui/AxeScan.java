package com.cascade4arm.app.ui;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Runs axe-core (the script Deque ships in com.deque.html.axe-core:selenium) in the page under test against the
 * WCAG 2.0/2.1/2.2 A and AA rules, and sums up what it found: the console's accessibility gate.
 */
final class AxeScan {
    /** The classpath resource of the axe-core browser bundle. */
    static final String AXE_SCRIPT = "axe.min.js";
    /** WCAG 2.2 AA: axe's tags for every A and AA success criterion up to 2.2. */
    static final List<String> WCAG_TAGS = List.of("wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa");
    /** Impacts that fail a scan. */
    static final List<String> BLOCKING = List.of("serious", "critical");
    private static String source;

    /** One violated rule: its id, impact, help text and the selectors of the elements that break it. */
    record Violation(String rule, String impact, String help, List<String> targets) {
        boolean blocking() {
            return BLOCKING.contains(impact);
        }

        @Override
        public String toString() {
            return impact + " " + rule + " (" + help + ") on " + targets.size() + ": " + targets;
        }
    }

    private AxeScan() {
    }

    /**
     * Scans the whole page once it is at rest (hidden panels are skipped by axe itself). Waits for a smooth scroll to
     * end first: mid-scroll, a button half under the sticky header fails target-size though no user can tap it there.
     */
    @SuppressWarnings("unchecked")
    static List<Violation> scan(BrowserSession session) {
        if (!Boolean.TRUE.equals(session.script("return typeof window.axe === 'object'"))) {
            session.script(axeSource() + "\n;window.axe = axe;");
        }
        Object result = session.asyncScript("""
                const [tags, done] = arguments;
                const settled = new Promise((resolve) => {
                  let last = -1, still = 0, frames = 0;
                  const tick = () => {
                    still = window.scrollY === last ? still + 1 : 0;
                    last = window.scrollY;
                    frames++;
                    if (still >= 5 || frames > 180) resolve(); else requestAnimationFrame(tick);
                  };
                  requestAnimationFrame(tick);
                  setTimeout(resolve, 3000); // in case frames are throttled
                });
                settled.then(() => axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
                  .then((r) => done(r.violations.map((v) => ({ rule: v.id, impact: v.impact || 'minor', help: v.help,
                    targets: v.nodes.map((n) => n.target.join(' ')
                      + (n.failureSummary ? ' (' + n.failureSummary.replace(/\s+/g, ' ') + ')' : '')) }))), (e) => done([{ rule: 'axe-error', impact: 'critical',
                    help: String(e), targets: [] }])));
                """, WCAG_TAGS);
        return ((List<Map<String, Object>>) result).stream().map(v -> new Violation((String) v.get("rule"),
                (String) v.get("impact"), (String) v.get("help"), (List<String>) v.get("targets"))).toList();
    }

    /** "serious color-contrast ×3, minor region ×1" or "none". */
    static String summary(List<Violation> violations) {
        if (violations.isEmpty()) {
            return "none";
        }
        return violations.stream().map(v -> v.impact() + " " + v.rule() + " ×" + v.targets().size())
                .collect(Collectors.joining(", "));
    }

    private static synchronized String axeSource() {
        if (source == null) {
            try (InputStream in = AxeScan.class.getClassLoader().getResourceAsStream(AXE_SCRIPT)) {
                if (in == null) {
                    throw new IllegalStateException(AXE_SCRIPT + " is not on the test classpath (com.deque.html.axe-core:selenium)");
                }
                source = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return source;
    }
}
