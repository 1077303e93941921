package com.cascade4arm.routes;

import com.cascade4arm.routes.state.SharedState;
import com.cascade4arm.routes.config.CascadeConfig;
import com.cascade4arm.routes.config.ConfigBinding;
import com.cascade4arm.routes.config.GatewaySettings;
import com.cascade4arm.routes.serving.http.GatewayHttpServer;
import com.cascade4arm.routes.serving.http.GatewayHttpServerFactory;
import com.cascade4arm.routes.serving.metrics.RouteTimers;
import com.cascade4arm.routes.serving.routing.RoutingService;
import com.cascade4arm.routes.warmup.GatewayWarmup;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.ext.web.Router;
import org.apache.camel.CamelContext;
import org.apache.camel.ExtendedStartupListener;
import org.apache.camel.component.micrometer.MicrometerConstants;
import org.apache.camel.main.BaseMainSupport;
import org.apache.camel.main.MainListenerSupport;
import org.apache.camel.spi.PropertiesComponent;
import org.apache.camel.support.LifecycleStrategySupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;

/**
 * Plugs the gateway into Camel Main: before configuration it builds the shared Vert.x, meter registry and routes, and
 * hands Main the factory of the gateway's HTTP server; after start it mounts the HTTP surface on that server's router.
 * Subclasses decide where upstreams come from.
 */
public abstract class GatewayMainListener extends MainListenerSupport {
    private static final Logger LOG = LoggerFactory.getLogger(GatewayMainListener.class);
    private static final int DEFAULT_VERTX_WORKERS = 64;
    private static final long WARMUP_GRACE_MS = 10_000;

    private Vertx vertx;
    private Gateway gateway;
    private PrometheusMeterRegistry meters;
    private SharedState shared;

    /** Gives the settings their upstream URLs (e.g. by starting embedded hosts); may record extra properties. */
    protected abstract GatewaySettings resolveUpstreams(GatewaySettings settings, PropertiesComponent properties);

    /** The routing service the gateway starts with; {@code shared} holds the rule versions ({@link SharedState#startRouting}). */
    protected abstract RoutingService routing(PropertiesComponent properties, SharedState shared);

    /** Mounts anything else on the router after the API (e.g. the web console); default nothing. */
    protected void mountExtras(Router router, PrometheusMeterRegistry meters) {
    }

    /** Frees what {@link #resolveUpstreams} started; default nothing. */
    protected void releaseUpstreams() {
    }

    @Override
    public void beforeConfigure(BaseMainSupport main) {
        CamelContext camel = main.getCamelContext();
        PropertiesComponent properties = camel.getPropertiesComponent();
        // The JIT warm-up runs while the upstreams resolve (embedded hosts load their models meanwhile).
        AtomicBoolean upstreamsReady = new AtomicBoolean();
        CascadeConfig.Warmup warmupSettings = ConfigBinding.bind(properties).cascade().warmup();
        CompletableFuture<Void> warmup = warmUp(warmupSettings, main, upstreamsReady::get);
        GatewaySettings settings = resolveUpstreams(GatewaySettings.from(properties), properties);
        upstreamsReady.set(warmUpOnlyWhileResolving());
        awaitWarmup(warmup, warmupSettings);
        // One Vert.x for the HTTP server, our upstream client and any Camel component that looks one up.
        vertx = Vertx.vertx(new VertxOptions().setWorkerPoolSize(
                Integer.parseInt(properties.resolveProperty("cascade.gateway.vertx-workers")
                        .filter(s -> !s.isBlank()).orElse(String.valueOf(DEFAULT_VERTX_WORKERS)).trim())));
        meters = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        camel.getRegistry().bind(MicrometerConstants.METRICS_REGISTRY_NAME, meters);
        camel.addRoutePolicyFactory(RouteTimers.factory(meters));
        // Rule versions, runs and schedule: local files, or the database shared with the other replicas.
        shared = SharedState.open(settings.config().store(), settings.config().rulesDirectory());
        RoutingService routing = routing(properties, shared);
        shared.follow(routing);
        gateway = new Gateway(vertx, meters, settings, routing, shared);
        GracefulShutdown shutdown = GracefulShutdown.from(properties);
        camel.getRegistry().bind("vertx", vertx);
        // camel.server.enabled=true: Main takes its HTTP server from the factory in the registry, so camel.server.host
        // and .port bind the gateway's own server, which carries the edge's options and connection handlers.
        camel.getRegistry().bind("gatewayHttpServerFactory", new GatewayHttpServerFactory(vertx, gateway.edge()));
        gateway.registerWith(camel);
        gateway.routes().forEach(main.configure()::addRoutesBuilder);
        // Lifecycle hooks on the context itself, so they also fire when Main is started/stopped without run().
        addStartupListener(camel, new ExtendedStartupListener() {
            @Override
            public void onCamelContextStarted(CamelContext context, boolean alreadyStarted) {
            }

            @Override
            public void onCamelContextFullyStarted(CamelContext context, boolean alreadyStarted) {
                mountHttp(context);
            }
        });
        camel.addLifecycleStrategy(new LifecycleStrategySupport() {
            @Override
            public void onContextStopping(CamelContext context) {
                // Before Camel stops the routes and the HTTP server: in-flight answers finish, new requests get 503.
                shutdown.drain(gateway);
            }

            @Override
            public void onContextStopped(CamelContext context) {
                release();
            }
        });
    }

