package com.cascade4arm.routes.serving.llama;

import com.cascade4arm.routes.serving.upstream.UpstreamPool;
import org.apache.camel.Consumer;
import org.apache.camel.Processor;
import org.apache.camel.Producer;
import org.apache.camel.support.DefaultEndpoint;

/** One tier's pool; producer only (model servers do not call the gateway). */
public final class LlamaEndpoint extends DefaultEndpoint {
    private final UpstreamPool pool;
    private final PoolDispatcher dispatcher;

    LlamaEndpoint(String uri, LlamaComponent component, UpstreamPool pool, PoolDispatcher dispatcher) {
        super(uri, component);
        this.pool = pool;
        this.dispatcher = dispatcher;
    }

    public UpstreamPool pool() {
        return pool;
    }

    @Override
    public Producer createProducer() {
        return new LlamaProducer(this, pool, dispatcher);
    }

    @Override
    public Consumer createConsumer(Processor processor) {
        throw new UnsupportedOperationException("llama endpoints only produce: " + getEndpointUri());
    }
}
