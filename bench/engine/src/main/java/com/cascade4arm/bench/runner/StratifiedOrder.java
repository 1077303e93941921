package com.cascade4arm.bench.runner;

import com.cascade4arm.bench.suite.Prompt;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The order prompts are sent in at every level: categories interleaved round-robin (in the order they first appear),
 * each category cycling through its own prompts, so any {@code requests} at least the number of categories sends every
 * category, and every level sends the same mix (a level restarting at prompt 1 would skip whole categories).
 */
public final class StratifiedOrder {

    private StratifiedOrder() {
    }

    /** The categories of {@code prompts}, in the order they first appear. */
    public static List<String> categories(List<Prompt> prompts) {
        return List.copyOf(byCategory(prompts).keySet());
    }

    /** {@code requests} prompts: round r sends, per category, that category's prompt r (cycling). */
    public static List<Prompt> of(List<Prompt> prompts, int requests) {
        if (prompts.isEmpty()) {
            throw new IllegalArgumentException("no prompts to order");
        }
        List<List<Prompt>> groups = new ArrayList<>(byCategory(prompts).values());
        List<Prompt> order = new ArrayList<>(requests);
        for (int round = 0; order.size() < requests; round++) {
            for (List<Prompt> group : groups) {
                if (order.size() == requests) {
                    break;
                }
                order.add(group.get(round % group.size()));
            }
        }
        return List.copyOf(order);
    }

    private static Map<String, List<Prompt>> byCategory(List<Prompt> prompts) {
        Map<String, List<Prompt>> groups = new LinkedHashMap<>();
        prompts.forEach(p -> groups.computeIfAbsent(p.category(), c -> new ArrayList<>()).add(p));
        return groups;
    }
}
