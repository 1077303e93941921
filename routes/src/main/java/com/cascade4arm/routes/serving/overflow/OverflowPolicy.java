package com.cascade4arm.routes.serving.overflow;

/**
 * One tier's overflow ({@code cascade.<tier>.overflow}, {@code .max-queue-ms}): whether its requests may go to the
 * hosted API, and the expected wait past which they do.
 */
public record OverflowPolicy(boolean hosted, long maxQueueMs) {
    /** No overflow: requests queue on the tier, as without the feature. */
    public static final OverflowPolicy NONE = new OverflowPolicy(false, 10_000);
}
