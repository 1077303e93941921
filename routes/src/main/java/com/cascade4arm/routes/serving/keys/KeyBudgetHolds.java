package com.cascade4arm.routes.serving.keys;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * What each key's requests in flight are expected to cost, held against its budgets from admission (per replica).
 * A budget is charged only when an answer's cost is known, so without holds every request admitted before the first
 * answer is charged would pass a budget that looks unspent. Here each request holds its expected cost — the key's
 * recent mean answer cost for this use (an EWMA), else the gateway's mean for it — until its answer is charged or it
 * ends unanswered, and is admitted only while spent + held + its own expected cost fits each of the key's budgets. As
 * with tokens/min, a request alone in flight needs only spent &lt; budget (a budget smaller than one answer could never
 * be used otherwise). Before any answer of that use was seen the cost is unknown: that request holds the rest of the
 * budget, so it is alone in flight.
 * <p>
 * The bound on one replica: the spend ends at most one answer past the budget (a request admitted alone) or, when
 * several were in flight, at most by what they cost beyond their estimates.
 */
final class KeyBudgetHolds {
    /** Weight of the newest answer in a mean cost: roughly the last five answers count. */
    static final double NEWEST_WEIGHT = 0.2;
    /** The gateway-wide mean of a use, for keys without answers of their own yet. */
    private static final String ANY_KEY = "*";

    private final ConcurrentMap<String, InFlight> inFlight = new ConcurrentHashMap<>();
    private final ConcurrentMap<String, Double> meanCost = new ConcurrentHashMap<>();

    /** A request's hold on its key's budgets; {@link #release} gives it back once. */
    static final class Hold {
        private final String keyId;
        /** NaN: the cost was unknown, the hold took the rest of the budget. */
        private final double usd;
        private final AtomicBoolean released = new AtomicBoolean();

        private Hold(String keyId, double usd) {
            this.keyId = keyId;
            this.usd = usd;
        }

        double usd() {
            return usd;
        }
    }

    /** Why a request was not admitted: a budget spent, or spent + held by the requests in flight. */
    record Refusal(String period, double budgetUsd, double spentUsd, double heldUsd, int requestsInFlight) {
        /** Spent outright: waiting for requests in flight will not help, only the budget's reset. */
        boolean spent() {
            return spentUsd >= budgetUsd;
        }
    }

    /** The outcome of {@link #hold}: a hold, or a refusal. */
    record Outcome(Hold hold, Refusal refusal) {
    }

    /**
     * Holds the request's expected cost when the key's budgets leave room for it. {@code spend} is read under the key's
     * lock: a charge made before its hold was released is then seen as spent (or still held), never as neither.
     */
    Outcome hold(ApiKey key, KeyUse use, Supplier<Spend> spend) {
        InFlight flight = inFlight.computeIfAbsent(key.id(), id -> new InFlight());
        synchronized (flight) {
            Spend spent = spend.get();
            double expected = expectedUsd(key.id(), use);
            Refusal refusal = refusal("daily", key.dailyBudgetUsd(), spent.todayUsd(), expected, flight);
            if (refusal == null) {
                refusal = refusal("monthly", key.monthlyBudgetUsd(), spent.monthUsd(), expected, flight);
            }
            if (refusal != null) {
                return new Outcome(null, refusal);
            }
            flight.requests++;
            if (Double.isNaN(expected)) {
                flight.unknown++;
            } else {
                flight.heldUsd += expected;
            }
            return new Outcome(new Hold(key.id(), expected), null);
        }
    }

    /**
     * An answer of {@code use} on this key cost {@code usd}: it moves the key's mean and the gateway's. Every answered
     * request of a key teaches them, with or without a budget; call it before the request's hold is released.
     */
    void answered(String keyId, KeyUse use, double usd) {
        learn(keyId + "|" + use, usd);
        learn(ANY_KEY + "|" + use, usd);
    }

    /** Gives a hold back, once; call it after the request's answer, if any, was charged to the store. */
    void release(Hold hold) {
        if (hold == null || !hold.released.compareAndSet(false, true)) {
            return;
        }
        InFlight flight = inFlight.get(hold.keyId);
        synchronized (flight) {
            flight.requests--;
            if (Double.isNaN(hold.usd)) {
                flight.unknown--;
            } else {
                flight.heldUsd -= hold.usd;
            }
            if (flight.requests == 0) {
                flight.heldUsd = 0; // no drift from adding and subtracting doubles
            }
        }
    }

    /** The cost a request of {@code use} on this key is expected to have; NaN before any such answer was seen. */
    double expectedUsd(String keyId, KeyUse use) {
        Double own = meanCost.get(keyId + "|" + use);
        if (own != null) {
            return own;
        }
        Double any = meanCost.get(ANY_KEY + "|" + use);
        return any != null ? any : Double.NaN;
    }

    private void learn(String mean, double usd) {
        meanCost.merge(mean, usd, (old, newest) -> old + NEWEST_WEIGHT * (newest - old));
    }

    private static Refusal refusal(String period, Double budget, double spent, double expected, InFlight flight) {
        if (budget == null) {
            return null;
        }
        boolean full = spent >= budget || flight.requests > 0 && (flight.unknown > 0 || Double.isNaN(expected)
                || spent + flight.heldUsd + expected > budget);
        return full ? new Refusal(period, budget, spent, flight.unknown > 0 ? Math.max(0, budget - spent)
                : flight.heldUsd, flight.requests) : null;
    }

    /** A key's requests in flight on this replica and what they hold (guarded by itself). */
    private static final class InFlight {
        int requests;
        int unknown;
        double heldUsd;
    }
}
