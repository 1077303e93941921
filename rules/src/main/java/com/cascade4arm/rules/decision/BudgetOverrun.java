package com.cascade4arm.rules.decision;

import java.util.List;

/**
 * Why a decision fell back to the default route: a text condition ran past the per-decision evaluation budget, so it
 * was stopped and the rules' outcome discarded.
 *
 * @param condition    the pattern (or phrase) that was running when the budget ran out
 * @param rules        the rules whose conditions search for it (empty when none could be named)
 * @param budgetMicros the budget, in microseconds
 */
public record BudgetOverrun(String condition, List<String> rules, long budgetMicros) {

    public BudgetOverrun {
        rules = List.copyOf(rules);
    }

    /** The reason a fallback decision gives: names the rule, the condition and the budget. */
    public String reason() {
        String shown = condition.length() > 60 ? condition.substring(0, 57) + "..." : condition;
        String who = rules.isEmpty() ? "a rule's condition" : "rule \"" + String.join("\", \"", rules) + "\"";
        return who + " ran past the rule evaluation budget of " + budgetMicros / 1_000.0 + " ms on this prompt (searching \""
                + shown + "\"): the rules were skipped and the default route serves";
    }
}
