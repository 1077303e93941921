package com.cascade4arm.routes.serving.upstream;

import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** Prefix-affinity selection: a conversation keeps its endpoint, gives way above the load bound, and failures move only their own keys. */
class PrefixAffinitySelectionTest {
    private static final int KEYS = 2_000;

    private static UpstreamPool pool(int endpoints, int slots) {
        List<UpstreamEndpoint> list = new ArrayList<>();
        for (int i = 0; i < endpoints; i++) {
            UpstreamEndpoint endpoint = new UpstreamEndpoint("small-" + i, URI.create("http://127.0.0.1:" + (9100 + i)),
                    null, CircuitBreaker.ofDefaults("small-" + i), slots);
            endpoint.markHealth(true, "ok");
            list.add(endpoint);
        }
        return new UpstreamPool("small", list, UpstreamPool.DEFAULT_ROLES, Balance.PREFIX_AFFINITY, 1.25);
    }

    private static long key(int conversation) {
        return AffinityHash.mix(AffinityHash.text("conversation " + conversation));
    }

    private static String first(UpstreamPool pool, long key) {
        return pool.select(key).candidates().get(0).name();
    }

    @Test
    void sendsEveryRequestOfAConversationToTheSameEndpointAndSpreadsConversations() {
        UpstreamPool pool = pool(3, 0);
        Map<String, Integer> perEndpoint = new HashMap<>();
        for (int c = 0; c < KEYS; c++) {
            String chosen = first(pool, key(c));
            for (int again = 0; again < 5; again++) {
                assertThat(first(pool, key(c))).as("conversation %d, request %d", c, again).isEqualTo(chosen);
            }
            perEndpoint.merge(chosen, 1, Integer::sum);
        }
        assertThat(perEndpoint).hasSize(3).allSatisfy((name, count) ->
                assertThat(count).as(name).isBetween(KEYS / 3 - KEYS / 10, KEYS / 3 + KEYS / 10));
    }

    @Test
    void saysMissThenHitOnceTheEndpointServedTheConversation() {
        UpstreamPool pool = pool(2, 0);
        UpstreamPool.Selection first = pool.select(key(1));
        assertThat(first.outcome()).isEqualTo(AffinityOutcome.MISS);

        first.candidates().get(0).prefixes().remember(key(1));

        UpstreamPool.Selection next = pool.select(key(1));
        assertThat(next.outcome()).isEqualTo(AffinityOutcome.HIT);
        assertThat(next.candidates().get(0)).isSameAs(first.candidates().get(0));
        assertThat(next.candidates()).hasSize(2); // the other one stays as the retry
    }

    @Test
    void givesWayToTheNextEndpointWhenTheOwnOneIsAtItsLoadBound() {
        UpstreamPool pool = pool(2, 0);
        long key = key(7);
        UpstreamEndpoint own = pool.select(key).candidates().get(0);
        UpstreamEndpoint other = pool.endpoints().get(pool.endpoints().indexOf(own) == 0 ? 1 : 0);
        // 3 in flight on the own endpoint, none on the other: bound = ceil(1.25 × 4 / 2) = 3, the own one is at it.
        own.acquire();
        own.acquire();
        own.acquire();

        UpstreamPool.Selection busy = pool.select(key);
        assertThat(busy.outcome()).isEqualTo(AffinityOutcome.OVERFLOW);
        assertThat(busy.candidates()).containsExactly(other, own);

        // 2 in flight: bound = ceil(1.25 × 3 / 2) = 2, still at it; with 1 it is under its bound again.
        own.release();
        assertThat(pool.select(key).outcome()).isEqualTo(AffinityOutcome.OVERFLOW);
        own.release();
        assertThat(pool.select(key).candidates().get(0)).isSameAs(own);
        assertThat(pool.select(key).outcome()).isEqualTo(AffinityOutcome.MISS);
    }

