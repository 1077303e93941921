package com.cascade4arm.routes.config;

import java.net.URI;
import java.util.List;
import java.util.Locale;

/** Endpoint URLs in configuration: checked at start so a typo fails it, naming the key and the value. */
public final class Urls {
    private Urls() {
    }

    /** A comma-separated list of http(s) base URLs, trailing slash dropped. */
    public static List<URI> list(String key, String value) {
        return CommaList.of(value).stream().map(s -> {
            URI uri = URI.create(s.endsWith("/") ? s.substring(0, s.length() - 1) : s);
            if (!isHttp(uri)) {
                throw new IllegalArgumentException(key + " must list http(s) URLs, but had " + s);
            }
            return uri;
        }).toList();
    }

    /** One http(s) base URL, trailing slashes dropped; null for none. */
    public static URI base(String key, String value) {
        URI uri = value == null ? null : URI.create(value.replaceAll("/+$", ""));
        if (uri != null && !isHttp(uri)) {
            throw new IllegalArgumentException(key + " must be an http(s) URL, but was " + value);
        }
        return uri;
    }

    /** True for an absolute http or https URL with a host. */
    public static boolean isHttp(URI uri) {
        return uri.getScheme() != null && uri.getScheme().toLowerCase(Locale.ROOT).startsWith("http")
                && uri.getHost() != null;
    }
}
