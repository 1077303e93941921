package com.cascade4arm.routes.serving.keys;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A request its key admitted: the key, what it was admitted for, the prompt tokens it reserved in the key's tokens/min
 * window (in the minute starting {@code minute}) and its hold on the key's budgets (null: the key has none), which
 * {@link KeyGuard#settle} (or {@link KeyGuard#release}) replaces once with what the request used.
 */
public final class KeyAdmission {
    private final ApiKey key;
    private final KeyUse use;
    private final long reservedTokens;
    private final KeyBudgetHolds.Hold budgetHold;
    private final long minute;
    private final AtomicBoolean settled = new AtomicBoolean();

    KeyAdmission(ApiKey key, KeyUse use, long reservedTokens, KeyBudgetHolds.Hold budgetHold, long minute) {
        this.key = key;
        this.use = use;
        this.reservedTokens = reservedTokens;
        this.budgetHold = budgetHold;
        this.minute = minute;
    }

    public ApiKey key() {
        return key;
    }

    /** Prompt tokens held in the window from admission until the request is settled. */
    public long reservedTokens() {
        return reservedTokens;
    }

    KeyUse use() {
        return use;
    }

    /** The expected cost held against the key's budgets until settled (0 without budgets; NaN: not known yet). */
    public double heldUsd() {
        return budgetHold == null ? 0 : budgetHold.usd();
    }

    KeyBudgetHolds.Hold budgetHold() {
        return budgetHold;
    }

    long minute() {
        return minute;
    }

    /** True the first time only: a request is settled once. */
    boolean settleOnce() {
        return settled.compareAndSet(false, true);
    }
}
