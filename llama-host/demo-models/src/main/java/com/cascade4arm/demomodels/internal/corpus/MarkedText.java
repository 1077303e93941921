package com.cascade4arm.demomodels.internal.corpus;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Answer text with wording choices: {@code [[main|variant]]} (a variant may be empty, and there may be several).
 * The main reading is the answer a model says greedily; variants are what sampling may pick instead.
 *
 * @param segments literal text (one option) or a choice (main option first)
 */
public record MarkedText(List<List<String>> segments) {
    static final String OPEN = "[[";
    static final String CLOSE = "]]";

    public MarkedText {
        segments = segments.stream().map(List::copyOf).toList();
    }

    /** Parses the markup; {@code where} names the text in error messages. */
    public static MarkedText parse(String marked, String where) {
        List<List<String>> segments = new ArrayList<>();
        int at = 0;
        while (at < marked.length()) {
            int open = marked.indexOf(OPEN, at);
            if (open < 0) {
                segments.add(List.of(marked.substring(at)));
                break;
            }
            if (open > at) {
                segments.add(List.of(marked.substring(at, open)));
            }
            int close = marked.indexOf(CLOSE, open);
            if (close < 0) {
                throw new IllegalArgumentException(where + ": '" + OPEN + "' at offset " + open + " is never closed");
            }
            List<String> options = List.of(marked.substring(open + OPEN.length(), close).split("\\|", -1));
            if (options.size() < 2 || options.get(0).isEmpty()) {
                throw new IllegalArgumentException(where + ": a choice needs a non-empty main option and a variant, but was '"
                        + marked.substring(open, close + CLOSE.length()) + "'");
            }
            segments.add(options);
            at = close + CLOSE.length();
        }
        return new MarkedText(segments);
    }

    /** The text with every choice at its main option. */
    public String main() {
        return segments.stream().map(options -> options.get(0)).collect(Collectors.joining());
    }

    /** Every option's text once (for training the tokenizer). */
    public String allOptions() {
        return segments.stream().flatMap(List::stream).collect(Collectors.joining());
    }
}
