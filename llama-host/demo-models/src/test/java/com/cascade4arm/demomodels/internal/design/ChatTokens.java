package com.cascade4arm.demomodels.internal.design;

import com.cascade4arm.demomodels.internal.tokenizer.BpeVocabulary;
import java.util.ArrayList;
import java.util.List;

/** Test helper: the tokens llama.cpp feeds the model for a one-turn ChatML chat with the default system prompt. */
final class ChatTokens {
    private ChatTokens() {
    }

    static int[] of(BpeVocabulary vocabulary, String userMessage) {
        List<Integer> tokens = new ArrayList<>();
        turn(vocabulary, tokens, "system", "You are a helpful assistant.");
        turn(vocabulary, tokens, "user", userMessage);
        tokens.add(vocabulary.imStartId());
        for (int token : vocabulary.encode("assistant\n")) {
            tokens.add(token);
        }
        return tokens.stream().mapToInt(Integer::intValue).toArray();
    }

    private static void turn(BpeVocabulary vocabulary, List<Integer> tokens, String role, String content) {
        tokens.add(vocabulary.imStartId());
        for (int token : vocabulary.encode(role + "\n" + content)) {
            tokens.add(token);
        }
        tokens.add(vocabulary.imEndId());
        for (int token : vocabulary.encode("\n")) {
            tokens.add(token);
        }
    }
}
