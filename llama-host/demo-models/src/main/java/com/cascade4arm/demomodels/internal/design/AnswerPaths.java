package com.cascade4arm.demomodels.internal.design;

import com.cascade4arm.demomodels.internal.SplitMix64;
import com.cascade4arm.demomodels.internal.corpus.Answer;
import com.cascade4arm.demomodels.internal.tokenizer.BpeVocabulary;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The token paths of one answer: the main wording (what a model says greedily) and its variants — the corpus's
 * {@code [[main|variant]]} choices plus automatic ones that spell a word as its two BPE parts — each as a replacement
 * of a stretch of the main path.
 *
 * @param main     the main wording's tokens (read, never changed, like a variant's)
 * @param variants ordered by where they start
 */
public record AnswerPaths(Answer answer, int[] main, List<Variant> variants) {
    /** A variant needs this many main-path tokens on each side before another variant may start. */
    static final int VARIANT_SPACING = Transition.CONTEXT + 1;

    public AnswerPaths {
        variants = List.copyOf(variants);
    }

    /** Tokenizes the answer and its choices; adds split variants at about {@code splitDensity} of free positions. */
    public static AnswerPaths of(Answer answer, BpeVocabulary vocabulary, double splitDensity, long seed) {
        int[] main = vocabulary.encode(answer.text().main());
        List<Variant> variants = new ArrayList<>();
        List<List<String>> segments = answer.text().segments();
        for (int s = 0; s < segments.size(); s++) {
            for (int option = 1; option < segments.get(s).size(); option++) {
                variants.add(align(main, vocabulary.encode(textWith(segments, s, option)), answer, s));
            }
        }
        SplitMix64 random = new SplitMix64(seed ^ answer.id().hashCode());
        for (int t = 0; t < main.length; t++) {
            int[] parts = vocabulary.mergeParts(main[t]);
            if (parts != null && random.nextDouble() < splitDensity && isFree(variants, t)) {
                variants.add(new Variant(t, t + 1, parts, true));
            }
        }
        variants.sort((a, b) -> Integer.compare(a.from(), b.from()));
        return new AnswerPaths(answer, main, variants);
    }

    /** The main path with one variant applied. */
    public int[] pathWith(Variant variant) {
        int[] path = new int[main.length - (variant.to() - variant.from()) + variant.tokens().length];
        System.arraycopy(main, 0, path, 0, variant.from());
        System.arraycopy(variant.tokens(), 0, path, variant.from(), variant.tokens().length);
        System.arraycopy(main, variant.to(), path, variant.from() + variant.tokens().length, main.length - variant.to());
        return path;
    }

    private static boolean isFree(List<Variant> variants, int t) {
        return variants.stream().allMatch(v -> t + VARIANT_SPACING <= v.from() || t >= v.to() + VARIANT_SPACING);
    }

    private static String textWith(List<List<String>> segments, int choice, int option) {
        return IntStream.range(0, segments.size()).mapToObj(s -> segments.get(s).get(s == choice ? option : 0))
                .collect(Collectors.joining());
    }

    /** The variant as the stretch where its tokens differ from the main path. */
    private static Variant align(int[] main, int[] other, Answer answer, int segment) {
        int prefix = 0;
        while (prefix < main.length && prefix < other.length && main[prefix] == other[prefix]) {
            prefix++;
        }
        int suffix = 0;
        while (suffix < main.length - prefix && suffix < other.length - prefix
                && main[main.length - 1 - suffix] == other[other.length - 1 - suffix]) {
            suffix++;
        }
        if (prefix == main.length && prefix == other.length) {
            throw new IllegalArgumentException("answer " + answer.id() + ": choice " + segment
                    + " has an option that tokenizes like the main one");
        }
        return new Variant(prefix, main.length - suffix, Arrays.copyOfRange(other, prefix, other.length - suffix), false);
    }
}
