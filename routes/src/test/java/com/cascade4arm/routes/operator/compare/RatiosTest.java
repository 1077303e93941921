package com.cascade4arm.routes.operator.compare;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.util.EnumMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class RatiosTest {

    private static SystemResult ok(SystemName system, double ttft, double total, double perSecond, Double cost) {
        return new SystemResult(system, SystemResult.Status.OK, null, null, "text", false, null,
                new SystemResult.Measures(ttft, total, 10L, 20L, 0L, perSecond), cost, 0, null, null);
    }

    @Test
    void dividesTheCascadesNumbersByTheOtherSystems() {
        Map<SystemName, SystemResult> results = new EnumMap<>(SystemName.class);
        results.put(SystemName.CASCADE, ok(SystemName.CASCADE, 50, 400, 60, 0.000_002));
        results.put(SystemName.BASELINE, ok(SystemName.BASELINE, 200, 1600, 20, 0.000_010));
        results.put(SystemName.HOSTED, ok(SystemName.HOSTED, 300, 900, 90, 0.000_003));

        JsonNode ratios = Ratios.of(results);

        assertThat(ratios.at("/cascade_vs_baseline/ttft").asDouble()).isEqualTo(0.25);
        assertThat(ratios.at("/cascade_vs_baseline/total").asDouble()).isEqualTo(0.25);
        assertThat(ratios.at("/cascade_vs_baseline/tokens_per_second").asDouble()).isEqualTo(3.0);
        assertThat(ratios.at("/cascade_vs_baseline/cost").asDouble()).isEqualTo(0.2);
        assertThat(ratios.at("/cascade_vs_hosted/ttft").asDouble()).isEqualTo(0.1667);
        assertThat(ratios.at("/cascade_vs_hosted/tokens_per_second").asDouble()).isEqualTo(0.6667);
        assertThat(ratios.at("/cascade_vs_hosted/cost").asDouble()).isEqualTo(0.6667);
    }

    @Test
    void leavesARatioNullWhereASideHasNoNumberOrFailed() {
        Map<SystemName, SystemResult> results = new EnumMap<>(SystemName.class);
        results.put(SystemName.CASCADE, ok(SystemName.CASCADE, 50, 400, 60, null));
        results.put(SystemName.BASELINE, ok(SystemName.BASELINE, 200, 1600, 20, 0.000_010));
        results.put(SystemName.HOSTED, SystemResult.skipped(SystemName.HOSTED, "m", null, "no key"));

        JsonNode ratios = Ratios.of(results);

        assertThat(ratios.at("/cascade_vs_baseline/cost").isNull()).as("cascade had no cost").isTrue();
        assertThat(ratios.at("/cascade_vs_baseline/ttft").asDouble()).isEqualTo(0.25);
        assertThat(ratios.at("/cascade_vs_hosted/ttft").isNull()).as("hosted was skipped").isTrue();
        assertThat(ratios.at("/cascade_vs_hosted/total").isNull()).isTrue();
    }
}
