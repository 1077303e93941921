package com.cascade4arm.routes.serving.http;

import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.model.ProcessorDefinition;
import org.apache.camel.model.RouteDefinition;

import java.util.concurrent.ExecutorService;

/**
 * A RouteBuilder for routes that answer the HTTP API: each enters at {@code ingress:METHOD:/path}, handles its
 * errors as OpenAI errors ({@link ErrorsConfiguration}) and runs either on the connection's event loop (steps that
 * never block) or, after {@code threads()}, on the gateway's bounded worker pool (503 when it is full).
 */
public abstract class ApiRoutes extends RouteBuilder {
    private final ExecutorService workers;

    protected ApiRoutes(ExecutorService workers) {
        this.workers = workers;
    }

    /** A route for {@code method path} whose steps never block: it runs on the client connection's event loop. */
    protected RouteDefinition onEventLoop(String method, String path, String routeId) {
        return from(IngressComponent.uri(method, path)).routeId(routeId).routeConfigurationId(ErrorsConfiguration.ID);
    }

    /** A route for {@code method path} whose steps may block (files, compiles, waiting on legs): on the worker pool. */
    protected ProcessorDefinition<?> onWorkers(String method, String path, String routeId) {
        return onEventLoop(method, path, routeId)
                .threads().executorService(workers).callerRunsWhenRejected(false);
    }
}
