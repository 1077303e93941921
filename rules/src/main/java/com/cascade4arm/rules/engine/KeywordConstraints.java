package com.cascade4arm.rules.engine;

import com.cascade4arm.rules.facts.PromptFacts;
import java.lang.reflect.Field;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Optional;
import org.drools.base.base.ValueResolver;
import org.drools.base.reteoo.BaseTuple;
import org.drools.core.impl.InternalRuleBase;
import org.drools.core.reteoo.AlphaNode;
import org.drools.core.reteoo.ObjectSink;
import org.drools.core.reteoo.ObjectSource;
import org.drools.core.reteoo.ObjectTypeNode;
import org.drools.mvel.ConditionEvaluator;
import org.drools.mvel.MVELConstraint;
import org.kie.api.KieBase;
import org.kie.api.runtime.rule.FactHandle;

/**
 * Gives every alpha constraint on {@link PromptFacts} in the shape of a keyword or phrase list ({@link KeywordCondition})
 * an evaluator in plain Java, in place of the one Drools' jitter would generate after the constraint's first 20 runs.
 * The DRL text, the network and every other constraint stay Drools' own; a constraint outside that grammar (or any
 * Drools internals this cannot reach) is left as it is, so the worst case is the speed of before, never another
 * decision. Issue 33: the keyword lists' generated methods were too large for HotSpot to compile.
 */
final class KeywordConstraints {

    private KeywordConstraints() {
    }

    /** Installs the evaluators in {@code kieBase}'s alpha network; the number of constraints now evaluated in Java. */
    static int install(KieBase kieBase) {
        if (!(kieBase instanceof InternalRuleBase ruleBase)) {
            return 0;
        }
        Map<MVELConstraint, Boolean> seen = new IdentityHashMap<>();
        WordIds ids = new WordIds(); // one numbering for the whole rulebook: the message's words are looked up once
        int installed = 0;
        for (ObjectTypeNode typeNode : ruleBase.getRete().getObjectTypeNodes()) {
            if (typeNode.getObjectType().getClassName().equals(PromptFacts.class.getName())) {
                installed += installBelow(typeNode, seen, ids);
            }
        }
        return installed;
    }

    private static int installBelow(ObjectSource source, Map<MVELConstraint, Boolean> seen, WordIds ids) {
        int installed = 0;
        for (ObjectSink sink : source.getObjectSinkPropagator().getSinks()) {
            if (sink instanceof AlphaNode alpha) {
                if (alpha.getConstraint() instanceof MVELConstraint constraint && seen.put(constraint, true) == null
                        && install(constraint, ids)) {
                    installed++;
                }
                installed += installBelow(alpha, seen, ids);
            }
        }
        return installed;
    }

    private static boolean install(MVELConstraint constraint, WordIds ids) {
        if (constraint.getRequiredDeclarations().length > 0 || !onlyStartsWithOperators(constraint)
                || !KeywordCondition.hasContainsCheck(constraint.getExpression())) {
            return false; // a lone comparison is small enough for HotSpot, and Drools may index it
        }
        Optional<KeywordCondition> condition = KeywordCondition.parse(constraint.getExpression(), ids);
        return condition.isPresent() && Evaluator.set(constraint, new Evaluator(condition.get()));
    }

    /** Drools reads {@code text.startsWith("…")} as its {@code str} operator; the grammar admits no other use of it. */
    private static boolean onlyStartsWithOperators(MVELConstraint constraint) {
        return Arrays.stream(constraint.getOperators())
                .allMatch(operator -> "str".equals(operator.getOperator().getOperatorString()));
    }

    /** What MVELConstraint calls once {@code jitted} is set: the fact handle's object is the PromptFacts (no declarations). */
    private record Evaluator(KeywordCondition condition) implements ConditionEvaluator {

        private static final Field CONDITION_EVALUATOR = field("conditionEvaluator");
        private static final Field JITTED = field("jitted");

        @Override
        public boolean evaluate(FactHandle handle, ValueResolver resolver, BaseTuple tuple) {
            return condition.test((PromptFacts) handle.getObject());
        }

        /** Sets the evaluator and marks the constraint jitted, so Drools neither counts runs nor jits it later. */
        static boolean set(MVELConstraint constraint, Evaluator evaluator) {
            if (CONDITION_EVALUATOR == null || JITTED == null) {
                return false;
            }
            try {
                CONDITION_EVALUATOR.set(constraint, evaluator);
                JITTED.setBoolean(constraint, true);
                return true;
            } catch (IllegalAccessException e) {
                return false;
            }
        }

        private static Field field(String name) {
            try {
                Field field = MVELConstraint.class.getDeclaredField(name);
                field.setAccessible(true);
                return field;
            } catch (ReflectiveOperationException | RuntimeException e) {
                return null; // another Drools version: constraints keep Drools' own evaluators
            }
        }
    }
}
