package com.cascade4arm.demomodels.internal.design;

import com.cascade4arm.demomodels.internal.SplitMix64;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Deterministic k-hot codes over a few dimensions, so that a dot product tells one token from thousands: a code with
 * itself gives k, with any other code at most {@code maxOverlap}. Random k-subsets (fixed seed) are accepted when none
 * of their (maxOverlap+1)-subsets of dimensions is taken yet.
 */
public final class KHotCodes {
    static final int MAX_TRIES_PER_CODE = 200_000;

    private final int dimensions;
    private final int ones;
    private final int maxOverlap;
    private final SplitMix64 random;
    private final Set<Long> usedSubsets = new HashSet<>();

    public KHotCodes(int dimensions, int ones, int maxOverlap, long seed) {
        if (maxOverlap >= ones) {
            throw new IllegalArgumentException("maxOverlap must be below ones, but was " + maxOverlap + " >= " + ones);
        }
        this.dimensions = dimensions;
        this.ones = ones;
        this.maxOverlap = maxOverlap;
        this.random = new SplitMix64(seed);
    }

    /** The next code as sorted dimension indexes; throws when the space is used up. */
    public int[] next() {
        for (int attempt = 0; attempt < MAX_TRIES_PER_CODE; attempt++) {
            Set<Integer> picked = new TreeSet<>();
            while (picked.size() < ones) {
                picked.add(random.nextInt(dimensions));
            }
            int[] code = picked.stream().mapToInt(Integer::intValue).toArray();
            List<Long> subsets = new ArrayList<>();
            collect(code, 0, 0, 0L, subsets);
            if (subsets.stream().noneMatch(usedSubsets::contains)) {
                usedSubsets.addAll(subsets);
                return code;
            }
        }
        throw new IllegalStateException("no more " + ones + "-hot codes over " + dimensions
                + " dimensions with pairwise overlap <= " + maxOverlap);
    }

    private void collect(int[] code, int from, int chosen, long key, List<Long> keys) {
        if (chosen == maxOverlap + 1) {
            keys.add(key);
            return;
        }
        for (int i = from; i < code.length; i++) {
            collect(code, i + 1, chosen + 1, key * (dimensions + 1) + code[i] + 1, keys);
        }
    }
}
