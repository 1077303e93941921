package com.cascade4arm.routes.serving.edge;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/** IP literals as the edge reads them: IPv4 by hand, IPv6 through the JDK, never a DNS name. */
class IpAddressesTest {

    @ParameterizedTest(name = "[{0}] -> {1}")
    @CsvSource(delimiter = '|', nullValues = "null", value = {
            "127.0.0.1 | 127.0.0.1", "10.1.2.3 | 10.1.2.3", "255.255.255.255 | 255.255.255.255", "0.0.0.0 | 0.0.0.0",
            "010.001.1.1 | 10.1.1.1", "' 192.168.0.7 ' | 192.168.0.7", "[127.0.0.1] | 127.0.0.1",
            "256.1.1.1 | null", "1.2.3.256 | null", "1.2.3 | null", "1.2.3.4.5 | null", "1.2.3.4. | null",
            ".1.2.3 | null", "1..2.3 | null", "1234.1.1.1 | null", "1.2.3.4a | null", "a.b.c.d | null",
            "\u0661.2.3.4 | null", "localhost | null", "example.com | null", "'' | null",
            "::1 | 0:0:0:0:0:0:0:1", "[::1] | 0:0:0:0:0:0:0:1", "::ffff:10.0.0.1 | 10.0.0.1", "2001:db8::7 | 2001:db8:0:0:0:0:0:7",
            "fe80::1%eth0 | null", ":: | 0:0:0:0:0:0:0:0"})
    void parsesLiteralsOnly(String text, String expected) {
        var address = IpAddresses.parseLiteral(text);
        assertThat(address == null ? null : address.getHostAddress()).as(text).isEqualTo(expected);
    }
}
