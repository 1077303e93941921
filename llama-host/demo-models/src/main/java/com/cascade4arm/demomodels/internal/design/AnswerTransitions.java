package com.cascade4arm.demomodels.internal.design;

import com.cascade4arm.demomodels.internal.SplitMix64;
import com.cascade4arm.demomodels.internal.tokenizer.BpeVocabulary;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The steps of one answer as transitions from the previous {@link Transition#CONTEXT} tokens: the main path from the
 * chat template's "assistant\n" to {@code <|im_end|>}, plus every variant's detour. The context must identify the place
 * in the answer: a repeated context with another continuation is an error in the corpus (split variants that would
 * cause one are dropped). The draft model knows the main path and the worded variants but not the re-spellings, and
 * prefers the other option at a few branch points.
 */
public final class AnswerTransitions {
    static final int CONTEXT = Transition.CONTEXT;

    private final List<Transition> target = new ArrayList<>();
    private final List<Transition> draft = new ArrayList<>();

    /**
     * @param start             the tokens before an answer's first token (CONTEXT of them)
     * @param draftDisagreement share of branch points where the draft model prefers the variant
     */
    public AnswerTransitions(AnswerPaths paths, int[] start, int endOfAnswer, double draftDisagreement, long seed,
                             BpeVocabulary vocabulary) {
        String id = paths.answer().id();
        int[] main = sequence(start, paths.main(), endOfAnswer);
        Map<Long, Integer> known = new LinkedHashMap<>();
        List<String> repeats = new ArrayList<>();
        for (int i = CONTEXT; i < main.length; i++) {
            Transition step = new Transition(Transition.pack(main, i), main[i], false);
            Integer before = known.putIfAbsent(step.context(), step.next());
            if (before != null && before != step.next()) {
                repeats.add("'" + vocabulary.decode(Arrays.copyOfRange(main, i - CONTEXT, i)) + "' is followed by '"
                        + vocabulary.text(main[i]) + "' at token " + (i - CONTEXT) + " but by '" + vocabulary.text(before)
                        + "' earlier");
            }
            target.add(step);
        }
        if (!repeats.isEmpty()) {
            throw new IllegalArgumentException("answer " + id + ": reword so that every " + CONTEXT
                    + "-token context is unique: " + String.join("; ", repeats));
        }
        Map<Long, Integer> preferred = new LinkedHashMap<>();
        SplitMix64 random = new SplitMix64(seed ^ id.hashCode());
        for (Variant variant : paths.variants()) {
            List<Transition> detour = detour(sequence(start, paths.pathWith(variant), endOfAnswer), variant, known);
            if (detour == null) {
                if (!variant.split()) {
                    throw new IllegalArgumentException("answer " + id + ": the variant '" + vocabulary.decode(variant.tokens())
                            + "' at token " + variant.from() + " creates a context that occurs elsewhere"
                            + " with another continuation");
                }
                continue;
            }
            detour.stream().filter(step -> !step.variant()).forEach(step -> known.put(step.context(), step.next()));
            target.addAll(detour);
            boolean prefers = random.nextDouble() < draftDisagreement;
            if (prefers) {
                preferred.put(detour.get(0).context(), detour.get(0).next());
            }
            // the draft knows the worded variants (not the re-spellings), and where it disagrees, its preferred one
            if (!variant.split() || prefers) {
                Transition branch = detour.get(0);
                draft.add(new Transition(branch.context(), branch.next(), !prefers));
                draft.addAll(detour.subList(1, detour.size()));
            }
        }
        Map<Long, Integer> draftAlternatives = new LinkedHashMap<>();
        draft.forEach(step -> draftAlternatives.put(step.context(), step.next()));
        for (int i = CONTEXT; i < main.length; i++) {
            long context = Transition.pack(main, i);
            Integer choice = preferred.get(context);
            Integer alternative = draftAlternatives.get(context);
            if (choice == null || (alternative != null && alternative != main[i] && !isSplitChoice(paths, choice, main, i))) {
                // where the draft prefers a worded variant, it still knows the main wording, just less
                draft.add(new Transition(context, main[i], choice != null));
            }
        }
    }

    /** Transitions the target and baseline models know: main path and variants. */
    public List<Transition> target() {
        return target;
    }

    /** Transitions the draft model knows: main path and worded variants, a few branch points preferred the other way. */
    public List<Transition> draft() {
        return draft;
    }

    /** True when the draft's preferred token at main position {@code i} starts a re-spelling (it then knows only that). */
    private static boolean isSplitChoice(AnswerPaths paths, int choice, int[] main, int i) {
        return paths.variants().stream().anyMatch(variant -> variant.split() && variant.from() == i - CONTEXT
                && variant.tokens()[0] == choice);
    }

    /** The variant's new transitions (first one marked), or null when one would contradict a known context. */
    private static List<Transition> detour(int[] path, Variant variant, Map<Long, Integer> known) {
        List<Transition> steps = new ArrayList<>();
        int first = variant.from() + CONTEXT;
        int end = Math.min(path.length, first + variant.tokens().length + CONTEXT);
        for (int i = first; i < end; i++) {
            boolean branch = i == first;
            Transition step = new Transition(Transition.pack(path, i), path[i], branch);
            Integer before = known.get(step.context());
            if (branch && before != null && before == step.next()) {
                return null; // the variant starts like the main path here: nothing to choose
            }
            if (!branch && before != null) {
                if (before != step.next()) {
                    return null;
                }
                continue; // rejoined a known step
            }
            steps.add(step);
        }
        return steps;
    }

    private static int[] sequence(int[] start, int[] tokens, int end) {
        int[] sequence = new int[tokens.length + CONTEXT + 1];
        System.arraycopy(start, 0, sequence, 0, CONTEXT);
        System.arraycopy(tokens, 0, sequence, CONTEXT, tokens.length);
        sequence[sequence.length - 1] = end;
        return sequence;
    }
}