    /**
     * True when the warm-up should end as soon as {@link #resolveUpstreams} returned (e.g. once embedded hosts are
     * ready: the warm-up then adds nothing to the start-up time); default false: it runs its full count.
     */
    protected boolean warmUpOnlyWhileResolving() {
        return false;
    }

    /** A throwaway gateway with this one's properties runs the request path first (package warmup); none when off. */
    private static CompletableFuture<Void> warmUp(CascadeConfig.Warmup warmup, BaseMainSupport main, BooleanSupplier enough) {
        if (!warmup.enabled()) {
            return CompletableFuture.completedFuture(null);
        }
        // Either is null until something was put in it (no --key=value argument: no override properties).
        Properties inherited = new Properties();
        if (main.getInitialProperties() != null) {
            inherited.putAll(main.getInitialProperties());
        }
        if (main.getOverrideProperties() != null) {
            inherited.putAll(main.getOverrideProperties());
        }
        CompletableFuture<Void> done = new CompletableFuture<>();
        Thread thread = new Thread(() -> {
            try {
                GatewayWarmup.runLogged(warmup, inherited, enough);
            } finally {
                done.complete(null); // the real gateway starts whatever happened to the warm-up
            }
        }, "gateway-warmup");
        thread.setDaemon(true);
        thread.start();
        return done;
    }

    /** Waits for the warm-up at most its own time limit and a grace: a stuck warm-up never keeps a replica from starting. */
    private static void awaitWarmup(CompletableFuture<Void> warmup, CascadeConfig.Warmup settings) {
        try {
            warmup.get(settings.maxMs() + WARMUP_GRACE_MS, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            LOG.warn("JIT warm-up still running after {} ms; the gateway starts without waiting for it", settings.maxMs());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            LOG.warn("JIT warm-up failed: {}", e.getCause().toString());
        }
    }

    private static void addStartupListener(CamelContext camel, ExtendedStartupListener listener) {
        try {
            camel.addStartupListener(listener);
        } catch (Exception e) {
            throw new IllegalStateException("cannot hook the gateway into Camel's startup", e);
        }
    }

    private void mountHttp(CamelContext camel) {
        GatewayHttpServer server = camel.hasService(GatewayHttpServer.class);
        if (server == null) {
            throw new IllegalStateException("the gateway's HTTP server is not started: set camel.server.enabled=true");
        }
        Router router = server.router();
        gateway.bindHttp(router, server.getServerPort());
        gateway.startClusterSchedule(camel);
        mountExtras(router, meters);
        gateway.mountNotFound(router);
        String host = camel.getPropertiesComponent().resolveProperty("camel.server.host").orElse("127.0.0.1");
        announceReady("http://" + (host.equals("0.0.0.0") ? "localhost" : host) + ":" + server.getServerPort());
    }

    /** Logs where the gateway answers and how it is protected (the warm-up's throwaway gateway stays quiet). */
    protected void announceReady(String base) {
        LOG.info("Cascade4Arm ready:\n  UI       {}/\n  API      {}/v1/chat/completions\n  Metrics  {}/metrics\n  Health   {}/health",
                base, base, base, base);
        LOG.info(gateway.settings().edge().protectionSummary());
    }

    /** Rule versions, runs and schedule as this gateway shares them (or keeps them, with local files). */
    public SharedState shared() {
        return shared;
    }

    public Gateway gateway() {
        return gateway;
    }

    private void release() {
        if (gateway != null) {
            gateway.close();
        }
        releaseUpstreams();
        if (shared != null) {
            shared.close();
        }
        if (vertx != null) {
            vertx.close();
        }
    }
}
