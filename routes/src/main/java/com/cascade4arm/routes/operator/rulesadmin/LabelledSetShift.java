package com.cascade4arm.routes.operator.rulesadmin;

import com.cascade4arm.rules.RoutingRulebook;
import com.cascade4arm.rules.RuleEvaluationException;
import com.cascade4arm.rules.facts.PromptFacts;
import com.cascade4arm.rules.facts.PromptFactsExtractor;
import com.cascade4arm.rules.score.LabelledPrompt;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * How a candidate rulebook moves the project's labelled prompts (the rules module's 695, four languages, with traps):
 * route accuracy before and after, and the prompts whose route changes. The suite alone is 50 English prompts the
 * rulebook already routes at 100 %, so it cannot show a rule change hurting German questions or trap prompts.
 */
final class LabelledSetShift {

    /** Changed prompts listed in full; the counts cover them all. */
    static final int MAX_LISTED_CHANGES = 50;

    /** One labelled prompt whose route the candidate changes; a null route means the rulebook threw on it. */
    record Change(String prompt, String category, String language, String expectedRoute, String activeRoute,
                  String candidateRoute) {
    }

    /**
     * @param measured         prompts routed before the dry-run's deadline (all of them unless the gateway is swamped)
     * @param activeCorrect    prompts the active rulebook routes as labelled
     * @param candidateCorrect prompts the candidate routes as labelled
     * @param changes          at most {@link #MAX_LISTED_CHANGES}, in the set's order
     */
    record Shift(int prompts, int measured, int activeCorrect, int candidateCorrect, int changed, List<Change> changes) {
    }

    private LabelledSetShift() {
    }

    /**
     * Routes the prompts in order until the dry-run's deadline passes (the shift then covers the prompts measured).
     *
     * @throws DryRun.DryRunStopped when the client went away
     */
    static Shift measure(RoutingRulebook active, RoutingRulebook candidate, List<LabelledPrompt> labelled,
                         DryRun.Limits limits) {
        int measured = 0;
        int activeCorrect = 0;
        int candidateCorrect = 0;
        int changed = 0;
        List<Change> changes = new ArrayList<>();
        for (LabelledPrompt prompt : labelled) {
            if (System.nanoTime() - limits.deadlineNanos() > 0) {
                break;
            }
            if (limits.clientGone().getAsBoolean()) {
                throw new DryRun.DryRunStopped("the client went away after " + measured + " of " + labelled.size()
                        + " labelled prompts", false);
            }
            measured++;
            PromptFacts facts = PromptFactsExtractor.fromPrompt(prompt.prompt());
            String before = route(active, facts, limits.evaluationBudgetNanos());
            String after = route(candidate, facts, limits.evaluationBudgetNanos());
            activeCorrect += prompt.route().equals(before) ? 1 : 0;
            candidateCorrect += prompt.route().equals(after) ? 1 : 0;
            if (!Objects.equals(before, after)) {
                changed++;
                if (changes.size() < MAX_LISTED_CHANGES) {
                    changes.add(new Change(prompt.prompt(), prompt.category(), prompt.language(), prompt.route(),
                            before, after));
                }
            }
        }
        return new Shift(labelled.size(), measured, activeCorrect, candidateCorrect, changed, List.copyOf(changes));
    }

    private static String route(RoutingRulebook rulebook, PromptFacts facts, long evaluationBudgetNanos) {
        try {
            return rulebook.decide(facts, evaluationBudgetNanos).route();
        } catch (RuleEvaluationException e) {
            return null; // the suite part of the dry-run names the rule and the error
        }
    }
}
