package com.cascade4arm.routes.serving.llama;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Judges a trial from the small model's first tokens: reads the log-probabilities llama-server returns for each
 * sampled token ({@code choices[0].logprobs.content[].logprob}) until {@code tokens} have arrived. The confidence is
 * their geometric-mean probability, exp(mean log-probability): one very unlikely token pulls it down, as it should.
 */
final class ConfidenceGate {
    private final int tokens;
    private final double threshold;
    private double logprobSum;
    private int seen;

    /** Whether the client asked for log-probabilities itself: then they stay in the answer. */
    private final boolean clientAskedLogprobs;

    ConfidenceGate(int tokens, double threshold) {
        this(tokens, threshold, false);
    }

    ConfidenceGate(int tokens, double threshold, boolean clientAskedLogprobs) {
        this.tokens = tokens;
        this.threshold = threshold;
        this.clientAskedLogprobs = clientAskedLogprobs;
    }

    /** Reads the tokens' log-probabilities of one choice (a stream delta or a whole answer) and removes them from it. */
    void absorb(JsonNode choice) {
        JsonNode content = choice.path("logprobs").path("content");
        for (JsonNode token : content) {
            if (seen < tokens && token.path("logprob").isNumber()) {
                logprobSum += Math.min(0, token.path("logprob").asDouble());
                seen++;
            }
        }
        if (!clientAskedLogprobs && choice instanceof ObjectNode object) {
            object.remove("logprobs"); // the client did not ask for them
        }
    }

    /** How many first tokens are judged. */
    int tokens() {
        return tokens;
    }

    /** Enough tokens seen to judge. */
    boolean full() {
        return seen >= tokens;
    }

    /** Null when the upstream sent no log-probabilities (a host that cannot report them): the trial is unmeasured. */
    Double confidence() {
        return seen == 0 ? null : Math.exp(logprobSum / seen);
    }

    double threshold() {
        return threshold;
    }

    /** True when measured and below the threshold. */
    boolean doubts() {
        Double confidence = confidence();
        return confidence != null && confidence < threshold;
    }

    int tokensSeen() {
        return seen;
    }
}
