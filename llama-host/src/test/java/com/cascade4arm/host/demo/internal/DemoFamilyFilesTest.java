package com.cascade4arm.host.demo.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.cascade4arm.host.demo.DemoModel;
import com.cascade4arm.host.demo.gguf.GgmlType;
import com.cascade4arm.host.demo.gguf.GgufReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class DemoFamilyFilesTest {
    @TempDir
    Path first;
    @TempDir
    Path second;

    @ParameterizedTest
    @EnumSource(DemoModel.class)
    void generatesIdenticalBytesEveryTime(DemoModel model) throws Exception {
        Path a = first.resolve(model.id() + ".gguf");
        Path b = second.resolve(model.id() + ".gguf");
        DemoFamily.write(model, a);
        DemoFamily.write(model, b);

        assertThat(sha256(b)).as("sha256 of two generations of %s", model.id()).isEqualTo(sha256(a));
        System.out.printf("%s: %,d bytes, sha256 %s%n", model.id(), Files.size(a), sha256(a));
    }

    @Test
    void smallModelIsAQwen2GgufWithGpt2TokenizerAndChatMlTemplate() throws IOException {
        Path file = first.resolve("small.gguf");
        DemoFamily.write(DemoModel.SMALL, file);
        GgufReader gguf = GgufReader.read(file);
        Vocabulary vocabulary = DemoTables.shared().vocabulary();

        assertThat(gguf.metadata).containsEntry("general.architecture", "qwen2")
                .containsEntry("qwen2.block_count", 2)
                .containsEntry("qwen2.embedding_length", DemoFamily.EMBEDDING_LENGTH)
                .containsEntry("qwen2.attention.head_count", 12)
                .containsEntry("qwen2.attention.head_count_kv", 2)
                .containsEntry("general.file_type", 7)
                .containsEntry("tokenizer.ggml.model", "gpt2")
                .containsEntry("tokenizer.ggml.pre", "qwen2")
                .containsEntry("tokenizer.ggml.merges", List.of())
                .containsEntry("tokenizer.ggml.eos_token_id", vocabulary.imEndId())
                .containsEntry("tokenizer.ggml.add_bos_token", false);
        assertThat((List<?>) gguf.metadata.get("tokenizer.ggml.tokens")).hasSize(vocabulary.size());
        assertThat((String) gguf.metadata.get("tokenizer.chat_template"))
                .contains("'<|im_start|>' + message['role'] + '\\n'", "<|im_end|>", "<|im_start|>assistant\\n");
        assertThat(gguf.tensors).extracting(GgufReader.TensorInfo::name)
                .contains("token_embd.weight", "output_norm.weight", "output.weight", "blk.1.attn_q.bias",
                        "blk.1.attn_k.weight", "blk.1.ffn_gate.weight", "blk.1.ffn_down.weight")
                .doesNotContain("blk.2.attn_q.weight");
        assertThat(gguf.tensor("blk.0.attn_k.weight").dims()).containsExactly(768, 128);
        assertThat(gguf.tensor("blk.0.ffn_down.weight").dims()).containsExactly(2048, 768);
        assertThat(gguf.tensor("output.weight").type()).isEqualTo(GgmlType.Q8_0);
        assertThat(gguf.tensor("output_norm.weight").type()).isEqualTo(GgmlType.F32);
        assertThat(gguf.tensors).allMatch(t -> t.offset() % 32 == 0, "offsets aligned to 32 bytes");
    }

    @Test
    void encodesTheTableAsOneHotEmbeddingsZeroedResidualWritesAndScaledLogits() throws IOException {
        Path file = first.resolve("large.gguf");
        DemoFamily.write(DemoModel.LARGE, file);
        GgufReader gguf = GgufReader.read(file);
        NextTokenTable table = DemoTables.shared().table(ModelSpec.TableVariant.TARGET);
        int width = DemoFamily.EMBEDDING_LENGTH;
        int token = DemoTables.shared().vocabulary().idOf(" the");

        float[] embeddings = gguf.tensorData("token_embd.weight");
        assertThat(embeddings[token * width + token]).isCloseTo(1f, within(1e-3f));
        assertThat(embeddings[token * width + token + 1]).isZero();
        assertThat(gguf.tensorData("blk.3.attn_output.weight")).containsOnly(0f);
        assertThat(gguf.tensorData("blk.3.ffn_down.weight")).containsOnly(0f);
        float[] output = gguf.tensorData("output.weight");
        int next = table.argmax(token);
        float scale = (float) Math.sqrt(width);
        assertThat(output[next * width + token] * scale).as("logit of the favourite after ' the'")
                .isCloseTo(table.logit(token, next), within(0.1f));
    }

    private static String sha256(Path file) throws IOException, NoSuchAlgorithmException {
        MessageDigest digest = MessageDigest.getInstance("SHA-256");
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), digest)) {
            in.transferTo(OutputStreamSink.INSTANCE);
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    /** Discards bytes (the digest stream does the work). */
    private static final class OutputStreamSink extends java.io.OutputStream {
        static final OutputStreamSink INSTANCE = new OutputStreamSink();

        @Override
        public void write(int b) {
        }

        @Override
        public void write(byte[] b, int off, int len) {
        }
    }
}
