package com.cascade4arm.rules.safety;

import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import com.cascade4arm.rules.facts.OperatorPatterns;
import org.drools.drl.ast.descr.AtomicExprDescr;
import org.drools.drl.ast.descr.BaseDescr;
import org.drools.drl.ast.descr.BindingDescr;
import org.drools.drl.ast.descr.ConstraintConnectiveDescr;
import org.drools.drl.ast.descr.ExprConstraintDescr;
import org.drools.drl.ast.descr.RelationalExprDescr;
import org.drools.drl.parser.DrlExprParser;
import org.drools.drl.parser.DrlExprParserFactory;
import org.kie.internal.builder.conf.LanguageLevelOption;

/**
 * Checks one pattern constraint ({@code wordCount > 3 || words contains "why"}). Structure: Drools' own expression
 * parser — the one the compiler uses — splits it into operators and operands; operators must be on the list and
 * operands pass {@link ConditionExpressions}. Backstop: every token of the raw text must be on a lexical list too, so
 * text a parser might skip or read differently cannot carry code.
 */
final class ConstraintChecker {

    static final Set<String> OPERATORS = Set.of("==", "!=", "<", "<=", ">", ">=", "contains", "memberOf", "str");
    /** The one way to use a regular expression in a condition: {@code matchedPatterns contains "…"} (RE2/J, linear). */
    static final String PATTERNS = "matchedPatterns";
    static final Set<String> STR_OPERATIONS = Set.of("startsWith", "endsWith");
    /** Words DRL's operators are spelled with (contains, not, in, str[startsWith] ...) and the literal keywords. */
    private static final Set<String> DRL_WORDS = Set.of("contains", "not", "memberOf", "matches", "str", "in",
            "startsWith", "endsWith", "null", "true", "false");
    private static final Set<String> LEXICAL_OPERATORS = Set.of("(", ")", ",", "[", "]", ":", ".", "==", "!=", "<",
            "<=", ">", ">=", "&&", "||", "!", "+", "-", "*", "/", "%");

    private final SourceFile file;
    private final String rule;
    private final Bindings bindings;
    /** Offset (within the constraint text) of the operand the last structural finding is about, when known. */
    private int offsetHint;

    ConstraintChecker(SourceFile file, String rule, Bindings bindings) {
        this.file = file;
        this.rule = rule;
        this.bindings = bindings;
    }

    void check(ExprConstraintDescr constraint, String factType) {
        String text = constraint.getExpression();
        int start = constraintOffset(constraint);
        if (constraint.getType() != ExprConstraintDescr.Type.NAMED) {
            file.rejectAt(start, rule + "positional constraints are not allowed: name the property ('" + text + "')");
            return;
        }
        DrlExprParser parser = DrlExprParserFactory.getDrlExprParser(LanguageLevelOption.DRL6);
        ConstraintConnectiveDescr tree = parser.parse(text);
        if (parser.hasErrors() || tree == null) {
            String why = parser.getErrors().isEmpty() ? "unreadable" : parser.getErrors().get(0).getMessage();
            file.rejectAt(start, rule + "cannot read the constraint '" + text + "': " + why);
            return;
        }
        Optional<String> structural = structure(tree, factType, text);
        if (structural.isPresent()) {
            file.rejectAt(start + Math.max(0, offsetHint), rule + structural.get());
            return;
        }
        lexical(text, start, factType);
    }

    private Optional<String> structure(BaseDescr descr, String factType, String text) {
        if (descr instanceof ConstraintConnectiveDescr connective) {
            for (BaseDescr child : connective.getDescrs()) {
                Optional<String> bad = structure(child, factType, text);
                if (bad.isPresent()) {
                    return bad;
                }
            }
            return Optional.empty();
        }
        if (descr instanceof RelationalExprDescr relation) {
            return relation(relation, factType, text);
        }
        if (descr instanceof AtomicExprDescr atom) {
            return operand(atom.getExpression(), factType, text);
        }
        if (descr instanceof BindingDescr binding) {
            return binding(binding, factType, text);
        }
        return Optional.of("the constraint part '" + descr.getText() + "' is not allowed");
    }

    private Optional<String> relation(RelationalExprDescr relation, String factType, String text) {
        String operator = relation.getOperator();
        if (operator.equals("matches")) {
            return Optional.of("'matches' is not allowed: Drools runs it with java.util.regex, which backtracks and can "
                    + "take exponential time on a prompt; write " + PATTERNS + " contains \"<pattern>\" instead (RE2 "
                    + "syntax, linear time; it finds the pattern anywhere in the text)");
        }
        List<String> parameters = relation.getParameters() == null ? List.of() : relation.getParameters();
        if (!OPERATORS.contains(operator)) {
            return Optional.of("the operator '" + operator + "' is not allowed (allowed: == != < <= > >= contains, "
                    + "not contains, memberOf, str[startsWith|endsWith], in, not in)");
        }
        if (operator.equals("str") ? parameters.size() != 1 || !STR_OPERATIONS.contains(parameters.get(0))
                : !parameters.isEmpty()) {
            return Optional.of("the operator '" + operator + parameters + "' is not allowed (str takes [startsWith] "
                    + "or [endsWith]; other operators take no parameters)");
        }
        if (operator.equals("contains") && FactModel.PROMPT_FACTS.equals(factType)
                && relation.getLeft() instanceof AtomicExprDescr left && PATTERNS.equals(left.getExpression().strip())) {
            return pattern(relation.getRight(), text);
        }
        Optional<String> left = structure(relation.getLeft(), factType, text);
        if (left.isPresent()) {
            return left;
        }
        return structure(relation.getRight(), factType, text);
    }

