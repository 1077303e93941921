package com.cascade4arm.routes.operator.compare;

import com.cascade4arm.routes.serving.http.Json;
import com.cascade4arm.routes.serving.keys.AnswerCharge;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What a compare costs the key that asked for it: the cascade leg at the cascade's cost model (under the tier that
 * answered) and the hosted leg at its price (under {@code hosted}) — the work the key made the gateway pay for. The
 * baseline leg is the reference the comparison is measured against and is not charged. A leg is charged for what it
 * measured, also when it ended early (a partial answer); a skipped leg or one cooling down used nothing.
 */
final class CompareCharges {
    static final String HOSTED_TIER = "hosted";

    private CompareCharges() {
    }

    static List<AnswerCharge> of(Map<SystemName, SystemResult> results) {
        List<AnswerCharge> parts = new ArrayList<>();
        if (results == null) {
            return parts;
        }
        SystemResult cascade = results.get(SystemName.CASCADE);
        if (used(cascade)) {
            parts.add(part(cascade, cascade.routing() != null && cascade.routing().route() != null
                    ? cascade.routing().route() : SystemName.CASCADE.id()));
        }
        SystemResult hosted = results.get(SystemName.HOSTED);
        if (used(hosted)) {
            parts.add(part(hosted, HOSTED_TIER));
        }
        return parts;
    }

    /**
     * The compare as the request log shows it: the cascade leg's routing and times, the tokens and cost charged.
     */
    static ObjectNode logEntry(Map<SystemName, SystemResult> results, List<AnswerCharge> charged) {
        ObjectNode entry = Json.object();
        SystemResult cascade = results == null ? null : results.get(SystemName.CASCADE);
        if (cascade != null && cascade.routing() != null) {
            entry.put("route", cascade.routing().route());
            entry.put("rule", cascade.routing().rule());
            entry.put("fallback", Boolean.TRUE.equals(cascade.routing().fallback()));
        }
        if (cascade != null) {
            entry.put("ttft_ms", cascade.measures().ttftMs());
            entry.put("total_ms", cascade.measures().totalMs());
        }
        entry.put("prompt_tokens", charged.stream().mapToLong(AnswerCharge::promptTokens).sum());
        entry.put("completion_tokens", charged.stream().mapToLong(AnswerCharge::completionTokens).sum());
        entry.put("cost_usd", charged.stream().mapToDouble(AnswerCharge::costUsd).sum());
        return entry;
    }

    private static boolean used(SystemResult result) {
        return result != null && (result.status() == SystemResult.Status.OK || result.status() == SystemResult.Status.ERROR)
                && (result.measures().completionTokens() != null || result.costUsd() != null);
    }

    private static AnswerCharge part(SystemResult result, String tier) {
        SystemResult.Measures m = result.measures();
        return new AnswerCharge(tier, m.promptTokens() == null ? 0 : m.promptTokens(),
                m.completionTokens() == null ? 0 : m.completionTokens(), result.costUsd() == null ? 0 : result.costUsd());
    }
}
