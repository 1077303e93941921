package com.cascade4arm.host.child;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** llama-server's output lines get log levels from their level letter, or from the word "error" on older builds. */
class ChildOutputTest {

    @Test
    void readsTheLevelLetterOfCurrentBuildsAndTheErrorWordOfOlderOnes() {
        assertThat(ChildOutput.level("0.00.582.546 I srv    load_model: initializing, n_slots = 4")).isEqualTo('I');
        assertThat(ChildOutput.level("0.10.538.671 W srv    operator(): got exception: {\"error\":{}}")).isEqualTo('W');
        assertThat(ChildOutput.level("0.00.016.775 E srv    load_model: failed to load model")).isEqualTo('E');
        assertThat(ChildOutput.level("error: invalid argument: --draft-max")).isEqualTo('E');
        assertThat(ChildOutput.level("llama_model_loader: loaded meta data")).isEqualTo('D');
    }

    @Test
    void readsTheLevelOfOurHostsOwnLogLines() {
        assertThat(ChildOutput.level("17:19:13.559 ERROR [main] c.c.host.StandaloneRunner - llama-host failed to start"))
                .isEqualTo('E');
        assertThat(ChildOutput.level("17:19:13.559 WARN  [llama-load] c.c.host.inference.LoadedModel - slow")).isEqualTo('W');
        assertThat(ChildOutput.level("17:19:13.559 INFO  [main] c.c.host.LlamaHost - listening")).isEqualTo('I');
        assertThat(ChildOutput.level("17:19:13.559 DEBUG [main] llama.cpp - the error of a token")).isEqualTo('D');
    }
}
