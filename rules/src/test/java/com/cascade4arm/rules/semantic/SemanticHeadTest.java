package com.cascade4arm.rules.semantic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.cascade4arm.rules.score.LabelledPrompts;
import java.io.IOException;
import java.io.InputStream;
import org.junit.jupiter.api.Test;

/** The bundled head is what the labelled prompts train, byte for byte, and its file format round-trips. */
class SemanticHeadTest {

    @Test
    void retrainingOnTheLabelledPromptsGivesTheBundledBytes() throws IOException {
        byte[] bundled;
        try (InputStream in = getClass().getClassLoader().getResourceAsStream(SemanticHead.RESOURCE)) {
            assertThat(in).as("the build writes " + SemanticHead.RESOURCE).isNotNull();
            bundled = in.readAllBytes();
        }
        SemanticHead retrained = SemanticHeadTrainer.train(LabelledPrompts.bundled(), MiniLmEncoder.shared());

        assertThat(retrained.toBytes()).isEqualTo(bundled);
        assertThat(retrained.dimensions()).isEqualTo(MiniLmEncoder.DIMENSIONS);
    }

    @Test
    void theHeadSeparatesAnEasyPromptFromAHardOne() {
        SemanticHead head = SemanticHead.bundled();
        double easy = head.largeProbability(MiniLmEncoder.shared().embed("What is the capital of France?"));
        double hard = head.largeProbability(MiniLmEncoder.shared().embed(
                "Compare the long-term economic effects of rent control and housing subsidies, with trade-offs."));

        assertThat(easy).isLessThan(0.5);
        assertThat(hard).isGreaterThan(0.5);
    }

    @Test
    void roundTripsItsFileAndRefusesTrailingBytes() {
        SemanticHead head = SemanticHead.bundled();
        byte[] bytes = head.toBytes();
        assertThat(SemanticHead.fromBytes(bytes).toBytes()).isEqualTo(bytes);

        byte[] longer = java.util.Arrays.copyOf(bytes, bytes.length + 1);
        assertThatThrownBy(() -> SemanticHead.fromBytes(longer)).hasMessageContaining("after its last weight");
    }
}
