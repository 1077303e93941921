package com.cascade4arm.host.inference;

/** llama-server's sampling defaults, used when a request sends none and reported by {@code GET /props}. */
public final class SamplingDefaults {

    public static final float TEMPERATURE = 0.8f;
    public static final float TOP_P = 0.95f;

    private SamplingDefaults() {
    }
}
