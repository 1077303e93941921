package com.cascade4arm.rules.facts;

import static org.assertj.core.api.Assertions.assertThat;

import com.cascade4arm.openai.ChatMessage;
import com.cascade4arm.rules.RoutingRulebook;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Every transformation of the prompt (lower-casing, collapsing, tokenising, the shape scanners, the score's features)
 * is linear, for any Unicode a client sends: characters whose lower case is longer (İ → "i̇" made Java 17's
 * String.toLowerCase regrow its buffer per character: 32,000 'İ' blocked the event loop 0.3-5 s), combining marks,
 * direction marks, lone and paired surrogates, emoji — up to the 32,000-character prompt cap. A request's facts and
 * rules may take at most {@value #MAX_TIMES_ASCII}× what a plain ASCII prompt of the same length takes in the same run,
 * plus {@value #SLACK_MS} ms — in the thread's CPU time, so neighbours on a shared 2-core machine (load 20 seen) do not
 * count; the event loop is blocked for that CPU time at least.
 */
class AdversarialUnicodeTimeTest {

    static final int CAP_CHARS = WorstCaseDecisionTest.CAP_CHARS;
    /** Hostile text may take this many times as long as same-length ASCII prose (a linear pass: 1-3×). */
    static final double MAX_TIMES_ASCII = 5;
    /** Absolute slack for a GC pause or a neighbour on a shared machine, in ms (the old İ case took 300+ ms). */
    static final double SLACK_MS = 5;
    /** Runs of each prompt at most; the best counts. */
    static final int ATTEMPTS = 8;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /** Characters whose case maps expand or are special, marks, surrogates and emoji. */
    static final List<String> ADVERSARIAL = List.of(
            "İ", "ß", "ŉ", "ǰ", "ΐ", "ΰ", "ﬀ", "ﬃ", "ﬆ", "ẞ", "Σ", "ς", "ΣΑΣ", "K", "Å", "ı", "ǅ", "Ǆ", "ᾈ", "ῼ",
            "\u0301", "e\u0301", "\u0307", "\u20DD", "\u0489", "\u200F", "\u200E", "\u202E", "\u2066", "\u061C",
            "\uD83D\uDE00", "\uD83D\uDC68\u200D\uD83D\uDC69\u200D\uD83D\uDC67", "\uD83C\uDDE9\uD83C\uDDEA",
            "\uD800", "\uDC00", "\uDBFF\uDFFF", "\uD801\uDC00", "\uFEFF", "\u00A0", "\u3000", "\u2028", " ", "\n",
            "Ж", "日本", "a", "?", "1", "=");

    private static final RoutingRulebook RULES = RoutingRulebook.defaults();
    private static final String ASCII = WorstCaseDecisionTest.PROSE;

    @BeforeContainer
    static void warmUp() {
        for (int i = 0; i < 20; i++) {
            nanosFor(WorstCaseDecisionTest.fill(List.of(ASCII), CAP_CHARS / 4));
            nanosFor(WorstCaseDecisionTest.fill(ADVERSARIAL, CAP_CHARS / 4));
        }
    }

    @Provide
    Arbitrary<String> adversarial() {
        Arbitrary<List<String>> units = Arbitraries.of(ADVERSARIAL).list().ofMinSize(1).ofMaxSize(5);
        Arbitrary<Integer> length = Arbitraries.integers().between(1, CAP_CHARS).edgeCases(e -> e.includeOnly(CAP_CHARS));
        return Combinators.combine(units, length).as(WorstCaseDecisionTest::fill);
    }

    @Property(tries = 60)
    void adversarialUnicodeCostsAboutWhatAsciiCosts(@ForAll("adversarial") String prompt) {
        assertLinear(prompt);
    }

    @Example
    void thirtyTwoThousandDottedCapitalIsAreAsCheapAsAscii() {
        assertLinear("İ".repeat(CAP_CHARS));
    }

    @Example
    void everyExpandingCaseMapAtTheCapIsAsCheapAsAscii() {
        for (String unit : List.of("ß", "ŉ", "ǰ", "ΐ", "ﬀ", "ﬃ", "ᾈ", "İ ", "İ\u0301")) {
            assertLinear(WorstCaseDecisionTest.fill(List.of(unit), CAP_CHARS));
        }
    }

    @Example
    void aConversationWhoseHistoryIsDottedCapitalIsIsAsCheapAsAscii() {
        String hostile = "İ".repeat(CAP_CHARS / 8);
        String plain = WorstCaseDecisionTest.fill(List.of(ASCII), CAP_CHARS / 8);
        long[] best = {Long.MAX_VALUE, Long.MAX_VALUE};
        for (int attempt = 0; attempt < ATTEMPTS && (attempt == 0 || best[1] > bound(best[0])); attempt++) {
            best[0] = Math.min(best[0], nanosForHistory(plain));
            best[1] = Math.min(best[1], nanosForHistory(hostile));
        }
        assertWithin(best[1], best[0], "a conversation of eight 4,000-character 'İ' messages");
    }

    @Example
    void lowerCaseMapsEachCodePointAndKeepsSurrogatesAndLength() {
        assertThat(Scan.lowerCase("İSTANBUL ΣΑΣ ß \uD801\uDC00 \uD800x")).isEqualTo("istanbul σασ ß \uD801\uDC28 \uD800x");
        assertThat(Scan.lowerCase("already lower")).as("no copy when nothing changes").isSameAs("already lower");
        assertThat(PromptFactsExtractor.fromPrompt("İ".repeat(CAP_CHARS)).getLowerText()).hasSize(CAP_CHARS);
    }

    /** Best of up to {@value #ATTEMPTS} interleaved runs each: one pause on a shared machine does not fail it. */
    static void assertLinear(String prompt) {
        String ascii = WorstCaseDecisionTest.fill(List.of(ASCII), prompt.length());
        long best = Long.MAX_VALUE;
        long bestAscii = Long.MAX_VALUE;
        for (int attempt = 0; attempt < ATTEMPTS && (attempt == 0 || best > bound(bestAscii)); attempt++) {
            bestAscii = Math.min(bestAscii, nanosFor(ascii));
            best = Math.min(best, nanosFor(prompt));
        }
        assertWithin(best, bestAscii, "a " + prompt.length() + "-character prompt starting "
                + prompt.substring(0, Math.min(20, prompt.length())));
    }

    private static void assertWithin(long nanos, long asciiNanos, String what) {
        System.out.printf("facts+rules for %s: %.3f ms CPU (same-length ASCII: %.3f ms)%n", what, nanos / 1e6, asciiNanos / 1e6);
        assertThat(nanos / 1e6).as("CPU ms for facts and rules on %s (same-length ASCII: %.3f ms)", what, asciiNanos / 1e6)
                .isLessThanOrEqualTo(bound(asciiNanos) / 1e6);
    }

    private static double bound(long asciiNanos) {
        return MAX_TIMES_ASCII * asciiNanos + SLACK_MS * 1e6;
    }

    private static long nanosFor(String prompt) {
        long start = THREADS.getCurrentThreadCpuTime();
        RULES.decide(PromptFactsExtractor.fromPrompt(prompt));
        return THREADS.getCurrentThreadCpuTime() - start;
    }

    private static long nanosForHistory(String message) {
        List<ChatMessage> messages = new java.util.ArrayList<>();
        for (int i = 0; i < 8; i++) {
            messages.add(i % 2 == 0 ? ChatMessage.user(message) : ChatMessage.assistant(message));
        }
        messages.add(ChatMessage.user("and now?"));
        long start = THREADS.getCurrentThreadCpuTime();
        RULES.decide(PromptFactsExtractor.extract(messages, null));
        return THREADS.getCurrentThreadCpuTime() - start;
    }
}
