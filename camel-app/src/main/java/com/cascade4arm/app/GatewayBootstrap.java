package com.cascade4arm.app;

import com.cascade4arm.host.Engine;
import com.cascade4arm.host.HostConfig;
import com.cascade4arm.host.cpu.CpuSet;
import com.cascade4arm.host.cpu.ThreadAffinity;
import com.cascade4arm.host.demo.DemoModels;
import com.cascade4arm.routes.GatewayMainListener;
import com.cascade4arm.routes.cluster.SharedState;
import com.cascade4arm.routes.compare.SystemCpus;
import com.cascade4arm.routes.config.GatewaySettings;
import com.cascade4arm.routes.routing.RoutingService;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.ext.web.Router;
import org.apache.camel.spi.PropertiesComponent;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The application's gateway wiring: embedded demo hosts when no upstream URL is configured, the simulated hosted API
 * when asked for, and the web console.
 */
final class GatewayBootstrap extends GatewayMainListener {
    private static final int DEFAULT_EMBEDDED_SLOTS = 4;
    /** JNI hosts each in a JVM of their own (default true); false keeps them in the gateway's JVM. */
    static final String HOST_PROCESSES = "cascade.embedded.host-processes";

    private EmbeddedHosts embedded;
    private SimulatedHostedApi simulatedHosted;

    @Override
    protected GatewaySettings resolveUpstreams(GatewaySettings settings, PropertiesComponent properties) {
        GatewaySettings resolved = settings;
        if (booleanProperty(properties, SimulatedHostedApi.KEY)) {
            simulatedHosted = SimulatedHostedApi.start();
            resolved = simulatedHosted.applyTo(resolved);
        }
        return resolved.hasUpstreams() ? resolved : embedded(resolved, properties);
    }

    private GatewaySettings embedded(GatewaySettings settings, PropertiesComponent properties) {
        EmbeddedHosts.Options options = embeddedOptions(properties);
        embedded = EmbeddedHosts.start(options);
        // Compare says whether the race's two systems share CPUs: known here, where the hosts were pinned.
        SystemCpus cpus = new SystemCpus(true, cpuList(options.cpus().cascade()), cpuList(options.cpus().baseline()));
        return settings.withTierUrls(Map.of("small", List.of(embedded.small()), "large", List.of(embedded.large())))
                .withBaseline(embedded.baseline()).withCompare(settings.compare().withCpus(cpus));
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

    private static boolean booleanProperty(PropertiesComponent properties, String key) {
        String value = properties.resolveProperty(key).map(String::trim).orElse("");
        if (value.isEmpty() || value.equalsIgnoreCase("false")) {
            return false;
        }
        if (value.equalsIgnoreCase("true")) {
            return true;
        }
        throw new IllegalArgumentException(key + " must be true or false, but was " + value);
    }

    private static EmbeddedHosts.Options embeddedOptions(PropertiesComponent properties) {
        String threads = text(properties, "cascade.embedded.threads");
        String engine = text(properties, "cascade.embedded.engine");
        String llamaServer = text(properties, "cascade.embedded.llama-server");
        return new EmbeddedHosts.Options(modelsDir(properties),
                intProperty(properties, "cascade.embedded.slots", DEFAULT_EMBEDDED_SLOTS),
                threads.isEmpty() ? null : intProperty(properties, "cascade.embedded.threads", 0),
                engine.isEmpty() ? Engine.AUTO : Engine.parse(engine),
                llamaServer.isEmpty() ? null : Path.of(llamaServer),
                EmbeddedCpus.resolve(text(properties, "cascade.embedded.cascade-cpus"),
                        text(properties, "cascade.embedded.baseline-cpus"), ThreadAffinity.current()),
                text(properties, HOST_PROCESSES).isEmpty() || booleanProperty(properties, HOST_PROCESSES),
                intProperty(properties, "cascade.embedded.warmup-requests", HostConfig.DEFAULT_WARMUP_REQUESTS));
    }

    private static String text(PropertiesComponent properties, String key) {
        return properties.resolveProperty(key).map(String::trim).orElse("");
    }

    private static Path modelsDir(PropertiesComponent properties) {
        return properties.resolveProperty("cascade.embedded.models-dir").filter(s -> !s.isBlank()).map(Path::of)
                .orElseGet(DemoModels::defaultCacheDir);
    }

    private static int intProperty(PropertiesComponent properties, String key, int fallback) {
        String value = properties.resolveProperty(key).map(String::trim).orElse("");
        try {
            return value.isEmpty() ? fallback : Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " must be an integer, but was " + value);
        }
    }
}
