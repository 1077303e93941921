package com.cascade4arm.demomodels.internal.corpus;

import java.util.List;

/**
 * One hand-written answer of the corpus and what selects it: its key words (specific to this answer), its cue words
 * (typical of the category, weaker), or being the fallback when a prompt has neither.
 *
 * @param id       unique name, e.g. "capital-of-france"
 * @param keys     words whose presence in a prompt selects this answer
 * @param cues     category words that select it when no key word is present
 * @param fallback true for the one answer given to prompts without any key or cue word
 * @param salience how strongly its key words name it: {@link #KEY_SALIENCE} for a topic word; more for the tool
 *                 protocol's markers, which outrank whatever topic words the rest of the chat holds
 * @param prompts  example prompts that must select this answer (checked by the tests)
 * @param text     the answer, with [[main|variant]] wording choices
 */
public record Answer(String id, Category category, List<String> keys, List<String> cues, boolean fallback,
                     float salience, List<String> prompts, MarkedText text) {
    /** The salience of an ordinary key word. */
    public static final float KEY_SALIENCE = 1.0f;

    public Answer {
        if (salience < KEY_SALIENCE) {
            throw new IllegalArgumentException("answer " + id + ": salience " + salience + " is below " + KEY_SALIENCE);
        }
        keys = List.copyOf(keys);
        cues = List.copyOf(cues);
        prompts = List.copyOf(prompts);
    }
}
