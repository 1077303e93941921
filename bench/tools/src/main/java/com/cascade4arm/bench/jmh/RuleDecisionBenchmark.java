package com.cascade4arm.bench.jmh;

import com.cascade4arm.openai.ChatMessage;
import com.cascade4arm.rules.RoutingRulebook;
import com.cascade4arm.rules.decision.RoutingDecision;
import com.cascade4arm.rules.facts.PromptFacts;
import com.cascade4arm.rules.facts.PromptFactsExtractor;
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
 * Latency of one routing decision on the default rulebook (goal: p99 ≤ 50 µs) and of fact extraction, per prompt kind.
 * SampleTime mode reports p50/p90/p99/p99.9. Run from the project root:
 * <pre>
 * mvn -B -q install -DskipTests
 * java -cp "bench/tools/target/bench.jar:bench/tools/target/lib/*" org.openjdk.jmh.Main RuleDecisionBenchmark
 * </pre>
 * Add {@code -p kind=factual} to measure one kind, {@code -f 0} to skip forking when iterating quickly. The
 * {@code cap-*} kinds are 32,000-character worst cases (issue 13): {@code if(=} repeated (cubic for the old regexes),
 * {@code import a.b.b…} (their stack overflow), prose, code, one letter; {@code extractAndDecide} is what the event loop
 * does per request: {@code -p kind=cap-if-eq,cap-import,cap-prose,cap-code,cap-one-letter RuleDecisionBenchmark.extractAndDecide}.
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

    @Param({"factual", "greeting", "code-fence", "analysis", "follow-up", "long-essay",
            "cap-if-eq", "cap-import", "cap-prose", "cap-code", "cap-one-letter"})
    public String kind;

    private RoutingRulebook rulebook;
    private List<ChatMessage> messages;
    private PromptFacts facts;

    @Setup
    public void setUp() {
        rulebook = RoutingRulebook.defaults();
        messages = conversation(kind);
        facts = PromptFactsExtractor.extract(messages, null);
    }

    @Benchmark
    public RoutingDecision decide() {
        return rulebook.decide(facts);
    }

    @Benchmark
    public RoutingDecision extractAndDecide() {
        return rulebook.decide(PromptFactsExtractor.extract(messages, null));
    }

    @Benchmark
    public PromptFacts extractFacts() {
        return PromptFactsExtractor.extract(messages, null);
    }

    private static List<ChatMessage> conversation(String kind) {
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
            case "long-essay" -> List.of(ChatMessage.user(longEssay()));
            case "cap-if-eq" -> List.of(ChatMessage.user(atCap("if(=")));
            case "cap-import" -> List.of(ChatMessage.user("import a" + atCap(".b").substring(8)));
            case "cap-prose" -> List.of(ChatMessage.user(atCap(longEssay())));
            case "cap-code" -> List.of(ChatMessage.user(atCap(
                    "if (x == 1) { return f(a.b, \"s\"); }\nfor i in range(10):\n    print(i)\nSELECT a, b FROM t;\n")));
            case "cap-one-letter" -> List.of(ChatMessage.user(atCap("a")));
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
