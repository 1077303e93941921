package com.cascade4arm.rules.facts;

import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Iterator;

/**
 * The words of a lower-case message, split once: the sequence in order and the distinct words in the order they first
 * occur (what a {@code LinkedHashSet} of the sequence holds, iterated the same way). A word is hashed while it is
 * read (the polynomial of {@link String#hashCode()}) and looked up among the words seen so far by its characters, so
 * a repeated word costs no String, and every occurrence of a word is the same instance. Immutable once split.
 */
final class MessageWords extends AbstractSet<String> {

    private final String[] sequence;
    private final String[] distinct;
    private final int[] hashes;
    private final int[] occurrences;
    private final int size;
    /** Index + 1 into {@link #distinct} per slot, 0 when empty; a power of two at least twice {@link #size}. */
    private final int[] slots;

    /** Kept at their sizes, not the text's bound: facts live as long as their request. */
    private MessageWords(Splitter split) {
        sequence = Arrays.copyOf(split.sequence, split.words);
        distinct = Arrays.copyOf(split.distinct, split.distinctWords);
        hashes = Arrays.copyOf(split.hashes, split.distinctWords);
        occurrences = Arrays.copyOf(split.occurrences, split.distinctWords);
        size = split.distinctWords;
        slots = split.slots;
    }

    /** The words of lower-case text: runs of letters or digits, where 3.5 and 1,000 are one word each. */
    static MessageWords split(String lower) {
        return split(lower.toCharArray()); // read from an array: no bounds and coder checks per character
    }

    /** {@link #split(String)} of the lower-case text {@code text} holds. */
    static MessageWords split(char[] text) {
        Splitter split = Splitter.forText(text.length);
        try {
            return split(text, split);
        } finally {
            split.release();
        }
    }

    private static MessageWords split(char[] text, Splitter split) {
        int i = 0;
        while (i < text.length) {
            char c = text[i];
            if (!isLetterOrDigit(c)) {
                i++;
                continue;
            }
            int start = i;
            int hash = 0;
            boolean digitsOnly = true;
            do {
                digitsOnly &= !isLetter(c);
                hash = 31 * hash + c;
                i++;
            } while (i < text.length && (isLetterOrDigit(c = text[i]) || isNumberJoint(text, i, digitsOnly)));
            split.add(text, start, i, hash);
        }
        return new MessageWords(split);
    }

    /** The words in order; occurrences of one word are one instance. */
    String[] sequence() {
        return sequence;
    }

    /** The {@code index}-th distinct word, in order of first occurrence. */
    String word(int index) {
        return distinct[index];
    }

    /** How often the {@code index}-th distinct word occurs. */
    int occurrences(int index) {
        return occurrences[index];
    }

