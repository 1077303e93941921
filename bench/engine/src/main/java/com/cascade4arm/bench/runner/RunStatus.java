package com.cascade4arm.bench.runner;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Locale;

/**
 * Life cycle of a run: {@code running}, then {@code done} (every request sent), {@code cancelled} (by a user),
 * {@code partial} (stopped by the deadline, or found still "running" after its process died) or {@code failed}
 * (the engine itself broke, e.g. the disk) or {@code interrupted} (the gateway replica running it shut down, or
 * stopped sending its heartbeat to the shared database: the reason is in the summary's error). Written in lower case.
 */
public enum RunStatus {
    RUNNING, DONE, PARTIAL, CANCELLED, FAILED, INTERRUPTED;

    @JsonValue
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    @JsonCreator
    public static RunStatus fromWire(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }

    public boolean finished() {
        return this != RUNNING;
    }
}
