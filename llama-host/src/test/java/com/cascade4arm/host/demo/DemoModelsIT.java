package com.cascade4arm.host.demo;

import static org.assertj.core.api.Assertions.assertThat;

import com.cascade4arm.host.demo.internal.DemoFamily;
import de.kherud.llama.LlamaModel;
import de.kherud.llama.ModelParameters;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Generates, verifies and chats with each demo model through real llama.cpp. */
class DemoModelsIT {
    static final int MAX_TOKENS = 64;
    static final float SAMPLING_TEMPERATURE = 0.8f;

    @TempDir
    static Path cache;

    @ParameterizedTest
    @EnumSource(DemoModel.class)
    void ensureGeneratesOnceAndThenServesTheCachedFile(DemoModel model) throws IOException {
        Path path = DemoModels.ensure(model, cache);
        FileTime written = Files.getLastModifiedTime(path);
        Path again = DemoModels.ensure(model, cache);

        assertThat(again).isEqualTo(path);
        assertThat(path.getFileName().toString()).isEqualTo(model.id() + "-gen" + DemoModels.GENERATOR_VERSION + ".gguf");
        assertThat(Files.getLastModifiedTime(again)).as("not regenerated").isEqualTo(written);
        try (Stream<Path> files = Files.list(cache)) {
            assertThat(files.map(Path::toString)).as("no temporary files left").noneMatch(name -> name.endsWith(".tmp"));
        }
    }

    @ParameterizedTest
    @EnumSource(DemoModel.class)
    void greedyChatAnswerIsCorpusEnglishRunningToMaxTokens(DemoModel model) {
        try (LlamaModel llama = load(model)) {
            DemoChat.Answer answer = DemoChat.ask(llama, "What is the capital of France?", MAX_TOKENS, 0f, 1);
            System.out.printf("%s greedy (%d tokens, %.0f tokens/s): %s%n", model.id(), answer.tokens(),
                    answer.tokensPerSecond(), answer.text());

            assertThat(answer.tokens()).as("greedy answers never pick <|im_end|>").isEqualTo(MAX_TOKENS);
            assertThat(answer.text()).as("printable ASCII words, not byte noise").matches("[A-Z][A-Za-z0-9 ,.?!:;'-]+");
            assertThat(DemoChat.words(answer.text())).hasSizeGreaterThan(MAX_TOKENS / 2);
            assertThat(DemoChat.vocabularyWordShare(answer.text())).as("share of vocabulary words").isGreaterThanOrEqualTo(0.8);
            assertThat(answer.text()).startsWith(DemoFamily.greedyAnswerStart(model, 2));
        }
    }

    @ParameterizedTest
    @EnumSource(DemoModel.class)
    void sampledChatAnswersVaryAndEndByThemselves(DemoModel model) {
        List<DemoChat.Answer> answers = new ArrayList<>();
        try (LlamaModel llama = load(model)) {
            for (int seed = 1; seed <= 5; seed++) {
                answers.add(DemoChat.ask(llama, "Tell me something about science.", 4 * MAX_TOKENS, SAMPLING_TEMPERATURE, seed));
            }
        }
        answers.forEach(answer -> System.out.printf("%s sampled (%d tokens): %s%n", model.id(), answer.tokens(), answer.text()));

        assertThat(answers).extracting(DemoChat.Answer::text).doesNotHaveDuplicates();
        assertThat(answers).filteredOn(answer -> answer.tokens() < 4 * MAX_TOKENS)
                .as("answers that ended with <|im_end|> before max tokens").hasSizeGreaterThanOrEqualTo(3);
        assertThat(answers).allSatisfy(answer -> assertThat(DemoChat.vocabularyWordShare(answer.text()))
                .as("share of vocabulary words in: %s", answer.text()).isGreaterThanOrEqualTo(0.8));
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

    static LlamaModel load(DemoModel model) {
        return new LlamaModel(new ModelParameters()
                .setModel(DemoModels.ensure(model, cache).toString())
                .setCtxSize(2_048)
                .setThreads(2)
                .disableLog());
    }
}
