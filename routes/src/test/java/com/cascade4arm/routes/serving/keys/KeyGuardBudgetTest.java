package com.cascade4arm.routes.serving.keys;

import com.cascade4arm.openai.ApiError;
import com.cascade4arm.routes.serving.http.AdminAuth;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The guard holds a request's expected cost from admission and gives it back when the answer is charged. */
class KeyGuardBudgetTest {
    private final MemoryKeyStore store = new MemoryKeyStore();
    private final Clock clock = Clock.fixed(Instant.parse("2026-12-06T12:00:00Z"), ZoneOffset.UTC);
    private final KeyGuard guard = new KeyGuard(new KeysSettings(true, 10, 0, false), store, "Bearer internal",
            new AdminAuth(null), new SimpleMeterRegistry(), clock);
    private final String secret;

    KeyGuardBudgetTest() {
        String prefix = KeySecrets.newPrefix();
        secret = KeySecrets.newSecret(prefix);
        String salt = KeySecrets.newSalt();
        store.put(new ApiKey("k1", prefix, "team", null, List.of(), true, false, 0, 0, 1.0, null, null, Map.of(),
                Instant.EPOCH, null, salt, KeySecrets.hash(salt, secret)));
    }

    private KeyAdmission admit() {
        return guard.admission("Bearer " + secret, KeyUse.CHAT, () -> 0, key -> { }).orElseThrow();
    }

    private void answer(KeyAdmission admission, double usd) {
        guard.charge(admission.key(), new AnswerCharge("small", 10, 5, usd));
        guard.settle(admission, 10, 5, usd);
    }

    @Test
    void whileRequestsInFlightHoldTheRestOfTheBudgetANewOneIsToldToRetryShortly() {
        answer(admit(), 0.4); // the key's mean answer: 0.40
        KeyAdmission inFlight = admit(); // alone: 0.4 spent < 1.0

        assertThatThrownBy(this::admit).isInstanceOfSatisfying(ApiError.class, refused -> {
            assertThat(refused.code()).isEqualTo("budget_exceeded");
            assertThat(refused.getMessage()).contains("1 are in flight").contains("retry when they finish");
            assertThat(refused.retryAfterSeconds()).isEqualTo(1);
        });

        answer(inFlight, 0.1); // charged, then its hold released: 0.5 spent + 0.34 expected ≤ 1.0
        assertThat(admit().heldUsd()).isGreaterThan(0.33).isLessThan(0.35);
    }

    @Test
    void aStreamThatEndedBeforeItsAnswerWasChargedStillTeachesTheMean() {
        answer(admit(), 0.2);
        KeyAdmission streamed = admit();
        guard.release(streamed); // the response ended first
        answer(streamed, 0.7); // then its answer was charged

        assertThat(admit().heldUsd()).as("0.2 + 0.2 × (0.7 − 0.2)").isCloseTo(0.3, org.assertj.core.data.Offset.offset(1e-12));
    }

    @Test
    void aSpentBudgetSaysWhenItResets() {
        answer(admit(), 1.5);
        assertThatThrownBy(this::admit).isInstanceOfSatisfying(ApiError.class, refused -> {
            assertThat(refused.getMessage()).contains("has spent its daily budget").contains("2026-12-07T00:00:00Z");
            assertThat(refused.retryAfterSeconds()).isEqualTo(12 * 3600);
        });
    }
}
