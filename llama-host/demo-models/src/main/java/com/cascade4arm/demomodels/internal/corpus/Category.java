package com.cascade4arm.demomodels.internal.corpus;

import java.util.Locale;

/** The five prompt categories of the benchmark suite; each corpus file holds the answers of one. */
public enum Category {
    FACTUAL, EVERYDAY, REASONING, CODE, ANALYSIS;

    /** The resource file of this category's answers, e.g. corpus/code.txt. */
    public String fileName() {
        return name().toLowerCase(Locale.ROOT) + ".txt";
    }
}
