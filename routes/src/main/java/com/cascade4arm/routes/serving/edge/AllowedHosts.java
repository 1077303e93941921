package com.cascade4arm.routes.serving.edge;

import com.cascade4arm.openai.ApiError;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Refuses requests addressed to a host name the gateway does not answer to: DNS rebinding. A page on an attacker's
 * domain whose name is rebound to 127.0.0.1 is same-origin with itself, so Origin checks pass; only its {@code Host}
 * (the attacker's name) gives it away. Accepted: no Host (no browser sends that), {@code localhost} and
 * {@code *.localhost}, any IP literal (a rebinding needs a name), and the names in {@code cascade.edge.allowed-hosts}
 * ({@code .example.com} for subdomains, {@code *} for any). Everything else: 421 Misdirected Request.
 */
final class AllowedHosts {
    static final String ANY = "*";
    private final List<String> configured;
    /** The last Host header allowed: clients send the same one on every request, so it is checked once. */
    private volatile String lastAllowed;

    AllowedHosts(List<String> configured) {
        this.configured = configured;
    }

    Optional<ApiError> refusal(String hostHeader) {
        if (hostHeader == null || hostHeader.isBlank() || allows(hostHeader)) {
            return Optional.empty();
        }
        return Optional.of(new ApiError(421, ApiError.INVALID_REQUEST, "misdirected_request", "this gateway does not "
                + "answer to the host name in the Host header (" + abbreviate(hostHeader.trim()) + "); use localhost or an "
                + "IP address, or list the name in " + EdgeSettings.ALLOWED_HOSTS_KEY));
    }

    boolean allows(String hostHeader) {
        if (hostHeader.equals(lastAllowed)) {
            return true;
        }
        if (check(hostHeader)) {
            lastAllowed = hostHeader;
            return true;
        }
        return false;
    }

    private boolean check(String hostHeader) {
        if (configured.contains(ANY)) {
            return true;
        }
        String host = hostHeader.trim().toLowerCase(Locale.ROOT);
        if (host.startsWith("[")) {
            int close = host.indexOf(']');
            return close > 0 && portOnly(host.substring(close + 1))
                    && IpAddresses.parseLiteral(host.substring(1, close)) != null;
        }
        int colon = host.indexOf(':');
        if (colon >= 0) {
            if (!portOnly(host.substring(colon))) {
                return false;
            }
            host = host.substring(0, colon);
        }
        if (host.endsWith(".")) {
            host = host.substring(0, host.length() - 1); // "localhost." is localhost; "evil.test." is evil.test
        }
        if (host.isEmpty()) {
            return false;
        }
        if (host.equals("localhost") || host.endsWith(".localhost")) {
            return true; // RFC 6761: always loopback, and no attacker can own such a name
        }
        if (host.chars().allMatch(c -> c == '.' || Character.isDigit(c))) {
            return IpAddresses.parseLiteral(host) != null;
        }
        for (String name : configured) {
            if (name.startsWith(".") ? host.endsWith(name) : host.equals(name)) {
                return true;
            }
        }
        return false;
    }

    /** Empty, or {@code :} and digits. */
    private static boolean portOnly(String rest) {
        if (rest.isEmpty()) {
            return true;
        }
        if (rest.length() < 2 || rest.length() > 6 || rest.charAt(0) != ':') {
            return false;
        }
        for (int i = 1; i < rest.length(); i++) {
            if (rest.charAt(i) < '0' || rest.charAt(i) > '9') { // ASCII digits only, as the pattern it replaced (every request ran it)
                return false;
            }
        }
        return true;
    }

    private static String abbreviate(String value) {
        String clean = value.replaceAll("\\p{Cntrl}", "?");
        return clean.length() <= 80 ? clean : clean.substring(0, 77) + "...";
    }
}
