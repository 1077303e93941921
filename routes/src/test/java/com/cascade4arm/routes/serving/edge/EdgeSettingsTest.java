package com.cascade4arm.routes.serving.edge;

import com.cascade4arm.routes.config.ConfigBinding;
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
        EdgeSettings settings = EdgeSettings.from(ConfigBinding.defaults().cascade(), null);

        assertThat(settings.config().rateLimit().requestsPerSecond()).isEqualTo(1.0);
        assertThat(settings.config().rateLimit().burst()).isEqualTo(5);
        assertThat(settings.config().rateLimit().readsPerSecond()).as("reads are cheaper: more of them").isGreaterThan(settings.config().rateLimit().requestsPerSecond());
        assertThat(settings.trustedProxies()).isEmpty();
        assertThat(settings.config().maxConcurrentPerClient()).isLessThan(settings.config().maxConcurrentRequests());
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

        assertThat(settings.config().rateLimit().requestsPerSecond()).isEqualTo(0.5);
        assertThat(settings.config().rateLimit().burst()).isEqualTo(3);
        assertThat(settings.config().rateLimit().readsPerSecond()).isEqualTo(4.0);
        assertThat(settings.config().rateLimit().readsBurst()).isEqualTo(8);
        assertThat(settings.config().rateLimit().maxClients()).isEqualTo(100);
        assertThat(settings.config().maxConcurrentPerClient()).isEqualTo(2);
        assertThat(settings.config().maxConcurrentRequests()).isEqualTo(20);
        assertThat(settings.config().maxStreams()).isEqualTo(10);
        assertThat(settings.config().maxConnections()).isEqualTo(50);
        assertThat(settings.trustedProxies()).hasToString("[10.0.0.0/8, 0:0:0:0:0:0:0:1/128]");
        assertThat(settings.config().headerTimeoutMs()).isEqualTo(1_000);
        assertThat(settings.config().bodyTimeoutMs()).isEqualTo(2_000);
        assertThat(settings.config().writeStallTimeoutMs()).isEqualTo(3_000);
        assertThat(settings.config().maxHeaders()).isEqualTo(32);
        assertThat(settings.config().maxHeaderBytes()).isEqualTo(4_096);
        assertThat(settings.config().maxRequestLineBytes()).isEqualTo(2_048);
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
