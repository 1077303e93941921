package com.cascade4arm.bench.runner;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * Where a target's aggregate tok/s stops rising by more than 5 % ({@code reached} false: still rising at the highest
 * level), and the throughput ratio between the highest and the lowest level run ({@code c_max/c_min}, null when
 * the lowest level produced no tokens).
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record TargetSaturation(String target, int saturationLevel, boolean reached, int minLevel, int maxLevel,
                               Double throughputRatio) {
}
