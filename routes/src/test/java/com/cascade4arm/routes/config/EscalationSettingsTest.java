package com.cascade4arm.routes.config;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** cascade.escalation.* keys: defaults, the threshold override, and messages naming a bad value. */
class EscalationSettingsTest {

    @Test
    void defaultsToFourTokensAndEachRulesOwnThreshold() {
        EscalationSettings settings = EscalationSettings.read(Map.<String, String>of()::get);

        assertThat(settings.enabled()).isTrue();
        assertThat(settings.tokens()).isEqualTo(EscalationSettings.DEFAULT_TOKENS);
        assertThat(settings.threshold(0.6)).isEqualTo(0.6);
    }

    @Test
    void configuredMinConfidenceOverridesTheRules() {
        EscalationSettings settings = EscalationSettings.read(Map.of("cascade.escalation.min-confidence", "0.35",
                "cascade.escalation.tokens", "8", "cascade.escalation.enabled", "false")::get);

        assertThat(settings.threshold(0.6)).isEqualTo(0.35);
        assertThat(settings.tokens()).isEqualTo(8);
        assertThat(settings.enabled()).isFalse();
    }

    @Test
    void rejectsValuesOutOfRangeNamingThem() {
        assertThatThrownBy(() -> EscalationSettings.read(Map.of("cascade.escalation.min-confidence", "1.5")::get))
                .hasMessageContaining("cascade.escalation.min-confidence").hasMessageContaining("1.5");
        assertThatThrownBy(() -> EscalationSettings.read(Map.of("cascade.escalation.tokens", "0")::get))
                .hasMessageContaining("cascade.escalation.tokens").hasMessageContaining("0");
        assertThatThrownBy(() -> EscalationSettings.read(Map.of("cascade.escalation.enabled", "yes")::get))
                .hasMessageContaining("cascade.escalation.enabled must be true or false, but was yes");
    }
}
