package com.cascade4arm.rules.facts;

import java.util.AbstractCollection;
import java.util.Collections;
import java.util.Iterator;

/**
 * The message as operator DRL searches it with regular expressions: {@code matchedPatterns contains "(?i)\\bstep by
 * step\\b"} is true when the pattern (RE2 syntax, {@link OperatorPatterns}) occurs anywhere in the text. A collection
 * so that DRL's own {@code contains} asks it, as with {@code phrases}; it answers {@code contains} only (it lists
 * nothing). Linear in the text for every pattern; a pattern {@link OperatorPatterns} refuses is never contained.
 */
public final class PatternMatches extends AbstractCollection<String> {

    private final String text;

    PatternMatches(String text) {
        this.text = text;
    }

    @Override
    public boolean contains(Object pattern) {
        return pattern instanceof String regex
                && OperatorPatterns.compiled(regex).map(compiled -> compiled.matcher(text).find()).orElse(false);
    }

    @Override
    public Iterator<String> iterator() {
        return Collections.emptyIterator();
    }

    @Override
    public int size() {
        return 0;
    }
}
