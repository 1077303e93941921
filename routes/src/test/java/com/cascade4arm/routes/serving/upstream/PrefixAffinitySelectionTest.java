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

/**
 * Prefix-affinity selection: a conversation keeps its endpoint, conversations spread evenly by slots, a full replica
 * gives way to a free slot, and failures move only their own keys.
 */
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

    /** Endpoints whose servers reported {@code slots} slots each ({@code /props}' total_slots), naming none. */
    private static UpstreamPool poolWithServerSlots(int endpoints, int slots) {
        UpstreamPool pool = pool(endpoints, 0);
        pool.endpoints().forEach(endpoint -> endpoint.learnSlots(slots));
        return pool;
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
    void aFailedEndpointMovesOnlyItsOwnConversationsEvenlyAndTheyStayWhereTheirPromptNowIs() {
        UpstreamPool pool = pool(4, 0);
        Map<Integer, String> before = new HashMap<>();
        for (int c = 0; c < KEYS; c++) {
            before.put(c, first(pool, key(c)));
        }
        pool.endpoints().get(2).markHealth(false, "down");

        Map<Integer, String> after = new HashMap<>();
        Map<String, Integer> movedTo = new HashMap<>();
        for (int c = 0; c < KEYS; c++) {
            String now = first(pool, key(c));
            after.put(c, now);
            if (before.get(c).equals("small-2")) {
                assertThat(now).isNotEqualTo("small-2");
                movedTo.merge(now, 1, Integer::sum);
            } else {
                assertThat(now).as("conversation %d was not on the failed endpoint", c).isEqualTo(before.get(c));
            }
        }
        int moved = movedTo.values().stream().mapToInt(Integer::intValue).sum();
        assertThat(moved).isEqualTo(KEYS / 4); // placement kept every endpoint at its share: 500 each
        assertThat(movedTo).as("the failed one's conversations spread over the other three").hasSize(3)
                .allSatisfy((name, count) -> assertThat(count).as(name).isBetween(moved / 3 - 1, moved / 3 + 1));

        pool.endpoints().get(2).markHealth(true, "ok");
        for (int c = 0; c < KEYS; c++) {
            assertThat(first(pool, key(c))).as("conversation %d", c).isEqualTo(after.get(c));
        }
        // New conversations fill the recovered endpoint first: it holds the fewest.
        assertThat(first(pool, key(KEYS + 1))).isEqualTo("small-2");
    }

    @Test
    void aRemovedEndpointMovesItsOwnConversationsAndFewOthers() {
        UpstreamPool four = pool(4, 0);
        Map<Integer, String> was = new HashMap<>();
        for (int c = 0; c < KEYS; c++) {
            was.put(c, first(four, key(c)));
        }
        // A pool built anew (a gateway restart with one URL less) has no homes yet: it places every conversation again as
        // it comes, in the same rendezvous order but within the even shares, so most (not all) of the others stay.
        UpstreamPool three = new UpstreamPool("small", four.endpoints().subList(0, 3), UpstreamPool.DEFAULT_ROLES,
                Balance.PREFIX_AFFINITY, 1.25);
        int others = 0;
        int stayed = 0;
        for (int c = 0; c < KEYS; c++) {
            String now = first(three, key(c));
            if (!was.get(c).equals("small-3")) {
                others++;
                stayed += now.equals(was.get(c)) ? 1 : 0;
            }
        }
        assertThat((double) stayed / others).as("conversations of the remaining endpoints that stayed").isGreaterThan(0.55);
    }

    @Test
    void spreadsAFewConversationsEvenlyWhereHashingAloneWouldPileThemUp() {
        for (int trial = 0; trial < 200; trial++) {
            UpstreamPool pool = poolWithServerSlots(2, 2);
            Map<String, Integer> perEndpoint = new HashMap<>();
            for (int c = 0; c < 4; c++) {
                perEndpoint.merge(first(pool, key(trial * 100 + c)), 1, Integer::sum);
            }
            assertThat(perEndpoint).as("trial %d", trial).containsOnly(Map.entry("small-0", 2), Map.entry("small-1", 2));
        }
        UpstreamPool pool = poolWithServerSlots(2, 2);
        Map<String, Integer> twelve = new HashMap<>();
        for (int c = 0; c < 12; c++) {
            twelve.merge(first(pool, key(c)), 1, Integer::sum);
        }
        assertThat(twelve).containsOnly(Map.entry("small-0", 6), Map.entry("small-1", 6));
    }

    @Test
    void placesConversationsByEachEndpointsSlots() {
        UpstreamPool pool = poolWithServerSlots(2, 2);
        pool.endpoints().get(1).learnSlots(4); // /props: total_slots 4 on the second replica
        Map<String, Integer> perEndpoint = new HashMap<>();
        for (int c = 0; c < 12; c++) {
            perEndpoint.merge(first(pool, key(c)), 1, Integer::sum);
        }
        assertThat(perEndpoint).containsOnly(Map.entry("small-0", 4), Map.entry("small-1", 8));
    }

    @Test
    void aFullReplicaGivesANewTurnToAFreeSlotElsewhereButKeepsItWhenAllAreFull() {
        UpstreamPool pool = poolWithServerSlots(2, 2);
        long key = key(5);
        UpstreamEndpoint own = pool.select(key).candidates().get(0);
        UpstreamEndpoint other = pool.endpoints().get(pool.endpoints().indexOf(own) == 0 ? 1 : 0);
        own.acquire();
        assertThat(pool.select(key).candidates().get(0)).as("one slot still free at home").isSameAs(own);
        own.acquire();
        // Home's 2 slots are busy, the other has 2 free: a third request here would queue (and the factor bound,
        // ceil(1.25 × 3 × 2/4) = 2, says the same).
        UpstreamPool.Selection full = pool.select(key);
        assertThat(full.outcome()).isEqualTo(AffinityOutcome.OVERFLOW);
        assertThat(full.candidates()).containsExactly(other, own);

        other.acquire();
        other.acquire();
        // Every slot is busy: queueing at home (where the prompt is cached) beats queueing anywhere else, up to the
        // bound ceil(1.25 × 5 × 2/4) = 4.
        assertThat(pool.select(key).candidates().get(0)).isSameAs(own);
        own.acquire();
        own.acquire();
        own.acquire();
        assertThat(pool.select(key).candidates().get(0)).as("5 on home, 2 on the other: at the bound ceil(1.25 × 8 × 2/4)")
                .isSameAs(other);
        List.of(own, own, own, own, own, other, other).forEach(UpstreamEndpoint::release);
    }

    @Test
    void aConversationIdleLongerThanTheLiveWindowNoLongerCountsWhenNewOnesArePlaced() {
        long[] now = {0};
        ConversationHomes homes = new ConversationHomes(new long[]{11, 22}, i -> true, i -> 1, 1_000, () -> now[0]);
        int a = homes.homeOf(key(1)).endpoint();
        int b = homes.homeOf(key(2)).endpoint();
        assertThat(b).as("the second conversation goes to the other endpoint").isEqualTo(1 - a);
        now[0] = 2_000; // both idle past the window
        homes.homeOf(key(1)); // conversation 1 speaks again: live on a
        // Only conversation 1 counts: the new ones go to the other endpoint first, then alternate.
        assertThat(homes.homeOf(key(3)).endpoint()).isEqualTo(1 - a);
        assertThat(homes.homeOf(key(1))).isEqualTo(new ConversationHomes.Home(a, false));
        assertThat(homes.homeOf(key(2))).as("an idle conversation keeps its home").isEqualTo(
                new ConversationHomes.Home(b, false));
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
