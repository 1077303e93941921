package com.cascade4arm.rules.score;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Objects;

/**
 * One prompt of the project's own labelled set: the category and route a person judged right for it, its language, and
 * whether it is a trap (written to look like another category: a fact about software, code words in small talk).
 *
 * @param category one of {@link LabelledPrompts#CATEGORIES}
 * @param route    "small" or "large"
 * @param language ISO 639-1 code: en, de, es, fr, and it, pt, nl, pl, sv, tr, cs from folded-in fresh sets
 * @param trap     true for prompts that resemble another category on the surface
 * @param prompt   the user message
 * @param source   where a prompt not written by the project came from (a folded-in fresh set: "fresh-set-1"), or null
 */
@JsonInclude(JsonInclude.Include.NON_DEFAULT)
public record LabelledPrompt(String category, String route, String language, boolean trap, String prompt,
                             String source) {

    /** A prompt written by the project (no source of its own). */
    public LabelledPrompt(String category, String route, String language, boolean trap, String prompt) {
        this(category, route, language, trap, prompt, null);
    }

    public LabelledPrompt {
        if (!LabelledPrompts.CATEGORIES.contains(category)) {
            throw new IllegalArgumentException("category must be one of " + LabelledPrompts.CATEGORIES + ", but was '"
                    + category + "' for: " + prompt);
        }
        if (!"small".equals(route) && !"large".equals(route)) {
            throw new IllegalArgumentException("route must be small or large, but was '" + route + "' for: " + prompt);
        }
        Objects.requireNonNull(language, () -> "language must be set for: " + prompt);
        if (prompt == null || prompt.isBlank()) {
            throw new IllegalArgumentException("prompt must not be blank, but was '" + prompt + "'");
        }
    }
}
