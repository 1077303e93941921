package com.cascade4arm.rules.facts;

import static org.assertj.core.api.Assertions.assertThat;

import com.cascade4arm.openai.ChatMessage;
import com.cascade4arm.rules.RoutingRulebook;
import java.util.ArrayList;
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
 * Time and stack of a routing decision (facts + bundled rules) on hostile text up to the 32,000-character prompt cap:
 * random and crafted code-like, punctuation-heavy, deeply nested and very long input. The bound is generous (CI is
 * noisy; a decision at the cap takes well under a millisecond when warm) but far below what the backtracking regexes
 * took: 'if(=' × 2,000 needed 26 s, × 8,000 an estimated hour, and 'import a' + '.b' × 4,000 overflowed the stack.
 */
class WorstCaseDecisionTest {

    /** The gateway's prompt cap (cascade.limits.max-prompt-chars default). */
    static final int CAP_CHARS = 32_000;
    /** Per decision at the cap: generous for a shared 2-core machine, yet 500× below the old worst case at a quarter of it. */
    static final long BOUND_MS = 50;
    /**
     * On a loaded machine the bound grows with plain prose of the same length decided alongside: hostile text may take
     * at most this many times as long (a linear scanner stays within a few times, 30-40 under a neighbour's load
     * spikes; the old regexes took tens of thousands of times as long).
     */
    static final double MAX_TIMES_PROSE = 100;
    /** What the reference prompt is made of: ordinary English, no code markers. */
    static final String PROSE = "Tell me about the mountains of Norway and how people lived there long ago. ";

    /** Units whose repetition defeated the old regexes, or stresses a scanner's bookkeeping. */
    static final List<String> CRAFTED_UNITS = List.of(
            "if(=", "if(", "for (", "while(;", "(", "((", ")", "import a", ".b", "import a.", "def ", "def f", "class A",
            "function", "fn f", "return ", "return;", "#include", "public static ", "static ", "const x", "let x:",
            "print", "console.log", "System.out.print", "goroutine 1 [", "at a.b(", "at x:1:", "File \"a\", line ",
            "SELECT ", "FROM ", "select a,", "select ", "from ", "insert into t", "update t set", "INNER JOIN",
            "Exception", "AError", "1+", "1 - ", "2x=", "3%", "a.b(", "{", "}", ";", "==", "->", ":", "\n", "\n  ",
            "\t", "  ", "é", "´", "\"", "'", "```", "~~~", "?", "with a as", "for a in", "elif x", "except",
            "Traceback", "a", "aa ", "ab");

    private static final RoutingRulebook RULES = RoutingRulebook.defaults();

    @BeforeContainer
    static void warmUp() {
        for (int i = 0; i < 30; i++) {
            for (String unit : CRAFTED_UNITS.subList(0, 10)) {
                RULES.decide(PromptFactsExtractor.fromPrompt(fill(List.of(unit, " x "), CAP_CHARS / 4)));
            }
        }
    }

    @Provide
    Arbitrary<String> crafted() {
        Arbitrary<List<String>> units = Arbitraries.of(CRAFTED_UNITS).list().ofMinSize(1).ofMaxSize(4);
        Arbitrary<Integer> length = Arbitraries.integers().between(1, CAP_CHARS).edgeCases(e -> e.includeOnly(CAP_CHARS));
        return Combinators.combine(units, length).as(WorstCaseDecisionTest::fill);
    }

    @Provide
    Arbitrary<String> randomCodeLike() {
        Arbitrary<String> token = Arbitraries.oneOf(Arbitraries.of(CRAFTED_UNITS),
                Arbitraries.strings().withChars("(){}[]<>=!;:.,\"'`~#$%^&*+-/\\|?@ \n\tabcXYZ019é").ofMaxLength(6));
        return token.list().ofMinSize(100).ofMaxSize(9_000).map(tokens -> truncate(String.join("", tokens)));
    }

