package com.cascade4arm.rules.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.cascade4arm.rules.RoutingRulebook;
import com.cascade4arm.rules.decision.Decision;
import com.cascade4arm.rules.facts.PromptFacts;
import com.cascade4arm.rules.facts.PromptFactsExtractor;
import java.lang.ref.WeakReference;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Reused sessions decide each prompt afresh and keep nothing of a decision for longer than their renewal: Drools keeps
 * the fired matches of a single-pattern rule that modifies its own fact after that fact is deleted, so a session kept
 * forever grew by every decision it served.
 */
class ReusableSessionsTest {

    /** Both rules have one pattern and modify the fact it matched: the shape Drools builds an alpha terminal node for. */
    private static final String SELF_MODIFYING_RULES = """
            package com.cascade4arm.rules;
            import com.cascade4arm.rules.decision.Decision;

            rule "unmatched is everyday"
                salience 5
            when
                $d : Decision( category == null )
            then
                modify($d) { assignCategory("everyday", "no list matched") }
            end

            rule "everyday stays small"
                salience -10
            when
                $d : Decision( route == null, category == "everyday" )
            then
                modify($d) { routeSmall("everyday is light") }
            end
            """;

    private final ReusableSessions sessions =
            new ReusableSessions(RulebookCompiler.compile(Map.of("self-modifying.drl", SELF_MODIFYING_RULES)));
    private final PromptFacts facts = PromptFactsExtractor.fromPrompt("Hi there!");

    @Test
    void aDecisionIsNotKeptOnceItsSessionHasBeenRenewed() throws InterruptedException {
        WeakReference<Decision> first = new WeakReference<>(decide());
        for (int i = 0; i < ReusableSessions.RENEW_AFTER; i++) {
            decide();
        }

        for (int attempt = 0; attempt < 50 && first.get() != null; attempt++) {
            System.gc();
            Thread.sleep(20);
        }

        assertThat(first.get()).as("the first decision, after %d more on one thread", ReusableSessions.RENEW_AFTER)
                .isNull();
        assertThat(sessions.leasedCount()).isZero();
    }

    @Test
    void aRenewedSessionDecidesAsTheOneBefore() {
        for (int i = 0; i < ReusableSessions.RENEW_AFTER + 2; i++) {
            Decision decision = decide();
            assertThat(decision.getCategory()).as("decision %d", i).isEqualTo("everyday");
            assertThat(decision.getRoute()).as("decision %d", i).isEqualTo(Decision.SMALL);
        }
    }

    @Test
    void theSessionGivenBackLastIsLeasedNext() {
        ReusableSessions.Lease first = sessions.lease(new Decision());
        ReusableSessions.Lease second = sessions.lease(new Decision());
        first.close();
        second.close();

        try (ReusableSessions.Lease next = sessions.lease(new Decision())) {
            assertThat(next).as("the session still in the caches, not the one idle longest").isSameAs(second);
        }
        try (ReusableSessions.Lease again = sessions.lease(new Decision())) {
            assertThat(again).as("given back last again").isSameAs(second);
        }
    }

    @Test
    void renewalResetsTheSessionInsteadOfCreatingAnother() {
        for (int i = 0; i < 3 * ReusableSessions.RENEW_AFTER + 5; i++) {
            decide();
        }

        assertThat(sessions.createdCount()).as("sessions created for %d decisions one after the other",
                3 * ReusableSessions.RENEW_AFTER + 5).isEqualTo(1);
    }

    private Decision decide() {
        Decision decision = new Decision();
        try (ReusableSessions.Lease lease = sessions.lease(decision)) {
            lease.fire(RoutingRulebook.FIRE_LIMIT, facts, decision);
        }
        return decision;
    }
}
