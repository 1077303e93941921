package com.cascade4arm.routes.operator.compare;

import com.cascade4arm.routes.serving.hosted.HostedCall;
import com.cascade4arm.routes.serving.hosted.HostedRoutes;
import com.cascade4arm.routes.serving.http.ApiRoutes;
import com.cascade4arm.routes.serving.http.ErrorsConfiguration;
import com.cascade4arm.routes.serving.http.HttpContext;
import com.cascade4arm.routes.serving.http.Json;
import com.cascade4arm.routes.serving.keys.AnswerCharge;
import com.cascade4arm.routes.serving.keys.KeyAccess;
import com.cascade4arm.routes.serving.keys.KeyUse;
import com.fasterxml.jackson.databind.JsonNode;
import org.apache.camel.Exchange;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.component.http.HttpEndpoint;
import org.apache.camel.support.DefaultExchange;

import java.net.URI;
import java.util.List;
import java.util.Map;

import java.util.concurrent.ExecutorService;

import static com.cascade4arm.routes.RouteIds.ATTEMPT_SUFFIX;
import static com.cascade4arm.routes.RouteIds.COMPARE;
import static com.cascade4arm.routes.RouteIds.COMPARE_BASELINE;
import static com.cascade4arm.routes.RouteIds.COMPARE_CASCADE;
import static com.cascade4arm.routes.RouteIds.COMPARE_HOSTED;
import static com.cascade4arm.routes.RouteIds.COMPARE_MULTICAST;
import static com.cascade4arm.routes.RouteIds.COMPARE_STREAM;
import static com.cascade4arm.routes.RouteIds.COMPARE_SYSTEMS;
import static com.cascade4arm.routes.RouteIds.HOSTED_CALL;
import static com.cascade4arm.routes.RouteIds.direct;

/**
 * One prompt to the cascade, the baseline and the hosted API at once. {@code compare} (JSON) and {@code compare-stream}
 * (SSE) validate and open a run; {@code compare-multicast} fans out in parallel to one route per system and gathers
 * their results. Each system's route skips what need not run, then retries (Resilience4j, asynchronously: the route
 * goes on when the call ends) its attempt route, which calls the system with camel-http inside the system's circuit
 * breaker, at the system's chat URL ({@code toD}: the gateway's own bound URL, {@code cascade.baseline.url},
 * {@code cascade.compare.hosted.base-url}). A system's URL does not change while the gateway runs, so toD finds each
 * leg's endpoint in its cache: created at start for a URL configuration gives, on the first call for the cascade's.
 */
public final class CompareRoutes extends ApiRoutes {
    /** camel-http, streamed: the body stays the raw answer stream, and a non-2xx is an answer to read, not an exception. */
    static final String HTTP_OPTIONS = HostedRoutes.HTTP_OPTIONS;

    private final CompareService compare;
    private final KeyAccess keys;

    public CompareRoutes(CompareService compare, KeyAccess keys, ExecutorService workers) {
        super(workers);
        this.compare = compare;
        this.keys = keys;
    }

    /** A key that may not use the hosted API gets 403 for a compare that includes it (it calls a paid API). */
    private void requireHostedAllowed(Exchange exchange) {
        JsonNode body = exchange.getMessage().getBody(JsonNode.class);
        if (body == null) {
            return; // the parser answers the 400
        }
        JsonNode systems = body.path("systems");
        boolean hosted = !systems.isArray();
        for (JsonNode system : systems) {
            hosted |= SystemName.HOSTED.id().equals(system.asText());
        }
        if (hosted) { // before the run opens: the SSE variant could only say it mid-stream after
            keys.guard().requireHosted(KeyAccess.keyOf(exchange));
        }
    }

    /**
     * The calling key pays for the legs that ran on its behalf ({@link CompareCharges}); the request log gets the
     * compare's routing, tokens and cost.
     */
    @SuppressWarnings("unchecked")
    private void charge(Exchange exchange) {
        Map<SystemName, SystemResult> results = exchange.getMessage().getBody(Map.class);
        List<AnswerCharge> charged = CompareCharges.of(results);
        keys.charge(exchange, charged);
        HttpContext http = HttpContext.of(exchange);
        if (http != null) {
            http.answered(CompareCharges.logEntry(results, charged), null);
        }
    }

