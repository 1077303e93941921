package com.cascade4arm.routes.serving.edge;

import java.net.InetAddress;
import java.util.Locale;

/**
 * Whether the gateway is reachable from other machines, judged by the address it binds: the defaults that protect a
 * public box (per-client rate limits, admin-only rule compiles) only get in the way of scripts on one's own laptop.
 *
 * @param bindHost the configured bind address ({@code camel.server.host})
 * @param exposed  false only for loopback addresses and the name localhost
 */
public record Exposure(String bindHost, boolean exposed) {
    /** The bind address when none is configured: application.properties keeps the gateway local by default. */
    public static final String DEFAULT_BIND_HOST = "127.0.0.1";

    /** Loopback literals and {@code localhost} are local; every other address or name (0.0.0.0 included) is exposed. */
    public static Exposure of(String bindHost) {
        String host = bindHost == null || bindHost.isBlank() ? DEFAULT_BIND_HOST : bindHost.trim();
        if (host.toLowerCase(Locale.ROOT).equals("localhost")) {
            return new Exposure(host, false);
        }
        // A literal only: a name other than localhost is not looked up (it may resolve differently later).
        InetAddress address = IpAddresses.parseLiteral(host);
        return new Exposure(host, address == null || !address.isLoopbackAddress());
    }

    /**
     * Whether the per-client rate limits apply: {@code setting} true or false decides, {@code auto} (or unset)
     * follows the exposure.
     */
    public boolean rateLimited(String setting) {
        if (setting == null || setting.equalsIgnoreCase("auto")) {
            return exposed;
        }
        if (setting.equalsIgnoreCase("true")) {
            return true;
        }
        if (setting.equalsIgnoreCase("false")) {
            return false;
        }
        throw new IllegalArgumentException(EdgeSettings.RATE_LIMIT_ENABLED_KEY + " must be auto, true or false, but was "
                + setting);
    }

    /** Words for the start-up log: where the gateway listens and what that means. */
    public String describe() {
        return exposed ? "bound to " + bindHost + " (reachable from other machines)" : "bound to loopback " + bindHost;
    }
}
