package com.cascade4arm.routes.operator.bench;

import com.cascade4arm.bench.client.BenchHttp;
import com.cascade4arm.bench.runner.EnvironmentProbe;
import com.cascade4arm.bench.runner.RunEnvironment;
import com.cascade4arm.bench.runner.TargetConfig;
import com.cascade4arm.routes.config.TierSettings;
import com.cascade4arm.routes.serving.cost.CostConfig;
import com.cascade4arm.routes.serving.http.Json;
import com.cascade4arm.routes.serving.upstream.UpstreamGets;
import com.fasterxml.jackson.databind.JsonNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The systems a gateway benchmark measures — only configured endpoints: {@code cascade} (the gateway itself, model
 * "auto") and, when a baseline URL is configured, {@code baseline} (model id from its /v1/models).
 */
public final class BenchTargets {
    private static final Logger LOG = LoggerFactory.getLogger(BenchTargets.class);
    public static final String CASCADE = "cascade";
    public static final String BASELINE = "baseline";
    public static final String CASCADE_MODEL = "auto";
    /** Sent when the baseline's /v1/models cannot be read; llama-server serves its one model whatever the name. */
    public static final String FALLBACK_BASELINE_MODEL = "baseline";

    private final Supplier<URI> selfUrl;
    private final URI baselineUrl;
    private final UpstreamGets gets;
    private final long timeoutMs;
    private final String selfKey;
    private final List<TierSettings> tiers;
    private final CostConfig cost;

    /**
     * @param gets        reads the baseline's model list
     * @param selfUrl     the gateway's own URL, null until its HTTP server is bound
     * @param baselineUrl may be null
     * @param selfKey     bearer token of the gateway's own loopback calls, which its per-client limits let through
     * @param tiers       the model servers behind the cascade, whose /props each run records
     * @param cost        the instance prices each run's targets carry (what each system cost over the run)
     */
    public BenchTargets(UpstreamGets gets, Supplier<URI> selfUrl, URI baselineUrl, long timeoutMs, String selfKey,
                        List<TierSettings> tiers, CostConfig cost) {
        this.gets = gets;
        this.cost = cost;
        this.tiers = List.copyOf(tiers);
        this.selfKey = selfKey;
        this.selfUrl = selfUrl;
        this.baselineUrl = baselineUrl;
        this.timeoutMs = timeoutMs;
    }

    public boolean hasBaseline() {
        return baselineUrl != null;
    }

    /** The targets of a run starting now. */
    public List<TargetConfig> resolve() {
        URI self = selfUrl.get();
        if (self == null) {
            throw new IllegalStateException("the gateway's HTTP server is not bound yet");
        }
        List<TargetConfig> targets = new ArrayList<>();
        targets.add(new TargetConfig(CASCADE, self.toString(), CASCADE_MODEL, selfKey, cost.cascadeUsdPerHour()));
        if (baselineUrl != null) {
            targets.add(new TargetConfig(BASELINE, baselineUrl.toString(), baselineModel(), null,
                    cost.baselineUsdPerHour()));
        }
        return targets;
    }

    /** Each tier's first model server as its /props describes it (engine build, model file, sha256), named "tier NAME". */
    public List<RunEnvironment.Endpoint> tierEndpoints() {
        return tiers.stream().filter(t -> !t.urls().isEmpty())
                .map(t -> props("tier " + t.name(), t.urls().get(0).toString(), t.apiKey())).toList();
    }

    /** GET /props on the gateway's Vert.x; never throws: a failure is recorded in the endpoint's {@code error}. */
    private RunEnvironment.Endpoint props(String name, String baseUrl, String apiKey) {
        try {
            BenchHttp.Reply reply = gets.await(EnvironmentProbe.propsUrl(baseUrl), apiKey, EnvironmentProbe.PROPS_TIMEOUT.toMillis());
            return EnvironmentProbe.fromProps(name, reply.status(), reply.body());
        } catch (IOException | RuntimeException e) {
            return EnvironmentProbe.failed(name, "GET /props failed: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return EnvironmentProbe.failed(name, "GET /props interrupted");
        }
    }

    private String baselineModel() {
        try {
            BenchHttp.Reply response = gets.await(URI.create(baselineUrl + "/v1/models"), null, timeoutMs);
            JsonNode id = Json.MAPPER.readTree(response.body()).path("data").path(0).path("id");
            if (response.status() == 200 && id.isTextual() && !id.asText().isBlank()) {
                return id.asText();
            }
            LOG.warn("Baseline {} listed no model (HTTP {}); asking for '{}'", baselineUrl, response.status(),
                    FALLBACK_BASELINE_MODEL);
        } catch (IOException e) {
            LOG.warn("Cannot read the baseline's model list at {}: {}; asking for '{}'", baselineUrl, e.toString(),
                    FALLBACK_BASELINE_MODEL);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return FALLBACK_BASELINE_MODEL;
    }
}
