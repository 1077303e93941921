package com.cascade4arm.rules.safety;

import com.cascade4arm.rules.decision.Decision;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.DoubleLiteralExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.IntegerLiteralExpr;
import com.github.javaparser.ast.expr.LiteralStringValueExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.EmptyStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.Statement;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Checks a rule's consequence (Java between {@code then} and {@code end}). Allowed statements, nothing else:
 * {@code modify($d) { routeLarge(r), assignCategory(c, r) }}, {@code $d.routeSmall(r);} and {@code update($d);} on a
 * variable bound to Decision, where every text argument is a string literal, or a concatenation of literals, numbers
 * and value bindings, holding at least one non-blank literal, and the threshold of {@code routeSmallTentatively(0.6, r)}
 * is a number literal strictly between 0 and 1 (so the decision's checks can never throw at run time). Structure by
 * javaparser after rewriting modify blocks into calls ({@link ModifyBlocks}); a token allow-list as backstop.
 */
final class ConsequenceChecker {

    private static final Set<String> LEXICAL_OPERATORS = Set.of("(", ")", "{", "}", ",", ";", ".", "+");

    private final SourceFile file;
    private final String rule;
    private final Bindings bindings;

    ConsequenceChecker(SourceFile file, String rule, Bindings bindings) {
        this.file = file;
        this.rule = rule;
        this.bindings = bindings;
    }

    /** @param start offset of the consequence text in the file */
    void check(String text, int start) {
        if (text.isBlank()) {
            file.rejectAt(start, rule + "the consequence is empty: call routeLarge, routeSmall, routeTo or assignCategory");
            return;
        }
        List<Tokens.Token> tokens = Tokens.scan(text);
        ModifyBlocks.Rewrite rewrite = ModifyBlocks.rewrite(text, tokens);
        if (rewrite.problem() != null) {
            file.rejectAt(start + rewrite.problemOffset(), rule + rewrite.problem());
            return;
        }
        JavaText.Parsed<BlockStmt> parsed = JavaText.block(rewrite.text());
        if (!parsed.ok()) {
            if (!lexical(tokens, start)) {
                file.rejectAt(start, rule + "cannot read the consequence as Java: " + parsed.error());
            }
            return;
        }
        for (Statement statement : parsed.node().get().getStatements()) {
            Optional<Node> bad = firstBad(statement);
            if (bad.isPresent()) {
                reject(start, bad.get(), explain(bad.get()));
                return;
            }
        }
        lexical(tokens, start);
    }

    private String explain(Node bad) {
        Optional<Node> parent = bad.getParentNode();
        boolean isArgument = parent.isPresent() && parent.get() instanceof MethodCallExpr call
                && FactModel.DECISION_METHODS.containsKey(call.getNameAsString()) && call.getArguments().contains(bad);
        if (isArgument && Constructs.alarming(bad).isEmpty()) {
            MethodCallExpr call = (MethodCallExpr) parent.get();
            int index = call.getArguments().indexOf(bad);
            if (FactModel.DECISION_PARAMETERS.get(call.getNameAsString()).get(index) == FactModel.Parameter.PROBABILITY) {
                return "the confidence threshold '" + bad + "' of " + call.getNameAsString() + " must be a number literal "
                        + "between 0 and 1 (exclusive), such as 0.6";
            }
            return "the argument '" + bad + "' is not allowed: arguments must be string literals, or concatenations of "
                    + "literals, numbers and bound values ($w : wordCount), with some non-blank text";
        }
        Optional<String> unbound = bad.stream().filter(n -> n instanceof NameExpr).map(n -> ((NameExpr) n).getNameAsString())
                .filter(name -> name.startsWith("$") && !bindings.isDecision(name)).findFirst();
        if (unbound.isPresent() && Constructs.alarming(bad).isEmpty()) {
            return "'" + unbound.get() + "' is not bound to a Decision (bind it with " + unbound.get()
                    + " : Decision()), so '" + bad + "' is not allowed";
        }
        if (bad instanceof MethodCallExpr call && call.getScope().isPresent() && isDecisionVariable(call.getScope().get())
                || bad instanceof MethodCallExpr inner && inner.getScope().isEmpty()
                && FactModel.DECISION_METHODS.containsKey(inner.getNameAsString())) {
            MethodCallExpr call = (MethodCallExpr) bad;
            Integer arity = FactModel.DECISION_METHODS.get(call.getNameAsString());
            return arity == null ? "Decision has no method '" + call.getNameAsString() + "' a rule may call (allowed: "
                    + String.join(", ", FactModel.DECISION_METHODS.keySet().stream().sorted().toList()) + ")"
                    : "'" + call.getNameAsString() + "' takes " + arity + " argument(s), but got " + call.getArguments().size();
        }
        return Constructs.describe(Constructs.mostTelling(bad)) + " is not allowed in a consequence: only "
                + "modify($d) { routeLarge(…), routeSmall(…), routeSmallTentatively(0.6, …), routeTo(…, …), "
                + "assignCategory(…, …) }, $d.routeLarge(…) and update($d) on a variable bound to Decision";
    }

    private Optional<Node> firstBad(Statement statement) {
        if (statement instanceof EmptyStmt) {
            return Optional.empty();
        }
        if (!(statement instanceof ExpressionStmt expression) || !(expression.getExpression() instanceof MethodCallExpr call)) {
            return Optional.of(statement);
        }
        if (call.getScope().isEmpty() && call.getNameAsString().equals(ModifyBlocks.CALL)) {
            return modify(call);
        }
        if (call.getScope().isEmpty() && call.getNameAsString().equals("update")) {
            return call.getArguments().size() == 1 && isDecisionVariable(call.getArgument(0))
                    ? Optional.empty() : Optional.of(call);
        }
        if (call.getScope().isPresent() && isDecisionVariable(call.getScope().get())) {
            return decisionCall(call);
        }
        return Optional.of(call);
    }

    /** {@code modify($d, routeLarge(r), …)} as rewritten: the target, then calls without a receiver. */
    private Optional<Node> modify(MethodCallExpr call) {
        if (call.getArguments().isEmpty() || !isDecisionVariable(call.getArgument(0))) {
            return Optional.of(call.getArguments().isEmpty() ? call : call.getArgument(0));
        }
        for (Expression inner : call.getArguments().subList(1, call.getArguments().size())) {
            if (!(inner instanceof MethodCallExpr innerCall) || innerCall.getScope().isPresent()) {
                return Optional.of(inner);
            }
            Optional<Node> bad = decisionCall(innerCall);
            if (bad.isPresent()) {
                return bad;
            }
        }
        return Optional.empty();
    }

    private Optional<Node> decisionCall(MethodCallExpr call) {
        List<FactModel.Parameter> parameters = FactModel.DECISION_PARAMETERS.get(call.getNameAsString());
        if (parameters == null || parameters.size() != call.getArguments().size()) {
            return Optional.of(call);
        }
        for (int i = 0; i < parameters.size(); i++) {
            Expression argument = call.getArgument(i);
            boolean allowed = parameters.get(i) == FactModel.Parameter.PROBABILITY ? isProbability(argument)
                    : isReason(argument) && hasNonBlankLiteral(argument);
            if (!allowed) {
                return Optional.of(argument);
            }
        }
        return Optional.empty();
    }

    /** A number literal strictly between 0 and 1, written as such: no sign, no expression, no binding. */
    private static boolean isProbability(Expression e) {
        if (!(e instanceof DoubleLiteralExpr) && !(e instanceof IntegerLiteralExpr)) {
            return false;
        }
        try {
            double value = Double.parseDouble(((LiteralStringValueExpr) e).getValue());
            return value > Decision.MIN_CONFIDENCE_FLOOR && value < Decision.MIN_CONFIDENCE_CEILING;
        } catch (NumberFormatException notPlain) {
            return false; // hex, underscores, suffixes: write 0.6
        }
    }

    private boolean isReason(Expression e) {
        if (e instanceof StringLiteralExpr || e instanceof IntegerLiteralExpr) {
            return true;
        }
        if (e instanceof NameExpr name) {
            return bindings.isValue(name.getNameAsString());
        }
        if (e instanceof EnclosedExpr enclosed) {
            return isReason(enclosed.getInner());
        }
        return e instanceof BinaryExpr binary && binary.getOperator() == BinaryExpr.Operator.PLUS
                && isReason(binary.getLeft()) && isReason(binary.getRight());
    }

    private static boolean hasNonBlankLiteral(Expression e) {
        return e.findAll(StringLiteralExpr.class).stream().anyMatch(literal -> !literal.asString().isBlank());
    }

    private boolean isDecisionVariable(Expression e) {
        return e instanceof NameExpr name && bindings.isDecision(name.getNameAsString());
    }

    /** Backstop: every token must be a literal, an allowed word or a bound variable. Returns true when it rejected. */
    private boolean lexical(List<Tokens.Token> tokens, int start) {
        for (Tokens.Token token : tokens) {
            String bad = switch (token.kind()) {
                case WHITESPACE, COMMENT, STRING, NUMBER -> null;
                case IDENTIFIER -> token.text().equals("modify") || token.text().equals("update")
                        || FactModel.DECISION_METHODS.containsKey(token.text()) || bindings.isBound(token.text())
                        ? null : Constructs.describeName(token.text()) + " is not allowed in a consequence";
                case OPERATOR -> LEXICAL_OPERATORS.contains(token.text()) ? null
                        : "the symbol '" + token.text() + "' is not allowed in a consequence";
                case CHAR -> "single-quoted literals are not allowed: use double quotes";
                case TEXT_BLOCK -> "text blocks (\"\"\") are not allowed";
                case UNTERMINATED -> "an unterminated string or comment";
                default -> "'" + token.text() + "' is not allowed in a consequence";
            };
            if (bad != null) {
                file.rejectAt(start + token.offset(), rule + bad);
                return true;
            }
        }
        return false;
    }

    private void reject(int start, Node node, String message) {
        int javaLine = JavaText.line(node);
        int startLine = file.lineOf(start);
        file.reject(startLine + javaLine - 1, javaLine == 1 ? file.columnOf(start) : 0, rule + message);
    }
}
