package com.cascade4arm.routes.serving.llama;

import com.cascade4arm.routes.serving.http.Json;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The trial's judgement from llama-server's per-token log-probabilities. */
class ConfidenceGateTest {

    @Test
    void confidenceIsTheGeometricMeanProbabilityOfTheFirstTokens() {
        ConfidenceGate gate = new ConfidenceGate(2, 0.5);

        gate.absorb(choice(Math.log(0.9)));
        assertThat(gate.full()).isFalse();
        gate.absorb(choice(Math.log(0.1)));
        gate.absorb(choice(Math.log(0.000001))); // past the first two tokens: not judged

        assertThat(gate.full()).isTrue();
        assertThat(gate.tokensSeen()).isEqualTo(2);
        assertThat(gate.confidence()).isCloseTo(Math.sqrt(0.9 * 0.1), within(1e-9));
        assertThat(gate.doubts()).as("0.3 < 0.5").isTrue();
    }

    @Test
    void keepsAConfidentAnswerAtTheThreshold() {
        ConfidenceGate gate = new ConfidenceGate(1, 0.5);

        gate.absorb(choice(Math.log(0.5)));

        assertThat(gate.doubts()).isFalse();
    }

    @Test
    void removesTheLogProbabilitiesTheClientDidNotAskFor() {
        ObjectNode choice = choice(-0.1);

        new ConfidenceGate(4, 0.5).absorb(choice);

        assertThat(choice.has("logprobs")).isFalse();
        assertThat(choice.path("delta").path("content").asText()).isEqualTo("x");
    }

    @Test
    void keepsTheLogProbabilitiesTheClientAskedFor() {
        ObjectNode choice = choice(-0.1);
        ConfidenceGate gate = new ConfidenceGate(4, 0.5, true);

        gate.absorb(choice);

        assertThat(gate.tokensSeen()).isEqualTo(1);
        assertThat(choice.path("logprobs").path("content")).hasSize(1);
    }

    @Test
    void anUpstreamWithoutLogProbabilitiesLeavesTheTrialUnmeasuredNotDoubted() {
        ConfidenceGate gate = new ConfidenceGate(4, 0.99);
        ObjectNode plain = Json.object();
        plain.putObject("delta").put("content", "x");

        gate.absorb(plain);

        assertThat(gate.confidence()).isNull();
        assertThat(gate.doubts()).isFalse();
        assertThat(gate.full()).isFalse();
    }

    /** A stream delta as llama-server sends it with {@code logprobs: true}: one token, its log-probability. */
    private static ObjectNode choice(double logprob) {
        ObjectNode choice = Json.object();
        choice.putObject("delta").put("content", "x");
        choice.putObject("logprobs").putArray("content").addObject().put("token", "x").put("logprob", logprob);
        return choice;
    }
}
