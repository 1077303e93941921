package com.cascade4arm.routes.operator.compare;

import com.cascade4arm.routes.serving.http.Json;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Map;
import java.util.function.Function;

/**
 * Cascade vs baseline and vs hosted, computed only from the numbers the systems reported: each ratio is the
 * cascade's value ÷ the other system's (TTFT, total, cost: below 1 = cascade better; tokens/s: above 1 = cascade
 * better), rounded to 4 decimals; null unless both systems are {@code ok} and both numbers exist and the divisor is > 0.
 */
final class Ratios {
    private static final double SCALE = 10_000.0;

    private Ratios() {
    }

    static ObjectNode of(Map<SystemName, SystemResult> results) {
        ObjectNode ratios = Json.object();
        SystemResult cascade = results.get(SystemName.CASCADE);
        ratios.set("cascade_vs_baseline", pair(cascade, results.get(SystemName.BASELINE)));
        ratios.set("cascade_vs_hosted", pair(cascade, results.get(SystemName.HOSTED)));
        return ratios;
    }

    private static ObjectNode pair(SystemResult cascade, SystemResult other) {
        ObjectNode pair = Json.object();
        pair.put("ttft", ratio(cascade, other, r -> r.measures().ttftMs()));
        pair.put("total", ratio(cascade, other, r -> r.measures().totalMs()));
        pair.put("tokens_per_second", ratio(cascade, other, r -> r.measures().tokensPerSecond()));
        pair.put("cost", ratio(cascade, other, SystemResult::costUsd));
        return pair;
    }

    static Double ratio(SystemResult cascade, SystemResult other, Function<SystemResult, Double> number) {
        if (!ok(cascade) || !ok(other)) {
            return null;
        }
        Double numerator = number.apply(cascade);
        Double divisor = number.apply(other);
        if (numerator == null || divisor == null || divisor <= 0) {
            return null;
        }
        return Math.round(numerator / divisor * SCALE) / SCALE;
    }

    private static boolean ok(SystemResult result) {
        return result != null && result.status() == SystemResult.Status.OK;
    }
}
