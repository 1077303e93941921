package com.cascade4arm.routes.serving.edge;

import com.cascade4arm.routes.config.CommaList;

import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/** The edge's list-valued keys (origins, host names, CIDR blocks), parsed and checked, naming the key and bad entry. */
final class EdgeLists {
    private EdgeLists() {
    }

    /** Origins as browsers send them: scheme://host[:port], no path; compared case-insensitively. */
    static List<String> origins(String key, String value) {
        return each(key, value, "origins like https://console.example.com", part -> {
            String origin = part.toLowerCase(Locale.ROOT);
            return origin.matches("https?://[^/\\s]+") ? origin : null;
        });
    }

    /** Host names without port, lower-case: {@code gateway.example.com}, {@code .example.com} (any subdomain) or {@code *}. */
    static List<String> hosts(String key, String value) {
        return each(key, value, "host names like gateway.example.com (no scheme, no port), .example.com for its"
                + " subdomains, or *", part -> {
            String host = part.toLowerCase(Locale.ROOT).replaceFirst("^\\*\\.", ".");
            return host.equals("*") || host.matches("\\.?[a-z0-9_]([a-z0-9_.-]*[a-z0-9_])?") ? host : null;
        });
    }

    static List<Cidr> cidrs(String key, String value) {
        return each(key, value, "IP addresses or CIDR blocks", Cidr::parse);
    }

    /** Every entry parsed; one {@code parse} refuses (null, or IllegalArgumentException with why) fails the start. */
    private static <T> List<T> each(String key, String value, String expected, Function<String, T> parse) {
        return CommaList.of(value).stream().map(part -> {
            T parsed;
            try {
                parsed = parse.apply(part);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(key + " must list " + expected + ", but had " + part
                        + " (" + e.getMessage() + ")");
            }
            if (parsed == null) {
                throw new IllegalArgumentException(key + " must list " + expected + ", but had " + part);
            }
            return parsed;
        }).toList();
    }
}
