package com.cascade4arm.rules.engine;

import com.cascade4arm.rules.decision.BudgetOverrun;
import com.cascade4arm.rules.decision.Decision;
import com.cascade4arm.rules.decision.RoutingDecision;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.kie.api.event.rule.AfterMatchFiredEvent;
import org.kie.api.event.rule.BeforeMatchFiredEvent;
import org.kie.api.event.rule.DefaultAgendaEventListener;

/**
 * Records, for one session, which rules fired in order and which rule changed the route and the category — so consequences
 * never need to name themselves. Not thread-safe: one recorder per session, restarted for each decision it records.
 */
public final class FiringRecorder extends DefaultAgendaEventListener {

    /** Rule name reported when no rule chose a route. */
    public static final String DEFAULT_RULE_NAME = "default";
    public static final String DEFAULT_REASON = "no rule chose a route, so the cheaper small model answers";

    private Decision decision;
    private final List<String> firedRules = new ArrayList<>();
    private String routeBefore;
    private String categoryBefore;
    private String routeRule;
    private String categoryRule;

    public FiringRecorder(Decision decision) {
        this.decision = decision;
    }

    /** Forgets the last decision's firings and records {@code next}'s: a session reused for another decision keeps its recorder. */
    public void restart(Decision next) {
        decision = next;
        firedRules.clear();
        routeBefore = null;
        categoryBefore = null;
        routeRule = null;
        categoryRule = null;
    }

    @Override
    public void beforeMatchFired(BeforeMatchFiredEvent event) {
        routeBefore = decision.getRoute();
        categoryBefore = decision.getCategory();
    }

    @Override
    public void afterMatchFired(AfterMatchFiredEvent event) {
        String rule = event.getMatch().getRule().getName();
        firedRules.add(rule);
        if (!Objects.equals(routeBefore, decision.getRoute())) {
            routeRule = rule;
        }
        if (!Objects.equals(categoryBefore, decision.getCategory())) {
            categoryRule = rule;
        }
    }

    /** The default route, taken because {@code overrun} stopped the rules: what fired before does not count. */
    public static RoutingDecision fallback(BudgetOverrun overrun) {
        return new RoutingDecision(Decision.SMALL, DEFAULT_RULE_NAME, overrun.reason(), null, null, null, List.of(),
                false, null, overrun);
    }

    public RoutingDecision outcome(boolean fireLimitReached) {
        boolean routed = decision.getRoute() != null;
        return new RoutingDecision(
                routed ? decision.getRoute() : Decision.SMALL,
                routed ? routeRule : DEFAULT_RULE_NAME,
                routed ? decision.getReason() : DEFAULT_REASON,
                decision.getCategory(), categoryRule, decision.getCategoryReason(),
                firedRules, fireLimitReached, routed ? decision.getEscalateBelow() : null, null);
    }
}
