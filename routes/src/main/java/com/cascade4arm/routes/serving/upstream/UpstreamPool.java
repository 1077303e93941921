package com.cascade4arm.routes.serving.upstream;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A route target: one or more interchangeable endpoints, handed out least-busy first (round-robin among ties), or,
 * with {@link Balance#PREFIX_AFFINITY}, a conversation's own endpoint first ({@link #select}).
 */
public final class UpstreamPool {
    /** How far above the average in-flight count an endpoint may go before its conversations give way. */
    public static final double DEFAULT_LOAD_FACTOR = 1.25;
    /** A conversation idle this long no longer counts on its endpoint when new ones are placed (a user's long pause). */
    static final long CONVERSATION_LIVE_MS = 15 * 60_000;
    /** system, developer, user, assistant: what llama.cpp servers without tool support template. */
    public static final Set<String> DEFAULT_ROLES = Set.of("system", "developer", "user", "assistant");
    private final String name;
    private final List<UpstreamEndpoint> endpoints;
    private final AtomicInteger rotation = new AtomicInteger();
    private final Set<String> roles;
    private final Balance balance;
    private final double loadFactor;
    /** Each conversation's home endpoint (prefix affinity). */
    private final ConversationHomes homes;

    /** A pool serving the roles llama.cpp servers without tool support serve. */
    public UpstreamPool(String name, List<UpstreamEndpoint> endpoints) {
        this(name, endpoints, DEFAULT_ROLES);
    }

    /** {@code roles}: the message roles its endpoints serve (a request with another is refused before any call). */
    public UpstreamPool(String name, List<UpstreamEndpoint> endpoints, Set<String> roles) {
        this(name, endpoints, roles, Balance.LEAST_BUSY, DEFAULT_LOAD_FACTOR);
    }

    /**
     * {@code balance}: how endpoints are picked; {@code loadFactor}: with prefix affinity, an endpoint with
     * ceil(loadFactor × its slot share of the requests in flight) or more gives a conversation to a less busy one.
     */
    public UpstreamPool(String name, List<UpstreamEndpoint> endpoints, Set<String> roles, Balance balance,
                        double loadFactor) {
        if (!(loadFactor >= 1.0)) {
            throw new IllegalArgumentException("pool " + name + ": the load factor must be at least 1, but was " + loadFactor);
        }
        this.balance = balance;
        this.loadFactor = loadFactor;
        this.roles = Set.copyOf(roles);
        if (endpoints.isEmpty()) {
            throw new IllegalArgumentException("pool " + name + " needs at least one endpoint URL");
        }
        this.name = name;
        this.endpoints = List.copyOf(endpoints);
        long[] seeds = new long[endpoints.size()];
        for (int i = 0; i < seeds.length; i++) {
            // By name, not position: a replica keeps its conversations when others are added or removed.
            seeds[i] = AffinityHash.mix(AffinityHash.text(this.endpoints.get(i).name()));
        }
        this.homes = new ConversationHomes(seeds, i -> this.endpoints.get(i).available(),
                i -> weight(this.endpoints.get(i)), CONVERSATION_LIVE_MS, () -> System.nanoTime() / 1_000_000);
    }

    public Balance balance() {
        return balance;
    }

    /** What one request got from {@link #select}: endpoints to try, best first, and how affinity went (null: off). */
    public record Selection(List<UpstreamEndpoint> candidates, AffinityOutcome outcome) {
    }

    /**
     * Endpoints for a request whose conversation has affinity key {@code key}: with prefix affinity, the conversation's
     * home first ({@link ConversationHomes}: placed evenly by slots, kept while available), unless it is busy — at its
     * slot count while another endpoint has a slot free (a free slot elsewhere starts now; the home would queue it), or
     * at its load bound ceil(loadFactor × requests in flight × its slots / the pool's slots) — then the least busy
     * other endpoint; the rest follow least-busy first. Otherwise {@link #candidates()}.
     */
    public Selection select(long key) {
        if (balance != Balance.PREFIX_AFFINITY) {
            return new Selection(candidates(), null);
        }
        int n = endpoints.size();
        int available = 0;
        int total = 1; // this request counts towards the average it is bounded by
        long totalWeight = 0;
        for (UpstreamEndpoint endpoint : endpoints) {
            if (endpoint.available()) {
                available++;
                total += endpoint.inFlight();
                totalWeight += weight(endpoint);
            }
        }
        if (available == 0) {
            return new Selection(List.of(), AffinityOutcome.MISS);
        }
        int home = homes.homeOf(key).endpoint();
        if (home < 0) {
            return new Selection(candidates(), AffinityOutcome.MISS); // the last one went down since the count above
        }
        UpstreamEndpoint own = endpoints.get(home);
        int chosen = home;
        if (own.inFlight() >= capacity(own)) {
            chosen = leastBusyOther(home, true);
        }
        if (chosen == home) {
            long bound = (long) Math.ceil(loadFactor * total * weight(own) / totalWeight);
            if (own.inFlight() >= bound) {
                chosen = leastBusyOther(home, false);
            }
        }
        List<UpstreamEndpoint> ordered = new ArrayList<>(available);
        UpstreamEndpoint first = endpoints.get(chosen);
        ordered.add(first);
        for (int i = 0; i < n; i++) {
            if (i != chosen && endpoints.get(i).available()) {
                ordered.add(endpoints.get(i));
            }
        }
        if (ordered.size() > 2) {
            ordered.subList(1, ordered.size()).sort(Comparator.comparingInt(UpstreamEndpoint::inFlight));
        }
        AffinityOutcome outcome = chosen != home ? AffinityOutcome.OVERFLOW
                : first.prefixes().served(key) ? AffinityOutcome.HIT : AffinityOutcome.MISS;
        return new Selection(ordered, outcome);
    }

    /**
     * The available endpoint other than {@code home} with the fewest requests in flight per slot — only among those
     * with a free slot when {@code freeSlotOnly}, else only one less busy than the home — or {@code home} when there is
     * none.
     */
    private int leastBusyOther(int home, boolean freeSlotOnly) {
        int best = -1;
        for (int i = 0; i < endpoints.size(); i++) {
            UpstreamEndpoint endpoint = endpoints.get(i);
            if (i == home || !endpoint.available() || freeSlotOnly && endpoint.inFlight() >= capacity(endpoint)) {
                continue;
            }
            // in flight per slot, compared without division: a/wa < b/wb  <=>  a·wb < b·wa
            if (best < 0 || (long) endpoint.inFlight() * weight(endpoints.get(best))
                    < (long) endpoints.get(best).inFlight() * weight(endpoint)) {
                best = i;
            }
        }
        if (best < 0 || !freeSlotOnly && (long) endpoints.get(best).inFlight() * weight(endpoints.get(home))
                >= (long) endpoints.get(home).inFlight() * weight(endpoints.get(best))) {
            return home; // no one (less busy than the home): the conversation stays where its prompt is
        }
        return best;
    }

    /** An endpoint's share of the pool: its slots, 1 when unknown. */
    private static int weight(UpstreamEndpoint endpoint) {
        return Math.max(1, endpoint.slots());
    }

    /** The requests an endpoint runs at once (its slots); unbounded when unknown. */
    private static int capacity(UpstreamEndpoint endpoint) {
        int slots = endpoint.slots();
        return slots > 0 ? slots : Integer.MAX_VALUE;
    }

    public String name() {
        return name;
    }

    /** The message roles this pool's endpoints serve. */
    public Set<String> roles() {
        return roles;
    }

    public List<UpstreamEndpoint> endpoints() {
        return endpoints;
    }

    /** Endpoints to try, best first; empty when none is available. */
    public List<UpstreamEndpoint> candidates() {
        int start = Math.floorMod(rotation.getAndIncrement(), endpoints.size());
        List<UpstreamEndpoint> ordered = new ArrayList<>(endpoints.size());
        for (int i = 0; i < endpoints.size(); i++) {
            UpstreamEndpoint endpoint = endpoints.get((start + i) % endpoints.size());
            if (endpoint.available()) {
                ordered.add(endpoint);
            }
        }
        ordered.sort(Comparator.comparingInt(UpstreamEndpoint::inFlight)); // stable: ties keep the rotation order
        return ordered;
    }

    /**
     * The shortest expected wait among the available endpoints (in flight × recent time per request, ms): what a request
     * sent now would wait before its turn; +infinity when no endpoint is available.
     */
    public double expectedWaitMs() {
        double best = Double.POSITIVE_INFINITY;
        for (UpstreamEndpoint endpoint : endpoints) {
            if (endpoint.available()) {
                best = Math.min(best, endpoint.expectedWaitMs());
            }
        }
        return best;
    }

    public boolean anyAvailable() {
        return endpoints.stream().anyMatch(UpstreamEndpoint::available);
    }
}
