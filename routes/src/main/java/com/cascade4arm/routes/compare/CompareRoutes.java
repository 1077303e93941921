package com.cascade4arm.routes.compare;

import com.cascade4arm.routes.http.ErrorsConfiguration;
import com.cascade4arm.routes.http.HttpContext;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;

import java.util.Map;

import static com.cascade4arm.routes.RouteIds.COMPARE;
import static com.cascade4arm.routes.RouteIds.COMPARE_BASELINE;
import static com.cascade4arm.routes.RouteIds.COMPARE_CASCADE;
import static com.cascade4arm.routes.RouteIds.COMPARE_HOSTED;
import static com.cascade4arm.routes.RouteIds.COMPARE_MULTICAST;
import static com.cascade4arm.routes.RouteIds.COMPARE_STREAM;
import static com.cascade4arm.routes.RouteIds.direct;

/**
 * One prompt to cascade, baseline and hosted API at once: {@code compare} (JSON) and {@code compare-stream} (SSE)
 * parse and start a run, {@code compare-multicast} fans out in parallel to the three leg routes and aggregates their
 * results; each leg streams its system and reports one {@link SystemResult}.
 */
public final class CompareRoutes extends RouteBuilder {
    private final CompareService compare;

    public CompareRoutes(CompareService compare) {
        this.compare = compare;
    }

    @Override
    public void configure() {
        from(direct(COMPARE)).routeId(COMPARE).routeConfigurationId(ErrorsConfiguration.ID)
                .process(e -> start(e, false))
                .to(direct(COMPARE_MULTICAST))
                .process(e -> e.getMessage().setBody(finish(e)));

        from(direct(COMPARE_STREAM)).routeId(COMPARE_STREAM).routeConfigurationId(ErrorsConfiguration.ID)
                .process(e -> start(e, true))
                .to(direct(COMPARE_MULTICAST))
                .process(e -> ((SseCompareEvents) run(e).events()).finish(finish(e)));

        from(direct(COMPARE_MULTICAST)).routeId(COMPARE_MULTICAST)
                .multicast(new CompareAggregation()).parallelProcessing().executorService(compare.legThreads())
                    .timeout(compare.multicastTimeoutMs())
                    .to(direct(COMPARE_CASCADE), direct(COMPARE_BASELINE), direct(COMPARE_HOSTED))
                .end();

        leg(COMPARE_CASCADE, SystemName.CASCADE);
        leg(COMPARE_BASELINE, SystemName.BASELINE);
        leg(COMPARE_HOSTED, SystemName.HOSTED);
    }

    private void leg(String routeId, SystemName system) {
        from(direct(routeId)).routeId(routeId)
                .process(e -> {
                    e.setProperty(CompareAggregation.LEG, system);
                    e.getMessage().setBody(compare.leg(system).run(run(e)));
                });
    }

    /** Validates (400/413 before anything is sent), then opens the run; the stream starts its SSE response here. */
    private void start(Exchange exchange, boolean stream) {
        CompareRequest request = compare.parser().parse(exchange.getMessage().getBody(byte[].class));
        HttpContext http = exchange.getProperty(HttpContext.PROPERTY, HttpContext.class);
        CompareEvents events = stream ? new SseCompareEvents(http) : CompareEvents.NONE;
        CompareRun run = new CompareRun(request, events, http == null ? System.nanoTime() : http.receivedAtNanos(),
                compare.settings().deadlineMs());
        if (http != null) {
            http.onClientGone(run::cancel);
        }
        if (stream) {
            http.startSse(Map.of());
        }
        exchange.setProperty(CompareRun.PROPERTY, run);
    }

    @SuppressWarnings("unchecked")
    private com.fasterxml.jackson.databind.node.ObjectNode finish(Exchange exchange) {
        CompareRun run = run(exchange);
        run.cancel(); // a leg still running past the multicast's timeout stops now
        return compare.aggregate(run, exchange.getMessage().getBody(Map.class));
    }

    private static CompareRun run(Exchange exchange) {
        return exchange.getProperty(CompareRun.PROPERTY, CompareRun.class);
    }
}
