package com.cascade4arm.demomodels.internal.design;

/**
 * Where each quantity lives in the residual stream of the designed block, and the attention geometry. Every group of
 * dimensions starts on a 32-dimension boundary, so a quantization block (32 weights) never mixes two quantities of
 * different scale.
 */
public final class Layout {
    /** Width of the residual stream (qwen2.embedding_length). */
    public static final int WIDTH = 768;
    public static final int HEAD_DIMENSION = 64;
    public static final int HEAD_COUNT = WIDTH / HEAD_DIMENSION;
    /** Key/value heads: 0..2 read the tokens 1..3 positions back, 3 and 4 read the prompt's topic, 5 is unused. */
    public static final int HEAD_COUNT_KV = 6;
    public static final int KV_WIDTH = HEAD_COUNT_KV * HEAD_DIMENSION;
    public static final int QUERY_HEADS_PER_KV = HEAD_COUNT / HEAD_COUNT_KV;

    /** A constant every token embedding carries: the bias input of the gates and of the output layer. */
    public static final int ANCHOR = 0;
    /** How strongly the token names a topic (0 = not at all); read by the topic heads' keys. */
    public static final int SALIENCE = 1;
    /** Padding that gives every token embedding the same length, so RMS norm scales them all alike. */
    public static final int NORM_PAD = 2;
    public static final int CODE_WIDTH = 64;
    /** Identity code of the token itself (k-hot). */
    public static final int TOKEN_CODE = 32;
    /** How many tokens back the previous-token heads look (1, 2, 3), each writing a code of CODE_WIDTH. */
    public static final int LOOK_BACK = Transition.CONTEXT - 1;
    /** One dimension per answer: the answers this token selects when it appears in a prompt (embedding). */
    public static final int TOPIC_VALUE = TOKEN_CODE + CODE_WIDTH * (1 + LOOK_BACK);
    public static final int TOPIC_WIDTH = 2 * HEAD_DIMENSION;
    /** The topic the prompt selects, written by the topic heads (a salience-weighted mean of TOPIC_VALUE). */
    public static final int TOPIC = TOPIC_VALUE + TOPIC_WIDTH;
    /** Code of the next token, written by the FFN and read by the output layer. */
    public static final int NEXT_CODE = TOPIC + TOPIC_WIDTH;
    public static final int NEXT_CODE_WIDTH = WIDTH - NEXT_CODE;

    /** KV head of the two topic heads (64 topics each); the previous-token heads use KV heads 0..LOOK_BACK-1. */
    public static final int FIRST_TOPIC_KV_HEAD = LOOK_BACK;
    public static final int TOPIC_KV_HEADS = TOPIC_WIDTH / HEAD_DIMENSION;

    private Layout() {
    }

    /** Where the code of the token {@code distance} positions back is written (0 = the token itself). */
    public static int codeAt(int distance) {
        return TOKEN_CODE + distance * CODE_WIDTH;
    }

    /** The query head that uses KV head {@code kvHead} (the first of its group; the others stay silent). */
    public static int queryHeadOf(int kvHead) {
        return kvHead * QUERY_HEADS_PER_KV;
    }
}
