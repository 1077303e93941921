package com.cascade4arm.demomodels.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.cascade4arm.demomodels.DemoModel;
import com.cascade4arm.demomodels.gguf.GgmlType;
import com.cascade4arm.demomodels.gguf.GgufReader;
import com.cascade4arm.demomodels.gguf.GgufWriter;
import com.cascade4arm.demomodels.internal.design.DemoDesign;
import com.cascade4arm.demomodels.internal.design.Layout;
import com.cascade4arm.demomodels.internal.tokenizer.BpeVocabulary;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
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
    Path dir;

    @ParameterizedTest
    @EnumSource(DemoModel.class)
    void generatesIdenticalBytesEveryTime(DemoModel model) throws Exception {
        String first = sha256(QwenGgufAssembler.assemble(DemoFamily.spec(model), DemoDesign.shared()));
        String second = sha256(QwenGgufAssembler.assemble(DemoFamily.spec(model), DemoDesign.shared()));

        assertThat(second).as("sha256 of two generations of %s", model.id()).isEqualTo(first);
        System.out.printf("%s: sha256 %s%n", model.id(), first);
    }

    @Test
    void draftIsAQwen2GgufWithBpeMergesAndChatMlTemplate() throws IOException {
        Path file = dir.resolve("small.gguf");
        DemoFamily.write(DemoModel.SMALL, file);
        GgufReader gguf = GgufReader.read(file);
        BpeVocabulary vocabulary = DemoDesign.shared().vocabulary();

        assertThat(gguf.metadata).containsEntry("general.architecture", "qwen2")
                .containsEntry("qwen2.block_count", 1)
                .containsEntry("qwen2.embedding_length", Layout.WIDTH)
                .containsEntry("qwen2.attention.head_count", Layout.HEAD_COUNT)
                .containsEntry("qwen2.attention.head_count_kv", Layout.HEAD_COUNT_KV)
                .containsEntry("general.file_type", 2)
                .containsEntry("tokenizer.ggml.model", "gpt2")
                .containsEntry("tokenizer.ggml.pre", "qwen2")
                .containsEntry("tokenizer.ggml.merges", vocabulary.merges())
                .containsEntry("tokenizer.ggml.eos_token_id", vocabulary.imEndId())
                .containsEntry("tokenizer.ggml.add_bos_token", false);
        assertThat((List<?>) gguf.metadata.get("tokenizer.ggml.merges")).hasSizeGreaterThan(2_000);
        assertThat((List<?>) gguf.metadata.get("tokenizer.ggml.tokens")).hasSize(vocabulary.size());
        assertThat((String) gguf.metadata.get("tokenizer.chat_template"))
                .contains("'<|im_start|>' + message.role + '\\n'", "<|im_end|>", "<|im_start|>assistant\\n", "<tool_call>",
                        "<tool_response>");
        assertThat(gguf.tensor("blk.0.attn_k.weight").dims()).containsExactly(Layout.WIDTH, Layout.KV_WIDTH);
        assertThat(gguf.tensor("output.weight").type()).isEqualTo(GgmlType.Q4_0);
        assertThat(gguf.tensor("token_embd.weight").type()).isEqualTo(GgmlType.F16);
        assertThat(gguf.tensors).allMatch(t -> t.offset() % 32 == 0, "offsets aligned to 32 bytes");
    }

    @Test
    void paddingBlocksComputeButAddNothing() {
        ModelSpec baseline = DemoFamily.spec(DemoModel.BASELINE);
        GgufWriter writer = QwenGgufAssembler.assemble(baseline, DemoDesign.shared());
        String last = "blk." + (baseline.blockCount() - 1) + ".";

        assertThat(baseline.blockCount()).isGreaterThan(1);
        assertThat(tensor(writer, last + "attn_output.weight")).containsOnly(0f);
        assertThat(tensor(writer, last + "ffn_down.weight")).containsOnly(0f);
        assertThat(nonZero(tensor(writer, last + "ffn_gate.weight"))).as("padding inputs are real work").isPositive();
        assertThat(nonZero(tensor(writer, "blk.0.ffn_down.weight"))).as("the designed block writes").isPositive();
    }

    private static long nonZero(float[] values) {
        long count = 0;
        for (float value : values) {
            count += value != 0f ? 1 : 0;
        }
        return count;
    }

    private static float[] tensor(GgufWriter writer, String name) {
        return writer.tensors().stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow().data().get();
    }

    private static String sha256(GgufWriter writer) throws IOException, NoSuchAlgorithmException {
        MessageDigest digest = MessageDigest.getInstance("SHA-256");
        writer.writeTo(new WritableByteChannel() {
            @Override
            public int write(ByteBuffer buffer) {
                int count = buffer.remaining();
                digest.update(buffer);
                return count;
            }

            @Override
            public boolean isOpen() {
                return true;
            }

            @Override
            public void close() {
            }
        });
        return HexFormat.of().formatHex(digest.digest());
    }
}
