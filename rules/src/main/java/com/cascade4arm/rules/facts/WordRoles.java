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
    static final int FUNCTION_WORD = 1;
    /** All four languages' function-word bits. */
    static final int FUNCTION_WORDS = 0xF;
    /** A first- or second-person word of English, German, Spanish, French; shifted likewise. */
    static final int PERSONAL = 1 << 4;
    static final int QUANTIFIER = 1 << 8;
    static final int CONCLUSION = 1 << 9;
    static final int LIE = 1 << 10;
    static final int TRUTH = 1 << 11;
    static final int OPEN_COMPARISON = 1 << 12;
    static final int CLOSE_COMPARISON = 1 << 13;
    static final int WEEKDAY = 1 << 14;
    static final int CONDITION = 1 << 15;
    static final int RELATIVE_DAY = 1 << 16;
    static final int MONTH = 1 << 17;
    static final int WHO_OR_WHICH = 1 << 18;
    static final int NEGATION = 1 << 19;
    static final int POSITION = 1 << 20;
    /** "than", "niż", "än", ...: compares wherever it stands. */
    static final int THAN = 1 << 21;
    /** "als", "dan", "end": compares after a comparative. */
    static final int THAN_AFTER_COMPARATIVE = 1 << 22;
    static final int EXPLAIN_WORD = 1 << 23;
    static final int EXPLAIN_PHRASE_START = 1 << 24;
    static final int NUMBER_WORD = 1 << 25;
    static final int UNIT = 1 << 26;
    static final int WHY_OR_HOW = 1 << 27;
    static final int THE_WORD = 1 << 28;
    static final int THE_WORD_PAIR_START = 1 << 29;
    static final int MEANING = 1 << 30;

    private static final String[] KEYS;
    private static final int[] BITS;
    private static final int MASK;

    static {
        Map<String, Integer> bits = new HashMap<>();
        lists().forEach((bit, words) -> words.forEach(word -> bits.merge(word, bit, (a, b) -> a | b)));
        int capacity = Integer.highestOneBit(bits.size() * 2 - 1) << 1; // at most half full: a miss costs a probe or two
        KEYS = new String[capacity];
        BITS = new int[capacity];
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
    private static Map<Integer, Set<String>> lists() {
        Map<Integer, Set<String>> lists = new LinkedHashMap<>();
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
    static int[] of(String[] words) {
        int[] roles = new int[words.length];
        for (int i = 0; i < words.length; i++) {
            roles[i] = of(words[i]);
        }
        return roles;
    }

    /** The bits of one word: 0 when no list holds it. */
    static int of(String word) {
        for (int slot = slot(word); KEYS[slot] != null; slot = (slot + 1) & MASK) {
            if (KEYS[slot].equals(word)) {
                return BITS[slot];
            }
        }
        return 0;
    }

    /** The union of {@code roles}: which lists the message touches at all. */
    static int any(int[] roles) {
        int any = 0;
        for (int role : roles) {
            any |= role;
        }
        return any;
    }

    private static int slot(String word) {
        int h = word.hashCode();
        return (h ^ (h >>> 16)) & MASK;
    }
}
