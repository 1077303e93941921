package com.cascade4arm.rules.score;

/**
 * Finds a feature hash among the model's keys in about one probe: open addressing with linear probing, at most half
 * full. Slot values point into the model's sorted key order. Hash 0 never occurs ({@link Features} maps it to 1).
 */
final class FeatureTable {

    private final int[] keys;
    private final int[] entries;
    private final int mask;

    FeatureTable(int[] sortedKeys) {
        int capacity = Integer.highestOneBit(Math.max(4, sortedKeys.length * 2)) << 1;
        keys = new int[capacity];
        entries = new int[capacity];
        mask = capacity - 1;
        for (int i = 0; i < sortedKeys.length; i++) {
            int slot = spread(sortedKeys[i]) & mask;
            while (keys[slot] != 0) {
                slot = (slot + 1) & mask;
            }
            keys[slot] = sortedKeys[i];
            entries[slot] = i;
        }
    }

    /** The slot holding {@code hash}, or -1. */
    int find(int hash) {
        int slot = spread(hash) & mask;
        while (true) {
            int key = keys[slot];
            if (key == hash) {
                return slot;
            }
            if (key == 0) {
                return -1;
            }
            slot = (slot + 1) & mask;
        }
    }

    /** Index of the slot's key in the sorted key order. */
    int entry(int slot) {
        return entries[slot];
    }

    /** FNV's low bits are fine, but mixing the high ones in costs nothing and guards against clustering. */
    private static int spread(int hash) {
        return hash ^ (hash >>> 16);
    }
}
