package com.cascade4arm.routes.serving.http;

import io.vertx.core.http.HttpMethod;
import org.apache.camel.Consumer;
import org.apache.camel.Processor;
import org.apache.camel.Producer;
import org.apache.camel.support.DefaultEndpoint;

/** One method and path of the gateway's HTTP API; consumer only (the gateway answers, it does not call itself here). */
public final class IngressEndpoint extends DefaultEndpoint {
    private final HttpMethod method;
    private final String path;
    private final HttpSurface surface;

    IngressEndpoint(String uri, IngressComponent component, String method, String path, HttpSurface surface) {
        super(uri, component);
        this.method = HttpMethod.valueOf(method);
        this.path = path;
        this.surface = surface;
    }

    @Override
    public Consumer createConsumer(Processor processor) {
        String routerPath = path.replaceAll("\\{([^}/]+)}", ":$1"); // Vert.x form: /runs/{id} becomes /runs/:id
        return new IngressConsumer(this, processor, handler -> surface.mount(method, routerPath, handler));
    }

    @Override
    public Producer createProducer() {
        throw new UnsupportedOperationException("ingress endpoints only consume: " + getEndpointUri());
    }
}
