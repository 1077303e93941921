package com.cascade4arm.bench.hosts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SpeculativeStepsTest {
    /** Two steps of llama.cpp's drafted server loop as its timestamped debug log writes them (abridged). */
    private static final List<String> LOG = List.of(
            "0.17.870.000 D srv  update_slots: decoding batch, n_tokens = 1",
            "0.17.874.000 D srv          send: sending result for task id = 170",
            "0.17.874.100 D common_speculative_gen_draft: reuse_i = 0, reuse_n = 3, prompt = 49",
            "0.17.882.100 D slot update_slots: id  0 | task 170 | decoding speculative batch, size = 9",
            "0.17.900.100 D srv          send: sending result for task id = 170",
            "0.17.900.200 D srv          send: sending result for task id = 170",
            "0.17.900.300 D slot update_slots: id  0 | task 170 | accepted 8/8 draft tokens, new n_past = 32",
            "0.59.998.000 D srv  update_slots: decoding batch, n_tokens = 1",
            "1.00.004.000 D srv          send: sending result for task id = 170",
            "1.00.004.500 D common_speculative_gen_draft: reuse_i = 0, reuse_n = 33, prompt = 85",
            "1.00.006.500 D slot update_slots: id  0 | task 170 | decoding speculative batch, size = 3",
            "1.00.016.500 D srv          send: sending result for task id = 170",
            "1.00.016.600 D slot update_slots: id  0 | task 170 | accepted 1/2 draft tokens, new n_past = 35",
            "not a log line");

    @Test
    void measuresDecodeDraftAndVerifyPhasesFromTimestamps() {
        SpeculativeSteps steps = SpeculativeSteps.parse(LOG);

        assertEquals(5.0, steps.singleDecodeMs(), 1e-6, "median of 4 ms and 6 ms (across a minute boundary)");
        assertEquals(1.0, steps.draftMsPerToken(), 1e-6, "8 ms for 8 tokens and 2 ms for 2 tokens");
        assertEquals(Map.of(3, 10.0, 9, 18.0), steps.verifyMs());
        assertEquals(1, steps.verifySamples(9));
    }

    @Test
    void reportsEmptyWhenTheLogHasNoSpeculativeSteps() {
        assertTrue(SpeculativeSteps.parse(List.of("0.00.001.000 I main: loading model")).isEmpty());
    }
}
