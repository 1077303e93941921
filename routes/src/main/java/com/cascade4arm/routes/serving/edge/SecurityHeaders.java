package com.cascade4arm.routes.serving.edge;

import io.vertx.core.http.HttpServerResponse;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Headers every answer carries (the console's pages most of all): a Content-Security-Policy the console satisfies — its
 * scripts, styles and the Chart.js WebJar are same-origin files, its favicon a data: URL, no inline script or style
 * attribute — so injected markup could run nothing; no MIME sniffing; no framing (clickjacking); no Referer leaving.
 */
final class SecurityHeaders {
    static final String CONTENT_SECURITY_POLICY = "default-src 'self'; script-src 'self'; style-src 'self'; "
            + "img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
            + "form-action 'self'; frame-ancestors 'none'";

    /** Name → value, in the order they are written. */
    static final Map<String, String> HEADERS = headers();

    private SecurityHeaders() {
    }

    static void apply(HttpServerResponse response) {
        HEADERS.forEach(response::putHeader);
    }

    /** The same headers as raw head lines ({@code Name: value\r\n} each), for answers written straight to the socket. */
    static String headLines() {
        StringBuilder lines = new StringBuilder();
        HEADERS.forEach((name, value) -> lines.append(name).append(": ").append(value).append("\r\n"));
        return lines.toString();
    }

    private static Map<String, String> headers() {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Content-Security-Policy", CONTENT_SECURITY_POLICY);
        headers.put("X-Content-Type-Options", "nosniff");
        headers.put("X-Frame-Options", "DENY");
        headers.put("Referrer-Policy", "no-referrer");
        return Collections.unmodifiableMap(headers);
    }
}
