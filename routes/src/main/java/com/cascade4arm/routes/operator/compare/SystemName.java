package com.cascade4arm.routes.operator.compare;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The three systems a compare runs: this gateway's cascade, the baseline endpoint and the hosted API. */
public enum SystemName {
    CASCADE, BASELINE, HOSTED;

    /** The JSON name ("cascade", "baseline", "hosted"). */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<SystemName> byId(String id) {
        return Arrays.stream(values()).filter(s -> s.id().equals(id)).findFirst();
    }

    public static List<String> ids() {
        return Arrays.stream(values()).map(SystemName::id).toList();
    }
}
