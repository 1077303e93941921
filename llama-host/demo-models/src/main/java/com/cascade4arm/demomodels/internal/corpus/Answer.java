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
 * @param prompts  example prompts that must select this answer (checked by the tests)
 * @param text     the answer, with [[main|variant]] wording choices
 */
public record Answer(String id, Category category, List<String> keys, List<String> cues, boolean fallback,
                     List<String> prompts, MarkedText text) {
    public Answer {
        keys = List.copyOf(keys);
        cues = List.copyOf(cues);
        prompts = List.copyOf(prompts);
    }
}
