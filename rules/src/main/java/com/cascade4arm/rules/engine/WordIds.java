package com.cascade4arm.rules.engine;

import com.cascade4arm.rules.facts.PromptFacts;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * The words a rulebook's keyword and phrase checks name, numbered while {@link KeywordConstraints} installs (a list's
 * words get neighbouring numbers); per decision, which of them the message holds, one bit each. The message's words
 * are looked up once per decision instead of once per list (a few hundred lists and phrases), and a list is then
 * answered by AND-ing a few longs. Numbering is single-threaded (install); reading is thread-safe (the bits are per
 * thread, for the facts that thread decides).
 */
final class WordIds {

    /** Bits of the last facts this thread asked about; forgotten at each decision's start and end ({@link #forget()}). */
    private static final ThreadLocal<Present> PRESENT = ThreadLocal.withInitial(Present::new);

    private final Map<String, Integer> ids = new HashMap<>();

    /** The number of {@code word}, given on first sight. */
    int id(String word) {
        return ids.computeIfAbsent(word, w -> ids.size());
    }

    int size() {
        return ids.size();
    }

    /** The words numbered here that the message of {@code facts} holds. Do not modify. */
    Present present(PromptFacts facts) {
        Present present = PRESENT.get();
        if (present.facts != facts || present.owner != this) {
            present.fill(this, facts);
        }
        return present;
    }

    /** Drops this thread's bits (and its reference to the facts): a decision starts or ended. */
    static void forget() {
        Present present = PRESENT.get();
        present.owner = null;
        present.facts = null;
    }

    static boolean isSet(long[] bits, int id) {
        return (bits[id >>> 6] & (1L << id)) != 0;
    }

    /**
     * One thread's answer for one message, reused from decision to decision (cleared word by word, not reallocated):
     * bit i of {@code bits[i / 64]} is set when the message holds word i, and {@code set[0..setCount)} lists those i.
     */
    static final class Present {
        private WordIds owner;
        private PromptFacts facts;
        long[] bits = new long[0];
        int[] set = new int[16];
        int setCount;

        boolean has(int id) {
            return isSet(bits, id);
        }

        void fill(WordIds ids, PromptFacts facts) {
            for (int i = 0; i < setCount; i++) {
                bits[set[i] >>> 6] = 0;
            }
            setCount = 0;
            int length = (ids.size() + 63) >>> 6;
            if (bits.length < length) {
                bits = new long[length];
            }
            Set<String> words = facts.getWords();
            for (String word : words) {
                Integer id = ids.ids.get(word);
                if (id != null) {
                    bits[id >>> 6] |= 1L << id;
                    if (setCount == set.length) {
                        set = Arrays.copyOf(set, setCount * 2);
                    }
                    set[setCount++] = id;
                }
            }
            owner = ids;
            this.facts = facts;
        }
    }
}
