package com.cascade4arm.rules.facts;

import java.util.AbstractMap;
import java.util.Map;
import java.util.Set;

/**
 * A fixed map from words, for the scanners' per-word look-ups: the table of {@link WordSet} with a value per word.
 * Answers {@code get} and {@code getOrDefault} as the {@code Map.copyOf} it wraps does (no null keys or values).
 */
final class WordMap<V> extends AbstractMap<String, V> {

    private final Map<String, V> entries;
    private final String[] keys;
    private final Object[] values;
    private final int mask;

    private WordMap(Map<String, V> entries) {
        this.entries = entries;
        this.keys = new String[WordSet.capacity(entries.size())];
        this.values = new Object[keys.length];
        this.mask = keys.length - 1;
        entries.forEach((word, value) -> {
            int slot = WordSet.slot(word, mask);
            while (keys[slot] != null) {
                slot = (slot + 1) & mask;
            }
            keys[slot] = word;
            values[slot] = value;
        });
    }

    /** Like {@code Map.copyOf}. */
    static <V> Map<String, V> copyOf(Map<String, V> entries) {
        return new WordMap<>(Map.copyOf(entries));
    }

    @Override
    @SuppressWarnings("unchecked")
    public V get(Object key) {
        if (!(key instanceof String word)) {
            return null;
        }
        for (int slot = WordSet.slot(word, mask); keys[slot] != null; slot = (slot + 1) & mask) {
            if (keys[slot].equals(word)) {
                return (V) values[slot];
            }
        }
        return null;
    }

    @Override
    public V getOrDefault(Object key, V absent) {
        V value = get(key);
        return value == null ? absent : value;
    }

    @Override
    public boolean containsKey(Object key) {
        return get(key) != null;
    }

    @Override
    public Set<Entry<String, V>> entrySet() {
        return entries.entrySet();
    }
}
