package com.cascade4arm.demomodels.internal;

import com.cascade4arm.demomodels.DemoModel;
import com.cascade4arm.demomodels.gguf.GgmlType;
import com.cascade4arm.demomodels.internal.design.DemoDesign;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The three demo models: one design (vocabulary, answers, topic heads), three encodings. demo-0.5b knows the worded
 * variants but not the re-spellings, in Q4_0 (a cheap draft); demo-1.5b and demo-3b know every wording and differ in cost only: F32 (the most
 * bytes per multiply llama.cpp offers, the closest to a memory-bound 1.5B; on a small CPU its verify batches still
 * cost about a third of a decode per row, see DEMO-MODELS.md) and F16 with inert padding blocks (a full-precision 3B
 * baseline).
 */
public final class DemoFamily {
    static final int LARGE_PADDING_BLOCKS = 0;
    /** Three inert F16 blocks: the baseline costs about 2.5 demo-1.5b tokens per token, like a 3B at full precision. */
    static final int BASELINE_PADDING_BLOCKS = 3;

    private DemoFamily() {
    }

    public static ModelSpec spec(DemoModel model) {
        return switch (model) {
            case SMALL -> new ModelSpec(model.id(), "Cascade4Arm demo 0.5B", GgmlType.Q4_0, 0, true);
            case LARGE -> new ModelSpec(model.id(), "Cascade4Arm demo 1.5B", GgmlType.F32, LARGE_PADDING_BLOCKS, false);
            case BASELINE -> new ModelSpec(model.id(), "Cascade4Arm demo 3B", GgmlType.F16, BASELINE_PADDING_BLOCKS, false);
        };
    }

    /** Writes the GGUF of {@code model} to {@code file} (created or truncated) and forces it to disk. */
    public static void write(DemoModel model, Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            QwenGgufAssembler.assemble(spec(model), DemoDesign.shared()).writeTo(channel);
            channel.force(true);
        }
    }

    /** What {@code model} answers greedily to a prompt without topic words, for its first {@code tokens} tokens. */
    public static String greedyAnswerStart(DemoModel model, int tokens) {
        DemoDesign design = DemoDesign.shared();
        int fallback = design.answerIndex(design.corpus().fallback().id());
        return design.vocabulary().decode(design.greedyAnswer(fallback, spec(model).draft(), tokens));
    }
}
