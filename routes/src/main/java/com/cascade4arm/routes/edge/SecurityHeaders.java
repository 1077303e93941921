package com.cascade4arm.routes.edge;

import io.vertx.core.http.HttpServerResponse;

/**
 * Headers every answer carries (the console's pages most of all): a Content-Security-Policy the console satisfies — its
 * scripts, styles and the Chart.js WebJar are same-origin files, its favicon a data: URL, no inline script or style
 * attribute — so injected markup could run nothing; no MIME sniffing; no framing (clickjacking); no Referer leaving.
 */
final class SecurityHeaders {
    static final String CONTENT_SECURITY_POLICY = "default-src 'self'; script-src 'self'; style-src 'self'; "
            + "img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
            + "form-action 'self'; frame-ancestors 'none'";

    private SecurityHeaders() {
    }

    static void apply(HttpServerResponse response) {
        response.putHeader("Content-Security-Policy", CONTENT_SECURITY_POLICY)
                .putHeader("X-Content-Type-Options", "nosniff")
                .putHeader("X-Frame-Options", "DENY")
                .putHeader("Referrer-Policy", "no-referrer");
    }
}
