package com.cascade4arm.rules.safety;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.ArrayCreationExpr;
import com.github.javaparser.ast.expr.ArrayInitializerExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.CharLiteralExpr;
import com.github.javaparser.ast.expr.ClassExpr;
import com.github.javaparser.ast.expr.ConditionalExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.InstanceOfExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.SuperExpr;
import com.github.javaparser.ast.expr.SwitchExpr;
import com.github.javaparser.ast.expr.TextBlockLiteralExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.LocalClassDeclarationStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.SwitchStmt;
import com.github.javaparser.ast.stmt.SynchronizedStmt;
import com.github.javaparser.ast.stmt.ThrowStmt;
import com.github.javaparser.ast.stmt.TryStmt;
import com.github.javaparser.ast.stmt.WhileStmt;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/** Names a rejected Java construct the way an operator would ("a 'while' loop", "a static call 'System.exit(…)'"). */
final class Constructs {

    /** Names that point outside the fact model; rejected anywhere, named in the message. */
    static final Set<String> DANGEROUS_NAMES = Set.of("System", "Runtime", "Thread", "Class", "ClassLoader",
            "ProcessBuilder", "Process", "Files", "File", "Paths", "Path", "Method", "Field", "Constructor", "Unsafe",
            "Executors", "ForkJoinPool", "Socket", "URL", "URI", "ScriptEngineManager", "MethodHandles", "drools",
            "kcontext");

    /** Method names that mean reflection or class loading. */
    private static final Set<String> REFLECTION = Set.of("getClass", "forName", "getMethod", "getMethods",
            "getDeclaredMethod", "getDeclaredMethods", "getField", "getDeclaredField", "getConstructor",
            "getDeclaredConstructor", "newInstance", "invoke", "setAccessible", "loadClass", "defineClass",
            "getClassLoader", "lookup");

    private static final int MAX_SNIPPET_CHARS = 60;

    private Constructs() {
    }

    static String describe(Node node) {
        String text = snippet(node);
        if (node instanceof WhileStmt) {
            return "a 'while' loop";
        } else if (node instanceof ForStmt || node instanceof ForEachStmt) {
            return "a 'for' loop";
        } else if (node instanceof DoStmt) {
            return "a 'do' loop";
        } else if (node instanceof ObjectCreationExpr creation) {
            return "object creation 'new " + creation.getType().asString() + "(…)'";
        } else if (node instanceof ArrayCreationExpr || node instanceof ArrayInitializerExpr) {
            return "array creation '" + text + "'";
        } else if (node instanceof LambdaExpr) {
            return "a lambda '" + text + "'";
        } else if (node instanceof MethodReferenceExpr) {
            return "a method reference '" + text + "'";
        } else if (node instanceof MethodCallExpr call) {
            return describeCall(call);
        } else if (node instanceof FieldAccessExpr) {
            return "a fully-qualified name or field access '" + text + "'";
        } else if (node instanceof NameExpr name) {
            return describeName(name.getNameAsString());
        } else if (node instanceof ClassExpr) {
            return "a class literal '" + text + "' (reflection)";
        } else if (node instanceof CastExpr) {
            return "a cast '" + text + "'";
        } else if (node instanceof AssignExpr) {
            return "an assignment '" + text + "'";
        } else if (node instanceof VariableDeclarationExpr) {
            return "a local variable declaration '" + text + "'";
        } else if (node instanceof ThisExpr || node instanceof SuperExpr) {
            return "'" + text + "'";
        } else if (node instanceof ArrayAccessExpr) {
            return "array access '" + text + "'";
        } else if (node instanceof ConditionalExpr) {
            return "a conditional expression '" + text + "'";
        } else if (node instanceof InstanceOfExpr) {
            return "an instanceof test '" + text + "'";
        } else if (node instanceof SwitchExpr || node instanceof SwitchStmt) {
            return "a 'switch'";
        } else if (node instanceof IfStmt) {
            return "an 'if' statement (use conditions in 'when')";
        } else if (node instanceof TryStmt) {
            return "a 'try' statement";
        } else if (node instanceof ThrowStmt) {
            return "a 'throw' statement";
        } else if (node instanceof ReturnStmt) {
            return "a 'return' statement";
        } else if (node instanceof SynchronizedStmt) {
            return "a 'synchronized' block";
        } else if (node instanceof LocalClassDeclarationStmt) {
            return "a class declaration";
        } else if (node instanceof CharLiteralExpr) {
            return "a char literal " + text + " (use double quotes)";
        } else if (node instanceof TextBlockLiteralExpr) {
            return "a text block";
        } else if (node instanceof Expression) {
            return "the expression '" + text + "'";
        }
        return "the statement '" + text + "'";
    }

