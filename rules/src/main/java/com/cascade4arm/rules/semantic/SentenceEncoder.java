package com.cascade4arm.rules.semantic;

/** Turns a prompt into a fixed-length sentence embedding: what the semantic head reads. */
@FunctionalInterface
public interface SentenceEncoder {

    /** The embedding of {@code text}; blocks for milliseconds, so never call it on an event loop. */
    float[] embed(String text);
}
