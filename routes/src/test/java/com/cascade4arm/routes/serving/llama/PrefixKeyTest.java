package com.cascade4arm.routes.serving.llama;

import com.cascade4arm.openai.ChatMessage;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The affinity key: a conversation's continuations share it; other conversations do not. */
class PrefixKeyTest {
    private static final String SYSTEM = "You are a careful assistant. ".repeat(200);

    @Test
    void continuationsOfAConversationShareItsKey() {
        List<ChatMessage> turn1 = List.of(ChatMessage.system(SYSTEM), ChatMessage.user("What is a KV cache?"));
        List<ChatMessage> turn3 = List.of(ChatMessage.system(SYSTEM), ChatMessage.user("What is a KV cache?"),
                ChatMessage.assistant("Keys and values kept per token."), ChatMessage.user("And why reuse it?"),
                ChatMessage.assistant("To skip evaluating the prompt."), ChatMessage.user("Thanks."));

        assertThat(PrefixKey.of(turn3)).isEqualTo(PrefixKey.of(turn1));
    }

    @Test
    void conversationsSharingOnlyTheSystemPromptDiffer() {
        long a = PrefixKey.of(List.of(ChatMessage.system(SYSTEM), ChatMessage.user("What is a KV cache?")));
        long b = PrefixKey.of(List.of(ChatMessage.system(SYSTEM), ChatMessage.user("What is a slot?")));
        long c = PrefixKey.of(List.of(ChatMessage.system(SYSTEM + "!"), ChatMessage.user("What is a KV cache?")));

        assertThat(a).isNotEqualTo(b).isNotEqualTo(c);
    }

    @Test
    void keysOnlyTheHeadOfAVeryLongMessage() {
        String head = "x".repeat(PrefixKey.MAX_CHARS);
        assertThat(PrefixKey.of(List.of(ChatMessage.user(head + "tail one"))))
                .isEqualTo(PrefixKey.of(List.of(ChatMessage.user(head + "another tail"))));
    }
}