    @Override
    public boolean contains(Object o) {
        if (!(o instanceof String word)) {
            return false;
        }
        int hash = word.hashCode();
        int mask = slots.length - 1;
        for (int slot = spread(hash) & mask; slots[slot] != 0; slot = (slot + 1) & mask) {
            int index = slots[slot] - 1;
            if (hashes[index] == hash && distinct[index].equals(word)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public Iterator<String> iterator() {
        return Arrays.asList(distinct).iterator();
    }

    @Override
    public int size() {
        return size;
    }

    /**
     * The arrays while splitting; the distinct words in an open-addressing table at most half full. Each thread keeps
     * one for texts up to {@value #KEPT_WORDS} words (about 8,000 characters), cleared after use: five arrays sized for
     * the text's bound were 40 % of what extracting a 2,000-character prompt's facts allocated.
     */
    private static final class Splitter {
        static final int KEPT_WORDS = 4_096;
        private static final ThreadLocal<Splitter> KEPT = ThreadLocal.withInitial(() -> new Splitter(0));

        final String[] sequence;
        final String[] distinct;
        final int[] hashes;
        final int[] occurrences;
        /** Where each distinct word first occurs in the text: the characters a repeat is compared with. */
        final int[] firstStart;
        int[] slots;
        int words;
        int distinctWords;
        private boolean inUse;

        /** The thread's kept splitter (grown to the text, up to {@link #KEPT_WORDS}) when it is free, else a new one. */
        static Splitter forText(int length) {
            Splitter kept = KEPT.get();
            int bound = (length + 1) / 2;
            if (kept.inUse || bound > KEPT_WORDS) {
                return new Splitter(length);
            }
            if (bound > kept.sequence.length) {
                kept = new Splitter(length);
                KEPT.set(kept);
            }
            kept.inUse = true;
            kept.slots = new int[64]; // handed to the words split, never reused
            return kept;
        }

        /** Forgets the words split (a kept splitter holds no reference to them) and frees it for the next text. */
        void release() {
            Arrays.fill(sequence, 0, words, null);
            Arrays.fill(distinct, 0, distinctWords, null);
            Arrays.fill(occurrences, 0, distinctWords, 0);
            words = 0;
            distinctWords = 0;
            inUse = false;
        }

        Splitter(int length) {
            sequence = new String[(length + 1) / 2]; // a word is a character and a separator, at least
            distinct = new String[sequence.length];
            hashes = new int[sequence.length];
            occurrences = new int[sequence.length];
            firstStart = new int[sequence.length];
            slots = new int[64]; // doubled when half full: a message has far fewer distinct words than words
        }

        /** The word {@code lower[start, end)}, whose String hash is {@code hash}: a new String only when unseen. */
        void add(char[] text, int start, int end, int hash) {
            int found = find(text, start, end, hash);
            if (found < 0) {
                found = distinctWords++;
                distinct[found] = new String(text, start, end - start);
                hashes[found] = hash;
                firstStart[found] = start;
                if (2 * distinctWords > slots.length) {
                    slots = new int[slots.length * 2];
                    for (int index = 0; index < found; index++) {
                        place(index);
                    }
                }
                place(found);
            }
            occurrences[found]++;
            sequence[words++] = distinct[found];
        }

        private int find(char[] text, int start, int end, int hash) {
            int mask = slots.length - 1;
            for (int slot = spread(hash) & mask; slots[slot] != 0; slot = (slot + 1) & mask) {
                int index = slots[slot] - 1;
                int length = end - start;
                if (hashes[index] == hash && distinct[index].length() == length
                        && sameCharacters(text, start, firstStart[index], length)) {
                    return index;
                }
            }
            return -1;
        }

        /** A loop, not {@code Arrays.equals}: words are a few characters long, shorter than its set-up. */
        private static boolean sameCharacters(char[] text, int start, int other, int length) {
            for (int i = 0; i < length; i++) {
                if (text[start + i] != text[other + i]) {
                    return false;
                }
            }
            return true;
        }

        private void place(int index) {
            int mask = slots.length - 1;
            int slot = spread(hashes[index]) & mask;
            while (slots[slot] != 0) {
                slot = (slot + 1) & mask;
            }
            slots[slot] = index + 1;
        }
    }

    private static int spread(int hash) {
        return hash ^ (hash >>> 16);
    }

    /** {@link Character#isLetterOrDigit(char)}, with ASCII (most of any prompt) answered without its tables. */
    static boolean isLetterOrDigit(char c) {
        return c < 0x80 ? c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c >= 'A' && c <= 'Z'
                : Character.isLetterOrDigit(c);
    }

    /** {@link Character#isLetter(char)}, ASCII first. */
    static boolean isLetter(char c) {
        return c < 0x80 ? c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' : Character.isLetter(c);
    }

    /** '.' or ',' between digits belongs to the number: 3.5 and 1,000 are one word each. */
    private static boolean isNumberJoint(char[] text, int i, boolean digitsOnly) {
        char c = text[i];
        return digitsOnly && (c == '.' || c == ',') && i > 0 && Character.isDigit(text[i - 1])
                && i + 1 < text.length && Character.isDigit(text[i + 1]);
    }
}
