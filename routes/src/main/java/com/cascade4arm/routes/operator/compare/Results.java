package com.cascade4arm.routes.operator.compare;

import com.fasterxml.jackson.databind.JsonNode;

/** Builds a leg's {@link SystemResult} from what its last attempt streamed, so ok and error results agree in shape. */
final class Results {
    private Results() {
    }

    /** A complete answer: text, the attempt's measures, routing (cascade), cost from the target's rule. */
    static SystemResult ok(LegTarget target, String endpoint, LegStream stream, CompareRun run, int retries,
                           double shareMs, long endNanos) {
        SystemResult.Measures measures = stream.measures(run.startedNanos(), endNanos);
        return new SystemResult(target.system(), SystemResult.Status.OK, target.model(), answeredBy(endpoint, stream),
                stream.text(), false,
                routing(stream.cascade()), measures, target.cost().cost(stream, measures, shareMs), retries, null, null);
    }

    /**
     * A failure: whatever text was shown stays (partial), times and token counts as measured until the failure; no
     * tokens per second or cost, since the answer is incomplete.
     */
    static SystemResult error(LegTarget target, String endpoint, LegStream stream, CompareRun run, int retries,
                              String message, Long cooldownSeconds) {
        long now = System.nanoTime();
        SystemResult.Measures measures;
        if (stream == null) {
            measures = new SystemResult.Measures(null, LegStream.round((now - run.startedNanos()) / 1e6), null, null,
                    null, null);
        } else {
            SystemResult.Measures m = stream.measures(run.startedNanos(), now);
            measures = new SystemResult.Measures(m.ttftMs(), m.totalMs(), m.promptTokens(), m.completionTokens(),
                    m.reasoningTokens(), null);
        }
        String text = stream == null ? "" : stream.text();
        return new SystemResult(target.system(), SystemResult.Status.ERROR, target.model(), answeredBy(endpoint, stream),
                text,
                !text.isEmpty(), stream == null ? null : routing(stream.cascade()), measures, null, retries,
                message, cooldownSeconds);
    }

    /** The cascade names the model server that answered (its cascade object's endpoint), not the gateway in front. */
    private static String answeredBy(String endpoint, LegStream stream) {
        JsonNode cascade = stream == null ? null : stream.cascade();
        JsonNode named = cascade == null ? null : cascade.get("endpoint");
        return named != null && named.isTextual() && !named.asText().isBlank() ? named.asText() : endpoint;
    }

    private static SystemResult.Routing routing(JsonNode cascade) {
        if (cascade == null || !cascade.isObject()) {
            return null;
        }
        return new SystemResult.Routing(text(cascade, "route"), text(cascade, "rule"), text(cascade, "reason"),
                cascade.path("fallback").isBoolean() ? cascade.get("fallback").asBoolean() : null,
                cascade.path("draft_acceptance").isNumber() ? cascade.get("draft_acceptance").asDouble() : null);
    }

    private static String text(JsonNode node, String field) {
        return node.path(field).isTextual() ? node.get(field).asText() : null;
    }
}
