package com.cascade4arm.host.llamaserver;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Speculative-decoding flags of both llama-server generations, read from --help. */
class LlamaServerFlagsTest {

    @Test
    void currentBuildsNeedSpecTypeDraftSimpleAndTheNewNames() {
        LlamaServerFlags flags = LlamaServerFlags.fromHelp(HelpTexts.CURRENT);

        assertThat(flags.draftArguments("d.gguf", 8, 0, 0.5f)).containsExactly("-md", "d.gguf",
                "--spec-type", "draft-simple", "--spec-draft-n-max", "8", "--spec-draft-n-min", "0",
                "--spec-draft-p-min", "0.50");
    }

    @Test
    void olderBuildsUseDraftMaxAndHaveNoSpecType() {
        LlamaServerFlags flags = LlamaServerFlags.fromHelp(HelpTexts.OLDER);

        assertThat(flags.specType()).isFalse();
        assertThat(flags.draftArguments("d.gguf", 6, 1, 0.6f)).containsExactly("-md", "d.gguf",
                "--draft-max", "6", "--draft-min", "1", "--draft-p-min", "0.60");
    }

    @Test
    void aBuildWithoutSpeculativeFlagsCannotTakeADraft() {
        LlamaServerFlags flags = LlamaServerFlags.fromHelp("--port PORT  port to listen\n");

        assertThat(flags.supportsDraft()).isFalse();
        assertThatThrownBy(() -> flags.draftArguments("d.gguf", 8, 0, 0.5f))
                .hasMessageContaining("no speculative decoding flags");
    }
}
