package com.cascade4arm.rules;

import static org.assertj.core.api.Assertions.assertThat;

import com.cascade4arm.rules.accuracy.AccuracyReport;
import com.cascade4arm.rules.accuracy.RouteAccuracy;
import com.cascade4arm.rules.score.CategoryModel;
import com.cascade4arm.rules.score.LabelledPrompt;
import com.cascade4arm.rules.score.LabelledPrompts;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;

/**
 * Prompts the bundled model never saw and the rules were not tuned on: the benchmark suite (bench/engine module, 50
 * prompts, which must all route as labelled) and a held-out set written apart from the labelled prompts.
 */
class UnseenPromptsTest {

    /** The benchmark suite, read from the sibling module's sources (rules cannot depend on bench, bench depends on rules). */
    private static final Path SUITE = Path.of("..", "bench", "engine", "src", "main", "resources", "com", "cascade4arm",
            "bench", "suite", "prompts.json");
    private static final String HELD_OUT = "com/cascade4arm/rules/held-out-prompts.json";
    private static final double REQUIRED_HELD_OUT_ROUTE_ACCURACY = 0.85;

    @Test
    void routesEveryBenchmarkSuitePromptAsLabelled() throws IOException {
        assertThat(SUITE).as("benchmark suite next to this module").exists();
        List<LabelledPrompt> suite = new ArrayList<>();
        for (JsonNode prompt : new ObjectMapper().readTree(Files.readAllBytes(SUITE)).path("prompts")) {
            suite.add(new LabelledPrompt(prompt.path("category").asText(), prompt.path("expected_route").asText(), "en",
                    false, prompt.path("prompt").asText()));
        }
        AccuracyReport report = RouteAccuracy.measure(RoutingRulebook.defaults(), suite, CategoryModel.bundled());
        System.out.print(report.table("benchmark suite"));

        assertThat(suite).hasSize(50);
        assertThat(report.misses()).as("suite prompts routed against their label").isEmpty();
    }

    @Test
    void routesHeldOutPromptsInFourLanguages() throws IOException, URISyntaxException {
        Path file = Path.of(Objects.requireNonNull(getClass().getClassLoader().getResource(HELD_OUT), HELD_OUT).toURI());
        List<LabelledPrompt> heldOut = LabelledPrompts.read(file);
        AccuracyReport report = RouteAccuracy.measure(RoutingRulebook.defaults(), heldOut, CategoryModel.bundled());
        System.out.print(report.table("held-out prompts (never trained or tuned on)"));
        report.misses().forEach(System.out::println);

        assertThat(heldOut.stream().map(LabelledPrompt::prompt)).as("held out from the training set")
                .doesNotContainAnyElementsOf(LabelledPrompts.bundled().stream().map(LabelledPrompt::prompt).toList());
        assertThat(report.byLanguage()).containsOnlyKeys("de", "en", "es", "fr");
        assertThat(report.all().routeAccuracy()).as("held-out route accuracy")
                .isGreaterThanOrEqualTo(REQUIRED_HELD_OUT_ROUTE_ACCURACY);
    }
}
