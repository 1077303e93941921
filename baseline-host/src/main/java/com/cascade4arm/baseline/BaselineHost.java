package com.cascade4arm.baseline;

import com.cascade4arm.host.HostConfig;
import com.cascade4arm.host.ModelEndpointServer;
import com.cascade4arm.host.ModelHosts;

import java.net.URI;

/**
 * The baseline the cascade is compared with, deployed the way most people run a model today: one full-precision
 * model, no draft model, one request at a time (the rest wait in FIFO order). Either served locally (in-process on
 * llama.cpp or by a supervised llama-server, see {@link ModelHosts}), or a proxy in front of an existing baseline
 * server (e.g. llama-server on another machine).
 */
public final class BaselineHost {

    private BaselineHost() {
    }

    /** Serves {@code config}'s model with parallel=1, serialized requests and no draft model, whatever it says. */
    public static ModelEndpointServer startLocal(HostConfig config) {
        return startLocal(config, false);
    }

    /** Like {@link #startLocal(HostConfig)}; {@code ownProcess} as in {@link ModelHosts#start(HostConfig, boolean)}. */
    public static ModelEndpointServer startLocal(HostConfig config, boolean ownProcess) {
        return ModelHosts.start(baselineOf(config), ownProcess);
    }

    /** The configuration actually used by {@link #startLocal(HostConfig)}. */
    public static HostConfig baselineOf(HostConfig config) {
        return config.withDraft(null).withParallel(1).withSerializeRequests(true);
    }

    /**
     * Forwards every request to {@code upstream} (a llama-server compatible base URL), streaming responses through.
     *
     * @param apiKey bearer token sent upstream instead of the client's Authorization header; null forwards the
     *               client's header unchanged
     * @param port   0 for an ephemeral port
     */
    public static BaselineProxy startProxy(URI upstream, String apiKey, String host, int port) {
        return BaselineProxy.start(upstream, apiKey, host, port);
    }
}
