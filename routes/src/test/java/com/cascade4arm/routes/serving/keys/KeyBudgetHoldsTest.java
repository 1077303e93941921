package com.cascade4arm.routes.serving.keys;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

/** A request holds its expected cost against its key's budgets from admission until its answer is charged. */
class KeyBudgetHoldsTest {
    private final KeyBudgetHolds holds = new KeyBudgetHolds();
    private final AtomicReference<Spend> spent = new AtomicReference<>(Spend.NONE);

    private static ApiKey key(String id, Double daily, Double monthly) {
        return new ApiKey(id, "abcd1234", "team", null, List.of(), true, false, 0, 0, daily, monthly, null, Map.of(),
                Instant.EPOCH, null, "salt", "hash");
    }

    private int admitted(ApiKey key, int concurrent) {
        int admitted = 0;
        for (int i = 0; i < concurrent; i++) {
            if (holds.hold(key, KeyUse.CHAT, spent::get).hold() != null) {
                admitted++;
            }
        }
        return admitted;
    }

    @Test
    void beforeAnyAnswerTheCostIsUnknownSoOneRequestIsInFlightAtATime() {
        ApiKey key = key("k1", 1.0, null);
        KeyBudgetHolds.Outcome first = holds.hold(key, KeyUse.CHAT, spent::get);
        KeyBudgetHolds.Outcome second = holds.hold(key, KeyUse.CHAT, spent::get);

        assertThat(first.hold()).isNotNull();
        assertThat(first.hold().usd()).isNaN();
        assertThat(second.refusal()).isNotNull();
        assertThat(second.refusal().spent()).as("held, not spent: worth a retry").isFalse();
        assertThat(second.refusal().requestsInFlight()).isEqualTo(1);
    }

    @Test
    void concurrentRequestsAreAdmittedOnlyWhileSpentPlusHeldStaysUnderTheBudget() {
        ApiKey key = key("k1", 1.0, null);
        holds.answered("k1", KeyUse.CHAT, 0.3); // the key's answers cost 0.30 so far
        spent.set(new Spend(0.2, 0.2));

        // 0.2 spent: the first is alone; the second fits (0.2 + 0.3 held + 0.3 ≤ 1.0), a third would not (1.1).
        assertThat(admitted(key, 16)).isEqualTo(2);
    }

    @Test
    void aBudgetBelowOneAnswerAdmitsOneRequestOfABurst() {
        holds.answered("other", KeyUse.CHAT, 2e-6); // the gateway's mean answer, for a key with none of its own
        assertThat(admitted(key("k1", 1e-12, null), 16)).isEqualTo(1);
    }

    @Test
    void aChargedAnswerReleasesItsHoldAndTeachesTheMean() {
        ApiKey key = key("k1", 1.0, null);
        holds.answered("k1", KeyUse.CHAT, 0.4);
        KeyBudgetHolds.Hold a = holds.hold(key, KeyUse.CHAT, spent::get).hold();
        KeyBudgetHolds.Hold b = holds.hold(key, KeyUse.CHAT, spent::get).hold();
        assertThat(holds.hold(key, KeyUse.CHAT, spent::get).refusal()).as("0.8 held + 0.4 expected > 1.0").isNotNull();

        spent.set(new Spend(0.1, 0.1)); // a was answered for 0.1: charged first, then released
        holds.answered("k1", KeyUse.CHAT, 0.1);
        holds.release(a);
        holds.release(a); // once only
        assertThat(holds.expectedUsd("k1", KeyUse.CHAT)).isCloseTo(0.4 + KeyBudgetHolds.NEWEST_WEIGHT * (0.1 - 0.4),
                offset(1e-12));
        assertThat(holds.hold(key, KeyUse.CHAT, spent::get).hold()).as("0.1 spent + 0.4 held + 0.34 expected ≤ 1.0").isNotNull();

        holds.release(b); // b ended unanswered: its hold is back, nothing learned
        assertThat(holds.expectedUsd("k1", KeyUse.CHAT)).isCloseTo(0.34, offset(1e-12));
    }

    @Test
    void aSpentBudgetIsRefusedAsSpentAndTheMonthlyBudgetCountsToo() {
        spent.set(new Spend(0.5, 9.5));
        KeyBudgetHolds.Refusal daily = holds.hold(key("k1", 0.5, null), KeyUse.CHAT, spent::get).refusal();
        assertThat(daily.period()).isEqualTo("daily");
        assertThat(daily.spent()).isTrue();

        holds.answered("k2", KeyUse.CHAT, 1.0);
        ApiKey monthly = key("k2", null, 10.0);
        assertThat(holds.hold(monthly, KeyUse.CHAT, spent::get).hold()).as("nothing in flight, 9.5 < 10").isNotNull();
        KeyBudgetHolds.Refusal held = holds.hold(monthly, KeyUse.CHAT, spent::get).refusal();
        assertThat(held.period()).isEqualTo("monthly");
        assertThat(held.spent()).isFalse();
        assertThat(held.heldUsd()).isEqualTo(1.0);
    }

    @Test
    void eachUseHasItsOwnMean() {
        holds.answered("k1", KeyUse.COMPARE, 0.9);
        assertThat(holds.expectedUsd("k1", KeyUse.CHAT)).isNaN();
        assertThat(holds.expectedUsd("k2", KeyUse.COMPARE)).as("the gateway's mean").isEqualTo(0.9);
    }
}