    @Override
    public void configure() throws Exception {
        onWorkers("POST", "/api/compare", COMPARE)
                .process(keys.admit(KeyUse.COMPARE, "compare"))
                .unmarshal(Json.tree())
                .process(this::requireHostedAllowed)
                .process(compare::open)
                .to("micrometer:counter:cascade.compare.requests?tags.answer=json")
                .to(direct(COMPARE_MULTICAST))
                .process(this::charge)
                .process(compare::answer)
                .marshal(Json.answer());

        onEventLoop("GET", "/api/compare/systems", COMPARE_SYSTEMS)
                .process(compare::describeSystems)
                .marshal(Json.answer());

        onWorkers("POST", "/api/compare/stream", COMPARE_STREAM)
                .process(keys.admit(KeyUse.COMPARE, "compare"))
                .unmarshal(Json.tree())
                .process(this::requireHostedAllowed)
                .process(compare::openStream)
                .to("micrometer:counter:cascade.compare.requests?tags.answer=sse")
                .to(direct(COMPARE_MULTICAST))
                .process(this::charge)
                .process(compare::answerStream);

        from(direct(COMPARE_MULTICAST)).routeId(COMPARE_MULTICAST).routeConfigurationId(ErrorsConfiguration.INTERNAL)
                .multicast(new CompareAggregation()).parallelProcessing().executorService(compare.legThreads())
                    .timeout(compare.multicastTimeoutMs())
                    .to(direct(COMPARE_CASCADE), direct(COMPARE_BASELINE), direct(COMPARE_HOSTED))
                .end();

        // Endpoints whose URL is known at start are created then, with their HTTP clients, as static endpoints would be:
        // a first compare does not pay for them. The cascade's is created on its first call (its port is bound later).
        getContext().addStartupListener((context, alreadyStarted) -> prepareEndpoints());

        ProducerTemplate attempts = getContext().createProducerTemplate();
        leg(COMPARE_CASCADE, SystemName.CASCADE, attempts);
        leg(COMPARE_BASELINE, SystemName.BASELINE, attempts);
        leg(COMPARE_HOSTED, SystemName.HOSTED, attempts);
    }

    private void leg(String routeId, SystemName system, ProducerTemplate attempts) {
        Leg leg = compare.leg(system);
        // The hosted API is called through the one hosted-call route (HostedRoutes) that overflowing chats use too.
        String attemptRoute = system == SystemName.HOSTED ? HOSTED_CALL : routeId + ATTEMPT_SUFFIX;
        from(direct(routeId)).routeId(routeId).routeConfigurationId(ErrorsConfiguration.INTERNAL)
                .setProperty(CompareAggregation.LEG, constant(system))
                .transform().body(CompareRun.class, leg::open)
                .filter(body().isInstanceOf(LegCall.class))
                    .process(new LegRetry(leg, call -> attempt(attempts, attemptRoute, call), compare.scheduler(),
                            compare.legThreads()))
                .end()
                .process(leg::announce);
        if (system == SystemName.HOSTED) {
            return;
        }

        from(direct(attemptRoute)).routeId(attemptRoute).routeConfigurationId(ErrorsConfiguration.INTERNAL)
                .noStreamCaching() // the answer is read event by event as it arrives, not cached whole first
                .circuitBreaker().resilience4jConfiguration().circuitBreaker(CompareService.breakerName(system)).end()
                    .process(leg::request)
                    .marshal(Json.answer())
                    .toD("${exchangeProperty." + LegCall.URL + "}" + HTTP_OPTIONS)
                    .process(leg::readAnswer)
                .onFallback()
                    .process(leg::withoutAnswer)
                .end();
    }

    /** The endpoint each configured leg's toD will name, with its HTTP client built. */
    private void prepareEndpoints() {
        for (SystemName system : SystemName.values()) {
            LegTarget target = compare.leg(system).target();
            URI base = target.base().get();
            if (base != null && target.unconfigured().get() == null) {
                try {
                    getContext().getEndpoint(target.chatUrl(base) + HTTP_OPTIONS, HttpEndpoint.class).getHttpClient();
                } catch (RuntimeException e) { // the leg's first call reports it, as it would have without this
                    log.warn("compare leg {}: its endpoint could not be prepared: {}", system.id(), e.getMessage());
                }
            }
        }
    }

    /**
     * One attempt of {@code call} through its attempt route, on the calling leg thread: camel-http's producer is
     * synchronous (Apache HttpClient's classic API), so the thread that sends also reads the answer, event by event,
     * and nothing else waits for it. The outcome is on the call's current attempt.
     */
    private LegAttempt.Outcome attempt(ProducerTemplate template, String attemptRoute, LegCall call) {
        Exchange exchange = new DefaultExchange(getContext());
        exchange.setProperty(LegCall.PROPERTY, call);
        exchange.setProperty(HostedCall.PROPERTY, call.leg()); // the steps hosted-call runs
        template.send(direct(attemptRoute), exchange);
        return call.current().outcome();
    }
}
