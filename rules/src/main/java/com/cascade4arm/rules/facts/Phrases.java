package com.cascade4arm.rules.facts;

import java.util.AbstractCollection;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The message's words in order, for phrase checks in DRL: {@code phrases contains "for loop"} is true when the words of
 * the phrase occur one after the other in the message ("for-loop", "For  loop" and "for loop" alike). Answered from the
 * word set first, so a phrase with a word the message lacks costs a hash lookup instead of a scan of the whole text: a
 * long prompt checked against many phrases stays cheap (substring checks cost text length × phrase count).
 */
public final class Phrases extends AbstractCollection<String> {

    /** Phrases split into words, by literal. DRL holds a few hundred; the bound covers rules that compare with bound text. */
    private static final int SPLIT_CACHE_LIMIT = 10_000;
    private static final Map<String, String[]> SPLIT_CACHE = new ConcurrentHashMap<>();

    /** Start positions tried between two looks at the clock under a deadline. */
    private static final int CHECK_EVERY = 64;
    /**
     * Word comparisons (words × phrase words) below which a scan is not timed: a few hundred microseconds at most,
     * and the two clock reads of a timed one would cost more than most phrase checks.
     */
    private static final long UNTIMED_STEPS = 200_000;

    private final String[] sequence;
    private final Set<String> words;

    Phrases(String[] sequence, Set<String> words) {
        this.sequence = sequence;
        this.words = words;
    }

    /** True when the words of {@code phrase} (a String) occur consecutively; a phrase without words is never contained. */
    @Override
    public boolean contains(Object phrase) {
        return phrase instanceof String text && contains(wordsOf(text), text);
    }

    /** {@link #contains(Object)} for a phrase split once by {@link #split(String)}: the same answer, without the split cache. */
    public boolean containsPhrase(Split phrase) {
        return contains(phrase.words, phrase.phrase);
    }

    /**
     * Whether checking {@code phrase} may time a scan against the {@link EvaluationDeadline} (a long message): only
     * such a check has an effect besides its answer (it spends budget or records the overrun), so a caller may answer
     * several checks in any order when this is false for every one of them.
     */
    public boolean mayTimeScan(Split phrase) {
        return phrase.words.length > 1 && (long) sequence.length * phrase.words.length > UNTIMED_STEPS;
    }

    private boolean contains(String[] phraseWords, String text) {
        if (phraseWords.length == 0) {
            return false;
        }
        for (String word : phraseWords) {
            if (!words.contains(word)) {
                return false;
            }
        }
        return phraseWords.length == 1 || occursInSequence(phraseWords, text);
    }

    /** Under an {@link EvaluationDeadline}, a long scan is timed and stops (false) once the budget is spent. */
    private boolean occursInSequence(String[] phraseWords, String phrase) {
        EvaluationDeadline deadline = EvaluationDeadline.current();
        if (deadline == null || (long) sequence.length * phraseWords.length <= UNTIMED_STEPS) {
            return scan(phraseWords, null);
        }
        if (deadline.spent()) {
            deadline.exceeded(phrase);
            return false;
        }
        try {
            return scan(phraseWords, deadline);
        } catch (DeadlineText.Passed e) {
            deadline.exceeded(phrase);
            return false;
        } finally {
            deadline.end();
        }
    }

    /** Looks at the clock every {@value #CHECK_EVERY} start positions when {@code deadline} is not null. */
    private boolean scan(String[] phraseWords, EvaluationDeadline deadline) {
        long untilNanos = deadline == null ? 0 : deadline.begin();
        for (int start = 0; start + phraseWords.length <= sequence.length; start++) {
            if (deadline != null && start % CHECK_EVERY == 0 && System.nanoTime() - untilNanos > 0) {
                untilNanos = DeadlineText.timeLeft(deadline);
            }
            if (matchesAt(start, phraseWords)) {
                return true;
            }
        }
        return false;
    }

    private boolean matchesAt(int start, String[] phraseWords) {
        for (int i = 0; i < phraseWords.length; i++) {
            if (!sequence[start + i].equals(phraseWords[i])) {
                return false;
            }
        }
        return true;
    }

    private static String[] wordsOf(String phrase) {
        String[] cached = SPLIT_CACHE.get(phrase);
        if (cached != null) {
            return cached;
        }
        String[] split = PromptFactsExtractor.wordSequence(Scan.lowerCase(phrase));
        if (SPLIT_CACHE.size() < SPLIT_CACHE_LIMIT) {
            SPLIT_CACHE.put(phrase, split);
        }
        return split;
    }

    /** {@code phrase} split into its words as {@link #contains(Object)} splits it: done once for checks made many times. */
    public static Split split(String phrase) {
        return new Split(phrase, PromptFactsExtractor.wordSequence(Scan.lowerCase(phrase)));
    }

    /** A phrase literal and its words (lower case, as the message's); no words: never contained. */
    public static final class Split {
        private final String phrase;
        private final String[] words;

        private Split(String phrase, String[] words) {
            this.phrase = phrase;
            this.words = words;
        }

        public String phrase() {
            return phrase;
        }

        /** The phrase's words in order (a copy). */
        public List<String> words() {
            return List.of(words);
        }
    }

    @Override
    public Iterator<String> iterator() {
        return Arrays.asList(sequence).iterator();
    }

    @Override
    public int size() {
        return sequence.length;
    }
}
