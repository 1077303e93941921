package com.cascade4arm.routes.serving.upstream;

/** 64-bit hashing for affinity keys and rendezvous scores: FNV-1a over chars, finished with a strong mixer. */
public final class AffinityHash {
    public static final long SEED = 0xcbf29ce484222325L;
    private static final long PRIME = 0x100000001b3L;

    private AffinityHash() {
    }

    /** {@code hash} extended by {@code text}'s chars from {@code from} (inclusive) to {@code to} (exclusive). */
    public static long extend(long hash, CharSequence text, int from, int to) {
        long h = hash;
        for (int i = from; i < to; i++) {
            h = (h ^ text.charAt(i)) * PRIME;
        }
        return h;
    }

    /** {@code hash} extended by one char (a separator). */
    public static long extend(long hash, char c) {
        return (hash ^ c) * PRIME;
    }

    /** The hash of a whole text. */
    public static long text(CharSequence text) {
        return extend(SEED, text, 0, text.length());
    }

    /** SplitMix64's finalizer: every input bit affects every output bit (rendezvous scores need that). */
    public static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
