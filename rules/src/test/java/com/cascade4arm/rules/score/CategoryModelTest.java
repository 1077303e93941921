package com.cascade4arm.rules.score;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The learned category score: reproducible from the labelled prompts, its file format, its scores and explanations. */
class CategoryModelTest {

    private static final CategoryModel MODEL = CategoryModel.bundled();

    @Test
    void rebuildsTheBundledModelByteForByteFromTheLabelledPrompts() throws IOException {
        byte[] shipped;
        try (InputStream in = getClass().getClassLoader().getResourceAsStream(CategoryModel.RESOURCE)) {
            assertThat(in).as("the build writes %s (exec-maven-plugin, process-classes)", CategoryModel.RESOURCE).isNotNull();
            shipped = in.readAllBytes();
        }

        byte[] retrained = CategoryModel.train(LabelledPrompts.bundled()).toBytes();

        assertThat(Sha256.hex(retrained)).as("sha256 of a model trained now").isEqualTo(Sha256.hex(shipped));
        assertThat(MODEL.featureCount()).isPositive();
    }

    @Test
    void theBuildStepWritesTheSameBytes(@TempDir Path dir) throws IOException {
        Path json = dir.resolve("prompts.json");
        Files.write(json, new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsBytes(LabelledPrompts.bundled()));
        Path model = dir.resolve("out").resolve("model.bin");

        TrainCategoryModel.main(new String[] {json.toString(), model.toString()});

        assertThat(Files.readAllBytes(model)).isEqualTo(MODEL.toBytes());
    }

    @Test
    void readsBackWhatItWrites() {
        CategoryModel copy = CategoryModel.fromBytes(MODEL.toBytes());

        String prompt = "Warum fallen Blätter im Herbst?";
        assertThat(copy.score(prompt).asMap()).isEqualTo(MODEL.score(prompt).asMap());
        assertThat(copy.categories()).containsExactlyElementsOf(LabelledPrompts.CATEGORIES);
    }

    @Test
    void refusesAModelTrainedOnOtherFeatures() {
        byte[] bytes = MODEL.toBytes();
        bytes[11] = (byte) (Features.VERSION + 1); // the int after magic and format: the feature version

        assertThatThrownBy(() -> CategoryModel.fromBytes(bytes)).isInstanceOf(IllegalStateException.class)
                .hasMessage("category model feature setting must be " + Features.VERSION + ", but was "
                        + (Features.VERSION + 1) + ": retrain it with this version (mvn process-classes)");
    }

    @Test
    void refusesTruncatedAndOverlongFiles() {
        byte[] bytes = MODEL.toBytes();

        assertThatThrownBy(() -> CategoryModel.fromBytes(Arrays.copyOf(bytes, bytes.length - 3)))
                .isInstanceOf(IllegalStateException.class).hasMessageStartingWith("category model file is truncated");
        assertThatThrownBy(() -> CategoryModel.fromBytes(Arrays.copyOf(bytes, bytes.length + 1)))
                .isInstanceOf(IllegalStateException.class).hasMessage("category model has bytes after its last entry");
        assertThatThrownBy(() -> CategoryModel.fromBytes(new byte[] {1, 2, 3, 4}))
                .isInstanceOf(IllegalStateException.class).hasMessageStartingWith("category model magic must be");
    }

    @Test
    void givesProbabilitiesThatSumToOneAndTheSameScoreEveryTime() {
        CategoryScores scores = MODEL.score("Who invented the JavaScript language?");

        assertThat(scores.asMap().values().stream().mapToDouble(Double::doubleValue).sum()).isCloseTo(1, within(1e-9));
        assertThat(scores.top()).isEqualTo("factual");
        assertThat(scores.topProbability()).isEqualTo(scores.probability("factual"));
        assertThat(scores.probability("poetry")).isZero();
        assertThat(MODEL.score("Who invented the JavaScript language?").asMap()).isEqualTo(scores.asMap());
    }

    @Test
    void explainsAScoreByTheFeaturesThatPulledItMost() {
        List<ScoreFeature> features = MODEL.explain("Why is the sky blue? Explain it step by step.", "reasoning", 5);

        assertThat(features).hasSize(5).allSatisfy(f -> assertThat(f.weight()).isPositive());
        assertThat(features).extracting(ScoreFeature::weight).isSortedAccordingTo((a, b) -> Double.compare(b, a));
        assertThat(features).extracting(ScoreFeature::feature)
                .allSatisfy(name -> assertThat(name).matches("(word|words|first word|chars):.+"));
        assertThat(MODEL.explain("Why?", "poetry", 5)).isEmpty();
    }

    /** Only the first 700 and the last 300 characters are read: a long prompt costs no more than a short one. */
    @Test
    void scoresOnlyTheHeadAndTailOfALongPrompt() {
        String head = "Why do leaves fall in autumn? ";
        String tail = " Explain it step by step.";
        String plain = head + "a".repeat(40_000) + tail;
        String codeInTheMiddle = head + "a".repeat(1_000) + "Compare SQL and Python code. ".repeat(500) + "a".repeat(1_000)
                + tail;

        assertThat(MODEL.score(codeInTheMiddle).asMap()).as("the middle is never read")
                .isEqualTo(MODEL.score(plain).asMap());
        assertThat(Features.normalized(codeInTheMiddle)).hasSize(Features.HEAD_CHARS + Features.TAIL_CHARS + 3);
    }

    @Test
    void readsDigitsAsZeroSoThatAllClockTimesLookAlike() {
        assertThat(new String(Features.normalized("At 9:40 or 11:15?"))).isEqualTo(" at 0:00 or 00:00? ");
        assertThat(MODEL.score("A meeting starts at 9:40.").asMap()).isEqualTo(MODEL.score("A meeting starts at 1:20.").asMap());
    }

    @Test
    void theUniformModelScoresEveryCategoryTheSame() {
        CategoryScores scores = CategoryModel.uniform().score("anything at all");

        assertThat(scores.asMap().values()).allSatisfy(p -> assertThat(p).isCloseTo(0.2, within(1e-9)));
    }

    @Test
    void refusesLabelledPromptsWithUnknownCategoriesOrRoutes() {
        assertThatThrownBy(() -> new LabelledPrompt("poetry", "small", "en", false, "A poem"))
                .hasMessage("category must be one of [factual, everyday, reasoning, code, analysis], but was 'poetry' "
                        + "for: A poem");
        assertThatThrownBy(() -> new LabelledPrompt("code", "medium", "en", false, "x"))
                .hasMessage("route must be small or large, but was 'medium' for: x");
    }
}
