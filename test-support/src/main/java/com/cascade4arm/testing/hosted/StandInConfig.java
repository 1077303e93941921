package com.cascade4arm.testing.hosted;

import java.util.List;

/**
 * Steady behaviour of the hosted stand-in (faults come from its script): which key it accepts, what it answers and
 * how fast.
 *
 * @param apiKey             the only Bearer key accepted (401 otherwise); null accepts any non-blank key
 * @param model              model id reported in answers
 * @param contentChunks      the answer, one content delta (one token) per entry
 * @param reasoningChunks    reasoning deltas ({@code delta.reasoning}) sent before the content; empty = none
 * @param chunkDelayMs       pause before every reasoning/content delta, ms
 * @param keepAlives         {@code : OPENROUTER PROCESSING} comment lines sent before the first chunk
 * @param rateLimitEvery     every N-th chat request answers 429 (0 = never), a deterministic steady rate limit
 * @param rateLimitRetryAfter Retry-After value of those steady 429s (null = none)
 */
public record StandInConfig(String apiKey, String model, List<String> contentChunks, List<String> reasoningChunks,
                            long chunkDelayMs, int keepAlives, int rateLimitEvery, String rateLimitRetryAfter) {

    public static final String DEFAULT_MODEL = "qwen/qwen-2.5-7b-instruct";
    public static final List<String> DEFAULT_CHUNKS = List.of("Hosted", " stand-in", " says", " hello", ".");
    public static final int DEFAULT_KEEP_ALIVES = 2;
    /** Any key, the default model, five content tokens, no delays, two keep-alive comments. */
    public static final StandInConfig DEFAULTS =
            new StandInConfig(null, DEFAULT_MODEL, DEFAULT_CHUNKS, List.of(), 0, DEFAULT_KEEP_ALIVES, 0, null);

    public StandInConfig {
        if (model == null || model.isBlank()) {
            throw new IllegalArgumentException("model must not be blank");
        }
        contentChunks = List.copyOf(contentChunks == null || contentChunks.isEmpty() ? DEFAULT_CHUNKS : contentChunks);
        reasoningChunks = List.copyOf(reasoningChunks == null ? List.of() : reasoningChunks);
        if (chunkDelayMs < 0 || keepAlives < 0 || rateLimitEvery < 0) {
            throw new IllegalArgumentException("chunkDelayMs, keepAlives and rateLimitEvery must be >= 0, but were "
                    + chunkDelayMs + ", " + keepAlives + " and " + rateLimitEvery);
        }
    }

    public StandInConfig withApiKey(String value) {
        return new StandInConfig(value, model, contentChunks, reasoningChunks, chunkDelayMs, keepAlives,
                rateLimitEvery, rateLimitRetryAfter);
    }

    public StandInConfig withModel(String value) {
        return new StandInConfig(apiKey, value, contentChunks, reasoningChunks, chunkDelayMs, keepAlives,
                rateLimitEvery, rateLimitRetryAfter);
    }

    public StandInConfig withContentChunks(List<String> value) {
        return new StandInConfig(apiKey, model, value, reasoningChunks, chunkDelayMs, keepAlives, rateLimitEvery,
                rateLimitRetryAfter);
    }

    public StandInConfig withReasoningChunks(List<String> value) {
        return new StandInConfig(apiKey, model, contentChunks, value, chunkDelayMs, keepAlives, rateLimitEvery,
                rateLimitRetryAfter);
    }

    public StandInConfig withChunkDelayMs(long value) {
        return new StandInConfig(apiKey, model, contentChunks, reasoningChunks, value, keepAlives, rateLimitEvery,
                rateLimitRetryAfter);
    }

    public StandInConfig withKeepAlives(int value) {
        return new StandInConfig(apiKey, model, contentChunks, reasoningChunks, chunkDelayMs, value, rateLimitEvery,
                rateLimitRetryAfter);
    }

    public StandInConfig withRateLimitEvery(int every, String retryAfter) {
        return new StandInConfig(apiKey, model, contentChunks, reasoningChunks, chunkDelayMs, keepAlives, every,
                retryAfter);
    }
}
