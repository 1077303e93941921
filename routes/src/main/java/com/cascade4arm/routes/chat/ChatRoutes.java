package com.cascade4arm.routes.chat;

import com.cascade4arm.routes.http.ApiException;
import com.cascade4arm.routes.http.ErrorsConfiguration;
import com.cascade4arm.routes.metrics.GenAiMetrics;
import com.cascade4arm.routes.routing.RouteDecision;
import com.cascade4arm.routes.routing.RoutingService;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;

import static com.cascade4arm.routes.RouteIds.CALL_LARGE;
import static com.cascade4arm.routes.RouteIds.CALL_SMALL;
import static com.cascade4arm.routes.RouteIds.CHAT_COMPLETIONS;
import static com.cascade4arm.routes.RouteIds.SELECT_ENDPOINT;
import static com.cascade4arm.routes.RouteIds.direct;

/**
 * The cascade: parse → select endpoint by rules → call the chosen pool, the other pool as fallback. Nothing here
 * blocks, so the ingress runs these routes on the client connection's event loop (no thread hand-offs).
 */
public final class ChatRoutes extends RouteBuilder {
    private final ChatRequestParser parser;
    private final RoutingService routing;
    private final ChatDispatcher dispatcher;
    private final GenAiMetrics metrics;

    public ChatRoutes(ChatRequestParser parser, RoutingService routing, ChatDispatcher dispatcher, GenAiMetrics metrics) {
        this.parser = parser;
        this.routing = routing;
        this.dispatcher = dispatcher;
        this.metrics = metrics;
    }

    @Override
    public void configure() {
        from(direct(CHAT_COMPLETIONS)).routeId(CHAT_COMPLETIONS).routeConfigurationId(ErrorsConfiguration.ID)
                .process(e -> e.setProperty(ChatDispatcher.REQUEST, parser.parse(e.getMessage().getBody(byte[].class))))
                .to(direct(SELECT_ENDPOINT))
                .choice()
                    .when(exchangeProperty(ROUTE).isEqualTo("large")).to(direct(CALL_LARGE))
                    .otherwise().to(direct(CALL_SMALL))
                .end()
                .process(ChatRoutes::raiseDeferredError);

        from(direct(SELECT_ENDPOINT)).routeId(SELECT_ENDPOINT)
                .process(e -> {
                    ChatRequest request = e.getProperty(ChatDispatcher.REQUEST, ChatRequest.class);
                    long started = System.nanoTime();
                    RouteDecision decision = routing.decide(request.messages(), request.requestedMaxTokens(),
                            request.forcesRoute() ? request.model() : null);
                    metrics.decisionTime(System.nanoTime() - started);
                    e.setProperty(ChatDispatcher.DECISION, decision);
                    metrics.decision(decision.route(), decision.rule());
                    e.setProperty(ROUTE, decision.route());
                });

        callPool(CALL_SMALL, "small", "large");
        callPool(CALL_LARGE, "large", "small");
    }

    private static final String ROUTE = "cascade.route";

    private void callPool(String routeId, String pool, String fallbackPool) {
        from(direct(routeId)).routeId(routeId).process(new PoolCall(dispatcher, pool, fallbackPool));
    }

    private static void raiseDeferredError(Exchange exchange) {
        ApiException deferred = exchange.getProperty(ChatDispatcher.DEFERRED_ERROR, ApiException.class);
        if (deferred != null) {
            throw deferred;
        }
    }
}
