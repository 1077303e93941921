package com.cascade4arm.routes.operator.console;

import com.cascade4arm.bench.client.BenchHttp;
import com.cascade4arm.routes.serving.http.Json;
import com.cascade4arm.routes.serving.upstream.UpstreamGets;
import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reads {@link ModelFacts} from a model server's {@code /props} and {@code /v1/models} (blocking: call on a worker),
 * with the gateway's {@link UpstreamGets}.
 * A successful read is kept for {@link #DEFAULT_CACHE_MS} (the console asks on every page load; a server swapped for
 * another model shows within that time); a failed one is asked again next time.
 */
public final class ModelFactsProbe {
    /** How long a read is reused, ms. */
    public static final long DEFAULT_CACHE_MS = 60_000;
    /** Per request time limit, ms: a console page must not wait long for a server that does not answer. */
    public static final long DEFAULT_TIMEOUT_MS = 3_000;

    private record Cached(ModelFacts facts, long readAtMs) {
    }

    private final UpstreamGets gets;
    private final Map<String, Cached> cache = new ConcurrentHashMap<>();

    public ModelFactsProbe(UpstreamGets gets) {
        this.gets = gets;
    }

    /** The facts of the server at {@code baseUrl} (a trailing /v1 is dropped), labelled {@code name}. */
    public ModelFacts read(String name, URI baseUrl, String apiKey) {
        String base = baseUrl.toString().replaceAll("/+$", "").replaceAll("/v1$", "");
        long now = System.currentTimeMillis();
        Cached cached = cache.get(name + " " + base);
        if (cached != null && now - cached.readAtMs() < DEFAULT_CACHE_MS) {
            return cached.facts();
        }
        JsonNode props;
        JsonNode models;
        try {
            props = get(base + "/props", apiKey);
            models = get(base + "/v1/models", apiKey);
        } catch (IOException | RuntimeException e) {
            return ModelFacts.unreadable(name, e.getMessage() == null ? e.toString() : e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ModelFacts.unreadable(name, "interrupted");
        }
        if (props == null && models == null) {
            return ModelFacts.unreadable(name, "neither /props nor /v1/models answered");
        }
        ModelFacts facts = ModelFacts.parse(name, props, models);
        cache.put(name + " " + base, new Cached(facts, now));
        return facts;
    }

    /** The JSON of a 200 answer, null for any other status. */
    private JsonNode get(String url, String apiKey) throws IOException, InterruptedException {
        BenchHttp.Reply reply = gets.await(URI.create(url), apiKey, DEFAULT_TIMEOUT_MS);
        return reply.status() == 200 ? Json.MAPPER.readTree(reply.body()) : null;
    }
}
