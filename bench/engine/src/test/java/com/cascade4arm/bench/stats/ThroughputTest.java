package com.cascade4arm.bench.stats;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class ThroughputTest {

    @Test
    void convertsCountsOverMillisecondsToPerSecond() {
        assertThat(Throughput.perSecond(20, 4_000)).isEqualTo(5.0);
        assertThat(Throughput.perSecond(3, 0)).as("empty window").isZero();
        assertThatThrownBy(() -> Throughput.perSecond(1, -1)).hasMessage("wall time must be >= 0 ms, but was -1.0");
    }

    @Test
    void measuresDecodeRateAfterTheFirstToken() {
        assertThat(Throughput.decodeTokensPerSecond(64, 200, 1_800)).isCloseTo(40.0, within(1e-9));
        assertThat(Throughput.decodeTokensPerSecond(1, 50, 50)).as("single burst").isZero();
        assertThat(Throughput.decodeTokensPerSecond(5, -1, 50)).as("no first token").isZero();
    }

    @Test
    void dividesHighestByLowestOrGivesNullWhenUndefined() {
        assertThat(Throughput.ratio(30, 10)).isEqualTo(3.0);
        assertThat(Throughput.ratio(30, 0)).isNull();
    }
}
