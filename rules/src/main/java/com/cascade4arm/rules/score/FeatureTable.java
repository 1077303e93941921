package com.cascade4arm.rules.score;

/**
 * Finds a feature hash among the model's keys in about one probe: open addressing with linear probing, at most half
 * full, the keys in one dense array and each slot's weights (one per category) in another at the slot's own index —
 * a hit reads the key and its weight row, without the index into the model's sorted order it used to go through.
 * Hash 0 never occurs ({@link Features} maps it to 1) and marks an empty slot.
 */
final class FeatureTable {

    private final int[] keys;
    /** Per slot, one weight per category. */
    private final float[] weights;
    private final int categories;
    private final int mask;

    /**
     * @param sortedKeys    feature hashes in ascending order
     * @param sortedWeights per key, one weight per category (key i's weights at i * categories)
     */
    FeatureTable(int[] sortedKeys, float[] sortedWeights, int categories) {
        int capacity = Integer.highestOneBit(Math.max(4, sortedKeys.length * 2)) << 1;
        this.categories = categories;
        keys = new int[capacity];
        weights = new float[capacity * categories];
        mask = capacity - 1;
        for (int i = 0; i < sortedKeys.length; i++) {
            int slot = spread(sortedKeys[i]) & mask;
            while (keys[slot] != 0) {
                slot = (slot + 1) & mask;
            }
            keys[slot] = sortedKeys[i];
            System.arraycopy(sortedWeights, i * categories, weights, slot * categories, categories);
        }
    }

    /** Where {@code hash}'s weights start (for {@link #weight}), or -1 when the model has no such feature. */
    int find(int hash) {
        int slot = spread(hash) & mask;
        while (true) {
            int key = keys[slot];
            if (key == hash) {
                return slot * categories;
            }
            if (key == 0) {
                return -1;
            }
            slot = (slot + 1) & mask;
        }
    }

    /** The weight for {@code category} of the feature found at {@code found} (a {@link #find} result). */
    float weight(int found, int category) {
        return weights[found + category];
    }

    /**
     * Per category, the sum of the weights of the features among {@code hashes[0..count)}, added in that order from 0
     * as doubles. Five categories (the bundled model's) keep their sums in locals: each addition waits only for the
     * one before it in its category, and the probes for the next hashes run meanwhile.
     */
    double[] sums(int[] hashes, int count) {
        double[] totals = new double[categories];
        if (categories != 5) {
            for (int i = 0; i < count; i++) {
                int found = find(hashes[i]);
                for (int k = 0; found >= 0 && k < categories; k++) {
                    totals[k] += weights[found + k];
                }
            }
            return totals;
        }
        double t0 = 0;
        double t1 = 0;
        double t2 = 0;
        double t3 = 0;
        double t4 = 0;
        for (int i = 0; i < count; i++) {
            int found = find(hashes[i]);
            if (found >= 0) {
                t0 += weights[found];
                t1 += weights[found + 1];
                t2 += weights[found + 2];
                t3 += weights[found + 3];
                t4 += weights[found + 4];
            }
        }
        totals[0] = t0;
        totals[1] = t1;
        totals[2] = t2;
        totals[3] = t3;
        totals[4] = t4;
        return totals;
    }

    /** FNV's low bits are fine, but mixing the high ones in costs nothing and guards against clustering. */
    private static int spread(int hash) {
        return hash ^ (hash >>> 16);
    }
}
