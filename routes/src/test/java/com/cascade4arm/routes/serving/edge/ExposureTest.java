package com.cascade4arm.routes.serving.edge;

import com.cascade4arm.routes.config.ConfigBinding;
import com.cascade4arm.routes.config.TestConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ExposureTest {
    @ParameterizedTest
    @ValueSource(strings = {"127.0.0.1", "127.1.2.3", "::1", "[::1]", "localhost", "LOCALHOST", " "})
    void loopbackAddressesAreLocal(String host) {
        assertThat(Exposure.of(host).exposed()).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"0.0.0.0", "::", "10.0.0.5", "192.168.1.20", "gateway.example.com"})
    void everyOtherAddressIsExposed(String host) {
        assertThat(Exposure.of(host).exposed()).isTrue();
    }

    @Test
    void rateLimitsFollowTheExposureUnlessSetExplicitly() {
        EdgeSettings laptop = EdgeSettings.from(TestConfig.bind(Map.of("camel.server.host", "127.0.0.1")));
        EdgeSettings publicBox = EdgeSettings.from(TestConfig.bind(Map.of("camel.server.host", "0.0.0.0")));
        EdgeSettings forcedOn = EdgeSettings.from(TestConfig.bind(Map.of("camel.server.host", "127.0.0.1",
                "cascade.edge.rate-limit.enabled", "true")));
        EdgeSettings forcedOff = EdgeSettings.from(TestConfig.bind(Map.of("camel.server.host", "0.0.0.0",
                "cascade.edge.rate-limit.enabled", "false")));

        assertThat(laptop.rateLimited()).isFalse();
        assertThat(publicBox.rateLimited()).isTrue();
        assertThat(forcedOn.rateLimited()).isTrue();
        assertThat(forcedOff.rateLimited()).isFalse();
        assertThat(EdgeSettings.from(ConfigBinding.defaults().cascade(), null).rateLimited())
                .as("unset bind address = the loopback default").isFalse();
    }

    @Test
    void startupSummarySaysWhichDefaultsApplyAndHowToChangeThem() {
        String laptop = EdgeSettings.from(TestConfig.bind(Map.of("camel.server.host", "127.0.0.1"))).protectionSummary();
        String publicBox = EdgeSettings.from(TestConfig.bind(Map.of("camel.server.host", "0.0.0.0"))).protectionSummary();

        assertThat(laptop).contains("loopback 127.0.0.1", "rate limit OFF", "cascade.edge.rate-limit.enabled");
        assertThat(publicBox).contains("0.0.0.0", "rate limit ON: 1.0 request(s)/s, bursts of 5", "admin token");
    }

    @Test
    void aBadSwitchNamesTheKeyAndTheValue() {
        assertThatThrownBy(() -> EdgeSettings.from(TestConfig.bind(Map.of("cascade.edge.rate-limit.enabled", "sometimes"))))
                .hasMessage("cascade.edge.rate-limit.enabled must be auto, true or false, but was sometimes");
    }
}
