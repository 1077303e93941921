package com.cascade4arm.routes.serving.chat;

import com.cascade4arm.openai.ChatRequest;
import com.cascade4arm.openai.ChatRequestParser;
import com.cascade4arm.routes.serving.keys.KeyAccess;
import com.cascade4arm.routes.serving.metrics.GenAiMetrics;
import com.cascade4arm.rules.facts.PromptFacts;
import com.cascade4arm.routes.serving.routing.RouteDecision;
import com.cascade4arm.routes.serving.routing.RoutingService;
import com.cascade4arm.routes.serving.routing.SemanticFactStep;
import com.fasterxml.jackson.databind.JsonNode;
import org.apache.camel.Exchange;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;

/**
 * The chat route's transformations, one typed body to the next: request bytes → {@link ChatRequest} →
 * {@link PromptedChat} (facts) → {@link RoutedChat} (the rulebook's tier). A model name that is a tier forces it.
 */
public final class ChatSteps {
    private static final Logger LOG = LoggerFactory.getLogger(ChatSteps.class);

    private final ChatRequestParser parser;
    private final RoutingService routing;
    private final GenAiMetrics metrics;
    private final List<String> tiers;

    public ChatSteps(ChatRequestParser parser, RoutingService routing, GenAiMetrics metrics, List<String> tiers) {
        this.parser = parser;
        this.routing = routing;
        this.metrics = metrics;
        this.tiers = List.copyOf(tiers);
    }

    /** Validates the body; a bad value is a 400 (404 for an unknown model, 413 for a long prompt) naming it. */
    public ChatRequest parse(byte[] body) {
        return parser.parse(body);
    }

    /** {@link #parse(byte[])}, from the tree key admission already read when it did (the body is read once). */
    public ChatRequest parse(Exchange exchange) {
        JsonNode tree = KeyAccess.parsedBody(exchange);
        return tree != null ? parser.parse(tree) : parse(exchange.getMessage().getBody(byte[].class));
    }

    public PromptedChat extractFacts(ChatRequest request) {
        long started = System.nanoTime();
        PromptFacts facts = routing.facts(request.messages(), request.requestedMaxTokens())
                .withRequest(request.usesTools(), request.output().jsonSchema() != null);
        return new PromptedChat(request, facts, System.nanoTime() - started);
    }

    /** Adds the semantic fact off the event loop when it is on and needed (cascade.rules.semantic); see the step. */
    public SemanticFactStep<PromptedChat> semanticFact() {
        return new SemanticFactStep<>(routing, PromptedChat.class, PromptedChat::facts,
                (chat, facts) -> new PromptedChat(chat.request(), facts, chat.extractionNanos()));
    }

    public RoutedChat decide(PromptedChat chat) {
        String forced = tiers.contains(chat.request().model()) ? chat.request().model() : null;
        long started = System.nanoTime();
        RouteDecision decision = routing.decide(chat.facts(), forced);
        metrics.decisionTime(chat.extractionNanos() + System.nanoTime() - started);
        if (!tiers.contains(decision.route())) {
            // A rule named a tier the configuration does not have: serve from the first tier, and say so.
            LOG.warn("rule '{}' routed to tier '{}', which cascade.tiers {} does not list; serving from {}",
                    decision.rule(), decision.route(), tiers, tiers.get(0));
            decision = decision.rerouted(tiers.get(0), "tier '" + decision.route() + "' is not configured ("
                    + decision.reason() + ")");
        }
        metrics.decision(decision.route(), decision.rule());
        return RoutedChat.decided(chat.request(), decision);
    }
}
