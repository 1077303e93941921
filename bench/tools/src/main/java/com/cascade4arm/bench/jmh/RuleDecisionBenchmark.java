package com.cascade4arm.bench.jmh;

import com.cascade4arm.openai.ChatMessage;
import com.cascade4arm.rules.RoutingRulebook;
import com.cascade4arm.rules.decision.RoutingDecision;
import com.cascade4arm.rules.facts.PromptFacts;
import com.cascade4arm.rules.facts.PromptFactsExtractor;
import com.cascade4arm.rules.score.CategoryModel;
import com.cascade4arm.rules.score.CategoryScores;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Latency of routing one request on the default rulebook, per prompt kind: {@code decide} (rules only, facts given),
 * {@code extractFacts} (facts, learned score included), {@code score} (the learned score alone) and
 * {@code extractAndDecide} (what a request costs on the event loop: facts, score and rules; goal p99 ≤ 50 µs for prompts
 * up to 2,000 characters: kind {@code essay-2000}).
 * SampleTime mode reports p50/p90/p99/p99.9; {@link CpuReferenceBenchmark}, run with it, is the same-run reference for
 * the percentiles (what this machine's neighbours add to any computation of that median). Run from the project root:
 * <pre>
 * mvn -B -q install -DskipTests
 * java -cp "bench/tools/target/bench.jar:bench/tools/target/lib/*" org.openjdk.jmh.Main RuleDecisionBenchmark
 * </pre>
 * Add {@code -p kind=factual} to measure one kind, {@code -f 0} to skip forking when iterating quickly. The
 * {@code cap-*} kinds are 32,000-character worst cases (the prompt cap; goal: a decision within 1 ms): {@code if(=}
 * repeated (cubic for the old regexes), {@code import a.b.b…} (their stack overflow), prose, code, one letter, and a mix
 * of everything the shape scanners look for:
 * {@code -p kind=cap-if-eq,cap-import,cap-prose,cap-code,cap-one-letter,cap-mixed RuleDecisionBenchmark.extractAndDecide}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
// No logging in the fork: without a logback config Drools logs 4 DEBUG lines per session, which would be measured too.
@Fork(value = 1, jvmArgsAppend = {"-Xmx1g", "-Dslf4j.provider=org.slf4j.helpers.NOP_FallbackServiceProvider"})
public class RuleDecisionBenchmark {

    /** The gateway's prompt cap (cascade.limits.max-prompt-chars default), in characters. */
    static final int CAP_CHARS = 32_000;
    /** Everything the shape scanners look for: prose, clock times and units, numbers, code, German and Spanish. */
    private static final String MIXED = "Why does the loop while x < 10 run at 9:40 for 2 h 50 min? total = items[i] "
            + "+ f(x); i++; 1, 2, 3, 5, 8, 13. Erkläre es Schritt für Schritt, ¿por qué? Ann is older than Ben. ";

    @Param({"factual", "greeting", "code-fence", "analysis", "follow-up", "essay-2000", "long-essay", "software-fact", "units",
            "code-syntax", "german", "spanish", "cap-if-eq", "cap-import", "cap-prose", "cap-code", "cap-one-letter",
            "cap-mixed"})
    public String kind;

    private RoutingRulebook rulebook;
    private CategoryModel model;
    private List<ChatMessage> messages;
    private PromptFacts facts;

    @Setup
    public void setUp() {
        rulebook = RoutingRulebook.defaults();
        model = CategoryModel.bundled();
        messages = conversation(kind);
        facts = PromptFactsExtractor.extract(messages, null);
    }

    @Benchmark
    public RoutingDecision decide() {
        return rulebook.decide(facts);
    }

    @Benchmark
    public PromptFacts extractFacts() {
        return PromptFactsExtractor.extract(messages, null);
    }

    @Benchmark
    public CategoryScores score() {
        return model.score(messages.get(messages.size() - 1).content());
    }

    @Benchmark
    public RoutingDecision extractAndDecide() {
        return rulebook.decide(PromptFactsExtractor.extract(messages, null));
    }

    static List<ChatMessage> conversation(String kind) {
        return switch (kind) {
            case "factual" -> List.of(ChatMessage.user("Which river flows through Budapest?"));
            case "greeting" -> List.of(ChatMessage.user("Hey, good evening! Hope your week went well."));
            case "code-fence" -> List.of(ChatMessage.user(
                    "Why is this slow?\n```python\nfor i in range(len(xs)):\n    if xs[i] in seen:\n        dup.append(xs[i])\n```"));
            case "analysis" -> List.of(ChatMessage.user(
                    "Evaluate the trade-offs of a city tram network versus express buses for a mid-sized town."));
            case "follow-up" -> List.of(
                    ChatMessage.user("Fix this: `let n = xs.length; for (i = 0; i <= n; i++) {}`"),
                    ChatMessage.assistant("Use i < n instead of i <= n, otherwise the last index is out of range."),
                    ChatMessage.user("Thanks! Can you make it shorter?"));
            case "essay-2000" -> List.of(ChatMessage.user(longEssay().substring(0, 2000)));
            case "long-essay" -> List.of(ChatMessage.user(longEssay()));
            case "software-fact" -> List.of(ChatMessage.user("Who invented the JavaScript language?"));
            case "units" -> List.of(ChatMessage.user("A meeting starts at 9:40 and runs 2 h 50 min. When does it end?"));
            case "code-syntax" -> List.of(ChatMessage.user("fix: while x < 10 x += 1"));
            case "german" -> List.of(ChatMessage.user("Warum fallen Blätter im Herbst? Erkläre es Schritt für Schritt."));
            case "spanish" -> List.of(ChatMessage.user("¿Por qué el cielo es azul? Explícalo paso a paso."));
            case "cap-if-eq" -> List.of(ChatMessage.user(atCap("if(=")));
            case "cap-import" -> List.of(ChatMessage.user("import a" + atCap(".b").substring(8)));
            case "cap-prose" -> List.of(ChatMessage.user(atCap(longEssay())));
            case "cap-code" -> List.of(ChatMessage.user(atCap(
                    "if (x == 1) { return f(a.b, \"s\"); }\nfor i in range(10):\n    print(i)\nSELECT a, b FROM t;\n")));
            case "cap-one-letter" -> List.of(ChatMessage.user(atCap("a")));
            case "cap-mixed" -> List.of(ChatMessage.user(atCap(MIXED)));
            default -> throw new IllegalArgumentException("kind must be one of the @Param values, but was " + kind);
        };
    }

    private static String atCap(String unit) {
        return unit.repeat(CAP_CHARS / unit.length() + 1).substring(0, CAP_CHARS);
    }

    /** About 4,000 characters of ordinary prose: the worst case for keyword and phrase checks. */
    private static String longEssay() {
        String paragraph = "The town council met on Tuesday to discuss the future of the old railway station, which has "
                + "stood empty for almost a decade. Residents spoke about the building's history, its leaky roof and the "
                + "pigeons that now live in the ticket hall, and several proposals were presented, from a food market to "
                + "a climbing centre. Nobody could agree on who should pay for the repairs. ";
        return paragraph.repeat(4000 / paragraph.length() + 1).substring(0, 4000);
    }
}
