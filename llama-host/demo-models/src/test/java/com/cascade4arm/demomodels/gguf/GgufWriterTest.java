package com.cascade4arm.demomodels.gguf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GgufWriterTest {
    @TempDir
    Path dir;

    @Test
    void writesHeaderMetadataOfEveryTypeAndTensorInfosThatParseBack() throws IOException {
        GgufWriter writer = new GgufWriter()
                .put("t.u8", GgufValueType.UINT8, 200)
                .put("t.i8", GgufValueType.INT8, -5)
                .put("t.u16", GgufValueType.UINT16, 60_000)
                .put("t.i16", GgufValueType.INT16, -300)
                .putUInt32("t.u32", 4_000_000)
                .put("t.i32", GgufValueType.INT32, -7)
                .putFloat32("t.f32", 1.5f)
                .putBool("t.bool", true)
                .putString("t.string", "héllo")
                .put("t.u64", GgufValueType.UINT64, 1L << 40)
                .put("t.i64", GgufValueType.INT64, -(1L << 40))
                .put("t.f64", GgufValueType.FLOAT64, 2.25)
                .putArray("t.strings", GgufValueType.STRING, List.of("a", "Ġb", "<|im_end|>"))
                .putArray("t.ints", GgufValueType.INT32, List.of(1, 3, 3))
                .putArray("t.empty", GgufValueType.STRING, List.of())
                .addTensor("a", GgmlType.F32, new long[] {3}, () -> new float[] {1, 2, 3})
                .addTensor("b", GgmlType.F16, new long[] {5, 2}, () -> new float[] {0, 1, 2, 3, 4, 5, 6, 7, 8, -9})
                .addTensor("c", GgmlType.Q4_0, new long[] {64, 2}, GgufWriterTest::ramp);

        GgufReader read = GgufReader.read(write(writer));

        assertThat(read.magic).as("magic 'GGUF'").isEqualTo(0x46554747);
        assertThat(read.version).isEqualTo(3);
        assertThat(read.metadata).containsEntry("t.u8", (byte) 200).containsEntry("t.i8", (byte) -5)
                .containsEntry("t.u16", (short) 60_000).containsEntry("t.i16", (short) -300)
                .containsEntry("t.u32", 4_000_000).containsEntry("t.i32", -7)
                .containsEntry("t.f32", 1.5f).containsEntry("t.bool", true).containsEntry("t.string", "héllo")
                .containsEntry("t.u64", 1L << 40).containsEntry("t.i64", -(1L << 40)).containsEntry("t.f64", 2.25)
                .containsEntry("t.strings", List.of("a", "Ġb", "<|im_end|>"))
                .containsEntry("t.ints", List.of(1, 3, 3))
                .containsEntry("t.empty", List.of());
        assertThat(read.metadataTypes).containsEntry("t.u16", GgufValueType.UINT16).containsEntry("t.ints", GgufValueType.ARRAY);
        assertThat(read.tensors).extracting(GgufReader.TensorInfo::name).containsExactly("a", "b", "c");
        assertThat(read.tensor("b").dims()).containsExactly(5, 2);
        assertThat(read.tensor("c").type()).isEqualTo(GgmlType.Q4_0);
    }

    @Test
    void alignsTheDataSectionAndEveryTensorTo32Bytes() throws IOException {
        GgufWriter writer = new GgufWriter()
                .putString("general.name", "odd-length name to misalign the header")
                .addTensor("three", GgmlType.F32, new long[] {3}, () -> new float[] {1, 2, 3})
                .addTensor("five", GgmlType.F16, new long[] {5}, () -> new float[] {1, 2, 3, 4, 5})
                .addTensor("q", GgmlType.Q4_0, new long[] {32}, () -> new float[32]);

        Path file = write(writer);
        GgufReader read = GgufReader.read(file);

        assertThat(read.dataStart % 32).as("data section start").isZero();
        assertThat(read.tensors).extracting(GgufReader.TensorInfo::offset).containsExactly(0L, 32L, 64L);
        assertThat(Files.size(file)).as("file ends after the last tensor, padded").isEqualTo(read.dataStart + 64 + 32);
    }

    @Test
    void tensorDataRoundTripsPerType() throws IOException {
        float[] f32 = {1.25f, -3.5f, 1e-7f, 123456.78f};
        float[] f16 = {1.25f, -3.5f, 0.1f, 1000.5f};
        GgufWriter writer = new GgufWriter()
                .addTensor("f32", GgmlType.F32, new long[] {4}, () -> f32)
                .addTensor("f16", GgmlType.F16, new long[] {4}, () -> f16)
                .addTensor("q4", GgmlType.Q4_0, new long[] {64, 2}, GgufWriterTest::ramp);

        GgufReader read = GgufReader.read(write(writer));

        assertThat(read.tensorData("f32")).containsExactly(f32);
        assertThat(read.tensorData("f16")).containsExactly(1.25f, -3.5f, 0.099975586f, 1000.5f);
        float[] q4 = read.tensorData("q4");
        float[] expected = ramp();
        for (int i = 0; i < expected.length; i++) {
            float blockMax = 0;
            for (int j = i / 32 * 32; j < i / 32 * 32 + 32; j++) {
                blockMax = Math.max(blockMax, Math.abs(expected[j]));
            }
            // the largest magnitude is code 0 (-8 steps), so the other sign reaches 7 steps at most: an eighth of
            // it off, plus the fp16 rounding of the block scale
            assertThat(q4[i]).as("q4 value %d", i).isCloseTo(expected[i], within(blockMax / 8 + blockMax * 1e-3f));
        }
    }

    @Test
    void rejectsQ40RowsThatAreNotWholeBlocks() {
        assertThatThrownBy(() -> new GgufWriter().addTensor("bad", GgmlType.Q4_0, new long[] {48, 2}, () -> new float[96]))
                .hasMessageContaining("Q4_0").hasMessageContaining("48");
    }

    @Test
    void rejectsDataOfTheWrongLength() {
        GgufWriter writer = new GgufWriter().addTensor("short", GgmlType.F32, new long[] {4}, () -> new float[3]);
        assertThatThrownBy(() -> write(writer)).hasMessageContaining("short").hasMessageContaining("expects 4");
    }

    @Test
    void rejectsDuplicateKeys() {
        GgufWriter writer = new GgufWriter().putString("k", "a");
        assertThatThrownBy(() -> writer.putString("k", "b")).hasMessageContaining("duplicate metadata key k");
    }

    private Path write(GgufWriter writer) throws IOException {
        Path file = dir.resolve("test.gguf");
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            writer.writeTo(channel);
        }
        return file;
    }

    private static float[] ramp() {
        float[] values = new float[128];
        for (int i = 0; i < values.length; i++) {
            values[i] = (i - 40) * 0.37f;
        }
        return values;
    }
}
