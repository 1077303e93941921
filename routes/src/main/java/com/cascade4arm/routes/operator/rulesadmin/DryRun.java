package com.cascade4arm.routes.operator.rulesadmin;

import com.cascade4arm.bench.suite.Prompt;
import com.cascade4arm.rules.RoutingRulebook;
import com.cascade4arm.rules.RuleEvaluationException;
import com.cascade4arm.rules.decision.RoutingDecision;
import com.cascade4arm.rules.facts.PromptFacts;
import com.cascade4arm.rules.facts.PromptFactsExtractor;
import com.cascade4arm.rules.score.LabelledPrompt;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * Routes the benchmark suite (plus extra prompts) with the active and with a candidate rulebook and compares: which
 * prompts change route (listed first), which candidate rules never fire, which fire but never matter, and which prompts
 * hit the fire limit, and which decisions took longer than the per-decision budget; then how the candidate moves the
 * project's labelled prompts ({@link LabelledSetShift}). Reads only; nothing is activated.
 * Stops between prompts when the client goes away or the request's time budget is spent; every decision's text
 * conditions are capped by the evaluation budget, so those checks come every few milliseconds.
 */
final class DryRun {

    /** What one rulebook made of one prompt; {@code error} when a consequence threw (route is null then). */
    record Outcome(String route, String rule, String category, boolean fireLimitReached, String error) {
        /** A decision stopped by the evaluation budget carries its reason as the error. */
        static Outcome of(RoutingDecision decision) {
            return new Outcome(decision.route(), decision.ruleName(), decision.category(), decision.fireLimitReached(),
                    decision.budgetOverrun() == null ? null : decision.budgetOverrun().reason());
        }
    }

    /** One prompt under both rulebooks. Suite prompts carry their category and expected route; extras do not. */
    record PromptResult(String id, String prompt, String category, String expectedRoute, Outcome active,
                        Outcome candidate) {
        boolean changed() {
            return !Objects.equals(active.route(), candidate.route());
        }

        boolean ruleChanged() {
            return !Objects.equals(active.rule(), candidate.rule());
        }
    }

    /**
     * @param results          changed prompts first, then suite order
     * @param neverFired       candidate rules that fired on no prompt
     * @param shadowed         candidate rules that fired but on no prompt chose the final route or the final category
     * @param fireLimitReached ids of prompts whose candidate evaluation stopped at the fire limit
     * @param labelled         how the candidate moves the project's labelled prompts
     */
    record Report(long activeVersion, List<String> candidateRules, List<PromptResult> results, List<String> neverFired,
                  List<String> shadowed, List<String> fireLimitReached, List<String> overBudget,
                  LabelledSetShift.Shift labelled) {
    }

    /**
     * How long a dry-run may take and when to stop; {@code clientGone} is asked between prompts. A decision slower than
     * {@code decisionBudgetNanos} is listed; {@code evaluationBudgetNanos} caps each decision's text conditions.
     */
    record Limits(long deadlineNanos, long decisionBudgetNanos, long evaluationBudgetNanos, BooleanSupplier clientGone) {
        /** Throws {@link DryRunStopped} when the client left or the deadline passed; {@code done} of {@code all}. */
        void check(int done, int all, String what) {
            if (clientGone.getAsBoolean()) {
                throw new DryRunStopped("the client went away after " + done + " of " + all + " " + what, false);
            }
            if (System.nanoTime() - deadlineNanos > 0) {
                throw new DryRunStopped("the dry-run used its time budget after " + done + " of " + all + " " + what, true);
            }
        }
    }

    static final String EXTRA_ID_PREFIX = "extra-";

    private DryRun() {
    }

    /**
     * @throws DryRunStopped when the client went away or the deadline passed before every prompt was routed
     */
    static Report run(RoutingRulebook active, long activeVersion, RoutingRulebook candidate, List<Prompt> suite,
                      List<String> extraPrompts, List<LabelledPrompt> labelled, Limits limits) {
        List<Prompt> prompts = new ArrayList<>(suite);
        for (int i = 0; i < extraPrompts.size(); i++) {
            prompts.add(new Prompt(EXTRA_ID_PREFIX + (i + 1), null, null, extraPrompts.get(i)));
        }
        Set<String> fired = new HashSet<>();
        Set<String> decisive = new HashSet<>();
        List<PromptResult> results = new ArrayList<>();
        List<String> limitReached = new ArrayList<>();
        List<String> overBudget = new ArrayList<>();
        for (int i = 0; i < prompts.size(); i++) {
            Prompt prompt = prompts.get(i);
            limits.check(i, prompts.size(), "prompts");
            PromptFacts facts = PromptFactsExtractor.fromPrompt(prompt.prompt());
            Outcome before = outcome(active, facts, limits.evaluationBudgetNanos());
            Outcome after;
            long started = System.nanoTime();
            try {
                RoutingDecision decision = candidate.decide(facts, limits.evaluationBudgetNanos());
                fired.addAll(decision.firedRules());
                decisive.add(decision.ruleName());
                if (decision.categoryRule() != null) {
                    decisive.add(decision.categoryRule());
                }
                after = Outcome.of(decision);
            } catch (RuleEvaluationException e) {
                after = new Outcome(null, e.ruleName(), null, false, e.getMessage());
            }
            if (System.nanoTime() - started > limits.decisionBudgetNanos()) {
                overBudget.add(prompt.id());
            }
            if (after.fireLimitReached()) {
                limitReached.add(prompt.id());
            }
            results.add(new PromptResult(prompt.id(), prompt.prompt(), prompt.category(), prompt.expectedRoute(),
                    before, after));
        }
        results.sort(Comparator.comparing(PromptResult::changed).reversed()); // stable: suite order within each group
        LabelledSetShift.Shift shift = LabelledSetShift.measure(active, candidate, labelled, limits);
        List<String> rules = candidate.ruleNames();
        return new Report(activeVersion, rules, results,
                rules.stream().filter(rule -> !fired.contains(rule)).toList(),
                rules.stream().filter(rule -> fired.contains(rule) && !decisive.contains(rule)).toList(),
                limitReached, overBudget, shift);
    }

    /** The dry-run ended before its last prompt; {@code timedOut} false means the client left. */
    static final class DryRunStopped extends RuntimeException {
        private final boolean timedOut;

        DryRunStopped(String message, boolean timedOut) {
            super(message, null, false, false);
            this.timedOut = timedOut;
        }

        boolean timedOut() {
            return timedOut;
        }
    }

    private static Outcome outcome(RoutingRulebook rulebook, PromptFacts facts, long evaluationBudgetNanos) {
        try {
            return Outcome.of(rulebook.decide(facts, evaluationBudgetNanos));
        } catch (RuleEvaluationException e) {
            return new Outcome(null, e.ruleName(), null, false, e.getMessage());
        }
    }
}
