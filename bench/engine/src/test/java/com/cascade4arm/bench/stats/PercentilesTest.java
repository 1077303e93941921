package com.cascade4arm.bench.stats;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class PercentilesTest {

    private static final List<Integer> ONE_TO_HUNDRED = IntStream.rangeClosed(1, 100).boxed().toList();

    @ParameterizedTest(name = "p{0} of 1..100 = {1}")
    @CsvSource({"0, 1", "1, 1.99", "50, 50.5", "90, 90.1", "95, 95.05", "99, 99.01", "100, 100"})
    void interpolatesLinearlyBetweenClosestRanksOnOneToHundred(double p, double expected) {
        assertThat(Percentiles.percentile(ONE_TO_HUNDRED, p)).isCloseTo(expected, within(1e-9));
    }

    @Test
    void returnsTheOnlyElementForEveryPercentileOfASingleValue() {
        assertThat(Percentiles.percentile(List.of(42.0), 0)).isEqualTo(42.0);
        assertThat(Percentiles.percentile(List.of(42.0), 95)).isEqualTo(42.0);
        assertThat(Percentiles.median(List.of(42.0))).isEqualTo(42.0);
    }

    @Test
    void takesTheMiddleValueForOddCountsAndAveragesTheMiddlePairForEvenCounts() {
        assertThat(Percentiles.median(List.of(3, 1, 2))).isEqualTo(2.0);
        assertThat(Percentiles.median(List.of(4, 1, 3, 2))).isEqualTo(2.5);
        assertThat(Percentiles.percentile(List.of(4, 1, 3, 2), 95)).isCloseTo(3.85, within(1e-9));
    }

    @Test
    void ignoresInputOrder() {
        assertThat(Percentiles.percentile(List.of(10, 40, 20, 30), 75))
                .isEqualTo(Percentiles.percentile(List.of(40, 30, 20, 10), 75)).isEqualTo(32.5);
    }

    @Test
    void computesTheMean() {
        assertThat(Percentiles.mean(ONE_TO_HUNDRED)).isEqualTo(50.5);
        assertThat(Percentiles.mean(List.of(1.5, 2.5))).isEqualTo(2.0);
    }

    @Test
    void rejectsAnEmptySampleWithAClearMessage() {
        assertThatThrownBy(() -> Percentiles.percentile(List.of(), 50))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the percentile of an empty sample is undefined");
        assertThatThrownBy(() -> Percentiles.median(List.of()))
                .hasMessage("the percentile of an empty sample is undefined");
        assertThatThrownBy(() -> Percentiles.mean(List.of())).hasMessage("the mean of an empty sample is undefined");
    }

    @Test
    void rejectsAPercentileOutsideZeroToHundred() {
        assertThatThrownBy(() -> Percentiles.percentile(ONE_TO_HUNDRED, 101))
                .hasMessage("percentile must be between 0 and 100, but was 101.0");
        assertThatThrownBy(() -> Percentiles.percentile(ONE_TO_HUNDRED, -1))
                .hasMessage("percentile must be between 0 and 100, but was -1.0");
    }
}
