package com.cascade4arm.host.demo;

import com.cascade4arm.host.demo.internal.DemoTables;
import de.kherud.llama.InferenceParameters;
import de.kherud.llama.LlamaModel;
import de.kherud.llama.LlamaOutput;
import de.kherud.llama.Pair;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/** Test helper: one chat turn through llama.cpp's ChatML template, and what share of the answer is corpus words. */
final class DemoChat {
    static final String SYSTEM_PROMPT = "You are a helpful assistant.";
    private static final Set<String> VOCABULARY_WORDS = vocabularyWords();

    /** The streamed answer and how many tokens (chunks) it took. */
    record Answer(String text, int tokens, double seconds) {
        double tokensPerSecond() {
            return tokens / seconds;
        }
    }

    private DemoChat() {
    }

    static Answer ask(LlamaModel model, String question, int maxTokens, float temperature, int seed) {
        // de.kherud:llama 4.2.0 ignores setMessages()+setUseChatTemplate() in generate()/complete() (the prompt stays
        // empty); applyTemplate() does apply the GGUF's chat template, so the prompt is built with it.
        String prompt = model.applyTemplate(new InferenceParameters("")
                .setMessages(SYSTEM_PROMPT, List.of(new Pair<>("user", question))));
        InferenceParameters parameters = new InferenceParameters(prompt)
                .setNPredict(maxTokens)
                .setTemperature(temperature)
                .setSeed(seed);
        StringBuilder text = new StringBuilder();
        int tokens = 0;
        long start = System.nanoTime();
        for (LlamaOutput output : model.generate(parameters)) {
            if (!output.text.isEmpty()) {
                text.append(output.text);
                tokens++;
            }
        }
        return new Answer(text.toString(), tokens, (System.nanoTime() - start) / 1e9);
    }

    /** Share of the answer's words (punctuation stripped) that are word pieces of the demo vocabulary. */
    static double vocabularyWordShare(String answer) {
        List<String> words = words(answer);
        long known = words.stream().filter(VOCABULARY_WORDS::contains).count();
        return words.isEmpty() ? 0 : known / (double) words.size();
    }

    static List<String> words(String answer) {
        return Arrays.stream(answer.split("\\s+"))
                .map(word -> word.replaceAll("[.,?!:;]+$", "").toLowerCase(Locale.ROOT))
                .filter(word -> !word.isEmpty())
                .toList();
    }

    private static Set<String> vocabularyWords() {
        var vocabulary = DemoTables.shared().vocabulary();
        return java.util.stream.IntStream.range(0, vocabulary.size())
                .filter(vocabulary::isWordPiece)
                .mapToObj(id -> vocabulary.text(id).strip().replaceAll("[.,?!:;]+$", "").toLowerCase(Locale.ROOT))
                .collect(Collectors.toSet());
    }
}
