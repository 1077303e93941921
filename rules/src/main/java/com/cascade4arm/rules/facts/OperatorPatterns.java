package com.cascade4arm.rules.facts;

import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Regular expressions operators write in DRL ({@code matchedPatterns contains "…"}), compiled by RE2/J: an automaton
 * that runs in time linear in the text whatever the pattern says (no backtracking, constant stack), unlike
 * java.util.regex behind Drools' {@code matches}. Two bounds keep compiling cheap too: the pattern's length, and an
 * estimate of its compiled size, since RE2/J expands counted repetition ({@code ((a{1000}){1000}){1000}} would need
 * gigabytes). Matching costs text length × compiled size, so the rules API also times candidates (rules/design.md).
 */
public final class OperatorPatterns {

    /** Longest pattern accepted, in characters. */
    public static final int MAX_PATTERN_CHARS = 500;
    /** Largest estimated compiled size (roughly: characters after expanding every counted repetition). */
    public static final long MAX_EXPANDED_SIZE = 2_000;
    /** Compiled patterns by source; DRL holds few, the bound covers anything else. */
    private static final int CACHE_LIMIT = 1_000;
    private static final String UNGREEDY = "(?U)";
    private static final Map<String, Compiled> CACHE = new ConcurrentHashMap<>();

    /**
     * A compiled pattern and the literal every match starts with ("" when none), which {@link PatternMatches} finds with
     * {@code String.indexOf} before the automaton runs: RE2/J looks for it itself only in a {@code String}, and reads
     * any other text (the clock-watching {@link DeadlineText}) one {@code charAt} at a time — 30× slower.
     */
    record Compiled(Pattern pattern, String prefix) {
    }

    private OperatorPatterns() {
    }

    /** Why {@code regex} is refused (length, size, syntax), naming the bad value; empty when it is fine. */
    public static Optional<String> problem(String regex) {
        if (regex.length() > MAX_PATTERN_CHARS) {
            return Optional.of("the pattern must be at most " + MAX_PATTERN_CHARS + " characters, but was " + regex.length());
        }
        long size = RepetitionSize.estimate(regex, MAX_EXPANDED_SIZE);
        if (size > MAX_EXPANDED_SIZE) {
            return Optional.of("the pattern '" + abbreviate(regex) + "' expands to more than " + MAX_EXPANDED_SIZE
                    + " steps once its counted repetitions are unrolled; use fewer or smaller {n} counts");
        }
        try {
            Pattern.compile(regex);
            return Optional.empty();
        } catch (PatternSyntaxException e) {
            return Optional.of("the pattern '" + abbreviate(regex) + "' is not valid RE2 syntax: " + e.getDescription());
        }
    }

    /** The compiled pattern, or empty when {@link #problem} refuses it (so evaluation never throws). */
    static Optional<Compiled> compiled(String regex) {
        Compiled cached = CACHE.get(regex);
        if (cached != null) {
            return Optional.of(cached);
        }
        if (problem(regex).isPresent()) {
            return Optional.empty();
        }
        // Only "does it occur?" matters, and that does not depend on greediness; ungreedy (?U) lets the automaton stop at
        // the first match instead of running on to find the longest (zq.*.*x on 32,000 letters: 4.5 ms → 0.04 ms).
        Pattern pattern = Pattern.compile(UNGREEDY + regex);
        Compiled compiled = new Compiled(pattern, LiteralPrefix.of(pattern));
        if (CACHE.size() < CACHE_LIMIT) {
            CACHE.put(regex, compiled);
        }
        return Optional.of(compiled);
    }

    private static String abbreviate(String regex) {
        return regex.length() <= 60 ? regex : regex.substring(0, 57) + "...";
    }
}
