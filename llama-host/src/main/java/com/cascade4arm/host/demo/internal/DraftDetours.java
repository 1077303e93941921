package com.cascade4arm.host.demo.internal;

/**
 * Where the draft model's greedy path leaves the target's. About every {@code every} steps of the cycle the draft
 * says another word (from → x → rejoin instead of from → next → rejoin, bigrams seen in the draft's corpus), so a
 * speculative draft is rejected there, while the draft's own greedy answer still rejoins the long cycle.
 */
final class DraftDetours {
    private final int[] successors;
    private final boolean[] designed;

    private DraftDetours(int[] successors, boolean[] designed) {
        this.successors = successors;
        this.designed = designed;
    }

    static DraftDetours plan(Vocabulary vocabulary, GreedyCycle cycle, BigramCounts draftCounts, int every) {
        int[] targetSuccessors = cycle.successors();
        int[] successors = targetSuccessors.clone();
        boolean[] designed = new boolean[successors.length];
        int[] steps = cycle.cycle();
        for (int step : steps) {
            designed[step] = true;
        }
        int k = every / 2;
        while (k < steps.length) {
            int from = steps[k];
            int next = steps[(k + 1) % steps.length];
            int rejoin = steps[(k + 2) % steps.length];
            // the cycle already took every one-word insertion, so the detour replaces the next word instead
            int detour = bestDetour(vocabulary, draftCounts, successors, from, next, rejoin);
            if (detour < 0) {
                k++; // no way back from here: try the next step of the cycle
                continue;
            }
            successors[from] = detour;
            successors[detour] = rejoin;
            designed[detour] = true;
            k += every;
        }
        return new DraftDetours(successors, designed);
    }

    /** An unused word x ≠ next with from → x and x → rejoin both seen; the one whose rarer bigram is most frequent. */
    private static int bestDetour(Vocabulary vocabulary, BigramCounts counts, int[] successors, int from, int next,
                                  int rejoin) {
        int best = -1;
        int bestScore = 0;
        for (int x = 0; x < counts.size(); x++) {
            if (!vocabulary.isWordPiece(x) || successors[x] >= 0 || x == next) {
                continue; // on the cycle, already a detour, or the opening: its successor is taken
            }
            int score = Math.min(counts.count(from, x), counts.count(x, rejoin));
            if (score > bestScore) {
                best = x;
                bestScore = score;
            }
        }
        return best;
    }

    /** The draft's designed successor per token, -1 where its statistics decide. */
    int[] successors() {
        return successors.clone();
    }

    /** True for rows whose successor was designed (cycle steps and detours): the draft is confident there. */
    boolean isDesigned(int token) {
        return designed[token];
    }
}
