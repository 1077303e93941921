package com.cascade4arm.rules.facts;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The word lists of the shape scanners ({@link Languages}, {@link LogicPuzzles}, {@link ExplainRequests},
 * {@link Quantities}, {@link WordMeanings}) merged into one table: a word's bits name every list that holds it. A
 * message's words are looked up once ({@link #of}) and each scanner tests bits, where it looked each word up in lists
 * of its own, about ten hashed look-ups per word in all. The lists stay with the scanner that reads them.
 */
final class WordRoles {

    /** A function word of English, German, Spanish, French; shifted by the language's index in Languages' order. */
    static final long FUNCTION_WORD = 1L;
    /** All four languages' function-word bits. */
    static final long FUNCTION_WORDS = 0xFL;
    /** A first- or second-person word of English, German, Spanish, French; shifted likewise. */
    static final long PERSONAL = 1L << 4;
    static final long QUANTIFIER = 1L << 8;
    static final long CONCLUSION = 1L << 9;
    static final long LIE = 1L << 10;
    static final long TRUTH = 1L << 11;
    static final long OPEN_COMPARISON = 1L << 12;
    static final long CLOSE_COMPARISON = 1L << 13;
    static final long WEEKDAY = 1L << 14;
    static final long CONDITION = 1L << 15;
    static final long RELATIVE_DAY = 1L << 16;
    static final long MONTH = 1L << 17;
    static final long WHO_OR_WHICH = 1L << 18;
    static final long NEGATION = 1L << 19;
    static final long POSITION = 1L << 20;
    /** "than", "niż", "än", ...: compares wherever it stands. */
    static final long THAN = 1L << 21;
    /** "als", "dan", "end": compares after a comparative. */
    static final long THAN_AFTER_COMPARATIVE = 1L << 22;
    static final long EXPLAIN_WORD = 1L << 23;
    static final long EXPLAIN_PHRASE_START = 1L << 24;
    static final long NUMBER_WORD = 1L << 25;
    static final long UNIT = 1L << 26;
    static final long WHY_OR_HOW = 1L << 27;
    static final long THE_WORD = 1L << 28;
    static final long THE_WORD_PAIR_START = 1L << 29;
    static final long MEANING = 1L << 30;

    private static final String[] KEYS;
    private static final long[] BITS;
    private static final int MASK;

    static {
        Map<String, Long> bits = new HashMap<>();
        lists().forEach((bit, words) -> words.forEach(word -> bits.merge(word, bit, (a, b) -> a | b)));
        int capacity = Integer.highestOneBit(bits.size() * 4 - 1) << 1; // at most a quarter full: a miss is one probe
        KEYS = new String[capacity];
        BITS = new long[capacity];
        MASK = capacity - 1;
        bits.forEach((word, bit) -> {
            int slot = slot(word);
            while (KEYS[slot] != null) {
                slot = (slot + 1) & MASK;
            }
            KEYS[slot] = word;
            BITS[slot] = bit;
        });
    }

    private WordRoles() {
    }

    /** Every list by its bit. */
    private static Map<Long, Set<String>> lists() {
        Map<Long, Set<String>> lists = new LinkedHashMap<>();
        Languages.FUNCTION_WORDS.forEach((word, language) -> lists.merge(FUNCTION_WORD << language, Set.of(word),
                WordRoles::union));
        for (int language = 0; language < Languages.ORDER.size(); language++) {
            lists.put(PERSONAL << language, Languages.PERSONAL.get(Languages.ORDER.get(language)));
        }
        lists.put(QUANTIFIER, LogicPuzzles.QUANTIFIERS);
        lists.put(CONCLUSION, LogicPuzzles.CONCLUSIONS);
        lists.put(LIE, LogicPuzzles.LIE_WORDS);
        lists.put(TRUTH, LogicPuzzles.TRUTH_WORDS);
        lists.put(OPEN_COMPARISON, LogicPuzzles.MORE_OR_LESS);
        lists.put(CLOSE_COMPARISON, LogicPuzzles.THAN);
        lists.put(WEEKDAY, LogicPuzzles.WEEKDAYS);
        lists.put(CONDITION, LogicPuzzles.CONDITIONS);
        lists.put(RELATIVE_DAY, LogicPuzzles.RELATIVE_DAYS);
        lists.put(MONTH, LogicPuzzles.MONTHS);
        lists.put(WHO_OR_WHICH, LogicPuzzles.WHO_OR_WHICH);
        lists.put(NEGATION, LogicPuzzles.NEGATIONS);
        lists.put(POSITION, LogicPuzzles.POSITIONS);
        lists.put(THAN, LogicPuzzles.ALWAYS_THAN);
        lists.put(THAN_AFTER_COMPARATIVE, LogicPuzzles.THAN_AFTER_COMPARATIVE);
        lists.put(EXPLAIN_WORD, ExplainRequests.WORDS);
        lists.put(EXPLAIN_PHRASE_START, ExplainRequests.PHRASES_BY_FIRST_WORD.keySet());
        lists.put(NUMBER_WORD, Quantities.NUMBER_WORDS);
        lists.put(UNIT, Quantities.UNITS);
        lists.put(WHY_OR_HOW, WordMeanings.WHY_OR_HOW);
        lists.put(THE_WORD, WordMeanings.THE_WORD);
        lists.put(THE_WORD_PAIR_START, WordMeanings.THE_WORD_PAIRS.keySet());
        lists.put(MEANING, WordMeanings.MEANING);
        return lists;
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> union = new HashSet<>(a);
        union.addAll(b);
        return union;
    }

    /** The bits of each word, in order. */
    static long[] of(String[] words) {
        long[] roles = new long[words.length];
        for (int i = 0; i < words.length; i++) {
            roles[i] = of(words[i]);
        }
        return roles;
    }

    /** The bits of one word: 0 when no list holds it. */
    static long of(String word) {
        for (int slot = slot(word); KEYS[slot] != null; slot = (slot + 1) & MASK) {
            if (KEYS[slot].equals(word)) {
                return BITS[slot];
            }
        }
        return 0;
    }

    /** The union of {@code roles}: which lists the message touches at all. */
    static long any(long[] roles) {
        long any = 0;
        for (long role : roles) {
            any |= role;
        }
        return any;
    }

    private static int slot(String word) {
        int h = word.hashCode();
        return (h ^ (h >>> 16)) & MASK;
    }
}
