package com.cascade4arm.routes.serving.edge;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.regex.Pattern;

/** IP literals from sockets and X-Forwarded-For hops, parsed without ever asking DNS (a header must not trigger lookups). */
final class IpAddresses {
    private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f:.]{2,45}");
    /** IPv6 clients are limited per /64, the block one subscriber usually gets (else one host has 2^64 identities). */
    static final int IPV6_CLIENT_PREFIX_BITS = 64;

    private IpAddresses() {
    }

    /**
     * Four dot-separated octets of one to three ASCII digits, each at most 255; else null. A hand scan, not a regex and
     * a split: every request's peer address comes through here.
     */
    private static byte[] ipv4(String s) {
        byte[] bytes = new byte[4];
        int part = 0;
        int value = 0;
        int digits = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= '0' && c <= '9') {
                if (++digits > 3) {
                    return null;
                }
                value = value * 10 + (c - '0');
            } else if (c == '.' && digits > 0 && part < 3 && value <= 255) {
                bytes[part++] = (byte) value;
                value = 0;
                digits = 0;
            } else {
                return null;
            }
        }
        if (part != 3 || digits == 0 || value > 255) {
            return null;
        }
        bytes[3] = (byte) value;
        return bytes;
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
            byte[] ipv4 = ipv4(s);
            if (ipv4 != null) {
                return InetAddress.getByAddress(ipv4);
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
