package com.cascade4arm.app;

import com.cascade4arm.host.Engine;
import com.cascade4arm.host.cpu.CpuSet;
import com.cascade4arm.host.cpu.ThreadAffinity;
import com.cascade4arm.demomodels.DemoModel;
import com.cascade4arm.demomodels.DemoModels;
import com.cascade4arm.routes.GatewayMainListener;
import com.cascade4arm.routes.state.SharedState;
import com.cascade4arm.routes.operator.compare.SystemCpus;
import com.cascade4arm.routes.config.CascadeConfig;
import com.cascade4arm.routes.config.ConfigBinding;
import com.cascade4arm.routes.config.EmbeddedConfig;
import com.cascade4arm.routes.config.GatewaySettings;
import com.cascade4arm.routes.serving.routing.RoutingService;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.ext.web.Router;
import org.apache.camel.spi.PropertiesComponent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The application's gateway wiring: embedded demo hosts when no upstream URL is configured, the simulated hosted API
 * when asked for, and the web console.
 */
final class GatewayBootstrap extends GatewayMainListener {
    private static final Logger LOG = LoggerFactory.getLogger(GatewayBootstrap.class);
    /** How long the start waits for the embedded baseline's model (demo-3b loads in seconds; a slow disk, longer). */
    private static final Duration BASELINE_READY_WITHIN = Duration.ofMinutes(2);
    private EmbeddedHosts embedded;
    private SimulatedHostedApi simulatedHosted;

    @Override
    protected GatewaySettings resolveUpstreams(GatewaySettings settings, PropertiesComponent properties) {
        GatewaySettings resolved = settings;
        CascadeConfig config = ConfigBinding.bind(properties).cascade();
        if (config.compare().hosted().simulated()) {
            simulatedHosted = SimulatedHostedApi.start();
            resolved = simulatedHosted.applyTo(resolved);
        }
        return resolved.hasUpstreams() ? resolved : embedded(resolved, config.embedded());
    }

    private GatewaySettings embedded(GatewaySettings settings, EmbeddedConfig keys) {
        // Only what is not configured: a tier (or baseline) given a URL keeps it, the demo hosts serve the rest.
        Set<DemoModel> wanted = EnumSet.noneOf(DemoModel.class);
        settings.tiers().stream().filter(tier -> tier.urls().isEmpty()).forEach(tier -> {
            if (tier.name().equals("small")) {
                wanted.add(DemoModel.SMALL);
            } else if (tier.name().equals("large")) {
                wanted.add(DemoModel.LARGE);
            }
        });
        if (settings.baselineUrl() == null) {
            wanted.add(DemoModel.BASELINE);
        }
        EmbeddedHosts.Options options = embeddedOptions(keys);
        embedded = EmbeddedHosts.start(options, wanted);
        embedded.awaitBaseline(BASELINE_READY_WITHIN); // the JIT warm-up goes on meanwhile
        // Compare says whether the race's two systems share CPUs: known here, where the hosts were pinned.
        SystemCpus cpus = new SystemCpus(true, cpuList(options.cpus().cascade()), cpuList(options.cpus().baseline()));
        Map<String, List<URI>> urls = new HashMap<>();
        if (embedded.small() != null) {
            urls.put("small", List.of(embedded.small()));
        }
        if (embedded.large() != null) {
            urls.put("large", List.of(embedded.large()));
        }
        if (urls.size() < settings.tiers().size()) {
            LOG.info("embedded hosts serve {}; the configured URLs serve the other tiers", urls.keySet());
        }
        return settings.withTierUrls(urls)
                .withBaseline(settings.baselineUrl() != null ? settings.baselineUrl() : embedded.baseline())
                .withCompare(settings.compare().withCpus(cpus));
    }

    private static String cpuList(CpuSet cpus) {
        return cpus == null ? null : cpus.toString();
    }

    /** With embedded hosts the JIT warm-up stops when they are ready: a laptop start is not made longer by it. */
    @Override
    protected boolean warmUpOnlyWhileResolving() {
        return embedded != null;
    }

    @Override
    protected RoutingService routing(PropertiesComponent properties, SharedState shared) {
        // The store's active version: version 1 is the bundled rulebook, written on first start.
        return shared.startRouting();
    }

    @Override
    protected void mountExtras(Router router, PrometheusMeterRegistry meters) {
        WebConsole.mount(router, embedded != null);
    }

    @Override
    protected void releaseUpstreams() {
        if (embedded != null) {
            embedded.close();
        }
        if (simulatedHosted != null) {
            simulatedHosted.close();
        }
    }

    /** The cascade.embedded.* keys as the hosts take them. */
    private static EmbeddedHosts.Options embeddedOptions(EmbeddedConfig keys) {
        return new EmbeddedHosts.Options(keys.modelsDir().map(Path::of).orElseGet(DemoModels::defaultCacheDir),
                keys.slots(), keys.threads().orElse(null), Engine.parse(keys.engine()),
                keys.llamaServer().map(Path::of).orElse(null),
                EmbeddedCpus.resolve(keys.cascadeCpus(), keys.baselineCpus(), ThreadAffinity.current()),
                keys.hostProcesses(), keys.warmupRequests());
    }
}
