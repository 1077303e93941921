package com.cascade4arm.rules.score;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A multinomial logistic regression over {@link Features}: per feature hash one weight per category, plus a bias. The
 * bundled model is trained during the build from the labelled prompts ({@link TrainCategoryModel}). Immutable and
 * thread-safe; scoring is one pass over the prompt's bounded window for the feature hashes, then a table probe per hash.
 */
public final class CategoryModel {

    /** Class-path resource the build writes the trained model to. */
    public static final String RESOURCE = "com/cascade4arm/rules/score/category-model.bin";

    private static final Logger LOG = LoggerFactory.getLogger(CategoryModel.class);
    /**
     * Each thread's room for a prompt's feature hashes: the window is bounded, so this is at most about 12 KB, where a
     * new array per score was a fifth of what a decision on a long prompt allocated.
     */
    private static final ThreadLocal<int[]> HASHES = ThreadLocal.withInitial(() -> new int[0]);

    private final List<String> categories;
    private final float[] bias;
    private final int[] sortedKeys;
    private final float[] sortedWeights;
    private final FeatureTable table;

    /**
     * @param sortedKeys    feature hashes in ascending order
     * @param sortedWeights per key, one weight per category (key i's weights at i * categories.size())
     */
    CategoryModel(List<String> categories, float[] bias, int[] sortedKeys, float[] sortedWeights) {
        this.categories = List.copyOf(categories);
        this.bias = bias.clone();
        this.sortedKeys = sortedKeys.clone();
        this.sortedWeights = sortedWeights.clone();
        this.table = new FeatureTable(this.sortedKeys, this.sortedWeights, this.categories.size());
    }

    /** The model built with this jar, or — when the build did not write it (an IDE build) — trained now, identically. */
    public static CategoryModel bundled() {
        return Bundled.MODEL;
    }

    /**
     * A model without features that scores every prompt 1 / (number of categories): rules that read the scores never
     * fire at their thresholds. For tests of the other rules, and for comparing routing with and without the score.
     */
    public static CategoryModel uniform() {
        return Uniform.MODEL;
    }

    /** Trains a model on labelled prompts (deterministic: the same prompts give the same bytes). */
    public static CategoryModel train(List<LabelledPrompt> prompts) {
        return ModelTrainer.train(prompts);
    }

    public List<String> categories() {
        return categories;
    }

    /** Number of features with weights. */
    public int featureCount() {
        return sortedKeys.length;
    }

    /** Category probabilities for a prompt. */
    public CategoryScores score(String prompt) {
        char[] text = Features.normalized(prompt);
        int[] hashes = HASHES.get();
        if (hashes.length < Features.capacity(text)) {
            hashes = new int[Features.capacity(text)];
            HASHES.set(hashes);
        }
        int count = Features.hashes(text, hashes);
        double[] totals = table.sums(hashes, count);
        double scale = 1 / Math.sqrt(Math.max(1, count));
        double[] logits = new double[categories.size()];
        for (int k = 0; k < logits.length; k++) {
            logits[k] = bias[k] + totals[k] * scale;
        }
        return new CategoryScores(categories, Softmax.of(logits));
    }

    /**
     * The features that pulled a prompt most towards {@code category}, strongest first, at most {@code limit}.
     * Costs a second pass over the prompt, so it is computed only when asked for.
     */
    public List<ScoreFeature> explain(String prompt, String category, int limit) {
        int target = categories.indexOf(category);
        if (target < 0) {
            return List.of();
        }
        Map<String, double[]> pull = new LinkedHashMap<>();
        int[] occurrences = {0};
        Features.extract(prompt, (hash, kind, text, start, end, start2, end2) -> {
            occurrences[0]++;
            int slot = table.find(hash);
            if (slot >= 0) {
                double mean = 0;
                for (int k = 0; k < categories.size(); k++) {
                    mean += weight(slot, k);
                }
                double towardsTarget = weight(slot, target) - mean / categories.size();
                pull.computeIfAbsent(Features.name(kind, text, start, end, start2, end2), name -> new double[1])[0]
                        += towardsTarget;
            }
        });
        double scale = 1 / Math.sqrt(Math.max(1, occurrences[0]));
        List<ScoreFeature> features = new ArrayList<>();
        pull.forEach((name, value) -> {
            if (value[0] > 0) {
                features.add(new ScoreFeature(name, Math.round(value[0] * scale * 1000) / 1000.0));
            }
        });
        features.sort(Comparator.comparingDouble(ScoreFeature::weight).reversed());
        return List.copyOf(features.subList(0, Math.min(limit, features.size())));
    }

    /** The model in its file format (see {@link ModelCodec}). */
    public byte[] toBytes() {
        return ModelCodec.write(categories, bias, sortedKeys, sortedWeights);
    }

    public static CategoryModel fromBytes(byte[] bytes) {
        return ModelCodec.read(bytes);
    }

    private float weight(int slot, int category) {
        return table.weight(slot, category);
    }

    private static final class Uniform {
        static final CategoryModel MODEL = new CategoryModel(LabelledPrompts.CATEGORIES,
                new float[LabelledPrompts.CATEGORIES.size()], new int[0], new float[0]);
    }

    /** Holder idiom: loads (or trains) the bundled model once, on first use. */
    private static final class Bundled {
        static final CategoryModel MODEL = load();

        private static CategoryModel load() {
            try (InputStream in = CategoryModel.class.getClassLoader().getResourceAsStream(RESOURCE)) {
                if (in != null) {
                    return fromBytes(in.readAllBytes());
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read the category model " + RESOURCE, e);
            }
            LOG.warn("{} is not on the classpath (built outside Maven?): training the category model from {} now",
                    RESOURCE, LabelledPrompts.RESOURCE);
            return train(LabelledPrompts.bundled());
        }
    }
}
