package com.cascade4arm.demomodels.internal.tokenizer;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.TreeMap;

/**
 * Trains byte-level BPE merges on text, deterministically: words come from the qwen2 pre-tokenizer, the most frequent
 * adjacent pair is merged next (ties: the smaller left, then right spelling), until the vocabulary is full or no pair
 * occurs twice. Every merged token is reachable by the merges before it, as llama.cpp requires.
 */
public final class BpeTrainer {
    /** A pair must occur at least this often (weighted by word frequency) to be merged. */
    static final int MIN_PAIR_COUNT = 2;

    private final List<String> symbols = new ArrayList<>();
    private final Map<String, Integer> symbolIds = new HashMap<>();
    private final List<int[]> words = new ArrayList<>();
    private final List<Integer> wordLengths = new ArrayList<>();
    private final List<Integer> wordCounts = new ArrayList<>();
    private final Map<Long, Integer> pairCounts = new HashMap<>();
    private final PriorityQueue<long[]> queue;
    /** Pairs whose merge would spell an existing token. */
    private final Set<Long> forbidden = new HashSet<>();

    private BpeTrainer(Map<String, Integer> wordFrequencies) {
        queue = new PriorityQueue<>(Comparator.<long[]>comparingLong(entry -> -entry[0])
                .thenComparing(entry -> symbols.get(left(entry[1])))
                .thenComparing(entry -> symbols.get(right(entry[1]))));
        wordFrequencies.forEach((word, count) -> {
            String spelled = ByteToUnicode.encode(word);
            int[] ids = new int[spelled.length()];
            for (int i = 0; i < ids.length; i++) {
                ids[i] = symbol(String.valueOf(spelled.charAt(i)));
            }
            words.add(ids);
            wordLengths.add(ids.length);
            wordCounts.add(count);
            for (int i = 0; i + 1 < ids.length; i++) {
                pairCounts.merge(pair(ids[i], ids[i + 1]), count, Integer::sum);
            }
        });
        pairCounts.forEach((pair, count) -> queue.add(new long[] {count, pair}));
    }

    /** Merges learned from {@code texts}, at most {@code maxMerges}, as [left, right] spellings in rank order. */
    public static List<String[]> train(List<String> texts, int maxMerges) {
        Map<String, Integer> frequencies = new TreeMap<>();
        for (String text : texts) {
            for (String word : PreTokenizer.split(text)) {
                frequencies.merge(word, 1, Integer::sum);
            }
        }
        return new BpeTrainer(frequencies).run(maxMerges);
    }

    private List<String[]> run(int maxMerges) {
        List<String[]> merges = new ArrayList<>();
        while (merges.size() < maxMerges && !queue.isEmpty()) {
            long[] best = queue.poll();
            int current = pairCounts.getOrDefault(best[1], 0);
            if (current != best[0]) {
                continue; // stale entry: the pair's count changed since it was queued
            }
            if (current < MIN_PAIR_COUNT) {
                break;
            }
            int a = left(best[1]);
            int b = right(best[1]);
            if (symbolIds.containsKey(symbols.get(a) + symbols.get(b))) {
                // another pair already spells this token: one merge per token keeps ids = 256 + rank
                forbidden.add(best[1]);
                continue;
            }
            merges.add(new String[] {symbols.get(a), symbols.get(b)});
            applyMerge(a, b, symbol(symbols.get(a) + symbols.get(b)));
        }
        return merges;
    }

    private void applyMerge(int a, int b, int merged) {
        Map<Long, Integer> changed = new HashMap<>();
        for (int w = 0; w < words.size(); w++) {
            int[] ids = words.get(w);
            int length = wordLengths.get(w);
            if (!contains(ids, length, a, b)) {
                continue;
            }
            int count = wordCounts.get(w);
            for (int i = 0; i + 1 < length; i++) {
                changed.merge(pair(ids[i], ids[i + 1]), -count, Integer::sum);
            }
            int out = 0;
            for (int i = 0; i < length; i++) {
                if (i + 1 < length && ids[i] == a && ids[i + 1] == b) {
                    ids[out++] = merged;
                    i++;
                } else {
                    ids[out++] = ids[i];
                }
            }
            wordLengths.set(w, out);
            for (int i = 0; i + 1 < out; i++) {
                changed.merge(pair(ids[i], ids[i + 1]), count, Integer::sum);
            }
        }
        changed.forEach((pair, delta) -> {
            if (delta != 0 && !forbidden.contains(pair)) {
                int count = pairCounts.merge(pair, delta, Integer::sum);
                if (count > 0) {
                    queue.add(new long[] {count, pair});
                }
            }
        });
    }

    private static boolean contains(int[] ids, int length, int a, int b) {
        for (int i = 0; i + 1 < length; i++) {
            if (ids[i] == a && ids[i + 1] == b) {
                return true;
            }
        }
        return false;
    }

    private int symbol(String spelling) {
        return symbolIds.computeIfAbsent(spelling, s -> {
            symbols.add(s);
            return symbols.size() - 1;
        });
    }

    private static long pair(int a, int b) {
        return ((long) a << 32) | (b & 0xffff_ffffL);
    }

    private static int left(long pair) {
        return (int) (pair >>> 32);
    }

    private static int right(long pair) {
        return (int) pair;
    }
}
