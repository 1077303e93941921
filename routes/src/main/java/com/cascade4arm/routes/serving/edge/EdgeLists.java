package com.cascade4arm.routes.serving.edge;

import com.cascade4arm.routes.config.CommaList;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The edge's list-valued keys (origins, host names, CIDR blocks), parsed and checked, naming the key and bad entry. */
final class EdgeLists {
    private EdgeLists() {
    }

    /** Origins as browsers send them: scheme://host[:port], no path; compared case-insensitively. */
    static List<String> origins(String key, String value) {
        List<String> origins = new ArrayList<>();
        for (String part : CommaList.of(value)) {
            String origin = part.toLowerCase(Locale.ROOT);
            if (!origin.matches("https?://[^/\\s]+")) {
                throw new IllegalArgumentException(key + " must list origins like https://console.example.com, but had "
                        + part);
            }
            origins.add(origin);
        }
        return List.copyOf(origins);
    }

    /** Host names without port, lower-case: {@code gateway.example.com}, {@code .example.com} (any subdomain) or {@code *}. */
    static List<String> hosts(String key, String value) {
        List<String> hosts = new ArrayList<>();
        for (String part : CommaList.of(value)) {
            String host = part.toLowerCase(Locale.ROOT);
            if (host.startsWith("*.")) {
                host = host.substring(1);
            }
            if (!host.equals("*") && !host.matches("\\.?[a-z0-9_]([a-z0-9_.-]*[a-z0-9_])?")) {
                throw new IllegalArgumentException(key + " must list host names like gateway.example.com (no scheme, "
                        + "no port), .example.com for its subdomains, or *, but had " + part);
            }
            hosts.add(host);
        }
        return List.copyOf(hosts);
    }

    static List<Cidr> cidrs(String key, String value) {
        List<Cidr> blocks = new ArrayList<>();
        for (String part : CommaList.of(value)) {
            try {
                blocks.add(Cidr.parse(part));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(key + " must list IP addresses or CIDR blocks, but had " + part
                        + " (" + e.getMessage() + ")");
            }
        }
        return List.copyOf(blocks);
    }
}
