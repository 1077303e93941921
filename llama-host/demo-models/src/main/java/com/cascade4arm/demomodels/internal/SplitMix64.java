package com.cascade4arm.demomodels.internal;

/** A tiny seeded PRNG with a fixed, documented algorithm, so generated models are byte-identical on every JVM. */
public final class SplitMix64 {
    private long state;

    public SplitMix64(long seed) {
        this.state = seed;
    }

    public long nextLong() {
        long z = (state += 0x9E37_79B9_7F4A_7C15L);
        z = (z ^ (z >>> 30)) * 0xBF58_476D_1CE4_E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D0_49BB_1331_11EBL;
        return z ^ (z >>> 31);
    }

    /** Uniform in [0, bound) for a positive bound. */
    public int nextInt(int bound) {
        return (int) Long.remainderUnsigned(nextLong(), bound);
    }

    /** Uniform in [0, 1). */
    public double nextDouble() {
        return (nextLong() >>> 11) * 0x1p-53;
    }

    /** Uniform in [-1, 1), built from 24 random bits so it is exact in float. */
    public float nextSignedUnit() {
        return ((nextLong() >>> 40) - (1 << 23)) * 0x1p-23f;
    }
}
