package com.cascade4arm.host.inference;

/** The outcome of one completed generation: full text, why it stopped, and its timings. */
public record GenerationResult(String text, FinishReason finishReason, Timings timings) {

    /** OpenAI's finish_reason values we produce. */
    public enum FinishReason {
        STOP("stop"), LENGTH("length");

        private final String wireName;

        FinishReason(String wireName) {
            this.wireName = wireName;
        }

        public String wireName() {
            return wireName;
        }
    }

    public int promptTokens() {
        return timings.promptTokens();
    }

    public int completionTokens() {
        return timings.predictedTokens();
    }
}
