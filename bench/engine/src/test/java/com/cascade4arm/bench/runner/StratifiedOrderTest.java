package com.cascade4arm.bench.runner;

import com.cascade4arm.bench.suite.Prompt;
import com.cascade4arm.bench.suite.PromptSuite;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

class StratifiedOrderTest {

    private static final PromptSuite SUITE = PromptSuite.load();

    @Test
    void sendsEveryCategoryAtEveryLevelForEveryPromptCountAndRequestCount() {
        for (int prompts = 1; prompts <= SUITE.size(); prompts++) {
            List<Prompt> selected = SUITE.first(prompts);
            List<String> categories = StratifiedOrder.categories(selected);
            for (int requests = categories.size(); requests <= BenchConfig.MAX_REQUESTS_PER_LEVEL; requests += 7) {
                List<Prompt> order = StratifiedOrder.of(selected, requests);
                assertThat(order).hasSize(requests);
                assertThat(order.stream().map(Prompt::category).distinct())
                        .as("%d prompts, %d requests", prompts, requests).containsExactlyInAnyOrderElementsOf(categories);
                Map<String, Long> perCategory = order.stream()
                        .collect(Collectors.groupingBy(Prompt::category, Collectors.counting()));
                long spread = perCategory.values().stream().mapToLong(Long::longValue).max().orElseThrow()
                        - perCategory.values().stream().mapToLong(Long::longValue).min().orElseThrow();
                assertThat(spread).as("categories balanced within one request (%d prompts, %d requests)", prompts, requests)
                        .isLessThanOrEqualTo(1);
            }
        }
    }

    @Test
    void fourRequestsOverFivePromptsWouldSkipACategorySoTheConfigRefusesThem() {
        List<Prompt> five = SUITE.first(5);
        assertThat(StratifiedOrder.categories(five)).hasSize(5);
        assertThat(StratifiedOrder.of(five, 5)).extracting(Prompt::category)
                .containsExactly("factual", "everyday", "reasoning", "code", "analysis");
    }

    @Test
    void interleavesCategoriesAndCyclesEachCategorysOwnPrompts() {
        List<Prompt> selected = List.of(SUITE.byId("code-01").orElseThrow(), SUITE.byId("code-02").orElseThrow(),
                SUITE.byId("factual-01").orElseThrow());
        assertThat(StratifiedOrder.of(selected, 6)).extracting(Prompt::id)
                .containsExactly("code-01", "factual-01", "code-02", "factual-01", "code-01", "factual-01");
    }

    @Test
    void usesEveryPromptOfTheSuiteWhenRequestsCoverIt() {
        List<Prompt> order = StratifiedOrder.of(SUITE.first(50), 50);
        assertThat(order.stream().map(Prompt::id).distinct().count()).isEqualTo(50);
        assertThat(order.stream().collect(Collectors.groupingBy(Prompt::category, Collectors.counting())))
                .containsOnlyKeys(PromptSuite.CATEGORIES).allSatisfy((c, n) -> assertThat(n).isEqualTo(10L));
        assertThat(order.stream().map(Prompt::id).collect(Collectors.toMap(Function.identity(), id -> 1)))
                .hasSize(50);
    }
}
