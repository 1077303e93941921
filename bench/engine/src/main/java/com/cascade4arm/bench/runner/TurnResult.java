package com.cascade4arm.bench.runner;

/**
 * What one streamed turn of a conversation measured and reported: times in ms since it was sent ({@code ttftMs} null
 * when no content arrived), the answer text (carried into the next turn), the prompt tokens the answer reported and
 * how many of them the server took from its cache ({@code cachedTokens} null when it does not say), and — through the
 * gateway — the route, the endpoint and the prefix-affinity outcome of its {@code cascade} object.
 */
record TurnResult(
        int status,
        String error,
        Double ttftMs,
        double totalMs,
        String answer,
        Long promptTokens,
        Long cachedTokens,
        long completionTokens,
        String route,
        String endpoint,
        String prefixAffinity,
        boolean cancelled) {

    boolean ok() {
        return error == null && status >= 200 && status < 300;
    }

    /**
     * Prompt tokens the server evaluated: all but the cached ones; null when the answer reported no prompt tokens or
     * did not say how many it took from its cache (our in-process host: its timings count the whole prompt, cached or not).
     */
    Long evaluatedTokens() {
        if (promptTokens == null || cachedTokens == null) {
            return null;
        }
        return Math.max(0, promptTokens - cachedTokens);
    }

    static TurnResult failed(int status, String error, double totalMs, boolean cancelled) {
        return new TurnResult(status, error, null, totalMs, "", null, null, 0, null, null, null, cancelled);
    }
}