    /** The right of {@code matchedPatterns contains}: a string literal RE2/J accepts within the size bounds. */
    private Optional<String> pattern(BaseDescr right, String text) {
        Optional<Expression> parsed = right instanceof AtomicExprDescr atom
                ? JavaText.expression(atom.getExpression()).node() : Optional.empty();
        if (parsed.isEmpty() || !(parsed.get() instanceof StringLiteralExpr literal)) {
            hint(text, right instanceof AtomicExprDescr atom ? atom.getExpression() : null);
            return Optional.of("'" + PATTERNS + " contains' needs a string literal pattern, but was '"
                    + (right instanceof AtomicExprDescr atom ? atom.getExpression() : right.getText()) + "'");
        }
        return OperatorPatterns.problem(literal.asString()).map(why -> "'" + PATTERNS + " contains': " + why);
    }

    /** {@code matchedPatterns} anywhere but on the left of {@code contains} with a literal (it would take any text as a pattern). */
    private static Optional<String> patternsElsewhere(String expression) {
        for (Tokens.Token token : Tokens.scan(expression == null ? "" : expression)) {
            if (token.kind() == Tokens.Kind.IDENTIFIER && token.text().equals(PATTERNS)) {
                return Optional.of("'" + PATTERNS + "' may only be used as " + PATTERNS + " contains \"<pattern>\" "
                        + "(or not contains), with a string literal");
            }
        }
        return Optional.empty();
    }

    private Optional<String> binding(BindingDescr binding, String factType, String text) {
        hint(text, binding.getVariable());
        Optional<String> patterns = patternsElsewhere(binding.getExpression());
        if (patterns.isPresent()) {
            return patterns;
        }
        if (binding.isUnification()) {
            return Optional.of("unification ':=' is not allowed ('" + binding.getVariable() + "')");
        }
        if (!Bindings.NAME.matcher(binding.getVariable()).matches()) {
            return Optional.of("a bound variable must be named $name, but was '" + binding.getVariable() + "'");
        }
        if (!FactModel.properties(factType).contains(binding.getExpression().trim())) {
            return Optional.of("'" + binding.getVariable() + "' may only bind a property of " + factType
                    + ", but binds '" + binding.getExpression() + "'");
        }
        bindings.bindValue(binding.getVariable());
        return Optional.empty();
    }

    private Optional<String> operand(String expression, String factType, String text) {
        hint(text, expression);
        Optional<String> patterns = patternsElsewhere(expression);
        if (patterns.isPresent()) {
            return patterns;
        }
        JavaText.Parsed<Expression> parsed = JavaText.expression(expression);
        if (!parsed.ok()) {
            return Optional.of("cannot read '" + expression + "' as an expression: " + parsed.error());
        }
        return ConditionExpressions.violation(parsed.node().get(), factType, bindings)
                .map(why -> why + " (in '" + expression.strip() + "')");
    }

    /** Backstop: every token of the raw constraint must be a known word, a literal or an allowed operator. */
    private void lexical(String text, int start, String factType) {
        for (Tokens.Token token : Tokens.scan(text)) {
            String bad = switch (token.kind()) {
                case WHITESPACE, STRING, NUMBER -> null;
                case IDENTIFIER -> DRL_WORDS.contains(token.text()) || token.text().startsWith("$")
                        || FactModel.isPropertyOfAnyFact(token.text()) ? null : Constructs.describeName(token.text())
                        + " is not a property of " + factType + " or a bound variable";
                case OPERATOR -> LEXICAL_OPERATORS.contains(token.text()) ? null
                        : "the symbol '" + token.text() + "' is not allowed in a condition";
                case COMMENT -> "comments are not allowed inside a constraint";
                case CHAR -> "single-quoted literals are not allowed: use double quotes";
                default -> "'" + token.text() + "' is not allowed in a condition";
            };
            if (bad != null) {
                file.rejectAt(start + token.offset(), rule + bad);
                return;
            }
        }
    }

    private void hint(String text, String part) {
        int at = part == null ? -1 : text.indexOf(part.strip());
        offsetHint = Math.max(at, 0);
    }

    private int constraintOffset(ExprConstraintDescr constraint) {
        int line = Math.max(constraint.getLine(), 1);
        int offset = file.offsetOfLine(line) + Math.max(constraint.getColumn(), 0);
        return Math.min(offset, file.text().length());
    }
}
