package com.cascade4arm.routes.config;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** cascade.escalation.* keys: defaults, the threshold override, and messages naming a bad value. */
class EscalationConfigTest {

    @Test
    void defaultsToFourTokensAndEachRulesOwnThreshold() {
        CascadeConfig.Escalation settings = TestConfig.of(Map.of()).escalation();

        assertThat(settings.enabled()).isTrue();
        assertThat(settings.tokens()).isEqualTo(4);
        assertThat(settings.threshold(0.6)).isEqualTo(0.6);
    }

    @Test
    void configuredMinConfidenceOverridesTheRules() {
        CascadeConfig.Escalation settings = TestConfig.of(Map.of("cascade.escalation.min-confidence", "0.35",
                "cascade.escalation.tokens", "8", "cascade.escalation.enabled", "false")).escalation();

        assertThat(settings.threshold(0.6)).isEqualTo(0.35);
        assertThat(settings.tokens()).isEqualTo(8);
        assertThat(settings.enabled()).isFalse();
    }

    @Test
    void rejectsValuesOutOfRangeNamingThem() {
        assertThatThrownBy(() -> TestConfig.of(Map.of("cascade.escalation.min-confidence", "1.5")))
                .hasMessageContaining("cascade.escalation.min-confidence").hasMessageContaining("1.5");
        assertThatThrownBy(() -> TestConfig.of(Map.of("cascade.escalation.tokens", "0")))
                .hasMessageContaining("cascade.escalation.tokens").hasMessageContaining("0");
        assertThatThrownBy(() -> TestConfig.of(Map.of("cascade.escalation.enabled", "yes")))
                .hasMessageContaining("cascade.escalation.enabled must be true or false, but was yes");
    }
}
