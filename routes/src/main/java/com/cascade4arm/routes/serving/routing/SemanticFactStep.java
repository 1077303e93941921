package com.cascade4arm.routes.serving.routing;

import com.cascade4arm.rules.facts.PromptFacts;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import org.apache.camel.AsyncCallback;
import org.apache.camel.AsyncProcessor;
import org.apache.camel.Exchange;
import org.apache.camel.support.AsyncProcessorSupport;

import java.util.concurrent.CompletableFuture;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * Adds the semantic fact (cascade.rules.semantic) to the body's facts without blocking the event loop: the embedding
 * runs on the rulebook's semantic thread within its budget, and the route resumes on the event loop it came from.
 * When the fact is off or not needed (a confident learned score) the step completes at once, on the same thread.
 *
 * @param <B> the body type that carries the facts
 */
public final class SemanticFactStep<B> extends AsyncProcessorSupport implements AsyncProcessor {
    private final RoutingService routing;
    private final Class<B> bodyType;
    private final Function<B, PromptFacts> facts;
    private final BiFunction<B, PromptFacts, B> withFacts;

    public SemanticFactStep(RoutingService routing, Class<B> bodyType, Function<B, PromptFacts> facts,
                            BiFunction<B, PromptFacts, B> withFacts) {
        this.routing = routing;
        this.bodyType = bodyType;
        this.facts = facts;
        this.withFacts = withFacts;
    }

    @Override
    public boolean process(Exchange exchange, AsyncCallback callback) {
        B body = exchange.getMessage().getBody(bodyType);
        CompletableFuture<PromptFacts> pending = routing.withSemantic(facts.apply(body));
        if (pending.isDone()) {
            exchange.getMessage().setBody(withFacts.apply(body, pending.join()));
            callback.done(true);
            return true;
        }
        Context loop = Vertx.currentContext();
        pending.whenComplete((added, error) -> {
            // SemanticFact never fails; a failure here would be a bug, and the facts without the fact still route.
            exchange.getMessage().setBody(withFacts.apply(body, error == null ? added : facts.apply(body)));
            if (loop == null) {
                callback.done(false);
            } else {
                loop.runOnContext(v -> callback.done(false));
            }
        });
        return false;
    }
}
