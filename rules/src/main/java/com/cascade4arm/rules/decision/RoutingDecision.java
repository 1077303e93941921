package com.cascade4arm.rules.decision;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.List;

/**
 * The outcome of one evaluation of the rulebook, as the gateway returns it: the route, the rule that chose it and why,
 * the category the rules assigned, every rule that fired in order, whether the fire limit cut evaluation short, and —
 * for a tentative small route — the confidence below which the gateway's escalation should switch to the large model.
 *
 * @param route            "small" or "large"
 * @param ruleName         the rule whose consequence set the final route, or "default" when no rule routed
 * @param reason           that rule's reason
 * @param category         the assigned category, or null when no rule assigned one
 * @param categoryRule     the rule that assigned the category, or null
 * @param categoryReason   that rule's reason, or null
 * @param firedRules       names of all rules that fired, in firing order
 * @param fireLimitReached true when evaluation stopped at the fire limit (a rule kept re-activating itself)
 * @param escalateBelow    null for a final route; for a tentative small route (routeSmallTentatively) the small model's
 *                         confidence below which the gateway's escalation answers from the large model
 * @param budgetOverrun    null, or why the rules were skipped: a condition ran past the evaluation budget, and the
 *                         decision is the default route
 */
public record RoutingDecision(String route, String ruleName, String reason, String category, String categoryRule,
                              String categoryReason, List<String> firedRules, boolean fireLimitReached,
                              Double escalateBelow, BudgetOverrun budgetOverrun) {

    public RoutingDecision {
        firedRules = List.copyOf(firedRules);
    }

    @JsonIgnore
    public boolean isLarge() {
        return Decision.LARGE.equals(route);
    }

    /** A small route on trial: the gateway may escalate it (see {@link #escalateBelow()}). */
    @JsonIgnore
    public boolean isTentative() {
        return escalateBelow != null;
    }
}
