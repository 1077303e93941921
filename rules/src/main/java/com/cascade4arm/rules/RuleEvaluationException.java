package com.cascade4arm.rules;

/** A rule's consequence threw while deciding (for example a blank reason): names the rule so an operator can fix it. */
public final class RuleEvaluationException extends RuntimeException {

    private final String ruleName;

    public RuleEvaluationException(String ruleName, Throwable cause) {
        super("rule '" + ruleName + "' failed: " + cause.getMessage(), cause);
        this.ruleName = ruleName;
    }

    public String ruleName() {
        return ruleName;
    }
}
