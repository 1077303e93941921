package com.cascade4arm.routes.serving.ops;

import com.cascade4arm.openai.ApiError;
import com.cascade4arm.openai.ChatRequest;
import com.cascade4arm.openai.ChatRequestParser;
import com.cascade4arm.routes.serving.http.Json;
import com.cascade4arm.routes.serving.routing.RouteDecision;
import com.cascade4arm.routes.serving.routing.RoutingService;
import com.cascade4arm.routes.serving.routing.SemanticFactStep;
import com.cascade4arm.rules.facts.PromptFacts;
import com.cascade4arm.routes.serving.upstream.UpstreamPool;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.camel.Exchange;

import java.util.Collection;
import java.util.Locale;
import java.util.Set;

/** The model list's and the routing explanation's steps behind {@link OpsRoutes}: each leaves its answer as the body. */
final class OpsApi {
    /** Exchange property with the explained {@link RouteDecision}. */
    static final String DECISION = "cascade.explainedDecision";
    /** Routing is explained as for model "auto"; these chat fields change nothing here. */
    private static final Set<String> EXPLAIN_IGNORED_FIELDS = Set.of("model", "stream", "stream_options");

    private final Collection<UpstreamPool> requiredPools;
    private final RoutingService routing;
    private final ChatRequestParser chat;
    /** The embeddings pool's model id in the list (POST /v1/embeddings), or null when there is none. */
    private final String embeddingsModel;

    OpsApi(Collection<UpstreamPool> requiredPools, RoutingService routing, ChatRequestParser chat, String embeddingsModel) {
        this.embeddingsModel = embeddingsModel;
        this.requiredPools = requiredPools;
        this.routing = routing;
        this.chat = chat;
    }

    void models(Exchange exchange) {
        ObjectNode body = Json.object().put("object", "list");
        ArrayNode data = body.putArray("data");
        long created = System.currentTimeMillis() / 1000;
        data.addObject().put("id", "auto").put("object", "model").put("created", created).put("owned_by", "cascade4arm")
                .put("description", "routed by the rulebook to one of the tiers");
        for (UpstreamPool pool : requiredPools) {
            data.addObject().put("id", pool.name()).put("object", "model").put("created", created)
                    .put("owned_by", "cascade4arm").put("description", "forces the " + pool.name() + " pool");
        }
        if (embeddingsModel != null) {
            data.addObject().put("id", embeddingsModel).put("object", "model").put("created", created)
                    .put("owned_by", "cascade4arm").put("description", "POST /v1/embeddings: vectors from the embeddings pool");
        }
        exchange.getMessage().setBody(body);
    }

    /** Validates the body as the chat endpoint does and leaves the facts the rules read as the body. */
    void facts(Exchange exchange) {
        JsonNode root = exchange.getMessage().getBody(JsonNode.class);
        if (root == null || !root.isObject()) {
            throw ApiError.badRequest("invalid_type", "request body must be a JSON object, but was "
                    + (root == null ? "empty" : root.getNodeType().name().toLowerCase(Locale.ROOT)));
        }
        // The chat endpoint's own validation: same limits, same errors (max_tokens, roles, messages, prompt size).
        ChatRequest request = chat.parsePromptOrMessages((ObjectNode) root, EXPLAIN_IGNORED_FIELDS);
        exchange.getMessage().setBody(routing.facts(request.messages(), request.requestedMaxTokens()));
    }

    /** The semantic fact, off the event loop when it is on and needed (cascade.rules.semantic). */
    SemanticFactStep<PromptFacts> semanticFact() {
        return new SemanticFactStep<>(routing, PromptFacts.class, facts -> facts, (facts, added) -> added);
    }

    /** The decision on the body's facts, with the facts and the rules that fired: the explanation. */
    void explain(Exchange exchange) {
        RouteDecision decision = routing.decide(exchange.getMessage().getBody(PromptFacts.class), null);
        exchange.setProperty(DECISION, decision); // for the request log's explanation
        ObjectNode body = Json.object();
        body.put("route", decision.route()).put("rule", decision.rule()).put("reason", decision.reason())
                .put("rules_version", decision.rulesVersion());
        body.set("facts", decision.facts());
        exchange.getMessage().setBody(body);
    }
}
