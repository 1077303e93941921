package com.cascade4arm.routes.serving.edge;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CidrTest {
    @ParameterizedTest(name = "{0} contains {1}: {2}")
    @CsvSource({
            "10.0.0.0/8,      10.255.1.2,   true",
            "10.0.0.0/8,      11.0.0.1,     false",
            "192.168.1.7,     192.168.1.7,  true",
            "192.168.1.7,     192.168.1.8,  false",
            "172.16.0.0/12,   172.31.255.255, true",
            "172.16.0.0/12,   172.32.0.0,   false",
            "0.0.0.0/0,       8.8.8.8,      true",
            "::1,             ::1,          true",
            "fd00::/8,        fd12:3456::1, true",
            "fd00::/8,        fe80::1,      false",
            "10.0.0.0/8,      ::1,          false",
    })
    void matchesAddressesInsideTheBlock(String block, String address, boolean inside) {
        assertThat(Cidr.parse(block).contains(IpAddresses.parseLiteral(address))).isEqualTo(inside);
    }

    @ParameterizedTest
    @CsvSource({"10.0.0.0/33", "10.0.0.0/x", "proxy.internal", "::1/129", "''"})
    void rejectsWhatIsNotABlockNamingIt(String text) {
        assertThatThrownBy(() -> Cidr.parse(text)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining(text);
    }
}
