package com.cascade4arm.routes.warmup;

import com.cascade4arm.routes.config.CascadeConfig;
import com.cascade4arm.routes.config.ConfigBinding;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.spi.PropertiesComponent;
import org.junit.jupiter.api.Test;

import java.util.Properties;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class WarmupConfigTest {

    @Test
    void defaultsToAFewThousandRequestsWithinHalfAMinute() {
        CascadeConfig.Warmup settings = read(properties(new Properties()));

        assertThat(settings.requests()).isEqualTo(2_000);
        assertThat(settings.maxMs()).isEqualTo(30_000);
        assertThat(settings.enabled()).isTrue();
    }

    @Test
    void zeroRequestsTurnsItOff() {
        Properties values = new Properties();
        values.setProperty("cascade.warmup.requests", "0");

        assertThat(read(properties(values)).enabled()).isFalse();
    }

    @Test
    void aBadCountFailsStartupNamingKeyAndValue() {
        Properties values = new Properties();
        values.setProperty("cascade.warmup.requests", "lots");

        assertThatThrownBy(() -> read(properties(values)))
                .hasMessage("cascade.warmup.requests must be an integer, but was lots");
    }

    private static CascadeConfig.Warmup read(PropertiesComponent properties) {
        return ConfigBinding.bind(properties).cascade().warmup();
    }

    private static PropertiesComponent properties(Properties values) {
        PropertiesComponent component = new DefaultCamelContext().getPropertiesComponent();
        component.setOverrideProperties(values);
        return component;
    }
}
