package com.cascade4arm.rules;

import java.util.List;
import java.util.stream.Collectors;

/** Thrown by {@link RoutingRulebook#compile} when the DRL files produce any builder message; carries every problem. */
public final class RulebookCompileException extends RuntimeException {

    private final transient List<RuleProblem> problems;

    public RulebookCompileException(List<RuleProblem> problems) {
        super(summary(problems));
        this.problems = List.copyOf(problems);
    }

    public List<RuleProblem> problems() {
        return problems;
    }

    private static String summary(List<RuleProblem> problems) {
        return problems.size() + " problem(s) compiling the rulebook: " + problems.stream()
                .map(p -> p.file() + ":" + p.line() + ":" + p.column() + " " + p.message())
                .collect(Collectors.joining("; "));
    }
}
