package com.cascade4arm.rules;

import com.cascade4arm.rules.decision.BudgetOverrun;
import com.cascade4arm.rules.decision.Decision;
import com.cascade4arm.rules.decision.RoutingDecision;
import com.cascade4arm.rules.engine.BundledRules;
import com.cascade4arm.rules.engine.FiringRecorder;
import com.cascade4arm.rules.engine.ReusableSessions;
import com.cascade4arm.rules.engine.RulebookCompiler;
import com.cascade4arm.rules.facts.EvaluationDeadline;
import com.cascade4arm.rules.facts.PromptFacts;
import com.cascade4arm.rules.safety.TextOperations;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import org.kie.api.KieBase;
import org.kie.api.definition.KiePackage;
import org.kie.api.definition.rule.Rule;
import org.kie.api.runtime.rule.ConsequenceException;

/**
 * The routing rulebook: DRL files compiled once into a KieBase, evaluated per request in a session kept for reuse (the
 * decision's facts are inserted, fired and deleted again: {@link ReusableSessions}). Immutable and thread-safe; to change
 * the rules, compile a new rulebook and swap the reference.
 */
public final class RoutingRulebook {

    /** Most rule firings per decision; a rule that keeps re-activating itself stops here instead of hanging the request. */
    public static final int FIRE_LIMIT = 100;

    /**
     * The last rulebook compiled, reused for the same files: a compile takes seconds, a rulebook never changes, and its
     * KieBase keeps the constraints MVEL already turned into bytecode (so the gateway's JIT warm-up carries over).
     */
    private static final AtomicReference<RoutingRulebook> LAST_COMPILED = new AtomicReference<>();

    /**
     * Default run-time budget of one decision's text conditions (patterns, phrases), in nanoseconds: 10 ms. Vetting
     * keeps every accepted rulebook far below it on ordinary prompts (0.5 ms at the cap); the cap is for prompts the
     * vetting did not try, and wide enough that a busy machine's scheduling stall rarely trips it.
     */
    public static final long DEFAULT_EVALUATION_BUDGET_NANOS = 10_000_000;

    private final ReusableSessions sessions;
    private final Map<String, String> files;
    private final List<String> ruleNames;
    /** Rules by the pattern or phrase they search for, read from the DRL on the first overrun. */
    private volatile Map<String, List<String>> rulesByLiteral;

    private RoutingRulebook(KieBase kieBase, Map<String, String> files) {
        this.sessions = new ReusableSessions(kieBase);
        this.files = Collections.unmodifiableMap(new TreeMap<>(files));
        this.ruleNames = kieBase.getKiePackages().stream()
                .map(KiePackage::getRules)
                .flatMap(rules -> rules.stream().map(Rule::getName))
                .sorted()
                .toList();
    }

    /** The bundled rulebook (src/main/resources/com/cascade4arm/rules/*.drl), compiled on first use and then shared. */
    public static RoutingRulebook defaults() {
        return Defaults.RULEBOOK;
    }

    /**
     * Compiles DRL files, keyed by kebab-case file name ({@code "category-routing.drl"}).
     *
     * @throws RulebookCompileException carrying every problem (file, line, column, message) when Drools reports anything
     */
    public static RoutingRulebook compile(Map<String, String> drlFilesByName) {
        RoutingRulebook last = LAST_COMPILED.get();
        if (last != null && last.files.equals(drlFilesByName)) {
            return last;
        }
        RoutingRulebook compiled = new RoutingRulebook(RulebookCompiler.compile(drlFilesByName), drlFilesByName);
        LAST_COMPILED.set(compiled);
        return compiled;
    }

    /**
     * Evaluates the rules for one prompt within {@link #DEFAULT_EVALUATION_BUDGET_NANOS}. When no rule routes, the
     * decision is "small" with rule name "default".
     *
     * @throws RuleEvaluationException when a rule's consequence throws
     */
    public RoutingDecision decide(PromptFacts facts) {
        return decide(facts, DEFAULT_EVALUATION_BUDGET_NANOS);
    }

    /**
     * Evaluates the rules for one prompt; the text conditions may take {@code budgetNanos} in all. A condition still
     * running then is stopped (the pattern and phrase helpers watch an {@link EvaluationDeadline}), and the decision
     * is the default route with a reason naming the rule and a {@link RoutingDecision#budgetOverrun()}.
     *
     * @throws RuleEvaluationException when a rule's consequence throws
     */
    public RoutingDecision decide(PromptFacts facts, long budgetNanos) {
        Objects.requireNonNull(facts, "facts must not be null");
        Decision decision = new Decision();
        try (ReusableSessions.Lease session = sessions.lease(decision);
             EvaluationDeadline deadline = EvaluationDeadline.open(budgetNanos)) {
            int fired = session.fire(FIRE_LIMIT, facts, decision);
            if (deadline.exceededBy() != null) {
                return FiringRecorder.fallback(new BudgetOverrun(deadline.exceededBy(),
                        rulesSearching(deadline.exceededBy()), budgetNanos / 1_000));
            }
            return session.recorder().outcome(fired >= FIRE_LIMIT);
        } catch (ConsequenceException e) {
            throw new RuleEvaluationException(e.getRule().getName(), e.getCause() == null ? e : e.getCause());
        }
    }

    private List<String> rulesSearching(String literal) {
        Map<String, List<String>> byLiteral = rulesByLiteral;
        if (byLiteral == null) {
            byLiteral = TextOperations.rulesByLiteral(files);
            rulesByLiteral = byLiteral;
        }
        return byLiteral.getOrDefault(literal, List.of());
    }

    /** Names of all rules, sorted. */
    public List<String> ruleNames() {
        return ruleNames;
    }

    /** The DRL source by file name, sorted by name. */
    public Map<String, String> files() {
        return files;
    }

    /** Sessions in use: 0 between decisions (every decision gives its session back, or disposes it after a failure). */
    int openSessionCount() {
        return sessions.leasedCount();
    }

    /** Holder idiom: compiles the bundled rules once, on first call of {@link #defaults()}. */
    private static final class Defaults {
        static final RoutingRulebook RULEBOOK = compile(BundledRules.load());
    }
}
