package com.cascade4arm.routes.serving.upstream;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/** A route target: one or more interchangeable endpoints, handed out least-busy first (round-robin among ties). */
public final class UpstreamPool {
    /** system, developer, user, assistant: what llama.cpp servers without tool support template. */
    public static final Set<String> DEFAULT_ROLES = Set.of("system", "developer", "user", "assistant");
    private final String name;
    private final List<UpstreamEndpoint> endpoints;
    private final AtomicInteger rotation = new AtomicInteger();
    private final Set<String> roles;

    /** A pool serving the roles llama.cpp servers without tool support serve. */
    public UpstreamPool(String name, List<UpstreamEndpoint> endpoints) {
        this(name, endpoints, DEFAULT_ROLES);
    }

    /** {@code roles}: the message roles its endpoints serve (a request with another is refused before any call). */
    public UpstreamPool(String name, List<UpstreamEndpoint> endpoints, Set<String> roles) {
        this.roles = Set.copyOf(roles);
        if (endpoints.isEmpty()) {
            throw new IllegalArgumentException("pool " + name + " needs at least one endpoint URL");
        }
        this.name = name;
        this.endpoints = List.copyOf(endpoints);
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

    public boolean anyAvailable() {
        return endpoints.stream().anyMatch(UpstreamEndpoint::available);
    }
}
