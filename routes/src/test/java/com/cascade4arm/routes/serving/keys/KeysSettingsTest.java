package com.cascade4arm.routes.serving.keys;

import com.cascade4arm.routes.config.TestConfig;
import com.cascade4arm.routes.serving.edge.Exposure;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class KeysSettingsTest {
    @Test
    void anOpenGatewayBeyondLoopbackIsRefusedWithAMessageSayingWhatToSet() {
        assertThatThrownBy(() -> KeysSettings.from(TestConfig.of(Map.of()), Exposure.of("0.0.0.0")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cascade.auth.mode=keys").hasMessageContaining("CASCADE_AUTH_MODE")
                .hasMessageContaining("cascade.auth.allow-open-beyond-loopback=true");
    }

    @Test
    void openOnLoopbackKeysAnywhereAndAnAllowedOpenBeyondLoopbackStart() {
        assertThat(KeysSettings.from(TestConfig.of(Map.of()), Exposure.of("127.0.0.1")).keysRequired()).isFalse();
        assertThat(KeysSettings.from(TestConfig.of(Map.of("cascade.auth.mode", "keys")), Exposure.of("0.0.0.0"))
                .keysRequired()).isTrue();
        assertThat(KeysSettings.from(TestConfig.of(Map.of("cascade.auth.allow-open-beyond-loopback", "true")),
                Exposure.of("0.0.0.0")).keysRequired()).isFalse();
        assertThatThrownBy(() -> KeysSettings.from(TestConfig.of(Map.of("cascade.auth.mode", "closed")),
                Exposure.of("127.0.0.1"))).hasMessageContaining("must be open or keys");
    }
}
