package com.cascade4arm.demomodels;

import de.kherud.llama.InferenceParameters;
import de.kherud.llama.LlamaModel;
import de.kherud.llama.LlamaOutput;
import de.kherud.llama.Pair;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** Test helper: one chat turn through llama.cpp's ChatML template. */
public final class DemoChat {
    static final String SYSTEM_PROMPT = "You are a helpful assistant.";

    /** The streamed answer and how many tokens (chunks) it took; ended is true when the model said <|im_end|>. */
    public record Answer(String text, int tokens, boolean ended) {
    }

    private DemoChat() {
    }

    /** {@code temperature} null keeps llama.cpp's default sampling (0.8, top-k 40, top-p 0.95, min-p 0.05). */
    public static Answer ask(LlamaModel model, String question, int maxTokens, Float temperature, int seed) {
        // de.kherud:llama 4.2.0 ignores setMessages()+setUseChatTemplate() in generate()/complete() (the prompt stays
        // empty); applyTemplate() does apply the GGUF's chat template, so the prompt is built with it.
        String prompt = model.applyTemplate(new InferenceParameters("")
                .setMessages(SYSTEM_PROMPT, List.of(new Pair<>("user", question))));
        InferenceParameters parameters = new InferenceParameters(prompt).setNPredict(maxTokens).setSeed(seed);
        if (temperature != null) {
            parameters.setTemperature(temperature);
        }
        StringBuilder text = new StringBuilder();
        int tokens = 0;
        for (LlamaOutput output : model.generate(parameters)) {
            if (!output.text.isEmpty()) {
                text.append(output.text);
                tokens++;
            }
        }
        return new Answer(text.toString(), tokens, tokens < maxTokens);
    }

    /** Lower-case words without punctuation. */
    static List<String> words(String text) {
        return Arrays.stream(text.split("[^A-Za-z0-9']+"))
                .map(word -> word.toLowerCase(Locale.ROOT))
                .filter(word -> !word.isEmpty())
                .toList();
    }
}
