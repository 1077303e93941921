package com.cascade4arm.bench.suite;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PromptSuiteTest {

    private final PromptSuite suite = PromptSuite.load();

    @Test
    void holdsFiftyPromptsTenPerCategory() {
        assertThat(suite.size()).isEqualTo(50);
        Map<String, Long> perCategory = suite.all().stream()
                .collect(Collectors.groupingBy(Prompt::category, Collectors.counting()));
        assertThat(perCategory).as("prompts per category")
                .containsOnlyKeys(PromptSuite.CATEGORIES)
                .allSatisfy((category, count) -> assertThat(count).as(category).isEqualTo(10L));
    }

    @Test
    void interleavesCategoriesSoPrefixesStayBalanced() {
        List<Prompt> all = suite.all();
        for (int i = 0; i < all.size(); i++) {
            assertThat(all.get(i).category()).as("category of prompt #%d (%s)", i, all.get(i).id())
                    .isEqualTo(PromptSuite.CATEGORIES.get(i % 5));
        }
        assertThat(suite.first(10)).extracting(Prompt::category).containsOnly(PromptSuite.CATEGORIES.toArray(String[]::new));
        assertThat(suite.first(25).stream().collect(Collectors.groupingBy(Prompt::category, Collectors.counting())))
                .as("first 25 per category").allSatisfy((category, count) -> assertThat(count).isEqualTo(5L));
    }

    @Test
    void expectsSmallRouteForFactualAndEverydayAndLargeOtherwise() {
        assertThat(suite.all()).allSatisfy(p -> assertThat(p.expectedRoute()).as(p.id()).isEqualTo(
                p.category().equals("factual") || p.category().equals("everyday") ? "small" : "large"));
    }

    @Test
    void containsTheFiveReferencePromptsVerbatim() {
        Map<String, String> categoryByPrompt = suite.all().stream()
                .collect(Collectors.toMap(Prompt::prompt, Prompt::category));
        assertThat(categoryByPrompt)
                .containsEntry("What is the capital of France?", "factual")
                .containsEntry("Hi there!", "everyday")
                .containsEntry("Explain step by step how a B-tree index speeds up SQL queries.", "reasoning")
                .containsEntry("Write a Python function that finds the longest palindromic substring.", "code")
                .containsEntry("Compare merge sort and quicksort, including their trade-offs in practice.", "analysis");
    }

    @Test
    void hasUniqueIdsAndPromptsAndNoBlankFields() {
        assertThat(new HashSet<>(suite.all().stream().map(Prompt::id).toList())).hasSize(50);
        assertThat(new HashSet<>(suite.all().stream().map(Prompt::prompt).toList())).hasSize(50);
        assertThat(suite.all()).allSatisfy(p -> {
            assertThat(p.id()).isNotBlank();
            assertThat(p.prompt()).isNotBlank();
        });
    }

    @Test
    void includesCodePromptsWithInlineCodeAndStackTraces() {
        List<String> code = suite.byCategory("code").stream().map(Prompt::prompt).toList();
        assertThat(code).anySatisfy(p -> assertThat(p).contains("`"));
        assertThat(code).anySatisfy(p -> assertThat(p).contains("Exception in thread").contains("\n    at "));
    }

    @Test
    void selectsByCategoryIdAndPrefix() {
        assertThat(suite.byCategory("code")).hasSize(10).extracting(Prompt::category).containsOnly("code");
        assertThat(suite.byCategory("poetry")).isEmpty();
        assertThat(suite.byId("factual-01")).map(Prompt::prompt).contains("What is the capital of France?");
        assertThat(suite.first(3)).extracting(Prompt::id).containsExactly("factual-01", "everyday-01", "reasoning-01");
        assertThat(suite.all().stream().collect(Collectors.toMap(Prompt::id, Function.identity()))).hasSize(50);
    }

    @Test
    void rejectsPrefixOutsideTheSuite() {
        assertThatThrownBy(() -> suite.first(0)).hasMessage("prompt count must be between 1 and 50, but was 0");
        assertThatThrownBy(() -> suite.first(51)).hasMessage("prompt count must be between 1 and 50, but was 51");
    }
}
