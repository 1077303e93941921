package com.cascade4arm.routes;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class GracefulShutdownTest {
    @Test
    void drainsTwentySecondsUnlessConfigured() {
        assertThat(GracefulShutdown.read(key -> null).drainTimeoutMs()).isEqualTo(20_000);
        assertThat(GracefulShutdown.read(Map.of(GracefulShutdown.DRAIN_TIMEOUT_KEY, " 5000 ")::get).drainTimeoutMs())
                .isEqualTo(5_000);
        assertThat(GracefulShutdown.read(Map.of(GracefulShutdown.DRAIN_TIMEOUT_KEY, "0")::get).drainTimeoutMs())
                .as("0 = no drain").isZero();
    }

    @Test
    void refusesANegativeOrNonNumericDrainTimeoutNamingIt() {
        assertThatThrownBy(() -> GracefulShutdown.read(Map.of(GracefulShutdown.DRAIN_TIMEOUT_KEY, "-1")::get))
                .hasMessageContaining("cascade.shutdown.drain-timeout-ms").hasMessageContaining("-1");
        assertThatThrownBy(() -> GracefulShutdown.read(Map.of(GracefulShutdown.DRAIN_TIMEOUT_KEY, "20s")::get))
                .hasMessageContaining("cascade.shutdown.drain-timeout-ms").hasMessageContaining("20s");
    }
}
