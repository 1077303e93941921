package com.cascade4arm.routes.warmup;

import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.spi.PropertiesComponent;
import org.junit.jupiter.api.Test;

import java.util.Properties;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class WarmupSettingsTest {

    @Test
    void defaultsToAFewThousandRequestsWithinHalfAMinute() {
        WarmupSettings settings = WarmupSettings.read(properties(new Properties()));

        assertThat(settings).isEqualTo(new WarmupSettings(2_000, 30_000));
        assertThat(settings.enabled()).isTrue();
    }

    @Test
    void zeroRequestsTurnsItOff() {
        Properties values = new Properties();
        values.setProperty("cascade.warmup.requests", "0");

        assertThat(WarmupSettings.read(properties(values)).enabled()).isFalse();
    }

    @Test
    void aBadCountFailsStartupNamingKeyAndValue() {
        Properties values = new Properties();
        values.setProperty("cascade.warmup.requests", "lots");

        assertThatThrownBy(() -> WarmupSettings.read(properties(values)))
                .hasMessage("cascade.warmup.requests must be an integer, but was lots");
    }

    private static PropertiesComponent properties(Properties values) {
        PropertiesComponent component = new DefaultCamelContext().getPropertiesComponent();
        component.setOverrideProperties(values);
        return component;
    }
}
