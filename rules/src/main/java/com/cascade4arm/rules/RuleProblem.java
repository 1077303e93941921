package com.cascade4arm.rules;

/**
 * One message from compiling DRL, located for an editor: file name as passed to {@link RoutingRulebook#compile}, 1-based
 * line and column (0 when Drools gives none) and Drools' text.
 */
public record RuleProblem(String file, int line, int column, String message) {
}
