package com.cascade4arm.rules.safety;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.Problem;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.stmt.BlockStmt;
import java.util.Optional;

/**
 * javaparser set up for rule text: Java 17 syntax, no unicode-escape preprocessing (escapes are rejected before, see
 * {@link SourceChecks}). A new parser per call: javaparser instances are not thread-safe and cost microseconds.
 */
final class JavaText {

    private JavaText() {
    }

    /** The parsed expression, or the parser's complaint. */
    static Parsed<Expression> expression(String text) {
        return parsed(parser().parseExpression(text));
    }

    /** The parsed statements of a block body (the text between braces). */
    static Parsed<BlockStmt> block(String body) {
        return parsed(parser().parseBlock("{" + body + "\n}"));
    }

    /** 1-based line of a node within the parsed text, 1 when javaparser kept no position. */
    static int line(Node node) {
        return node.getBegin().map(position -> position.line).orElse(1);
    }

    private static JavaParser parser() {
        return new JavaParser(new ParserConfiguration()
                .setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_17)
                .setPreprocessUnicodeEscapes(false));
    }

    private static <T extends Node> Parsed<T> parsed(ParseResult<T> result) {
        if (result.isSuccessful() && result.getResult().isPresent()) {
            return new Parsed<>(result.getResult(), null);
        }
        String message = result.getProblems().stream().map(Problem::getVerboseMessage).findFirst()
                .map(m -> m.lines().findFirst().orElse(m)).orElse("unreadable");
        return new Parsed<>(Optional.empty(), message.length() > 200 ? message.substring(0, 200) + "…" : message);
    }

    /** A parse outcome: the node, or why there is none. */
    record Parsed<T>(Optional<T> node, String error) {
        boolean ok() {
            return node.isPresent();
        }
    }
}
