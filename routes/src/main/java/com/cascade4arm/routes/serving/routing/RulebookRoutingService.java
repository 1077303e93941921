package com.cascade4arm.routes.serving.routing;

import com.cascade4arm.openai.ChatMessage;
import com.cascade4arm.rules.RoutingRulebook;
import com.cascade4arm.rules.decision.BudgetOverrun;
import com.cascade4arm.rules.decision.RoutingDecision;
import com.cascade4arm.rules.facts.PromptFacts;
import com.cascade4arm.rules.facts.PromptFactsExtractor;
import com.cascade4arm.rules.semantic.SemanticFact;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Routes with the Drools rulebook. The active rulebook sits in one reference, so a request reads one version from
 * start to end while a swap installs the next for the requests that follow.
 */
public final class RulebookRoutingService implements RoutingService {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Facts too bulky or redundant for an explanation (the prompt itself is what the caller sent). */
    private static final List<String> HIDDEN_FACTS = List.of("text", "lowerText", "words");

    private final AtomicReference<ActiveRulebook> active;
    private volatile long budgetNanos = RoutingRulebook.DEFAULT_EVALUATION_BUDGET_NANOS;
    private volatile Consumer<BudgetOverrun> overruns = overrun -> { };
    private volatile SemanticFact semantic = SemanticFact.off();

    public RulebookRoutingService(RoutingRulebook rulebook, long version) {
        this.active = new AtomicReference<>(new ActiveRulebook(version, rulebook));
    }

    /**
     * The run-time cap on one decision's text conditions and who hears of decisions that ran past it (they route by
     * the default); set once by the gateway before it serves.
     */
    public void limitEvaluation(long budgetNanos, Consumer<BudgetOverrun> overruns) {
        this.budgetNanos = budgetNanos;
        this.overruns = overruns;
    }

    /** The semantic fact's source (cascade.rules.semantic); set once by the gateway before it serves. */
    public void useSemantic(SemanticFact semantic) {
        this.semantic = semantic;
    }

    /** The run-time cap of one decision's text conditions, in nanoseconds. */
    public long evaluationBudgetNanos() {
        return budgetNanos;
    }

    /** Installs a new version for all requests routed from now on. */
    public void activate(RoutingRulebook rulebook, long version) {
        active.set(new ActiveRulebook(version, rulebook));
    }

    /**
     * Installs {@code version} unless a version at least as new already routes (versions only grow, so a late
     * notification or a slow activation never takes routing back); true when it was installed.
     */
    public boolean activateIfNewer(RoutingRulebook rulebook, long version) {
        ActiveRulebook next = new ActiveRulebook(version, rulebook);
        while (true) {
            ActiveRulebook current = active.get();
            if (current.version() >= version) {
                return false;
            }
            if (active.compareAndSet(current, next)) {
                return true;
            }
        }
    }

    public ActiveRulebook active() {
        return active.get();
    }

    @Override
    public PromptFacts facts(List<ChatMessage> messages, Integer requestedMaxTokens) {
        return PromptFactsExtractor.extract(messages, requestedMaxTokens);
    }

    @Override
    public CompletableFuture<PromptFacts> withSemantic(PromptFacts facts) {
        return semantic.addToAsync(facts);
    }

    @Override
    public RouteDecision decide(PromptFacts facts, String forcedRoute) {
        ActiveRulebook rules = active.get();
        RoutingDecision decision = rules.rulebook().decide(facts, budgetNanos);
        if (decision.budgetOverrun() != null) {
            overruns.accept(decision.budgetOverrun());
        }
        PromptFacts shown = facts.forExplanation(); // what the view keeps until it is rendered, if ever
        Supplier<JsonNode> factsView = () -> explain(shown, decision);
        if (forcedRoute != null) {
            return new RouteDecision(forcedRoute, "forced by model", "the client asked for model '" + forcedRoute
                    + "' (rules would pick " + decision.route() + ")", rules.version(), factsView);
        }
        return new RouteDecision(decision.route(), decision.ruleName(), decision.reason(), rules.version(), factsView,
                decision.escalateBelow());
    }

    private static JsonNode explain(PromptFacts facts, RoutingDecision decision) {
        ObjectNode factsJson = JSON.valueToTree(facts);
        HIDDEN_FACTS.forEach(factsJson::remove);
        if (decision.category() != null) {
            factsJson.put("category", decision.category());
        }
        factsJson.set("fired_rules", JSON.valueToTree(decision.firedRules()));
        // The two misroutes cost differently (issue 32): say which one this route is if it is wrong.
        if ("small".equals(decision.route())) {
            factsJson.put("error_if_wrong", "hard sent small: a quality risk");
        } else if ("large".equals(decision.route())) {
            factsJson.put("error_if_wrong", "easy sent large: a cost");
        }
        return factsJson;
    }

    /** A rulebook with the version number it was activated as. */
    public record ActiveRulebook(long version, RoutingRulebook rulebook) {
    }
}
