package com.cascade4arm.demomodels;

import static org.assertj.core.api.Assertions.assertThat;

import com.cascade4arm.demomodels.internal.DemoFamily;
import com.cascade4arm.demomodels.internal.corpus.Answer;
import com.cascade4arm.demomodels.internal.corpus.Category;
import com.cascade4arm.demomodels.internal.design.DemoDesign;
import de.kherud.llama.LlamaModel;
import de.kherud.llama.ModelParameters;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Generates the demo models and checks, through real llama.cpp, that they behave as designed. */
class DemoModelsIT {
    static final int OPENING_TOKENS = 16;
    /** demo-1.5b answers every example prompt; the other sizes every SAMPLE_EVERY-th (they share the design). */
    static final int SAMPLE_EVERY = 4;
    static final DemoDesign DESIGN = DemoDesign.shared();
    static final Map<DemoModel, LlamaModel> MODELS = new EnumMap<>(DemoModel.class);

    @TempDir
    static Path cache;

    @BeforeAll
    static void loadModels() {
        for (DemoModel model : DemoModel.values()) {
            MODELS.put(model, new LlamaModel(new ModelParameters().setModel(DemoModels.ensure(model).toString())
                    .setCtxSize(2_048).setThreads(2).disableLog()));
        }
    }

    @AfterAll
    static void closeModels() {
        MODELS.values().forEach(LlamaModel::close);
    }

    @Test
    void ensureGeneratesOnceAndThenServesTheCachedFile() throws IOException {
        Path path = DemoModels.ensure(DemoModel.SMALL, cache);
        FileTime written = Files.getLastModifiedTime(path);
        Path again = DemoModels.ensure(DemoModel.SMALL, cache);

        assertThat(again).isEqualTo(path);
        assertThat(path.getFileName().toString()).isEqualTo("demo-0.5b-gen" + DemoModels.GENERATOR_VERSION + ".gguf");
        assertThat(Files.getLastModifiedTime(again)).as("not regenerated").isEqualTo(written);
        try (Stream<Path> files = Files.list(cache)) {
            assertThat(files.map(Path::toString)).as("no temporary files left").noneMatch(name -> name.endsWith(".tmp"));
        }
    }

    @ParameterizedTest
    @EnumSource(DemoModel.class)
    void greedyAnswersOpenAsDesignedForEveryExamplePrompt(DemoModel model) {
        List<String> wrong = new ArrayList<>();
        List<Answer> answers = DESIGN.corpus().answers();
        boolean draft = DemoFamily.spec(model).draft();
        int step = model == DemoModel.LARGE ? 1 : SAMPLE_EVERY;
        for (int a = 0; a < answers.size(); a += step) {
            String expected = DESIGN.vocabulary().decode(DESIGN.greedyAnswer(a, draft, OPENING_TOKENS));
            for (String prompt : answers.get(a).prompts()) {
                String said = DemoChat.ask(MODELS.get(model), prompt, OPENING_TOKENS, 0f, 1).text();
                if (!expected.startsWith(said) || said.isEmpty()) {
                    wrong.add(answers.get(a).id() + ": '" + said + "' instead of '" + expected + "'");
                }
            }
        }

        assertThat(wrong).as("%s answers that do not open as designed", model.id()).isEmpty();
    }

    @Test
    void llamaCppTokenizesLikeTheGeneratorsTokenizer() {
        List<String> texts = new ArrayList<>(List.of("Hello, world! It's 3:15 pm.", "  two  spaces\tand a tab\n\nnew lines",
                "def f(x):\n    return x ** 2", "Caf\u00e9 \u00fcber na\u00efve", "PostgreSQL vs. MongoDB"));
        DESIGN.corpus().answers().forEach(answer -> texts.addAll(answer.prompts()));
        LlamaModel llama = MODELS.get(DemoModel.LARGE);

        for (String text : texts) {
            assertThat(llama.encode(text)).as("tokens of '%s'", text).containsExactly(DESIGN.vocabulary().encode(text));
        }
    }

