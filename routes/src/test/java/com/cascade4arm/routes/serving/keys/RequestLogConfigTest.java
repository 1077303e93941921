package com.cascade4arm.routes.serving.keys;

import com.cascade4arm.routes.config.TestConfig;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RequestLogConfigTest {
    @Test
    void retentionIsAWholeNumberAndAUnit() {
        assertThat(TestConfig.of(Map.of()).requestLog().retention()).isEqualTo(Duration.ofDays(7));
        assertThat(TestConfig.of(Map.of("cascade.request-log.retention", "12h")).requestLog().retention())
                .isEqualTo(Duration.ofHours(12));
        assertThat(TestConfig.of(Map.of("cascade.request-log.retention", "90s")).requestLog().retention())
                .isEqualTo(Duration.ofSeconds(90));
        assertThatThrownBy(() -> TestConfig.of(Map.of("cascade.request-log.retention", "7 days")))
                .hasMessageContaining("cascade.request-log.retention").hasMessageContaining("7 days");
    }
}
