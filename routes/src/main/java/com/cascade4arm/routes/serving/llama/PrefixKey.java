package com.cascade4arm.routes.serving.llama;

import com.cascade4arm.openai.ChatMessage;
import com.cascade4arm.routes.serving.upstream.AffinityHash;

import java.util.List;

/**
 * A conversation's affinity key: a hash of its leading text — the messages up to and including the first user turn
 * (system prompt and the opening question), each role plus at most the first {@value #MAX_CHARS} chars of its content.
 * Every later turn of the conversation re-sends that head unchanged, so its requests share the key and reach the
 * replica whose KV cache already holds the prefix; conversations that only share a system prompt differ in their first
 * user turn and spread over the replicas. No allocation; O(head length).
 */
public final class PrefixKey {
    /** 16 Ki chars a message (~4k tokens): keys long system prompts fully yet bounds the per-request hashing. */
    static final int MAX_CHARS = 16_384;

    private PrefixKey() {
    }

    public static long of(List<ChatMessage> messages) {
        long hash = AffinityHash.SEED;
        for (ChatMessage message : messages) {
            hash = AffinityHash.extend(AffinityHash.extend(hash, message.role(), 0, message.role().length()), '\n');
            String content = message.content() == null ? "" : message.content();
            hash = AffinityHash.extend(hash, content, 0, Math.min(content.length(), MAX_CHARS));
            hash = AffinityHash.extend(hash, '\u0000');
            if ("user".equals(message.role())) {
                break; // the conversation's head ends with its first question
            }
        }
        return AffinityHash.mix(hash);
    }
}
