package com.cascade4arm.host.inference;

/**
 * llama-server's per-request {@code timings}: prompt processing (time to first token) and generation after it.
 * Measured in Java around the JNI iterator because de.kherud:llama does not expose llama.cpp's own timings.
 *
 * @param draftTokens         tokens proposed by the draft model, or -1 when no draft model is loaded
 * @param draftTokensAccepted draft tokens the target model accepted, or -1 when no draft model is loaded
 */
public record Timings(int promptTokens, double promptMs, int predictedTokens, double predictedMs, int draftTokens,
                      int draftTokensAccepted) {

    public boolean hasDraft() {
        return draftTokens >= 0;
    }

    public double promptPerSecond() {
        return perSecond(promptTokens, promptMs);
    }

    public double predictedPerSecond() {
        return perSecond(predictedTokens, predictedMs);
    }

    public double promptPerTokenMs() {
        return promptTokens == 0 ? 0 : promptMs / promptTokens;
    }

    public double predictedPerTokenMs() {
        return predictedTokens == 0 ? 0 : predictedMs / predictedTokens;
    }

    private static double perSecond(int tokens, double ms) {
        return ms <= 0 ? 0 : tokens * 1000.0 / ms;
    }
}