    @Provide
    Arbitrary<String> nested() {
        return Combinators.combine(Arbitraries.of("(", "[", "{", "if(", "f(", "<", "\"", "a.b("),
                Arbitraries.of(")", "]", "}", ";", "=", ""), Arbitraries.integers().between(1, CAP_CHARS / 4))
                .as((open, close, depth) -> truncate(open.repeat(depth) + "x" + close.repeat(depth)));
    }

    @Property(tries = 150)
    void craftedRepetitionsDecideWithinTheBound(@ForAll("crafted") String prompt) {
        assertDecidesWithinBound(prompt);
    }

    @Property(tries = 60)
    void randomCodeLikeTextDecidesWithinTheBound(@ForAll("randomCodeLike") String prompt) {
        assertDecidesWithinBound(prompt);
    }

    @Property(tries = 60)
    void deeplyNestedTextDecidesWithinTheBound(@ForAll("nested") String prompt) {
        assertDecidesWithinBound(prompt);
    }

    @Example
    void theReportedReproductionsDecideWithinTheBound() {
        assertDecidesWithinBound("if(=".repeat(CAP_CHARS / 4));
        assertDecidesWithinBound(truncate("import a" + ".b".repeat(CAP_CHARS / 2)));
        assertDecidesWithinBound("import a" + ".b".repeat(4_000));
    }

    @Example
    void aConversationAtTheCapDecidesWithinTheBound() {
        List<ChatMessage> messages = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            messages.add(ChatMessage.user("if(=".repeat(CAP_CHARS / 64)));
            messages.add(ChatMessage.assistant("import a" + ".b".repeat(CAP_CHARS / 64)));
        }
        long best = Long.MAX_VALUE;
        for (int attempt = 0; attempt < 3 && best > BOUND_MS * 1_000_000; attempt++) {
            long start = System.nanoTime();
            RULES.decide(PromptFactsExtractor.extract(messages, 64));
            best = Math.min(best, System.nanoTime() - start);
        }
        assertThat(best / 1_000_000).as("ms for a 16-message conversation at the cap").isLessThan(BOUND_MS);
    }

    /**
     * Best of up to five runs each of the prompt and of same-length prose, so one GC pause or a busy neighbour on a
     * shared machine does not fail it; an overflow fails at once.
     */
    static void assertDecidesWithinBound(String prompt) {
        String prose = fill(List.of(PROSE), prompt.length());
        long best = Long.MAX_VALUE;
        long bestProse = Long.MAX_VALUE;
        for (int attempt = 0; attempt < 5 && (attempt == 0 || best > boundNanos(bestProse)); attempt++) {
            bestProse = Math.min(bestProse, nanosToDecide(prose));
            best = Math.min(best, nanosToDecide(prompt));
        }
        assertThat(best / 1_000_000.0).as("ms to decide a %d-character prompt starting %s (same-length prose: %.3f ms)",
                prompt.length(), prompt.substring(0, Math.min(40, prompt.length())), bestProse / 1_000_000.0)
                .isLessThan(boundNanos(bestProse) / 1_000_000.0);
    }

    private static long nanosToDecide(String prompt) {
        long start = System.nanoTime();
        RULES.decide(PromptFactsExtractor.fromPrompt(prompt));
        return System.nanoTime() - start;
    }

    /** {@link #BOUND_MS}, or {@link #MAX_TIMES_PROSE} times the prose's time when the machine is slower than that. */
    private static long boundNanos(long proseNanos) {
        return Math.max(BOUND_MS * 1_000_000, (long) (MAX_TIMES_PROSE * proseNanos));
    }

    static String fill(List<String> units, int length) {
        StringBuilder text = new StringBuilder(length + 16);
        for (int i = 0; text.length() < length; i++) {
            text.append(units.get(i % units.size()));
        }
        return text.substring(0, length);
    }

    private static String truncate(String text) {
        return text.length() <= CAP_CHARS ? text : text.substring(0, CAP_CHARS);
    }
}
