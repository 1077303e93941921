package com.cascade4arm.app;

import com.cascade4arm.routes.config.GatewaySettings;
import com.cascade4arm.standins.hosted.HostedApiStandIn;
import com.cascade4arm.standins.hosted.StandInConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.util.List;

/**
 * Compare's hosted column without an OpenRouter key ({@code cascade.compare.hosted.simulated=true}): a local HTTP server
 * that behaves like OpenRouter (SSE, keep-alives, usage, a 429 with Retry-After now and then so the backoff shows).
 * Labelled in words wherever it appears: its model name and its answer say "simulated", never OpenRouter.
 */
final class SimulatedHostedApi implements AutoCloseable {
    /** The model name the hosted column shows (answers, UI). */
    static final String MODEL = "simulated-hosted-api (local stand-in, not OpenRouter)";
    /** Every this-many-th request answers 429, so the race shows the backoff. */
    static final int RATE_LIMIT_EVERY = 3;
    static final String RETRY_AFTER_SECONDS = "1";
    /** Pause between streamed chunks, ms: a remote API's pace rather than loopback's. */
    static final long CHUNK_DELAY_MS = 60;
    /** Reasoning at effort medium (the default); low sends its first half, high it twice (the stand-in honours "reasoning"). */
    static final List<String> REASONING = List.of("(simulated", " reasoning:", " reading", " the", " question)");
    static final List<String> ANSWER = List.of("This", " answer", " comes", " from", " the", " simulated", " hosted",
            " API", " (a", " local", " stand-in,", " not", " OpenRouter).");
    private static final Logger LOG = LoggerFactory.getLogger(SimulatedHostedApi.class);
    private static final String KEY_VALUE = "simulated";

    private final HostedApiStandIn standIn;

    private SimulatedHostedApi(HostedApiStandIn standIn) {
        this.standIn = standIn;
    }

    /** Starts the simulated API on a free loopback port and points Compare's hosted column at it. */
    static SimulatedHostedApi start() {
        StandInConfig config = StandInConfig.DEFAULTS.withModel(MODEL).withApiKey(KEY_VALUE).withContentChunks(ANSWER)
                .withReasoningChunks(REASONING)
                .withChunkDelayMs(CHUNK_DELAY_MS).withRateLimitEvery(RATE_LIMIT_EVERY, RETRY_AFTER_SECONDS);
        SimulatedHostedApi api = new SimulatedHostedApi(HostedApiStandIn.start(0, config));
        LOG.info("Compare's hosted column is SIMULATED: a local stand-in at {} (not OpenRouter; 429 every {}th request)",
                api.standIn.baseUrl(), RATE_LIMIT_EVERY);
        return api;
    }

    GatewaySettings applyTo(GatewaySettings settings) {
        return settings.withCompare(settings.compare().withSimulatedHosted(URI.create(standIn.baseUrl()), KEY_VALUE, MODEL));
    }

    @Override
    public void close() {
        standIn.close();
    }
}
