package com.cascade4arm.bench.suite;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The fixed 50-prompt benchmark suite, loaded from {@code prompts.json} on the classpath, in its interleaved order. */
public final class PromptSuite {

    public static final String RESOURCE = "/com/cascade4arm/bench/suite/prompts.json";
    /** Categories in their interleaving order; the first two are expected to go to the small model. */
    public static final List<String> CATEGORIES = List.of("factual", "everyday", "reasoning", "code", "analysis");
    public static final String ROUTE_SMALL = "small";
    public static final String ROUTE_LARGE = "large";

    private final List<Prompt> prompts;
    private final Map<String, Prompt> byId = new LinkedHashMap<>();

    private PromptSuite(List<Prompt> prompts) {
        this.prompts = List.copyOf(prompts);
        for (Prompt prompt : this.prompts) {
            if (byId.put(prompt.id(), prompt) != null) {
                throw new IllegalStateException("duplicate prompt id '" + prompt.id() + "' in " + RESOURCE);
            }
        }
    }

    /** Loads the suite shipped in this jar. */
    public static PromptSuite load() {
        try (InputStream in = PromptSuite.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("benchmark suite resource " + RESOURCE + " is missing");
            }
            SuiteFile file = new ObjectMapper().readValue(in, SuiteFile.class);
            return new PromptSuite(file.prompts());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read benchmark suite " + RESOURCE, e);
        }
    }

    /** All prompts in suite order. */
    public List<Prompt> all() {
        return prompts;
    }

    public int size() {
        return prompts.size();
    }

    /** The first {@code n} prompts; because the suite is interleaved, multiples of 5 are balanced across categories. */
    public List<Prompt> first(int n) {
        if (n < 1 || n > prompts.size()) {
            throw new IllegalArgumentException("prompt count must be between 1 and " + prompts.size() + ", but was " + n);
        }
        return prompts.subList(0, n);
    }

    /** The prompts of one category, in suite order (empty for an unknown category). */
    public List<Prompt> byCategory(String category) {
        return prompts.stream().filter(p -> p.category().equals(category)).toList();
    }

    public Optional<Prompt> byId(String id) {
        return Optional.ofNullable(byId.get(id));
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    private record SuiteFile(@JsonProperty("prompts") List<Prompt> prompts) {
    }
}
