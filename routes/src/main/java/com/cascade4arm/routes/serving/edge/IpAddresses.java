package com.cascade4arm.routes.serving.edge;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.regex.Pattern;

/** IP literals from sockets and X-Forwarded-For hops, parsed without ever asking DNS (a header must not trigger lookups). */
final class IpAddresses {
    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");
    private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f:.]{2,45}");
    /** IPv6 clients are limited per /64, the block one subscriber usually gets (else one host has 2^64 identities). */
    static final int IPV6_CLIENT_PREFIX_BITS = 64;

    private IpAddresses() {
    }

    /** An IPv4 or IPv6 literal (IPv4-mapped IPv6 becomes IPv4), else null. */
    static InetAddress parseLiteral(String text) {
        if (text == null) {
            return null;
        }
        String s = text.trim();
        if (s.startsWith("[") && s.endsWith("]")) {
            s = s.substring(1, s.length() - 1);
        }
        try {
            if (IPV4.matcher(s).matches()) {
                String[] parts = s.split("\\.");
                byte[] bytes = new byte[4];
                for (int i = 0; i < 4; i++) {
                    int octet = Integer.parseInt(parts[i]);
                    if (octet > 255) {
                        return null;
                    }
                    bytes[i] = (byte) octet;
                }
                return InetAddress.getByAddress(bytes);
            }
            // Contains ':' and starts with a hex digit or ':': Java parses it as an IPv6 literal, never via DNS.
            if (s.indexOf(':') >= 0 && IPV6.matcher(s).matches()) {
                return InetAddress.getByName(s);
            }
        } catch (UnknownHostException e) {
            return null;
        }
        return null;
    }

    /** One X-Forwarded-For hop: {@code 1.2.3.4}, {@code 1.2.3.4:5678}, {@code [::1]:80} or {@code ::1}; else null. */
    static InetAddress parseHop(String hop) {
        String s = hop.trim();
        if (s.startsWith("[")) {
            int close = s.indexOf(']');
            return close < 0 ? null : parseLiteral(s.substring(1, close));
        }
        int colon = s.indexOf(':');
        if (colon > 0 && s.indexOf(':', colon + 1) < 0) {
            s = s.substring(0, colon); // IPv4 with a port
        }
        return parseLiteral(s);
    }

    /** The key a client is limited under: its IPv4 address, or its IPv6 /64 block. */
    static String clientKey(InetAddress address) {
        if (address instanceof Inet6Address) {
            return Cidr.parse(address.getHostAddress() + "/" + IPV6_CLIENT_PREFIX_BITS).toString();
        }
        return address.getHostAddress();
    }
}
