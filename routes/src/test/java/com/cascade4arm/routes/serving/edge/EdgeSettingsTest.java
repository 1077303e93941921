package com.cascade4arm.routes.serving.edge;

import com.cascade4arm.routes.config.TestConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class EdgeSettingsTest {
    @Test
    void defaultsAreStrict() {
        EdgeSettings settings = EdgeSettings.defaults();

        assertThat(settings.requestsPerSecond()).isEqualTo(1.0);
        assertThat(settings.burst()).isEqualTo(5);
        assertThat(settings.readsPerSecond()).as("reads are cheaper: more of them").isGreaterThan(settings.requestsPerSecond());
        assertThat(settings.trustedProxies()).isEmpty();
        assertThat(settings.maxConcurrentPerClient()).isLessThan(settings.maxConcurrentRequests());
        assertThat(settings.internalKey()).hasSizeGreaterThan(40);
        assertThat(settings.toString()).as("the internal key stays out of logs").doesNotContain(settings.internalKey());
    }

    @Test
    void readsEveryKey() {
        Map<String, String> properties = Map.ofEntries(
                Map.entry("cascade.edge.rate-limit.requests-per-second", "0.5"),
                Map.entry("cascade.edge.rate-limit.burst", "3"),
                Map.entry("cascade.edge.rate-limit.reads-per-second", "4"),
                Map.entry("cascade.edge.rate-limit.reads-burst", "8"),
                Map.entry("cascade.edge.rate-limit.max-clients", "100"),
                Map.entry("cascade.edge.max-concurrent-per-client", "2"),
                Map.entry("cascade.edge.max-concurrent-requests", "20"),
                Map.entry("cascade.edge.max-streams", "10"),
                Map.entry("cascade.edge.max-connections", "50"),
                Map.entry("cascade.edge.trusted-proxies", "10.0.0.0/8, ::1"),
                Map.entry("cascade.edge.header-timeout-ms", "1_000"),
                Map.entry("cascade.edge.body-timeout-ms", "2000"),
                Map.entry("cascade.edge.write-stall-timeout-ms", "3000"),
                Map.entry("cascade.edge.max-headers", "32"),
                Map.entry("cascade.edge.max-header-bytes", "4096"),
                Map.entry("cascade.edge.max-request-line-bytes", "2048"));

        EdgeSettings settings = EdgeSettings.from(TestConfig.bind(properties));

        assertThat(settings.requestsPerSecond()).isEqualTo(0.5);
        assertThat(settings.burst()).isEqualTo(3);
        assertThat(settings.readsPerSecond()).isEqualTo(4.0);
        assertThat(settings.readsBurst()).isEqualTo(8);
        assertThat(settings.maxTrackedClients()).isEqualTo(100);
        assertThat(settings.maxConcurrentPerClient()).isEqualTo(2);
        assertThat(settings.maxConcurrentRequests()).isEqualTo(20);
        assertThat(settings.maxStreams()).isEqualTo(10);
        assertThat(settings.maxConnections()).isEqualTo(50);
        assertThat(settings.trustedProxies()).hasToString("[10.0.0.0/8, 0:0:0:0:0:0:0:1/128]");
        assertThat(settings.headerTimeoutMs()).isEqualTo(1_000);
        assertThat(settings.bodyTimeoutMs()).isEqualTo(2_000);
        assertThat(settings.writeStallTimeoutMs()).isEqualTo(3_000);
        assertThat(settings.maxHeaders()).isEqualTo(32);
        assertThat(settings.maxHeaderBytes()).isEqualTo(4_096);
        assertThat(settings.maxRequestLineBytes()).isEqualTo(2_048);
    }

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource(delimiter = '|', value = {
            "cascade.edge.rate-limit.requests-per-second | 0      | must be at least 0.001, but was 0.0",
            "cascade.edge.rate-limit.requests-per-second | fast   | must be a number, but was fast",
            "cascade.edge.rate-limit.burst               | 0      | must be between 1 and 1000000, but was 0",
            "cascade.edge.max-concurrent-requests        | -1     | must be between 1 and 100000, but was -1",
            "cascade.edge.header-timeout-ms              | 10     | must be between 100 and 3600000, but was 10",
            "cascade.edge.trusted-proxies                | lb.internal | must list IP addresses or CIDR blocks, but had lb.internal",
    })
    void rejectsBadValuesNamingKeyAndValue(String key, String value, String message) {
        assertThatThrownBy(() -> EdgeSettings.from(TestConfig.bind(Map.of(key, value))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(key).hasMessageContaining(message);
    }
}
