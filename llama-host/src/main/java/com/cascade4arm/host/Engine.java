package com.cascade4arm.host;

import java.util.Locale;

/** What runs a host's model: llama.cpp in this JVM, a real llama-server process we supervise, or whichever is there. */
public enum Engine {
    /** A llama-server binary when one is configured or on the PATH (and the OS can supervise it), else {@link #JNI}. */
    AUTO,
    /** llama.cpp in-process through de.kherud:llama (JNI). */
    JNI,
    /** A real llama-server child process, supervised and fronted by the host. */
    LLAMA_SERVER;

    /** Parses {@code auto}, {@code jni} or {@code llama-server}; errors name the bad value. */
    public static Engine parse(String name) {
        return switch (name.trim().toLowerCase(Locale.ROOT)) {
            case "auto" -> AUTO;
            case "jni" -> JNI;
            case "llama-server" -> LLAMA_SERVER;
            default -> throw new IllegalArgumentException("engine must be auto, jni or llama-server, but was '"
                    + name + "'");
        };
    }

    /** The name {@link #parse} accepts. */
    public String label() {
        return this == LLAMA_SERVER ? "llama-server" : name().toLowerCase(Locale.ROOT);
    }
}
