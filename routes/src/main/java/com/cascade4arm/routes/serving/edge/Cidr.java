package com.cascade4arm.routes.serving.edge;

import java.net.InetAddress;
import java.util.Arrays;

/** An address block such as {@code 10.0.0.0/8} or {@code ::1/128} (a bare address is a /32 or /128). */
public final class Cidr {
    private final byte[] network;
    private final int prefixBits;

    private Cidr(byte[] network, int prefixBits) {
        this.network = network;
        this.prefixBits = prefixBits;
    }

    /** Parses {@code address[/bits]}; the address must be a literal (never resolved through DNS). */
    public static Cidr parse(String text) {
        String trimmed = text == null ? "" : text.trim();
        int slash = trimmed.indexOf('/');
        String addressPart = slash < 0 ? trimmed : trimmed.substring(0, slash);
        InetAddress address = IpAddresses.parseLiteral(addressPart);
        if (address == null) {
            throw new IllegalArgumentException("not an IP address or CIDR block: \"" + text + "\"");
        }
        int maxBits = address.getAddress().length * 8;
        int bits = maxBits;
        if (slash >= 0) {
            try {
                bits = Integer.parseInt(trimmed.substring(slash + 1));
            } catch (NumberFormatException e) {
                bits = -1;
            }
            if (bits < 0 || bits > maxBits) {
                throw new IllegalArgumentException("prefix length of \"" + text + "\" must be between 0 and " + maxBits);
            }
        }
        return new Cidr(mask(address.getAddress(), bits), bits);
    }

    public boolean contains(InetAddress address) {
        byte[] bytes = address.getAddress();
        return bytes.length == network.length && Arrays.equals(mask(bytes, prefixBits), network);
    }

    private static byte[] mask(byte[] address, int bits) {
        byte[] masked = address.clone();
        for (int i = 0; i < masked.length; i++) {
            int keep = Math.max(0, Math.min(8, bits - i * 8));
            masked[i] = (byte) (masked[i] & (0xFF << (8 - keep)));
        }
        return masked;
    }

    @Override
    public String toString() {
        try {
            return InetAddress.getByAddress(network).getHostAddress() + "/" + prefixBits;
        } catch (java.net.UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }
}
