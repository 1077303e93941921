package com.cascade4arm.rules.safety;

import com.cascade4arm.rules.RoutingRulebook;
import com.cascade4arm.rules.RuleProblem;
import com.cascade4arm.rules.RulebookCompileException;
import java.util.List;
import java.util.Map;

/**
 * The one way to compile DRL that came from outside the jar (an editor, a stored version): the safety check first, and
 * Drools only when it found nothing — so no candidate's code is compiled, let alone run, before it was vetted.
 */
public final class SafeRulebooks {

    private SafeRulebooks() {
    }

    /**
     * @throws RulebookCompileException with the checker's problems, or else Drools' own (file, line, message)
     */
    public static RoutingRulebook compile(Map<String, String> drlFilesByName) {
        List<RuleProblem> problems = RuleSafetyChecker.check(drlFilesByName);
        if (!problems.isEmpty()) {
            throw new RulebookCompileException(problems);
        }
        try {
            return RoutingRulebook.compile(drlFilesByName);
        } catch (StackOverflowError e) {
            // A backstop: the checker caps nesting, but a huge expression can still recurse too deep in the compiler.
            throw new RulebookCompileException(List.of(new RuleProblem("", 0, 0,
                    "the rules are too complex to compile: simplify the longest conditions")));
        }
    }

    /** Problems of {@link #compile}, empty when the files are safe and compile. */
    public static List<RuleProblem> problems(Map<String, String> drlFilesByName) {
        try {
            compile(drlFilesByName);
            return List.of();
        } catch (RulebookCompileException e) {
            return e.problems();
        }
    }
}
