package com.cascade4arm.host.demo.internal;

import java.util.EnumMap;
import java.util.Map;

/**
 * The shared vocabulary and the two next-token tables of the demo family. The draft table is counted from a
 * deterministic subsample of the corpus and takes a detour on every DIVERGE_EVERY-th step of the greedy cycle
 * (see DraftDetours): the draft then agrees with the target most but not all of the time.
 */
public final class DemoTables {
    /** Largest vocabulary (bytes + pieces + specials); the one-hot embedding needs embedding width at least this. */
    public static final int MAX_VOCABULARY_SIZE = 768;
    /** The draft's corpus leaves out every DRAFT_SKIP_EVERY-th answer. */
    static final int DRAFT_SKIP_EVERY = 5;
    /** The draft disagrees with the target about every DIVERGE_EVERY steps of the greedy cycle (82% acceptance). */
    static final int DIVERGE_EVERY = 24;

    /** The draft model's least probability for its greedy successor, above llama.cpp's usual draft-p-min of 0.5. */
    static final double DRAFT_CONFIDENCE = 0.58;
    /** The target models only make the successor the favourite, so sampled answers stay varied. */
    static final double TARGET_CONFIDENCE = 0;

    private static volatile DemoTables shared;

    private final Vocabulary vocabulary;
    private final GreedyCycle cycle;
    private final Map<ModelSpec.TableVariant, NextTokenTable> tables = new EnumMap<>(ModelSpec.TableVariant.class);

    private DemoTables(Corpus corpus) {
        vocabulary = CorpusTokens.selectVocabulary(corpus, MAX_VOCABULARY_SIZE);
        BigramCounts targetCounts = BigramCounts.count(vocabulary, corpus, index -> true);
        BigramCounts draftCounts = BigramCounts.count(vocabulary, corpus,
                index -> index % DRAFT_SKIP_EVERY != DRAFT_SKIP_EVERY - 1);
        cycle = GreedyCycle.design(vocabulary, targetCounts);
        tables.put(ModelSpec.TableVariant.TARGET,
                NextTokenTable.build(vocabulary, targetCounts, cycle.successors(), TARGET_CONFIDENCE, row -> false));
        DraftDetours detours = DraftDetours.plan(vocabulary, cycle, draftCounts, DIVERGE_EVERY);
        tables.put(ModelSpec.TableVariant.DRAFT, NextTokenTable.build(vocabulary, draftCounts, detours.successors(),
                DRAFT_CONFIDENCE, detours::isDesigned));
    }

    /** The tables of the bundled corpus, built once per JVM (about a second). */
    public static DemoTables shared() {
        DemoTables tables = shared;
        if (tables == null) {
            synchronized (DemoTables.class) {
                tables = shared;
                if (tables == null) {
                    tables = new DemoTables(Corpus.load());
                    shared = tables;
                }
            }
        }
        return tables;
    }

    public Vocabulary vocabulary() {
        return vocabulary;
    }

    public GreedyCycle cycle() {
        return cycle;
    }

    public NextTokenTable table(ModelSpec.TableVariant variant) {
        return tables.get(variant);
    }

    /** The text a model with {@code variant}'s table says greedily after "\n" for {@code tokens} steps. */
    public String greedyText(ModelSpec.TableVariant variant, int tokens) {
        NextTokenTable table = table(variant);
        StringBuilder text = new StringBuilder();
        int current = vocabulary.newlineId();
        for (int k = 0; k < tokens; k++) {
            current = table.argmax(current);
            text.append(vocabulary.text(current));
        }
        return text.toString();
    }
}
