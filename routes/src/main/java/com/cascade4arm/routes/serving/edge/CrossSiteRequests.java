package com.cascade4arm.routes.serving.edge;

import com.cascade4arm.openai.ApiError;
import io.vertx.core.http.HttpServerRequest;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Refuses requests a browser sends on behalf of another site (cross-site request forgery against a gateway on
 * localhost or an intranet). Browsers label every request: {@code Origin} on POST/PUT/DELETE, {@code Sec-Fetch-Site}
 * on all of them. Accepted: no Origin and no Sec-Fetch-Site (curl, SDKs, other servers), an Origin equal to the
 * request's own host (the console), an Origin in {@code cascade.edge.allowed-origins}, Sec-Fetch-Site same-origin or
 * none. Refused with 403: any other Origin (another port of localhost is another origin), "null", and Sec-Fetch-Site
 * same-site or cross-site without an accepted Origin.
 */
final class CrossSiteRequests {
    private final List<String> allowedOrigins;

    CrossSiteRequests(List<String> allowedOrigins) {
        this.allowedOrigins = allowedOrigins;
    }

    Optional<ApiError> refusal(HttpServerRequest request) {
        String origin = request.getHeader("Origin");
        if (origin != null) {
            String normalized = origin.trim().toLowerCase(Locale.ROOT);
            if (allowedOrigins.contains(normalized) || sameOrigin(normalized, request.getHeader("Host"))) {
                return Optional.empty();
            }
            return Optional.of(forbidden("requests from another origin (Origin: " + abbreviate(origin) + ") are not "
                    + "accepted; list it in cascade.edge.allowed-origins to allow it"));
        }
        String site = request.getHeader("Sec-Fetch-Site");
        if (site == null || site.equalsIgnoreCase("same-origin") || site.equalsIgnoreCase("none")) {
            return Optional.empty();
        }
        return Optional.of(forbidden("a browser request from another site (Sec-Fetch-Site: " + abbreviate(site)
                + ") is not accepted"));
    }

    /** {@code scheme://host[:port]} naming the same host and port as the Host header (default ports made explicit). */
    static boolean sameOrigin(String origin, String host) {
        int scheme = origin.indexOf("://");
        if (host == null || scheme < 0) {
            return false;
        }
        String defaultPort = origin.startsWith("https") ? ":443" : ":80";
        return withPort(origin.substring(scheme + 3), defaultPort).equals(withPort(host.trim().toLowerCase(Locale.ROOT), defaultPort));
    }

    private static String withPort(String hostPort, String defaultPort) {
        boolean hasPort = hostPort.startsWith("[") ? hostPort.contains("]:") : hostPort.contains(":");
        return hasPort ? hostPort : hostPort + defaultPort;
    }

    private static ApiError forbidden(String message) {
        return new ApiError(403, "permission_error", "cross_site_request", message);
    }

    private static String abbreviate(String value) {
        return value.length() <= 80 ? value : value.substring(0, 77) + "...";
    }
}
