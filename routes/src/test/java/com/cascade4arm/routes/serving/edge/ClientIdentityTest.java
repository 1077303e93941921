package com.cascade4arm.routes.serving.edge;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ClientIdentityTest {
    private final ClientIdentity behindProxies = new ClientIdentity(List.of(Cidr.parse("10.0.0.0/8"), Cidr.parse("::1")));
    private final ClientIdentity direct = new ClientIdentity(List.of());

    @ParameterizedTest(name = "peer {0}, X-Forwarded-For \"{1}\" -> {2}")
    @CsvSource(delimiter = '|', value = {
            // the direct peer when it is not a trusted proxy, whatever the header says
            "203.0.113.9 | 1.1.1.1                       | 203.0.113.9",
            // trusted proxy: the right-most hop that is not a trusted proxy
            "10.0.0.2    | 198.51.100.7                  | 198.51.100.7",
            "10.0.0.2    | 6.6.6.6, 198.51.100.7         | 198.51.100.7",
            "10.0.0.2    | 6.6.6.6, 198.51.100.7, 10.1.1.1 | 198.51.100.7",
            // a port on the hop, brackets on IPv6
            "10.0.0.2    | 198.51.100.7:4711             | 198.51.100.7",
            "::1         | [2001:db8::5]:443             | 2001:db8:0:0:0:0:0:0/64",
            // garbage right of the real hop: the last trusted proxy is the client (never the garbage)
            "10.0.0.2    | 198.51.100.7, not-an-ip       | 10.0.0.2",
            "10.0.0.2    | 300.1.1.1                     | 10.0.0.2",
            // every hop trusted: the left-most of them
            "10.0.0.2    | 10.9.9.9, 10.1.1.1            | 10.9.9.9",
            // IPv4-mapped IPv6 is IPv4
            "::ffff:10.0.0.2 | 198.51.100.7              | 198.51.100.7",
    })
    void takesTheRightMostUntrustedHopOnlyBehindATrustedProxy(String peer, String forwardedFor, String client) {
        assertThat(behindProxies.resolve(peer, List.of(forwardedFor))).isEqualTo(client);
    }

    @Test
    void readsEveryForwardedForHeaderInOrder() {
        assertThat(behindProxies.resolve("10.0.0.2", List.of("6.6.6.6", "198.51.100.7, 10.0.0.3"))).isEqualTo("198.51.100.7");
    }

    @Test
    void ignoresTheHeaderWithoutTrustedProxies() {
        assertThat(direct.resolve("203.0.113.9", List.of("198.51.100.7"))).isEqualTo("203.0.113.9");
    }

    @Test
    void groupsIpv6ClientsByTheirSlash64() {
        assertThat(direct.resolve("2001:db8:1:2:aaaa::1", List.of()))
                .isEqualTo(direct.resolve("2001:db8:1:2:bbbb::2", List.of()))
                .isEqualTo("2001:db8:1:2:0:0:0:0/64");
    }

    @Test
    void readsOnlyTheRightMostHopsOfAPaddedHeader() {
        String[] hops = new String[10_000];
        Arrays.fill(hops, "10.0.0.9");
        hops[0] = "198.51.100.7";

        assertThat(behindProxies.resolve("10.0.0.2", List.of(String.join(",", hops))))
                .as("beyond %d hops the header is not read", ClientIdentity.MAX_HOPS).isEqualTo("10.0.0.9");
    }

    @ParameterizedTest
    @CsvSource({"example.com", "localhost", "1.2.3", "1.2.3.4.5", "::g", "'   '"})
    void neverResolvesNames(String text) {
        assertThat(IpAddresses.parseLiteral(text)).isNull();
    }
}
