package com.cascade4arm.bench.stats;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SaturationTest {

    @Test
    void findsTheLevelAfterWhichThroughputStopsRisingByMoreThanFivePercent() {
        Map<Integer, Double> tokPerS = Map.of(1, 10.0, 2, 19.0, 4, 30.0, 8, 31.0, 16, 31.5);
        assertThat(Saturation.find(tokPerS)).isEqualTo(new Saturation.Point(4, true));
    }

    @Test
    void treatsAFallAsSaturation() {
        assertThat(Saturation.find(Map.of(1, 10.0, 2, 25.0, 4, 20.0, 8, 40.0)))
                .as("the first non-rising step wins even if throughput rises again later")
                .isEqualTo(new Saturation.Point(2, true));
    }

    @Test
    void countsAGainOfExactlyTheThresholdAsNotRising() {
        assertThat(Saturation.find(Map.of(1, 100.0, 2, 105.0))).isEqualTo(new Saturation.Point(1, true));
        assertThat(Saturation.find(Map.of(1, 100.0, 2, 105.1))).isEqualTo(new Saturation.Point(2, false));
    }

    @Test
    void reportsTheHighestLevelAsNotReachedWhileThroughputKeepsRising() {
        assertThat(Saturation.find(Map.of(16, 80.0, 1, 10.0, 4, 40.0))).isEqualTo(new Saturation.Point(16, false));
        assertThat(Saturation.find(Map.of(4, 12.0))).isEqualTo(new Saturation.Point(4, false));
    }

    @Test
    void honoursACustomThreshold() {
        Map<Integer, Double> tokPerS = Map.of(1, 100.0, 2, 115.0, 4, 140.0);
        assertThat(Saturation.find(tokPerS, 0.20)).isEqualTo(new Saturation.Point(1, true));
        assertThat(Saturation.find(tokPerS, 0.10)).isEqualTo(new Saturation.Point(4, false));
    }

    @Test
    void rejectsNoLevels() {
        assertThatThrownBy(() -> Saturation.find(Map.of()))
                .hasMessage("saturation needs at least one concurrency level, but got none");
    }
}
