package com.cascade4arm.app;

import com.cascade4arm.baseline.BaselineHost;
import com.cascade4arm.host.HostConfig;
import com.cascade4arm.host.LlamaHost;
import com.cascade4arm.host.ModelEndpointServer;
import com.cascade4arm.host.demo.DemoModel;
import com.cascade4arm.host.demo.DemoModels;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The embedded default: when no endpoint URLs are configured, run the demo models in-process on loopback ports —
 * small (demo-0.5b), large (demo-1.5b drafted by demo-0.5b) and the baseline (demo-3b, one request at a time).
 */
final class EmbeddedHosts implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedHosts.class);

    /** Context per slot: room for a long prompt plus the gateway's largest max_tokens (1024). */
    static final int SLOT_CONTEXT_TOKENS = 2048;

    private final List<ModelEndpointServer> servers = new ArrayList<>();
    private URI small;
    private URI large;
    private URI baseline;

    static EmbeddedHosts start(Path modelsDir, int slots, int threads) {
        EmbeddedHosts hosts = new EmbeddedHosts();
        try {
            Path smallModel = DemoModels.ensure(DemoModel.SMALL, modelsDir);
            Path largeModel = DemoModels.ensure(DemoModel.LARGE, modelsDir);
            Path baselineModel = DemoModels.ensure(DemoModel.BASELINE, modelsDir);
            hosts.small = hosts.add(LlamaHost.start(HostConfig.defaults(DemoModel.SMALL.id(), smallModel)
                    .withParallel(slots).withCtxSize(slots * SLOT_CONTEXT_TOKENS).withThreads(threads)));
            hosts.large = hosts.add(LlamaHost.start(HostConfig.defaults(DemoModel.LARGE.id(), largeModel)
                    .withDraft(smallModel).withParallel(slots).withCtxSize(slots * SLOT_CONTEXT_TOKENS).withThreads(threads)));
            hosts.baseline = hosts.add(BaselineHost.startLocal(HostConfig.defaults(DemoModel.BASELINE.id(), baselineModel)
                    .withCtxSize(SLOT_CONTEXT_TOKENS).withThreads(threads)));
            LOG.info("embedded hosts: small {} large {} baseline {}", hosts.small, hosts.large, hosts.baseline);
            return hosts;
        } catch (RuntimeException e) {
            hosts.close();
            throw e;
        }
    }

    private URI add(ModelEndpointServer server) {
        servers.add(server);
        return server.baseUrl();
    }

    URI small() {
        return small;
    }

    URI large() {
        return large;
    }

    URI baseline() {
        return baseline;
    }

    @Override
    public void close() {
        servers.forEach(ModelEndpointServer::close);
    }
}
