package com.cascade4arm.routes;

import com.cascade4arm.routes.config.TestConfig;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class GracefulShutdownTest {
    @Test
    void drainsTwentySecondsUnlessConfigured() {
        assertThat(GracefulShutdown.from(TestConfig.of(Map.of())).drainTimeoutMs()).isEqualTo(20_000);
        assertThat(GracefulShutdown.from(TestConfig.of(Map.of(GracefulShutdown.DRAIN_TIMEOUT_KEY, " 5000 "))).drainTimeoutMs())
                .isEqualTo(5_000);
        assertThat(GracefulShutdown.from(TestConfig.of(Map.of(GracefulShutdown.DRAIN_TIMEOUT_KEY, "0"))).drainTimeoutMs())
                .as("0 = no drain").isZero();
    }

    @Test
    void refusesANegativeOrNonNumericDrainTimeoutNamingIt() {
        assertThatThrownBy(() -> GracefulShutdown.from(TestConfig.of(Map.of(GracefulShutdown.DRAIN_TIMEOUT_KEY, "-1"))))
                .hasMessageContaining("cascade.shutdown.drain-timeout-ms").hasMessageContaining("-1");
        assertThatThrownBy(() -> GracefulShutdown.from(TestConfig.of(Map.of(GracefulShutdown.DRAIN_TIMEOUT_KEY, "20s"))))
                .hasMessageContaining("cascade.shutdown.drain-timeout-ms").hasMessageContaining("20s");
    }
}
