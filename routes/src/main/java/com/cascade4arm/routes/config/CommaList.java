package com.cascade4arm.routes.config;

import java.util.Arrays;
import java.util.List;

/** A comma-separated configuration value (URLs, tiers, roles, origins, …): one reading for every such key. */
public final class CommaList {
    private CommaList() {
    }

    /** The trimmed, non-empty entries in order; none when {@code value} is null. */
    public static List<String> of(String value) {
        return value == null ? List.of()
                : Arrays.stream(value.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }
}
