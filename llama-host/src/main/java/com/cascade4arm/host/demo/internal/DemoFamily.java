package com.cascade4arm.host.demo.internal;

import com.cascade4arm.host.demo.DemoModel;
import com.cascade4arm.host.demo.gguf.GgmlType;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The three demo models' shapes and how to write one. Same vocabulary everywhere (so 0.5b can draft for 1.5b); compute
 * per token ≈ 1 : 3 : 6 through block counts 2 / 6 / 12, like Qwen2.5 0.5B / 1.5B / 3B.
 */
public final class DemoFamily {
    /** Width of the residual stream: at least the vocabulary size, because token embeddings are one-hot. */
    public static final int EMBEDDING_LENGTH = DemoTables.MAX_VOCABULARY_SIZE;
    static final int FEED_FORWARD_LENGTH = 2_048;
    static final int HEAD_COUNT = 12;
    static final int HEAD_COUNT_KV = 2;

    private DemoFamily() {
    }

    public static ModelSpec spec(DemoModel model) {
        return switch (model) {
            case SMALL -> spec(model, "Cascade4Arm demo 0.5B", 2, GgmlType.Q8_0, ModelSpec.TableVariant.DRAFT);
            case LARGE -> spec(model, "Cascade4Arm demo 1.5B", 6, GgmlType.Q8_0, ModelSpec.TableVariant.TARGET);
            case BASELINE -> spec(model, "Cascade4Arm demo 3B", 12, GgmlType.F16, ModelSpec.TableVariant.TARGET);
        };
    }

    private static ModelSpec spec(DemoModel model, String name, int blocks, GgmlType type, ModelSpec.TableVariant table) {
        return new ModelSpec(model.id(), name, blocks, EMBEDDING_LENGTH, FEED_FORWARD_LENGTH, HEAD_COUNT, HEAD_COUNT_KV,
                type, table);
    }

    /** Writes the GGUF of {@code model} to {@code file} (created or truncated) and forces it to disk. */
    public static void write(DemoModel model, Path file) throws IOException {
        ModelSpec spec = spec(model);
        DemoTables tables = DemoTables.shared();
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            QwenGgufAssembler.assemble(spec, tables.vocabulary(), tables.table(spec.table())).writeTo(channel);
            channel.force(true);
        }
    }

    /** What {@code model} answers greedily (temperature 0) for its first {@code tokens} tokens, after any prompt. */
    public static String greedyAnswerStart(DemoModel model, int tokens) {
        return DemoTables.shared().greedyText(spec(model).table(), tokens);
    }
}
