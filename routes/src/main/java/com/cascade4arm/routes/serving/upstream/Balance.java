package com.cascade4arm.routes.serving.upstream;

import java.util.Locale;

/** How a pool picks the endpoint for a request ({@code cascade.<tier>.balance}). */
public enum Balance {
    /** Fewest requests in flight first, round-robin among ties. */
    LEAST_BUSY("least-busy"),
    /**
     * The endpoint that served the conversation's leading text before (consistent hashing with bounded load), so
     * llama-server finds the prompt in its KV cache instead of evaluating it again.
     */
    PREFIX_AFFINITY("prefix-affinity");

    private final String key;

    Balance(String key) {
        this.key = key;
    }

    /** The value as written in the configuration. */
    public String key() {
        return key;
    }

    /** {@code least-busy} or {@code prefix-affinity}; anything else fails naming the key and value. */
    public static Balance parse(String configKey, String value) {
        String wanted = value.trim().toLowerCase(Locale.ROOT);
        for (Balance balance : values()) {
            if (balance.key.equals(wanted)) {
                return balance;
            }
        }
        throw new IllegalArgumentException(configKey + " must be least-busy or prefix-affinity, but was " + value);
    }
}
