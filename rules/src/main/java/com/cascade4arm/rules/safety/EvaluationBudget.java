package com.cascade4arm.rules.safety;

import com.cascade4arm.rules.RuleProblem;
import com.cascade4arm.rules.RulebookCompileException;
import com.cascade4arm.rules.engine.BundledRules;
import com.cascade4arm.rules.facts.EvaluationDeadline;
import com.cascade4arm.rules.facts.PromptFacts;
import com.cascade4arm.rules.facts.PromptFactsExtractor;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * Time is the one thing the safety check cannot read off the DRL. Every allowed condition is linear in the prompt, but
 * some cost a lot per character: {@code matchedPatterns contains "[a-z]{100}x"} takes 25 ms on 32,000 letters, a case-
 * insensitive pattern about 1 ms, and a thousand substring checks add up. So the conditions whose cost grows with the
 * prompt ({@link TextOperations}) are timed before a candidate may serve: each on {@link StressPrompts} at the prompt
 * cap, best of {@value #RUNS} runs (a busy machine should not count against it), the worst prompt counting. A rule
 * whose conditions together exceed the budget is named with its line, as a compile problem: validate and dry-run report
 * it, activation refuses it. (Everything else a condition may do costs the same on any prompt.) The rulebook this
 * build ships is not timed: the budget was set against it, and on a busy machine its timing would come out near the
 * budget (0.38–0.47 ms measured at load 8), so a rollback to it could be refused.
 */
public final class EvaluationBudget {

    /**
     * Most time, in microseconds, the rules' text-dependent conditions may take per decision at the prompt cap: with
     * fact extraction (a few hundred µs at the cap, bench/README) a decision stays within 1 ms of the event loop.
     */
    public static final long DEFAULT_BUDGET_MICROS = 500;
    /** Runs per condition and prompt; the fastest counts. */
    static final int RUNS = 5;
    /** Timings of the whole candidate before it is refused, {@value #PAUSE_MS} ms apart. */
    static final int ATTEMPTS = 3;
    private static final long PAUSE_MS = 50;
    /** The deadline conditions are timed under: an hour, i.e. none. */
    private static final long UNLIMITED_NANOS = 3_600_000_000_000L;

    /** Warm-up patterns: a literal start, a class loop, case folding, an alternation (RE2/J's main code paths). */
    private static final List<String> WARM_UP_PATTERNS = List.of("zq.*x", "[a-z]+x", "(?i)step by step", "(a|b)*c");
    private static final int WARM_UP_ROUNDS = 15;

    private static volatile List<PromptFacts> stressFacts;

    /** The bundled rulebook, read once when first compared. */
    private static final class Shipped {
        static final Map<String, String> FILES = BundledRules.load();
    }

    private EvaluationBudget() {
    }

    /**
     * Passes when the candidate's text-dependent conditions take at most {@code budgetMicros} per decision at the cap.
     * Over it, the conditions are timed again after a pause, up to {@value #ATTEMPTS} times, and each keeps its fastest
     * attempt: a stall of a few milliseconds (a collection, another process on the CPU) spans one attempt's runs, not
     * attempts apart — a 20 µs pattern once measured 790 µs twice in a row on a busy 2-core machine.
     *
     * @throws RulebookCompileException naming each rule over the budget with its slowest condition, or else the slowest
     *                                  rules when only their sum is over it
     */
    public static void check(Map<String, String> files, long budgetMicros) {
        check(files, budgetMicros, EvaluationBudget::measure);
    }

    /** {@link #check(Map, long)} with the timing given, so a test can play a stall. */
    static void check(Map<String, String> files, long budgetMicros,
                      Function<List<TextOperations.Operation>, Map<TextOperations.Operation, Long>> timing) {
        List<TextOperations.Operation> operations = TextOperations.of(files);
        if (operations.isEmpty() || files.equals(Shipped.FILES)) {
            return;
        }
        Map<TextOperations.Operation, Long> costs = new LinkedHashMap<>(timing.apply(operations));
        for (int attempt = 1; attempt < ATTEMPTS && total(costs) > budgetMicros; attempt++) {
            pause();
            timing.apply(operations).forEach((operation, cost) -> costs.merge(operation, cost, Math::min));
        }
        if (total(costs) > budgetMicros) {
            throw new RulebookCompileException(problems(costs, budgetMicros));
        }
    }

    private static void pause() {
        try {
            Thread.sleep(PAUSE_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Worst-prompt cost in µs of each operation. */
    static Map<TextOperations.Operation, Long> measure(List<TextOperations.Operation> operations) {
        Map<TextOperations.Operation, Long> costs = new LinkedHashMap<>();
        for (TextOperations.Operation operation : operations) {
            long worst = 0;
            for (PromptFacts facts : stressFacts()) {
                long best = Long.MAX_VALUE;
                for (int run = 0; run < RUNS; run++) {
                    // Under an evaluation deadline, as live: patterns then read the text through its clock-watching view.
                    try (EvaluationDeadline unlimited = EvaluationDeadline.open(UNLIMITED_NANOS)) {
                        long start = System.nanoTime();
                        evaluate(operation, facts);
                        best = Math.min(best, System.nanoTime() - start);
                    }
                }
                worst = Math.max(worst, best);
            }
            costs.merge(operation, worst / 1_000, Long::sum);
        }
        return costs;
    }

    private static boolean evaluate(TextOperations.Operation operation, PromptFacts facts) {
        return switch (operation.kind()) {
            case PATTERN -> facts.getMatchedPatterns().contains(operation.literal());
            case SUBSTRING -> ("text".equals(operation.property()) ? facts.getText() : facts.getLowerText())
                    .contains(operation.literal());
            case PHRASE -> facts.getPhrases().contains(operation.literal());
        };
    }

    private static List<RuleProblem> problems(Map<TextOperations.Operation, Long> costs, long budgetMicros) {
        Map<String, List<Map.Entry<TextOperations.Operation, Long>>> byRule = new LinkedHashMap<>();
        costs.entrySet().forEach(e -> byRule.computeIfAbsent(e.getKey().file() + "\u0000" + e.getKey().rule(),
                k -> new ArrayList<>()).add(e));
        List<RuleProblem> problems = new ArrayList<>();
        List<String> slowest = new ArrayList<>();
        byRule.values().stream()
                .sorted(Comparator.comparingLong((List<Map.Entry<TextOperations.Operation, Long>> r) -> sum(r)).reversed())
                .forEach(rule -> {
                    Map.Entry<TextOperations.Operation, Long> worst = rule.stream()
                            .max(Map.Entry.comparingByValue()).orElseThrow();
                    TextOperations.Operation op = worst.getKey();
                    if (sum(rule) > budgetMicros) {
                        problems.add(new RuleProblem(op.file(), op.line(), 0, "rule \"" + op.rule() + "\": its conditions "
                                + "take " + ms(sum(rule)) + " per decision on a " + StressPrompts.CAP_CHARS
                                + "-character prompt, over the budget of " + ms(budgetMicros) + "; the slowest is "
                                + describe(op) + " (" + ms(worst.getValue()) + "): use a shorter pattern, fewer counted "
                                + "repetitions, a literal start, or phrases/words instead"));
                    } else if (slowest.size() < 3) {
                        slowest.add("\"" + op.rule() + "\" " + ms(sum(rule)));
                    }
                });
        if (problems.isEmpty()) {
            TextOperations.Operation first = costs.keySet().iterator().next();
            problems.add(new RuleProblem(first.file(), 0, 0, "the rules' text conditions take " + ms(total(costs))
                    + " per decision on a " + StressPrompts.CAP_CHARS + "-character prompt, over the budget of "
                    + ms(budgetMicros) + "; no rule alone is over it, the slowest are " + slowest));
        }
        return problems;
    }

    private static String describe(TextOperations.Operation op) {
        return op.property() + " contains \"" + (op.literal().length() > 60 ? op.literal().substring(0, 57) + "..."
                : op.literal()) + "\"";
    }

    private static long sum(List<Map.Entry<TextOperations.Operation, Long>> rule) {
        return rule.stream().mapToLong(Map.Entry::getValue).sum();
    }

    private static long total(Map<TextOperations.Operation, Long> costs) {
        return costs.values().stream().mapToLong(Long::longValue).sum();
    }

    /**
     * The stress prompts' facts, built once — after running the matchers a while, so that the first candidate timed in
     * a fresh JVM is not charged for compiling RE2/J's code (cold, a cheap pattern measured 50× its warm cost).
     */
    private static List<PromptFacts> stressFacts() {
        List<PromptFacts> facts = stressFacts;
        if (facts == null) {
            facts = StressPrompts.ALL.stream().map(p -> PromptFactsExtractor.fromPrompt(p.text())).toList();
            try (EvaluationDeadline unlimited = EvaluationDeadline.open(UNLIMITED_NANOS)) {
                for (int round = 0; round < WARM_UP_ROUNDS; round++) {
                    for (PromptFacts prompt : facts.subList(0, 3)) {
                        WARM_UP_PATTERNS.forEach(pattern -> prompt.getMatchedPatterns().contains(pattern));
                        prompt.getLowerText().contains("warm up");
                        prompt.getPhrases().contains("warm up");
                    }
                }
            }
            stressFacts = facts;
        }
        return facts;
    }

    private static String ms(long micros) {
        return String.format(Locale.ROOT, "%.2f ms", micros / 1_000.0);
    }
}
