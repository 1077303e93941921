package com.cascade4arm.bench.stats;

import org.junit.jupiter.api.Test;

import java.util.Collections;
import java.util.List;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BootstrapTest {

    private static final List<Integer> ONE_TO_HUNDRED = IntStream.rangeClosed(1, 100).boxed().toList();

    @Test
    void medianIntervalOfOneToHundredMatchesTheOrderStatisticInterval() {
        // Distribution-free 95 % interval of the median of 100 values: ranks 40 and 61 (binomial, n = 100, p = 0.5).
        Bootstrap.Interval interval = Bootstrap.percentile(ONE_TO_HUNDRED, 50);
        assertThat(interval.low()).isBetween(38.0, 44.0);
        assertThat(interval.high()).isBetween(57.0, 63.0);
        assertThat(interval.contains(50.5)).isTrue();
    }

    @Test
    void constantSampleHasAZeroWidthInterval() {
        Bootstrap.Interval interval = Bootstrap.percentile(Collections.nCopies(20, 7.0), 95);
        assertThat(interval).isEqualTo(new Bootstrap.Interval(7.0, 7.0));
    }

    @Test
    void ratioOfClearlyDifferentSamplesStaysAwayFromOne() {
        List<Integer> doubled = ONE_TO_HUNDRED.stream().map(v -> v * 2).toList();
        Bootstrap.Interval interval = Bootstrap.ratioOfMedians(doubled, ONE_TO_HUNDRED);
        assertThat(interval.contains(2.0)).isTrue();
        assertThat(interval.low()).isGreaterThan(1.5);
        assertThat(interval.high()).isLessThan(2.7);
        assertThat(interval.contains(1.0)).isFalse();
    }

    @Test
    void ratioOfTheSameDistributionCrossesOne() {
        List<Integer> shifted = IntStream.rangeClosed(2, 101).boxed().toList();
        assertThat(Bootstrap.ratioOfMedians(shifted, ONE_TO_HUNDRED).contains(1.0)).isTrue();
    }

    @Test
    void sameDataGiveTheSameIntervalAndEmptyDataAreRefused() {
        assertThat(Bootstrap.percentile(ONE_TO_HUNDRED, 95)).isEqualTo(Bootstrap.percentile(ONE_TO_HUNDRED, 95));
        assertThatThrownBy(() -> Bootstrap.percentile(List.of(), 50)).isInstanceOf(IllegalArgumentException.class);
    }
}
