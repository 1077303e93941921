package com.cascade4arm.rules.facts;

import java.util.AbstractSet;
import java.util.Collection;
import java.util.Iterator;
import java.util.Set;

/**
 * A fixed set of words for the scanners' per-word look-ups: open addressing in a power-of-two table at most a quarter
 * full, so a word that is not in it (most words of a prompt) costs a hash (cached in the String) and one empty slot.
 * {@code Set.of} answers the same, but finds its slot with a division ({@code floorMod}) and the scanners ask it
 * thousands of times per long prompt. Iteration, size and equality are those of the {@code Set.of} it wraps.
 */
final class WordSet extends AbstractSet<String> {

    private final Set<String> words;
    private final String[] table;
    private final int mask;

    private WordSet(Set<String> words) {
        this.words = words;
        this.table = new String[capacity(words.size())];
        this.mask = table.length - 1;
        for (String word : words) {
            int slot = slot(word, mask);
            while (table[slot] != null) {
                slot = (slot + 1) & mask;
            }
            table[slot] = word;
        }
    }

    /** Like {@code Set.of}: no duplicates, no nulls. */
    static Set<String> of(String... words) {
        return new WordSet(Set.of(words));
    }

    /** Like {@code Set.copyOf}. */
    static Set<String> copyOf(Collection<String> words) {
        return new WordSet(Set.copyOf(words));
    }

    /** A power of two at least four times {@code size}. */
    static int capacity(int size) {
        return Integer.highestOneBit(Math.max(1, size) * 4 - 1) << 1;
    }

    static int slot(String word, int mask) {
        int h = word.hashCode();
        return (h ^ (h >>> 16)) & mask;
    }

    @Override
    public boolean contains(Object o) {
        if (!(o instanceof String word)) {
            return false;
        }
        for (int slot = slot(word, mask); table[slot] != null; slot = (slot + 1) & mask) {
            if (table[slot].equals(word)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public Iterator<String> iterator() {
        return words.iterator();
    }

    @Override
    public int size() {
        return words.size();
    }
}
