package com.cascade4arm.host.demo.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Designs the greedy (temperature 0) path of a bigram model: a long cycle of distinct pieces in which every step is a
 * bigram seen in the corpus, entered right after the "\n" that ends the ChatML prompt. A bigram model's greedy output is
 * a walk on "most likely successor" links, so without this it would fall into a two- or three-word loop at once.
 */
public final class GreedyCycle {
    /** Random walks tried per sentence-ending start piece; more find longer cycles but cost generation time. */
    static final int WALKS_PER_ANCHOR = 400;
    static final int ANCHORS = 6;
    static final int MAX_CYCLE_LENGTH = 400;
    static final long SEED = 0x5EED_CA5C_ADE4_A4L;

    private final int[] cycle;
    private final int[] successors;

    private GreedyCycle(int[] cycle, int[] successors) {
        this.cycle = cycle;
        this.successors = successors;
    }

    /** The pieces of the cycle, in order; the last one is followed by the first. */
    public int[] cycle() {
        return cycle.clone();
    }

    /** True if {@code token} is one of the cycle's steps. */
    public boolean contains(int token) {
        for (int step : cycle) {
            if (step == token) {
                return true;
            }
        }
        return false;
    }

    /** successors[a] = the designed most-likely next token after a, or -1 where the corpus statistics decide. */
    public int[] successors() {
        return successors.clone();
    }

    public static GreedyCycle design(Vocabulary vocabulary, BigramCounts counts) {
        int[][] next = adjacency(vocabulary, counts);
        int[] cycle = longestCycle(vocabulary, counts, next);
        int[] successors = new int[vocabulary.size()];
        Arrays.fill(successors, -1);
        boolean[] onCycle = new boolean[vocabulary.size()];
        for (int k = 0; k < cycle.length; k++) {
            successors[cycle[k]] = cycle[(k + 1) % cycle.length];
            onCycle[cycle[k]] = true;
        }
        enterFromNewline(vocabulary, counts, successors, onCycle);
        return new GreedyCycle(cycle, successors);
    }

    /** Per token, the word pieces seen after it (the candidates for a cycle step). */
    private static int[][] adjacency(Vocabulary vocabulary, BigramCounts counts) {
        int[][] next = new int[counts.size()][];
        for (int a = 0; a < counts.size(); a++) {
            List<Integer> successors = new ArrayList<>();
            for (int b = 0; b < counts.size(); b++) {
                if (counts.count(a, b) > 0 && isCycleCandidate(vocabulary, b)) {
                    successors.add(b);
                }
            }
            next[a] = successors.stream().mapToInt(Integer::intValue).toArray();
        }
        return next;
    }

    private static boolean isCycleCandidate(Vocabulary vocabulary, int id) {
        return !vocabulary.isSpecial(id) && id != vocabulary.newlineId();
    }

    private static int[] longestCycle(Vocabulary vocabulary, BigramCounts counts, int[][] next) {
        List<Integer> anchors = new ArrayList<>();
        for (int id = 0; id < counts.size(); id++) {
            if (vocabulary.endsSentence(id) && counts.rowTotal(id) > 0) {
                anchors.add(id);
            }
        }
        anchors.sort((a, b) -> Integer.compare(counts.rowTotal(b), counts.rowTotal(a)));
        SplitMix64 random = new SplitMix64(SEED);
        int[] best = new int[0];
        for (int anchor : anchors.subList(0, Math.min(ANCHORS, anchors.size()))) {
            for (int walk = 0; walk < WALKS_PER_ANCHOR; walk++) {
                int[] found = walkBack(anchor, counts, next, random);
                if (found.length > best.length) {
                    best = found;
                }
            }
        }
        if (best.length < 2) {
            throw new IllegalStateException("the corpus has no cycle through a sentence end");
        }
        return CycleInsertions.lengthen(best, counts, next, MAX_CYCLE_LENGTH);
    }

    /** One random walk from {@code anchor} over unvisited pieces; returns the longest prefix that can close back. */
    private static int[] walkBack(int anchor, BigramCounts counts, int[][] next, SplitMix64 random) {
        boolean[] visited = new boolean[counts.size()];
        int[] path = new int[MAX_CYCLE_LENGTH];
        int length = 0;
        int closable = 0;
        int current = anchor;
        visited[anchor] = true;
        path[length++] = anchor;
        while (length < MAX_CYCLE_LENGTH) {
            if (length > 1 && counts.count(current, anchor) > 0) {
                closable = length;
            }
            int chosen = pickWeighted(current, counts, next[current], visited, random);
            if (chosen < 0) {
                break;
            }
            visited[chosen] = true;
            path[length++] = chosen;
            current = chosen;
        }
        return Arrays.copyOf(path, closable);
    }

    /** Picks an unvisited successor with probability proportional to its count squared (frequent = readable). */
    private static int pickWeighted(int current, BigramCounts counts, int[] options, boolean[] visited, SplitMix64 random) {
        long total = 0;
        for (int option : options) {
            if (!visited[option]) {
                total += (long) counts.count(current, option) * counts.count(current, option);
            }
        }
        if (total == 0) {
            return -1;
        }
        long target = random.nextLong(total);
        for (int option : options) {
            if (!visited[option]) {
                target -= (long) counts.count(current, option) * counts.count(current, option);
                if (target < 0) {
                    return option;
                }
            }
        }
        throw new IllegalStateException("weighted pick ran past the total");
    }

    /** "\n" leads to the most common answer opening that has a seen bigram into the cycle, which leads onto it. */
    private static void enterFromNewline(Vocabulary vocabulary, BigramCounts counts, int[] successors, boolean[] onCycle) {
        int newline = vocabulary.newlineId();
        int bestOpening = -1;
        int bestEntry = -1;
        for (int opening = 0; opening < counts.size(); opening++) {
            if (counts.count(newline, opening) == 0 || onCycle[opening] || !isCycleCandidate(vocabulary, opening)) {
                continue;
            }
            int entry = -1;
            for (int b = 0; b < counts.size(); b++) {
                if (onCycle[b] && counts.count(opening, b) > 0 && (entry < 0 || counts.count(opening, b) > counts.count(opening, entry))) {
                    entry = b;
                }
            }
            if (entry >= 0 && (bestOpening < 0 || counts.count(newline, opening) > counts.count(newline, bestOpening))) {
                bestOpening = opening;
                bestEntry = entry;
            }
        }
        if (bestOpening >= 0) {
            successors[newline] = bestOpening;
            successors[bestOpening] = bestEntry;
        }
    }
}
