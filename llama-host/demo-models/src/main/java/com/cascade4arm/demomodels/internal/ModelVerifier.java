package com.cascade4arm.demomodels.internal;

import de.kherud.llama.InferenceParameters;
import de.kherud.llama.LlamaModel;
import de.kherud.llama.ModelParameters;
import java.nio.file.Path;

/** Loads a freshly generated GGUF in llama.cpp and checks its first greedy tokens, before the file is published. */
public final class ModelVerifier {
    static final int VERIFY_CONTEXT_TOKENS = 256;
    /** A prompt without topic words, in ChatML with the default system prompt: the fallback answer follows. */
    static final String VERIFY_PROMPT = "<|im_start|>system\n" + ChatTemplate.DEFAULT_SYSTEM_PROMPT
            + "<|im_end|>\n<|im_start|>user\nSay something.<|im_end|>\n<|im_start|>assistant\n";

    private ModelVerifier() {
    }

    /** Throws IllegalStateException unless llama.cpp loads {@code file} and answers {@code expected} greedily. */
    public static void verify(Path file, String expected, int tokens) {
        ModelParameters parameters = new ModelParameters()
                .setModel(file.toString())
                .setCtxSize(VERIFY_CONTEXT_TOKENS)
                .setParallel(1)
                .skipWarmup()
                .disableLog();
        try (LlamaModel model = new LlamaModel(parameters)) {
            String answer = model.complete(new InferenceParameters(VERIFY_PROMPT)
                    .setNPredict(tokens)
                    .setTemperature(0f));
            if (!answer.equals(expected)) {
                throw new IllegalStateException("generated model " + file + " answered '" + answer
                        + "' where its design predicts '" + expected + "'");
            }
        }
    }
}