    private static String describeCall(MethodCallExpr call) {
        String name = call.getNameAsString();
        String target = call.getScope().map(scope -> scope + ".").orElse("") + name + "(…)";
        if (REFLECTION.contains(name)) {
            return "a reflective call '" + target + "' (reflection)";
        }
        if (call.getScope().orElse(null) instanceof NameExpr receiver && DANGEROUS_NAMES.contains(receiver.getNameAsString())
                && !Character.isUpperCase(receiver.getNameAsString().charAt(0))) {
            return "a call '" + target + "' on " + describeName(receiver.getNameAsString());
        }
        if (isStaticLooking(call)) {
            return "a static call '" + target + "'";
        }
        if (call.getScope().isEmpty()) {
            return "a call to '" + target + "' (functions are not allowed)";
        }
        return "a method call '" + target + "'";
    }

    /**
     * The node inside {@code node} that best explains a rejection: loops, object or array creation, lambdas, class
     * literals, reflective or static calls, names outside the fact model — in that order; else {@code node} itself.
     */
    static Node mostTelling(Node node) {
        return alarming(node).orElse(node);
    }

    /** The first loop, creation, lambda, reflective or static call, or outside name inside {@code node}, if any. */
    static Optional<Node> alarming(Node node) {
        List<Predicate<Node>> alarming = List.of(
                n -> n instanceof WhileStmt || n instanceof ForStmt || n instanceof ForEachStmt || n instanceof DoStmt,
                n -> n instanceof ObjectCreationExpr || n instanceof ArrayCreationExpr || n instanceof ArrayInitializerExpr,
                n -> n instanceof LambdaExpr || n instanceof MethodReferenceExpr || n instanceof ClassExpr,
                n -> n instanceof MethodCallExpr call && REFLECTION.contains(call.getNameAsString()),
                n -> n instanceof MethodCallExpr call && (isStaticLooking(call) || call.getScope().map(scope ->
                        scope instanceof NameExpr name && DANGEROUS_NAMES.contains(name.getNameAsString())).orElse(false)),
                n -> n instanceof NameExpr name && DANGEROUS_NAMES.contains(name.getNameAsString()));
        for (Predicate<Node> test : alarming) {
            Optional<Node> found = node.stream().filter(test).findFirst();
            if (found.isPresent()) {
                return found;
            }
        }
        return Optional.empty();
    }

    /** A call on a type name ({@code System.exit}, {@code String.valueOf}) or on a qualified name. */
    private static boolean isStaticLooking(MethodCallExpr call) {
        return call.getScope().map(scope -> scope instanceof FieldAccessExpr
                || scope instanceof NameExpr n && Character.isUpperCase(n.getNameAsString().charAt(0))).orElse(false);
    }

    static String describeName(String name) {
        if (DANGEROUS_NAMES.contains(name)) {
            return "'" + name + "' (outside the fact model)";
        }
        return "the name '" + name + "'";
    }

    private static String snippet(Node node) {
        String text = node.toString().replaceAll("\\s+", " ");
        return text.length() > MAX_SNIPPET_CHARS ? text.substring(0, MAX_SNIPPET_CHARS - 1) + "…" : text;
    }
}
