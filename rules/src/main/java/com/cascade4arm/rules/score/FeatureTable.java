package com.cascade4arm.rules.score;

/**
 * Finds a feature hash among the model's keys in about one probe and hands back its weights from the same place:
 * open addressing with linear probing, at most half full, each slot holding the key followed by its weight per
 * category (float bits). A prompt scores a few thousand feature occurrences at random places in a table of megabytes,
 * so a hit that reads one slot (one cache line, mostly) instead of a key, an index and a weight row costs a third of the
 * memory traffic. Hash 0 never occurs ({@link Features} maps it to 1) and marks an empty slot.
 */
final class FeatureTable {

    /** Per slot: the key, then {@link #categories} weights as {@link Float#floatToRawIntBits} bits. */
    private final int[] slots;
    private final int stride;
    private final int mask;

    /**
     * @param sortedKeys    feature hashes in ascending order
     * @param sortedWeights per key, one weight per category (key i's weights at i * categories)
     */
    FeatureTable(int[] sortedKeys, float[] sortedWeights, int categories) {
        int capacity = Integer.highestOneBit(Math.max(4, sortedKeys.length * 2)) << 1;
        stride = 1 + categories;
        slots = new int[capacity * stride];
        mask = capacity - 1;
        for (int i = 0; i < sortedKeys.length; i++) {
            int slot = spread(sortedKeys[i]) & mask;
            while (slots[slot * stride] != 0) {
                slot = (slot + 1) & mask;
            }
            slots[slot * stride] = sortedKeys[i];
            for (int k = 0; k < categories; k++) {
                slots[slot * stride + 1 + k] = Float.floatToRawIntBits(sortedWeights[i * categories + k]);
            }
        }
    }

    /** Where {@code hash}'s slot starts (for {@link #weight}), or -1 when the model has no such feature. */
    int find(int hash) {
        int slot = spread(hash) & mask;
        while (true) {
            int key = slots[slot * stride];
            if (key == hash) {
                return slot * stride;
            }
            if (key == 0) {
                return -1;
            }
            slot = (slot + 1) & mask;
        }
    }

    /** The weight for {@code category} of the feature whose slot starts at {@code found} (a {@link #find} result). */
    float weight(int found, int category) {
        return Float.intBitsToFloat(slots[found + 1 + category]);
    }

    /** FNV's low bits are fine, but mixing the high ones in costs nothing and guards against clustering. */
    private static int spread(int hash) {
        return hash ^ (hash >>> 16);
    }
}
