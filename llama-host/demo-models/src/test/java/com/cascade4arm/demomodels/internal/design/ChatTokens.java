package com.cascade4arm.demomodels.internal.design;

import com.cascade4arm.demomodels.internal.tokenizer.BpeVocabulary;
import java.util.ArrayList;
import java.util.List;

/** Test helper: the tokens llama.cpp feeds the model for a one-turn ChatML chat with the default system prompt. */
final class ChatTokens {
    private ChatTokens() {
    }

    static int[] of(BpeVocabulary vocabulary, String userMessage) {
        return of(vocabulary, "You are a helpful assistant.", List.of("user", userMessage));
    }

    /** A chat of {@code system} and then role, content, role, content … turns, with the generation prompt. */
    static int[] of(BpeVocabulary vocabulary, String system, List<String> rolesAndContents) {
        List<Integer> tokens = new ArrayList<>();
        turn(vocabulary, tokens, "system", system);
        for (int i = 0; i < rolesAndContents.size(); i += 2) {
            turn(vocabulary, tokens, rolesAndContents.get(i), rolesAndContents.get(i + 1));
        }
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
