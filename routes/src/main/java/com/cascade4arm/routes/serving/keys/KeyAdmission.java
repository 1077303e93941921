package com.cascade4arm.routes.serving.keys;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A request its key admitted: the key, and the prompt tokens it reserved in the key's tokens/min window (in the minute
 * starting {@code minute}), which {@link KeyGuard#settle} replaces once with what the request used.
 */
public final class KeyAdmission {
    private final ApiKey key;
    private final long reservedTokens;
    private final long minute;
    private final AtomicBoolean settled = new AtomicBoolean();

    KeyAdmission(ApiKey key, long reservedTokens, long minute) {
        this.key = key;
        this.reservedTokens = reservedTokens;
        this.minute = minute;
    }

    public ApiKey key() {
        return key;
    }

    /** Prompt tokens held in the window from admission until the request is settled. */
    public long reservedTokens() {
        return reservedTokens;
    }

    long minute() {
        return minute;
    }

    /** True the first time only: a request is settled once. */
    boolean settleOnce() {
        return settled.compareAndSet(false, true);
    }
}
