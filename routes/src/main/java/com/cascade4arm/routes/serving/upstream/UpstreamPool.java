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
    /** system, developer, user, assistant: what llama.cpp servers without tool support template. */
    public static final Set<String> DEFAULT_ROLES = Set.of("system", "developer", "user", "assistant");
    private final String name;
    private final List<UpstreamEndpoint> endpoints;
    private final AtomicInteger rotation = new AtomicInteger();
    private final Set<String> roles;
    private final Balance balance;
    private final double loadFactor;
    /** Per endpoint (same order): its fixed rendezvous-hash seed, from its name. */
    private final long[] seeds;

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
     * ceil(loadFactor × average in-flight) requests or more gives a conversation to the next in its order.
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
        this.seeds = new long[endpoints.size()];
        for (int i = 0; i < seeds.length; i++) {
            // By name, not position: a replica keeps its conversations when others are added or removed.
            seeds[i] = AffinityHash.mix(AffinityHash.text(this.endpoints.get(i).name()));
        }
    }

    public Balance balance() {
        return balance;
    }

    /** What one request got from {@link #select}: endpoints to try, best first, and how affinity went (null: off). */
    public record Selection(List<UpstreamEndpoint> candidates, AffinityOutcome outcome) {
    }

    /**
     * Endpoints for a request whose conversation has affinity key {@code key}: with prefix affinity, the available
     * endpoint with the highest rendezvous score for the key among those under the load bound first, then the rest
     * least-busy first; otherwise {@link #candidates()}. One pass over the endpoints; a failed endpoint moves only its
     * own conversations (each key's order of the others stays as it was).
     */
    public Selection select(long key) {
        if (balance != Balance.PREFIX_AFFINITY) {
            return new Selection(candidates(), null);
        }
        int n = endpoints.size();
        int available = 0;
        int total = 1; // this request counts towards the average it is bounded by
        for (UpstreamEndpoint endpoint : endpoints) {
            if (endpoint.available()) {
                available++;
                total += endpoint.inFlight();
            }
        }
        if (available == 0) {
            return new Selection(List.of(), AffinityOutcome.MISS);
        }
        int bound = (int) Math.ceil(loadFactor * total / available);
        int preferred = -1;
        int chosen = -1;
        long preferredScore = Long.MIN_VALUE;
        long chosenScore = Long.MIN_VALUE;
        for (int i = 0; i < n; i++) {
            UpstreamEndpoint endpoint = endpoints.get(i);
            if (!endpoint.available()) {
                continue;
            }
            long score = AffinityHash.mix(key ^ seeds[i]);
            if (preferred < 0 || score > preferredScore) {
                preferred = i;
                preferredScore = score;
            }
            if (endpoint.inFlight() < bound && (chosen < 0 || score > chosenScore)) {
                chosen = i;
                chosenScore = score;
            }
        }
        if (chosen < 0) {
            chosen = preferred; // every endpoint at its bound (only when loadFactor rounds down): stay with the own one
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
        AffinityOutcome outcome = chosen != preferred ? AffinityOutcome.OVERFLOW
                : first.prefixes().served(key) ? AffinityOutcome.HIT : AffinityOutcome.MISS;
        return new Selection(ordered, outcome);
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
