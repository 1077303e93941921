package com.cascade4arm.host.gguf;

import com.cascade4arm.demomodels.gguf.GgmlType;
import com.cascade4arm.demomodels.gguf.GgufValueType;
import com.cascade4arm.demomodels.gguf.GgufWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class GgufFactsTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource({"0, all F32", "1, F16", "2, Q4_0", "7, Q8_0", "15, Q4_K - Medium", "32, BF16", "99, 'unknown, may not work'"})
    void namesTheFileTypeAsLlamaCppDoes(int fileType, String name) throws IOException {
        assertThat(GgufFacts.read(write(fileType)).ftype()).isEqualTo(name);
    }

    @Test
    void countsParametersOverAllTensorsAndReadsTheHyperParameters() throws IOException {
        GgufFacts facts = GgufFacts.read(write(2));

        assertThat(facts.nParams()).as("32×4 + 32 + 32×8 elements").isEqualTo(32 * 4 + 32 + 32 * 8);
        assertThat(facts.nCtxTrain()).isEqualTo(8192);
        assertThat(facts.nEmbd()).isEqualTo(32);
        assertThat(facts.nVocab()).as("tokenizer.ggml.tokens entries").isEqualTo(3);
    }

    @Test
    void refusesAFileThatIsNotGguf() throws IOException {
        Path file = Files.writeString(dir.resolve("x.gguf"), "not a model at all, just text");

        assertThatThrownBy(() -> GgufFacts.read(file)).hasMessageContaining("not a GGUF file");
    }

    private Path write(int fileType) throws IOException {
        GgufWriter writer = new GgufWriter()
                .putString("general.architecture", "qwen2")
                .putString("general.name", "tiny")
                .putUInt32("general.file_type", fileType)
                .putUInt32("qwen2.context_length", 8192)
                .putUInt32("qwen2.embedding_length", 32)
                .putArray("tokenizer.ggml.tokens", GgufValueType.STRING, List.of("a", "b", "c"))
                .putArray("tokenizer.ggml.token_type", GgufValueType.INT32, List.of(1, 1, 1))
                .addTensor("token_embd.weight", GgmlType.F32, new long[]{32, 4}, () -> new float[32 * 4])
                .addTensor("output_norm.weight", GgmlType.F32, new long[]{32}, () -> new float[32])
                .addTensor("output.weight", GgmlType.F16, new long[]{32, 8}, () -> new float[32 * 8]);
        Path file = dir.resolve("model-" + fileType + ".gguf");
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            writer.writeTo(channel);
        }
        return file;
    }
}
