package com.cascade4arm.routes.serving.keys;

import java.util.concurrent.atomic.AtomicInteger;

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
    private static final int OPEN = 0;
    private static final int RELEASED = 1;
    private static final int SETTLED = 2;
    /** OPEN until answered (SETTLED) or ended unanswered (RELEASED); a late answer may still settle a RELEASED one. */
    private final AtomicInteger state = new AtomicInteger(OPEN);

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

    /** True when the request was still open and is now released (ended unanswered): its reservations go back. */
    boolean releaseOnce() {
        return state.compareAndSet(OPEN, RELEASED);
    }

    /**
     * OPEN or RELEASED before this answer settled it, null when it was already settled. A streamed response can end
     * (and release) just before its answer is charged: the answer then still counts, without a reservation to replace.
     */
    Boolean settleOnce() {
        if (state.compareAndSet(OPEN, SETTLED)) {
            return Boolean.FALSE;
        }
        return state.compareAndSet(RELEASED, SETTLED) ? Boolean.TRUE : null;
    }
}
