package com.cascade4arm.bench.runner;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * Where a target's aggregate tok/s stops rising by more than 5 % ({@code reached} false: still rising at the highest
 * level), and the throughput ratio between the highest and the lowest level run ({@code c_max/c_min}, null when
 * the lowest level produced no tokens) with its 95 % bootstrap interval (null when either level has no answered
 * request).
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record TargetSaturation(String target, int saturationLevel, boolean reached, int minLevel, int maxLevel,
                               Double throughputRatio, Double throughputRatioLow, Double throughputRatioHigh) {

    /** Without an interval (aggregates only, e.g. a run stored before intervals were recorded). */
    public TargetSaturation(String target, int saturationLevel, boolean reached, int minLevel, int maxLevel,
                            Double throughputRatio) {
        this(target, saturationLevel, reached, minLevel, maxLevel, throughputRatio, null, null);
    }
}
