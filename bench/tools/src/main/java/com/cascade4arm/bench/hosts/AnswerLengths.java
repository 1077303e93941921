package com.cascade4arm.bench.hosts;

import com.cascade4arm.bench.stats.Percentiles;
import com.cascade4arm.bench.suite.Prompt;
import com.cascade4arm.bench.suite.PromptSuite;
import com.cascade4arm.demomodels.DemoModel;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How long each model's answers are, per suite category, at default sampling and a generous max_tokens: the demo models
 * end their answers themselves, and a fair comparison needs similar lengths from every size for the same prompt.
 */
final class AnswerLengths {
    private final Map<DemoModel, Map<String, List<Integer>>> lengths = new LinkedHashMap<>();
    private final List<Double> sizeSpread = new ArrayList<>();

    private AnswerLengths() {
    }

    static AnswerLengths measure(Map<DemoModel, BenchEndpoint> endpoints, List<Prompt> prompts, int maxTokens) throws Exception {
        AnswerLengths result = new AnswerLengths();
        endpoints.keySet().forEach(model -> result.lengths.put(model, new LinkedHashMap<>()));
        int seed = 1;
        for (Prompt prompt : prompts) {
            List<Integer> perModel = new ArrayList<>();
            for (var entry : endpoints.entrySet()) {
                int tokens = ChatCall.send(entry.getValue().url(), prompt.prompt(), maxTokens, null, seed).tokens();
                result.lengths.get(entry.getKey()).computeIfAbsent(prompt.category(), c -> new ArrayList<>()).add(tokens);
                perModel.add(tokens);
            }
            seed++;
            int max = perModel.stream().mapToInt(Integer::intValue).max().orElse(0);
            int min = perModel.stream().mapToInt(Integer::intValue).min().orElse(0);
            result.sizeSpread.add(max == 0 ? 0 : (max - min) / (double) max);
        }
        return result;
    }

    void print() {
        System.out.println("answer lengths (default sampling, all suite prompts, completion tokens: median [min-max])");
        StringBuilder header = new StringBuilder(String.format(Locale.ROOT, "  %-10s", ""));
        PromptSuite.CATEGORIES.forEach(category -> header.append(String.format(Locale.ROOT, "%-18s", category)));
        System.out.println(header);
        lengths.forEach((model, byCategory) -> {
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "  %-10s", model.id()));
            for (String category : PromptSuite.CATEGORIES) {
                List<Integer> values = byCategory.getOrDefault(category, List.of());
                line.append(values.isEmpty() ? String.format(Locale.ROOT, "%-18s", "-") : String.format(Locale.ROOT,
                        "%-18s", String.format(Locale.ROOT, "%.0f [%d-%d]", Percentiles.median(values),
                                values.stream().mapToInt(Integer::intValue).min().orElse(0),
                                values.stream().mapToInt(Integer::intValue).max().orElse(0))));
            }
            System.out.println(line.toString().stripTrailing());
        });
        System.out.printf(Locale.ROOT, "  same prompt across sizes: (longest - shortest) / longest, median %.2f, p90 %.2f%n",
                Percentiles.median(sizeSpread), Percentiles.percentile(sizeSpread, 90));
    }
}
