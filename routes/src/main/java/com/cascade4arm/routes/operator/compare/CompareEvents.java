package com.cascade4arm.routes.operator.compare;

/** What a compare tells its client while it runs; the JSON endpoint ignores it, the SSE endpoint streams it. */
interface CompareEvents {
    CompareEvents NONE = new CompareEvents() {
    };

    /** A content delta from {@code system}, as it arrived. */
    default void delta(SystemName system, String content) {
    }

    /** The gateway routed {@code system}'s request (the cascade): its route and deciding rule, before any content. */
    default void routed(SystemName system, String route, String rule) {
    }

    /** {@code system} failed with a retryable answer and tries again in {@code waitMs}. */
    default void retrying(SystemName system, int attempt, long waitMs, String reason) {
    }

    /** {@code system} is done (ok or not). */
    default void result(SystemName system, SystemResult result) {
    }
}
