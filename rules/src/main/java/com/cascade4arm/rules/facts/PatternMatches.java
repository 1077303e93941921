package com.cascade4arm.rules.facts;

import java.util.AbstractCollection;
import java.util.Collections;
import java.util.Iterator;
import java.util.Optional;

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

    /**
     * Under an {@link EvaluationDeadline} the match stops when the budget is spent (and a pattern asked after that is
     * not run): it answers false and the deadline records the pattern.
     */
    @Override
    public boolean contains(Object pattern) {
        if (!(pattern instanceof String regex)) {
            return false;
        }
        Optional<OperatorPatterns.Compiled> compiled = OperatorPatterns.compiled(regex);
        if (compiled.isEmpty()) {
            return false;
        }
        String prefix = compiled.get().prefix();
        int from = prefix.isEmpty() ? 0 : text.indexOf(prefix);
        if (from < 0) {
            return false;
        }
        EvaluationDeadline deadline = EvaluationDeadline.current();
        if (deadline == null) {
            return compiled.get().pattern().matcher(text).find(from);
        }
        if (deadline.spent()) {
            deadline.exceeded(regex);
            return false;
        }
        try {
            return compiled.get().pattern().matcher(new DeadlineText(text, deadline)).find(from);
        } catch (DeadlineText.Passed e) {
            deadline.exceeded(regex);
            return false;
        } finally {
            deadline.end();
        }
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
