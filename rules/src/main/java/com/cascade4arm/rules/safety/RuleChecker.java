package com.cascade4arm.rules.safety;

import java.util.Set;
import java.util.regex.Pattern;
import org.drools.drl.ast.descr.AndDescr;
import org.drools.drl.ast.descr.AttributeDescr;
import org.drools.drl.ast.descr.BaseDescr;
import org.drools.drl.ast.descr.ExistsDescr;
import org.drools.drl.ast.descr.ExprConstraintDescr;
import org.drools.drl.ast.descr.NotDescr;
import org.drools.drl.ast.descr.OrDescr;
import org.drools.drl.ast.descr.PatternDescr;
import org.drools.drl.ast.descr.QueryDescr;
import org.drools.drl.ast.descr.RuleDescr;

/**
 * Checks one rule: its name, attributes (constants only — salience, enabled, timers etc. can hold code), its
 * conditions (patterns over the two fact types, combined with and/or/not/exists; no eval, from, accumulate, collect,
 * forall, entry points or windows) and its consequence.
 */
final class RuleChecker {

    static final int MAX_RULE_NAME_CHARS = 200;
    private static final Pattern RULE_NAME = Pattern.compile("[^\"\\\\\\p{Cntrl}]{1," + MAX_RULE_NAME_CHARS + "}");
    private static final Pattern INTEGER = Pattern.compile("[+-]?\\d{1,9}");
    private static final Pattern GROUP_NAME = Pattern.compile("[A-Za-z0-9 _.:-]{1,100}");
    private static final Set<String> BOOLEAN_ATTRIBUTES = Set.of("no-loop", "lock-on-active", "auto-focus");
    private static final Set<String> GROUP_ATTRIBUTES = Set.of("activation-group", "agenda-group");

    private final SourceFile file;

    RuleChecker(SourceFile file) {
        this.file = file;
    }

    void check(RuleDescr rule) {
        String where = "rule \"" + rule.getName() + "\": ";
        if (rule instanceof QueryDescr) {
            file.reject(rule.getLine(), 0, "query \"" + rule.getName() + "\": queries are not allowed");
            return;
        }
        if (rule.getName() == null || !RULE_NAME.matcher(rule.getName()).matches()) {
            file.reject(rule.getLine(), 0, where + "a rule name must be 1 to " + MAX_RULE_NAME_CHARS
                    + " characters without quotes, backslashes or control characters");
        }
        if (rule.getParentName() != null) {
            file.reject(rule.getLine(), 0, where + "rule inheritance ('extends') is not allowed");
        }
        if (!rule.getAnnotationNames().isEmpty()) {
            file.reject(rule.getLine(), 0, where + "annotations are not allowed (" + rule.getAnnotationNames() + ")");
        }
        if (!rule.getNamedConsequences().isEmpty()) {
            file.reject(rule.getLine(), 0, where + "named consequences (then[…], do[…], break[…]) are not allowed");
        }
        rule.getAttributes().forEach((name, attribute) -> attribute(where, name, attribute));
        Bindings bindings = new Bindings();
        condition(rule.getLhs(), where, bindings);
        Object consequence = rule.getConsequence();
        String text = consequence == null ? "" : consequence.toString();
        new ConsequenceChecker(file, where, bindings).check(text, consequenceStart(rule, text));
    }

    private void attribute(String where, String name, AttributeDescr attribute) {
        String value = attribute.getValue() == null ? "" : attribute.getValue().trim();
        int line = attribute.getLine() > 0 ? attribute.getLine() : 0;
        boolean ok = switch (name) {
            case "salience" -> INTEGER.matcher(value).matches();
            case "no-loop", "lock-on-active", "auto-focus" -> value.isEmpty() || value.equals("true") || value.equals("false");
            case "activation-group", "agenda-group" -> GROUP_NAME.matcher(value).matches();
            default -> false;
        };
        if (ok) {
            return;
        }
        boolean known = name.equals("salience") || BOOLEAN_ATTRIBUTES.contains(name) || GROUP_ATTRIBUTES.contains(name);
        file.reject(line, 0, where + (known
                ? "attribute '" + name + "' must be a constant (" + (name.equals("salience") ? "an integer" : "a plain value")
                + "), but was '" + value + "'"
                : "attribute '" + name + "' is not allowed (allowed: salience <integer>, no-loop, lock-on-active, "
                + "auto-focus, activation-group, agenda-group); attributes like enabled, timer or dialect can run code"));
    }

    private void condition(BaseDescr element, String where, Bindings bindings) {
        if (element instanceof AndDescr || element instanceof OrDescr || element instanceof NotDescr
                || element instanceof ExistsDescr) {
            for (BaseDescr child : ((org.drools.drl.ast.descr.ConditionalElementDescr) element).getDescrs()) {
                condition(child, where, bindings);
            }
        } else if (element instanceof PatternDescr pattern) {
            pattern(pattern, where, bindings);
        } else {
            file.reject(element.getLine(), element.getColumn() + 1, where + Conditions.describe(element)
                    + " is not allowed in a condition");
        }
    }

    private void pattern(PatternDescr pattern, String where, Bindings bindings) {
        int line = pattern.getLine();
        int column = pattern.getColumn() + 1;
        String type = pattern.getObjectType();
        if (type == null) {
            file.reject(line, column, where + "a pattern needs a fact type (OOPath '/…' patterns are not allowed)");
            return;
        }
        if (!FactModel.isFactType(type)) {
            file.reject(line, column, where + "patterns may only match " + String.join(" or ", FactModel.factTypes())
                    + ", but this one matches '" + type + "'");
            return;
        }
        if (pattern.getSource() != null) {
            file.reject(line, column, where + Conditions.describe(pattern.getSource()) + " is not allowed in a condition");
            return;
        }
        if (pattern.isQuery() || pattern.isUnification() || !pattern.getBehaviors().isEmpty()
                || !pattern.getAnnotationNames().isEmpty()) {
            file.reject(line, column, where + "query calls, ':=' unification, windows and pattern annotations are not allowed");
            return;
        }
        String identifier = pattern.getIdentifier();
        if (identifier != null) {
            if (!Bindings.NAME.matcher(identifier).matches()) {
                file.reject(line, column, where + "a bound variable must be named $name, but was '" + identifier + "'");
                return;
            }
            bindings.bindFact(identifier, type);
        }
        ConstraintChecker constraints = new ConstraintChecker(file, where, bindings);
        for (BaseDescr constraint : pattern.getDescrs()) {
            if (constraint instanceof ExprConstraintDescr expression) {
                constraints.check(expression, type);
            } else {
                file.reject(constraint.getLine(), constraint.getColumn() + 1, where + "the constraint '"
                        + constraint.getText() + "' is not allowed");
            }
        }
    }

    /** The parser trims the consequence; find where its text starts, searching from the 'then' line. */
    private int consequenceStart(RuleDescr rule, String text) {
        int from = file.offsetOfLine(Math.max(rule.getConsequenceLine(), 1));
        String head = text.strip();
        int at = head.isEmpty() ? -1 : file.text().indexOf(head.lines().findFirst().orElse(head), from);
        return at >= 0 ? at : from;
    }
}
