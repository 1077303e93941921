package com.cascade4arm.routes.serving.http;

import java.nio.charset.StandardCharsets;

/**
 * Makes any text safe as an HTTP header value: printable ASCII stays as it is, every other character (non-ASCII,
 * control characters) and '%' itself become UTF-8 percent-escapes, as in RFC 3986 / RFC 8187 ({@code café} →
 * {@code caf%C3%A9}; a client decodes with decodeURIComponent or URLDecoder). Headers are Latin-1 on the wire, so a
 * rule name in another script would otherwise arrive garbled, and a line break could split the header.
 */
public final class HeaderValues {
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private HeaderValues() {
    }

    public static String encode(String value) {
        if (value == null) {
            return "";
        }
        if (isPlain(value)) {
            return value;
        }
        StringBuilder out = new StringBuilder(value.length() + 16);
        for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xFF;
            if (c >= 0x20 && c < 0x7F && c != '%') {
                out.append((char) c);
            } else {
                out.append('%').append(HEX[c >> 4]).append(HEX[c & 0xF]);
            }
        }
        return out.toString();
    }

    /** The inverse of {@link #encode}: percent-escapes back to UTF-8 text; null stays null. */
    public static String decode(String value) {
        if (value == null || value.indexOf('%') < 0) {
            return value;
        }
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream(value.length());
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            int high = c == '%' && i + 2 < value.length() ? Character.digit(value.charAt(i + 1), 16) : -1;
            int low = high >= 0 ? Character.digit(value.charAt(i + 2), 16) : -1;
            if (low >= 0) {
                bytes.write(high * 16 + low);
                i += 2;
            } else {
                bytes.write(c);
            }
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    private static boolean isPlain(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x20 || c >= 0x7F || c == '%') {
                return false;
            }
        }
        return true;
    }
}
