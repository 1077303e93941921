package com.cascade4arm.bench.jmh;

import com.cascade4arm.rules.engine.BundledRules;
import com.cascade4arm.rules.engine.RulebookCompiler;
import com.cascade4arm.rules.facts.PromptFactsExtractor;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SessionPoolBenchTest {

    @Test
    void timesDecisionsThroughAPoolABurstLeftAndReadsTheirPercentilesInOrder() {
        double[] figures = SessionPoolBench.time(RulebookCompiler.compile(BundledRules.load()),
                PromptFactsExtractor.fromPrompt("Which river flows through Budapest?"), 8, 500);

        assertThat(figures).hasSize(4);
        assertThat(figures[0]).as("mean").isPositive();
        assertThat(figures[1]).as("p50").isPositive();
        assertThat(figures[1]).as("p50 <= p90").isLessThanOrEqualTo(figures[2]);
        assertThat(figures[2]).as("p90 <= p99").isLessThanOrEqualTo(figures[3]);
    }
}