    @Test
    void neverLetsAnEndpointPassItsBoundUnderConcurrentConversationsOfOneKey() {
        UpstreamPool pool = pool(2, 0);
        long key = key(3); // the worst case: every request of the burst prefers one endpoint
        List<UpstreamEndpoint> held = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            UpstreamEndpoint chosen = pool.select(key).candidates().get(0);
            int total = pool.endpoints().stream().mapToInt(UpstreamEndpoint::inFlight).sum() + 1;
            int bound = (int) Math.ceil(1.25 * total / 2);
            assertThat(chosen.inFlight()).as("request %d", i).isLessThan(bound);
            chosen.acquire();
            held.add(chosen);
        }
        assertThat(pool.endpoints()).allSatisfy(endpoint -> assertThat(endpoint.inFlight()).isBetween(3, 5));
        held.forEach(UpstreamEndpoint::release);
    }

    @Test
    void aFailedEndpointMovesOnlyItsOwnConversationsAndTheyComeBackWhenItRecovers() {
        UpstreamPool pool = pool(4, 0);
        Map<Integer, String> before = new HashMap<>();
        for (int c = 0; c < KEYS; c++) {
            before.put(c, first(pool, key(c)));
        }
        pool.endpoints().get(2).markHealth(false, "down");

        int moved = 0;
        for (int c = 0; c < KEYS; c++) {
            String now = first(pool, key(c));
            if (before.get(c).equals("small-2")) {
                assertThat(now).isNotEqualTo("small-2");
                moved++;
            } else {
                assertThat(now).as("conversation %d was not on the failed endpoint", c).isEqualTo(before.get(c));
            }
        }
        assertThat(moved).isBetween(KEYS / 4 - KEYS / 10, KEYS / 4 + KEYS / 10);

        pool.endpoints().get(2).markHealth(true, "ok");
        for (int c = 0; c < KEYS; c++) {
            assertThat(first(pool, key(c))).isEqualTo(before.get(c));
        }
    }

    @Test
    void aRemovedEndpointMovesOnlyItsOwnConversations() {
        UpstreamPool four = pool(4, 0);
        UpstreamPool three = new UpstreamPool("small", four.endpoints().subList(0, 3), UpstreamPool.DEFAULT_ROLES,
                Balance.PREFIX_AFFINITY, 1.25);
        for (int c = 0; c < KEYS; c++) {
            String was = first(four, key(c));
            if (!was.equals("small-3")) {
                assertThat(first(three, key(c))).as("conversation %d", c).isEqualTo(was);
            }
        }
    }

    @Test
    void leavesTheLeastBusyOrderAloneUnderLeastBusy() {
        UpstreamPool pool = new UpstreamPool("small", pool(2, 0).endpoints(), Set.of("user"));
        pool.endpoints().get(0).acquire();

        UpstreamPool.Selection selection = pool.select(key(1));
        assertThat(selection.outcome()).isNull();
        assertThat(selection.candidates().get(0).name()).isEqualTo("small-1");
        pool.endpoints().get(0).release();
    }

    @Test
    void returnsAConversationToTheSlotThatHeldItWhileThatSlotIsFree() {
        PrefixMemory slots = new PrefixMemory(2);
        int a = slots.claimSlot(key(1));
        int b = slots.claimSlot(key(2));
        assertThat(Set.of(a, b)).containsExactlyInAnyOrder(0, 1);
        assertThat(slots.claimSlot(key(3))).as("both busy: the server chooses").isEqualTo(-1);
        slots.releaseSlot(a);
        slots.releaseSlot(b);

        assertThat(slots.claimSlot(key(2))).isEqualTo(b);
        assertThat(slots.claimSlot(key(1))).isEqualTo(a);
        slots.releaseSlot(a);
        slots.releaseSlot(b);
        // A new conversation takes the slot idle longest: b (claimed again before a)
        assertThat(slots.claimSlot(key(3))).isEqualTo(b);
        assertThat(new PrefixMemory(0).claimSlot(key(1))).as("no slots configured").isEqualTo(-1);
    }
}
