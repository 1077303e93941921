package com.cascade4arm.host.demo.internal;

import java.util.ArrayList;
import java.util.List;

/** Lengthens a greedy cycle by one-word insertions, so a bigram model's greedy answer repeats even later. */
final class CycleInsertions {
    private CycleInsertions() {
    }

    /**
     * Between neighbours a, b inserts an unused x where a x and x b are both seen bigrams (the most frequent such x),
     * round after round until nothing fits or the cycle has {@code maxLength} steps.
     */
    static int[] lengthen(int[] cycle, BigramCounts counts, int[][] next, int maxLength) {
        List<Integer> steps = new ArrayList<>();
        boolean[] used = new boolean[counts.size()];
        for (int id : cycle) {
            steps.add(id);
            used[id] = true;
        }
        boolean inserted = true;
        while (inserted && steps.size() < maxLength) {
            inserted = false;
            for (int k = 0; k < steps.size() && steps.size() < maxLength; k++) {
                int a = steps.get(k);
                int b = steps.get((k + 1) % steps.size());
                int detour = -1;
                for (int x : next[a]) {
                    boolean better = detour < 0 || Math.min(counts.count(a, x), counts.count(x, b))
                            > Math.min(counts.count(a, detour), counts.count(detour, b));
                    if (!used[x] && counts.count(x, b) > 0 && better) {
                        detour = x;
                    }
                }
                if (detour >= 0) {
                    steps.add(k + 1, detour);
                    used[detour] = true;
                    inserted = true;
                    k++;
                }
            }
        }
        return steps.stream().mapToInt(Integer::intValue).toArray();
    }
}
