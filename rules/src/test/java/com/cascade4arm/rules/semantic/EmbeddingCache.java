package com.cascade4arm.rules.semantic;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** The real encoder, each prompt embedded once per test run: cross-validation embeds the same prompts five times. */
final class EmbeddingCache implements SentenceEncoder {
    static final EmbeddingCache SHARED = new EmbeddingCache();

    private final Map<String, float[]> embeddings = new ConcurrentHashMap<>();

    @Override
    public float[] embed(String text) {
        return embeddings.computeIfAbsent(text, MiniLmEncoder.shared()::embed);
    }
}
