package com.cascade4arm.rules.safety;

import com.github.javaparser.ast.expr.StringLiteralExpr;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.drools.drl.ast.descr.AtomicExprDescr;
import org.drools.drl.ast.descr.BaseDescr;
import org.drools.drl.ast.descr.ConditionalElementDescr;
import org.drools.drl.ast.descr.ConstraintConnectiveDescr;
import org.drools.drl.ast.descr.ExprConstraintDescr;
import org.drools.drl.ast.descr.PackageDescr;
import org.drools.drl.ast.descr.PatternDescr;
import org.drools.drl.ast.descr.RelationalExprDescr;
import org.drools.drl.ast.descr.RuleDescr;
import org.drools.drl.parser.DrlExprParser;
import org.drools.drl.parser.DrlExprParserFactory;
import org.drools.drl.parser.DrlParser;
import org.drools.drl.parser.DroolsParserException;
import org.kie.internal.builder.conf.LanguageLevelOption;

/**
 * The conditions of checked DRL whose cost grows with the prompt: {@code matchedPatterns contains "…"} (a regular
 * expression run over the text), {@code text|lowerText contains "…"} (a substring search) and {@code phrases contains
 * "…"}. Every other allowed condition costs the same on any prompt (a number, a set lookup, a short prefix). Only for
 * files {@link RuleSafetyChecker} accepted.
 */
public final class TextOperations {

    enum Kind { PATTERN, SUBSTRING, PHRASE }

    /** One text-dependent condition: where it is, what it searches ({@code property}) and for what ({@code literal}). */
    record Operation(String file, String rule, int line, Kind kind, String property, String literal) {
    }

    private TextOperations() {
    }

    /**
     * The rules that search for each pattern or phrase literal, by literal: how a decision stopped by the evaluation
     * budget names its rules. Empty when a file does not parse.
     */
    public static Map<String, List<String>> rulesByLiteral(Map<String, String> files) {
        Map<String, List<String>> rules = new java.util.HashMap<>();
        try {
            for (Operation operation : of(files)) {
                List<String> names = rules.computeIfAbsent(operation.literal(), k -> new ArrayList<>());
                if (!names.contains(operation.rule())) {
                    names.add(operation.rule());
                }
            }
        } catch (RuntimeException e) {
            return Map.of();
        }
        return rules;
    }

    static List<Operation> of(Map<String, String> files) {
        List<Operation> operations = new ArrayList<>();
        new TreeMap<>(files).forEach((file, text) -> {
            for (RuleDescr rule : parse(text).getRules()) {
                collect(file, rule, rule.getLhs(), operations);
            }
        });
        return operations;
    }

    private static void collect(String file, RuleDescr rule, BaseDescr element, List<Operation> into) {
        if (element instanceof ConditionalElementDescr group) {
            group.getDescrs().forEach(child -> collect(file, rule, (BaseDescr) child, into));
        } else if (element instanceof PatternDescr pattern) {
            for (BaseDescr constraint : pattern.getDescrs()) {
                if (constraint instanceof ExprConstraintDescr expression) {
                    DrlExprParser parser = DrlExprParserFactory.getDrlExprParser(LanguageLevelOption.DRL6);
                    ConstraintConnectiveDescr tree = parser.parse(expression.getExpression());
                    if (tree != null) {
                        relations(file, rule, Math.max(expression.getLine(), rule.getLine()), tree, into);
                    }
                }
            }
        }
    }

    private static void relations(String file, RuleDescr rule, int line, BaseDescr node, List<Operation> into) {
        if (node instanceof ConstraintConnectiveDescr connective) {
            connective.getDescrs().forEach(child -> relations(file, rule, line, child, into));
        } else if (node instanceof RelationalExprDescr relation && relation.getOperator().equals("contains")
                && relation.getLeft() instanceof AtomicExprDescr left && relation.getRight() instanceof AtomicExprDescr right) {
            String property = left.getExpression().strip();
            String literal = JavaText.expression(right.getExpression()).node()
                    .filter(StringLiteralExpr.class::isInstance).map(e -> ((StringLiteralExpr) e).asString()).orElse(null);
            Kind kind = switch (property) {
                case ConstraintChecker.PATTERNS -> Kind.PATTERN;
                case "text", "lowerText" -> Kind.SUBSTRING;
                case "phrases" -> Kind.PHRASE;
                default -> null;
            };
            if (kind != null && literal != null) {
                into.add(new Operation(file, rule.getName(), line, kind, property, literal));
            }
        }
    }

    private static PackageDescr parse(String text) {
        try {
            return new DrlParser(LanguageLevelOption.DRL6).parse(false, text);
        } catch (DroolsParserException e) {
            throw new IllegalStateException("a checked rule file no longer parses: " + e.getMessage(), e);
        }
    }
}
