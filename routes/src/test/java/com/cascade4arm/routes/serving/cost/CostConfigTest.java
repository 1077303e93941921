package com.cascade4arm.routes.serving.cost;

import com.cascade4arm.routes.config.TestConfig;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CostConfigTest {

    @Test
    void defaultsPriceMatchedInstancesWithTheirDate() {
        CostConfig defaults = TestConfig.of(Map.of()).cost();

        assertThat(defaults.cascadeUsdPerHour()).as("c8g.xlarge, 4 vCPU / 8 GiB").isEqualTo(0.15952);
        assertThat(defaults.baselineUsdPerHour()).as("c7i.xlarge, 4 vCPU / 8 GiB").isEqualTo(0.1785);
        assertThat(defaults.pricesAsOf()).isEqualTo("2026-12");
    }

    @Test
    void refusesThePerSlotKeysNamingWhatReplacedThem() {
        Map<String, String> old = Map.of("cascade.cost.small.slots", "4");

        assertThatThrownBy(() -> CostConfig.refuseRetiredKeys(old::get))
                .hasMessageContaining("cascade.cost.small.slots is no longer read")
                .hasMessageContaining("cascade.cost.cascade.usd-per-hour")
                .hasMessageEndingWith("but was 4");
    }
}
