package com.cascade4arm.routes.serving.metrics;

import com.cascade4arm.routes.serving.http.ApiRoutes;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.apache.camel.Exchange;
import org.apache.camel.component.micrometer.MicrometerConstants;
import org.apache.camel.support.CamelContextHelper;

import java.util.concurrent.ExecutorService;

import static com.cascade4arm.routes.RouteIds.METRICS;

/**
 * {@code GET /metrics}: the Prometheus text of the registry camel-micrometer records into (bound as
 * {@link MicrometerConstants#METRICS_REGISTRY_NAME}), rendered at most once per {@code cascade.metrics.cache-ms}
 * ({@link CachedScrape}). Rendering takes milliseconds of CPU, so it runs on a thread of its own, never on the event
 * loop; the edge gives the path no token and no slot (a scraper must get through a flood).
 */
public final class MetricsRoutes extends ApiRoutes {
    /** Prometheus' text exposition format. */
    public static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

    private final long cacheMs;

    /** {@code scrapes}: where the rendering runs (one thread is enough: renderings wait for each other anyway). */
    public MetricsRoutes(ExecutorService scrapes, long cacheMs) {
        super(scrapes);
        this.cacheMs = cacheMs;
    }

    @Override
    public void configure() {
        PrometheusMeterRegistry registry = CamelContextHelper.mandatoryLookup(getContext(),
                MicrometerConstants.METRICS_REGISTRY_NAME, PrometheusMeterRegistry.class);
        CachedScrape scrape = new CachedScrape(registry::scrape, cacheMs, System::nanoTime);
        onWorkers("GET", "/metrics", METRICS)
                .setHeader(Exchange.CONTENT_TYPE, constant(CONTENT_TYPE))
                .transform().body(ignored -> scrape.get());
    }
}
