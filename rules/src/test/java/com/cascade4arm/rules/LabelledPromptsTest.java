package com.cascade4arm.rules;

import static org.assertj.core.api.Assertions.assertThat;

import com.cascade4arm.rules.decision.RoutingDecision;
import com.cascade4arm.rules.facts.PromptFactsExtractor;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Routes our own labelled prompts (not the benchmark suite's) through the default rulebook: at least 95% must reach the
 * expected model. Prints a per-category table of route and category accuracy and lists every miss.
 */
class LabelledPromptsTest {

    private static final String DATA = "com/cascade4arm/rules/labelled-prompts.json";
    private static final double REQUIRED_ROUTE_ACCURACY = 0.95;
    private static final int MIN_PROMPTS = 100;

    record Labelled(String category, String route, String prompt) {
    }

    private static List<Labelled> prompts;

    @BeforeAll
    static void load() throws IOException {
        try (InputStream in = LabelledPromptsTest.class.getClassLoader().getResourceAsStream(DATA)) {
            assertThat(in).as("test resource %s", DATA).isNotNull();
            prompts = new ObjectMapper().readValue(in, new TypeReference<List<Labelled>>() { });
        }
    }

    @Test
    void routesAtLeast95PercentOfLabelledPromptsToTheExpectedModel() {
        RoutingRulebook rulebook = RoutingRulebook.defaults();
        Map<String, int[]> byCategory = new TreeMap<>(); // category -> {count, route correct, category correct}
        List<String> misses = new ArrayList<>();
        int routeCorrect = 0;
        for (Labelled p : prompts) {
            RoutingDecision decision = rulebook.decide(PromptFactsExtractor.fromPrompt(p.prompt()));
            int[] row = byCategory.computeIfAbsent(p.category(), c -> new int[3]);
            row[0]++;
            if (p.route().equals(decision.route())) {
                row[1]++;
                routeCorrect++;
            } else {
                misses.add("ROUTE    expected " + p.route() + " got " + decision.route() + " by '" + decision.ruleName()
                        + "' for: " + abbreviate(p.prompt()));
            }
            if (p.category().equals(decision.category())) {
                row[2]++;
            } else {
                misses.add("category expected " + p.category() + " got " + decision.category() + " for: "
                        + abbreviate(p.prompt()));
            }
        }
        printTable(byCategory, routeCorrect);
        misses.forEach(System.out::println);

        assertThat(prompts).as("labelled prompts").hasSizeGreaterThanOrEqualTo(MIN_PROMPTS);
        assertThat(byCategory).as("categories covered").containsOnlyKeys("factual", "everyday", "reasoning", "code", "analysis");
        assertThat((double) routeCorrect / prompts.size()).as("route accuracy; misses:%n%s", String.join("\n", misses))
                .isGreaterThanOrEqualTo(REQUIRED_ROUTE_ACCURACY);
    }

    private static void printTable(Map<String, int[]> byCategory, int routeCorrect) {
        System.out.println();
        System.out.printf("%-10s %6s %14s %15s %17s%n", "category", "count", "route correct", "route accuracy", "category accuracy");
        byCategory.forEach((category, row) -> System.out.printf("%-10s %6d %14d %14.1f%% %16.1f%%%n",
                category, row[0], row[1], 100.0 * row[1] / row[0], 100.0 * row[2] / row[0]));
        int categoryCorrect = byCategory.values().stream().mapToInt(r -> r[2]).sum();
        System.out.printf("%-10s %6d %14d %14.1f%% %16.1f%%%n", "all", prompts.size(), routeCorrect,
                100.0 * routeCorrect / prompts.size(), 100.0 * categoryCorrect / prompts.size());
    }

    private static String abbreviate(String prompt) {
        String oneLine = prompt.replaceAll("\\s+", " ");
        return oneLine.length() <= 110 ? oneLine : oneLine.substring(0, 107) + "...";
    }
}
