package com.cascade4arm.rules.safety;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.BooleanLiteralExpr;
import com.github.javaparser.ast.expr.DoubleLiteralExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.IntegerLiteralExpr;
import com.github.javaparser.ast.expr.LongLiteralExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.NullLiteralExpr;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import java.util.Optional;
import java.util.Set;

/**
 * The allow-list for one operand of a constraint, parsed by javaparser: properties of the pattern's fact type, bound
 * variables, {@code $fact.property}, literals, and arithmetic, comparison and boolean operators. Nothing else.
 */
final class ConditionExpressions {

    private static final Set<BinaryExpr.Operator> BINARY = Set.of(BinaryExpr.Operator.PLUS, BinaryExpr.Operator.MINUS,
            BinaryExpr.Operator.MULTIPLY, BinaryExpr.Operator.DIVIDE, BinaryExpr.Operator.REMAINDER,
            BinaryExpr.Operator.EQUALS, BinaryExpr.Operator.NOT_EQUALS, BinaryExpr.Operator.LESS,
            BinaryExpr.Operator.LESS_EQUALS, BinaryExpr.Operator.GREATER, BinaryExpr.Operator.GREATER_EQUALS,
            BinaryExpr.Operator.AND, BinaryExpr.Operator.OR);
    private static final Set<UnaryExpr.Operator> UNARY = Set.of(UnaryExpr.Operator.MINUS, UnaryExpr.Operator.PLUS,
            UnaryExpr.Operator.LOGICAL_COMPLEMENT);

    private ConditionExpressions() {
    }

    /** Why the expression is not allowed (naming the first offending construct), or empty when it is. */
    static Optional<String> violation(Expression expression, String factType, Bindings bindings) {
        return firstBad(expression, factType, bindings).map(bad -> describe(bad, factType));
    }

    private static Optional<Node> firstBad(Expression e, String factType, Bindings bindings) {
        if (e instanceof StringLiteralExpr || e instanceof IntegerLiteralExpr || e instanceof LongLiteralExpr
                || e instanceof DoubleLiteralExpr || e instanceof BooleanLiteralExpr || e instanceof NullLiteralExpr) {
            return Optional.empty();
        }
        if (e instanceof NameExpr name) {
            String id = name.getNameAsString();
            boolean known = FactModel.properties(factType).contains(id) || bindings.isBound(id);
            return known ? Optional.empty() : Optional.of(e);
        }
        if (e instanceof FieldAccessExpr access && access.getScope() instanceof NameExpr scope
                && bindings.isFact(scope.getNameAsString())
                && FactModel.properties(bindings.factType(scope.getNameAsString())).contains(access.getNameAsString())) {
            return Optional.empty();
        }
        if (e instanceof EnclosedExpr enclosed) {
            return firstBad(enclosed.getInner(), factType, bindings);
        }
        if (e instanceof UnaryExpr unary && UNARY.contains(unary.getOperator())) {
            return firstBad(unary.getExpression(), factType, bindings);
        }
        if (e instanceof BinaryExpr binary && BINARY.contains(binary.getOperator())) {
            Optional<Node> left = firstBad(binary.getLeft(), factType, bindings);
            return left.isPresent() ? left : firstBad(binary.getRight(), factType, bindings);
        }
        return Optional.of(e);
    }

    private static String describe(Node bad, String factType) {
        if (bad instanceof NameExpr name) {
            String id = name.getNameAsString();
            if (id.startsWith("$")) {
                return "the variable '" + id + "' is not bound before this constraint";
            }
            return Constructs.describeName(id) + " is not a property of " + factType + " (properties: "
                    + String.join(", ", FactModel.properties(factType)) + ")";
        }
        if (bad instanceof UnaryExpr || bad instanceof BinaryExpr) {
            return "the operator in '" + bad + "' is not allowed (use + - * / %, comparisons, && || !)";
        }
        return Constructs.describe(bad) + " is not allowed in a condition";
    }
}
