package com.cascade4arm.bench.judge;

import com.cascade4arm.bench.suite.Prompt;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Keeps, per target and suite prompt, the first successful answer of a run (with the route it took), so the judge has
 * one cascade/baseline pair per prompt whatever the concurrency levels. Thread-safe: load workers record concurrently.
 */
public final class AnswerBook {

    private record Answer(String route, String text) {
    }

    private final Map<String, Prompt> prompts = new LinkedHashMap<>();
    private final Map<String, Answer> answers = new LinkedHashMap<>();

    /** Records {@code text} unless this target already answered this prompt. */
    public synchronized void record(String target, Prompt prompt, String route, String text) {
        prompts.putIfAbsent(prompt.id(), prompt);
        answers.putIfAbsent(target + "\n" + prompt.id(), new Answer(route, text == null ? "" : text));
    }

    /** The prompts both targets answered, in the order first answered. */
    public synchronized List<AnswerPair> pairs(String cascadeTarget, String baselineTarget) {
        List<AnswerPair> pairs = new ArrayList<>();
        prompts.values().forEach(prompt -> {
            Answer cascade = answers.get(cascadeTarget + "\n" + prompt.id());
            Answer baseline = answers.get(baselineTarget + "\n" + prompt.id());
            if (cascade != null && baseline != null) {
                pairs.add(new AnswerPair(prompt.id(), prompt.category(), prompt.prompt(), cascade.route(),
                        cascade.text(), baseline.text()));
            }
        });
        return pairs;
    }
}
