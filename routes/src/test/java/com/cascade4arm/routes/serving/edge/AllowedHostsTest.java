package com.cascade4arm.routes.serving.edge;

import com.cascade4arm.routes.config.TestConfig;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AllowedHostsTest {
    private final AllowedHosts hosts = new AllowedHosts(
            EdgeSettings.from(TestConfig.bind(key -> key.equals(EdgeSettings.ALLOWED_HOSTS_KEY) ? "gateway.example.com, *.corp.test" : null))
                    .allowedHosts());

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "localhost:8080 | true", "LOCALHOST | true", "localhost. | true", "console.localhost:9 | true",
            "127.0.0.1:8080 | true", "127.0.0.2 | true", "10.1.2.3:80 | true", "[::1]:8080 | true", "[::1] | true",
            "gateway.example.com | true", "Gateway.Example.Com:443 | true", "a.corp.test | true", "x.y.corp.test:1 | true",
            "attacker.test | false", "rebind.attacker.test:8080 | false", "127.0.0.1.attacker.test | false",
            "localhost.attacker.test | false", "gateway.example.com.attacker.test | false", "corp.test.evil | false",
            "evilcorp.test | false", "127.1 | false", "2130706433 | false", "[::1]:x | false", "[not-ip] | false",
            "localhost:80:80 | false", ": | false", "localhost: | false", "localhost:123456 | false",
            "localhost:\u0663 | false", "localhost:65535 | true"})
    void acceptsLoopbackIpLiteralsAndConfiguredNamesOnly(String host, boolean allowed) {
        assertThat(hosts.allows(host)).as(host).isEqualTo(allowed);
    }

    @Test
    void theRememberedHostAllowsOnlyItselfAndARefusalIsNeverRemembered() {
        for (int round = 0; round < 3; round++) {
            assertThat(hosts.allows("localhost:8080")).as("round %d", round).isTrue();
            assertThat(hosts.allows("attacker.test")).as("round %d", round).isFalse();
            assertThat(hosts.allows("attacker.test")).as("refused twice, round %d", round).isFalse();
            assertThat(hosts.allows("localhost:8081")).as("round %d", round).isTrue();
        }
    }

    @Test
    void refusesWith421NamingTheKeyAndAcceptsRequestsWithoutHost() {
        assertThat(hosts.refusal(null)).isEmpty();
        var refusal = hosts.refusal("attacker.test").orElseThrow();
        assertThat(refusal.status()).isEqualTo(421);
        assertThat(refusal.code()).isEqualTo("misdirected_request");
        assertThat(refusal.getMessage()).contains("attacker.test", EdgeSettings.ALLOWED_HOSTS_KEY);
    }

    @Test
    void aStarAcceptsAnyHostAndBadEntriesFailTheStart() {
        assertThat(new AllowedHosts(List.of("*")).allows("anything.test")).isTrue();
        assertThatThrownBy(() -> EdgeSettings.from(TestConfig.bind(key -> key.equals(EdgeSettings.ALLOWED_HOSTS_KEY)
                ? "https://gateway.example.com" : null))).hasMessageContaining(EdgeSettings.ALLOWED_HOSTS_KEY)
                .hasMessageContaining("https://gateway.example.com");
    }
}