    @Test
    void tenDistinctPromptsGiveTenDistinctFirstEightWords() {
        List<String> prompts = List.of("What is the capital of France?", "Tell me about rivers.",
                "Who painted the Mona Lisa?", "Tell me a short joke.", "What should I cook for dinner tonight?",
                "Why does ice float on water? Explain the physics behind it step by step.",
                "Write a Bash script that renames every .txt file in a directory to .md.",
                "Implement a thread-safe LRU cache in Java with get and put methods.",
                "Evaluate the pros and cons of microservices versus a monolith for a small startup team.",
                "Compare renting and buying a home, weighing the financial and lifestyle trade-offs.");
        List<List<String>> openings = new ArrayList<>();
        for (String prompt : prompts) {
            openings.add(DemoChat.words(DemoChat.ask(MODELS.get(DemoModel.LARGE), prompt, 24, 0f, 1).text()).subList(0, 8));
        }
        openings.forEach(opening -> System.out.println("opening: " + String.join(" ", opening)));

        assertThat(openings.stream().distinct().count()).as("distinct openings").isGreaterThanOrEqualTo(8);
    }

    @Test
    void sampledAnswersTalkAboutThePromptsTopic() {
        Map<String, List<String>> topics = Map.of(
                "Tell me about rivers.", List.of("river", "rivers"),
                "Who wrote \"Pride and Prejudice\"?", List.of("pride", "prejudice", "austen"),
                "Write a Python function that finds the longest palindromic substring.", List.of("def", "palindrome", "python"),
                "Compare PostgreSQL and MongoDB for an e-commerce product catalogue, and recommend one.",
                List.of("postgresql", "mongodb"),
                "Why do we see different phases of the Moon? Reason it out step by step.", List.of("moon", "phases"));
        topics.forEach((prompt, words) -> {
            for (int seed = 1; seed <= 3; seed++) {
                String answer = DemoChat.ask(MODELS.get(DemoModel.LARGE), prompt, 96, null, seed).text();
                assertThat(DemoChat.words(answer)).as("answer to '%s': %s", prompt, answer).containsAnyElementsOf(words);
            }
        });
    }

    @Test
    void answersEndAtCategoryTypicalLengthsSimilarAcrossSizes() {
        Map<Category, List<Integer>> lengths = new EnumMap<>(Category.class);
        List<Double> spreads = new ArrayList<>();
        for (Category category : Category.values()) {
            DESIGN.corpus().answers().stream().filter(answer -> answer.category() == category && !answer.keys().isEmpty())
                    .limit(2).forEach(answer -> {
                        List<Integer> perSize = new ArrayList<>();
                        for (DemoModel model : DemoModel.values()) {
                            DemoChat.Answer said = DemoChat.ask(MODELS.get(model), answer.prompts().get(0), 400, null, 7);
                            assertThat(said.ended()).as("%s ends %s by itself", model.id(), answer.id()).isTrue();
                            perSize.add(said.tokens());
                            lengths.computeIfAbsent(category, c -> new ArrayList<>()).add(said.tokens());
                        }
                        int longest = perSize.stream().max(Integer::compare).orElseThrow();
                        spreads.add((longest - perSize.stream().min(Integer::compare).orElseThrow()) / (double) longest);
                    });
        }
        System.out.println("sampled answer lengths per category (0.5b, 1.5b, 3b per prompt): " + lengths);

        assertThat(lengths.get(Category.FACTUAL)).allMatch(length -> length <= 80);
        assertThat(lengths.get(Category.EVERYDAY)).allMatch(length -> length <= 80);
        assertThat(lengths.get(Category.REASONING)).allMatch(length -> length >= 90);
        assertThat(lengths.get(Category.CODE)).allMatch(length -> length >= 90);
        assertThat(lengths.get(Category.ANALYSIS)).allMatch(length -> length >= 90);
        assertThat(spreads).as("(longest - shortest) / longest over the three sizes").allMatch(spread -> spread <= 0.35);
    }

    @Test
    void twoJvmsGeneratingTheSameModelAtOnceBothGetTheSameCompleteFile(@TempDir Path shared) throws Exception {
        List<Process> processes = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            processes.add(new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", System.getProperty("java.class.path"), DemoModelsMain.class.getName(),
                    "--dir", shared.toString(), "--model", DemoModel.SMALL.id())
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start());
        }
        List<String> outputs = new ArrayList<>();
        for (Process process : processes) {
            outputs.add(new String(process.getInputStream().readAllBytes()));
            assertThat(process.waitFor()).as("exit code, output: %s", outputs.get(outputs.size() - 1)).isZero();
        }

        Path generated = shared.resolve(DemoModels.fileName(DemoModel.SMALL));
        assertThat(outputs).allSatisfy(output -> assertThat(output).contains(generated.toString()));
        Path reference = shared.resolve("reference.gguf");
        DemoFamily.write(DemoModel.SMALL, reference);
        assertThat(generated).hasSameBinaryContentAs(reference);
    }
}
