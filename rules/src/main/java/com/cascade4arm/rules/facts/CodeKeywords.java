package com.cascade4arm.rules.facts;

import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Finds language keywords in their syntactic place (<code>def f(</code>, <code>class Foo:</code>, <code>#include &lt;</code>), so that
 * "my yoga class" or "return the book" do not count as code. Every marker is a hand-written scanner (see
 * {@link KeywordSyntax}, {@link LineSyntax}, {@link ConditionSyntax}): linear time and constant stack on any text, where
 * the regular expressions they replace backtracked (cubic time on {@code if(=} repeated, a stack overflow on
 * {@code import a.b.b.b...}). Each runs only when a literal it needs occurs.
 */
final class CodeKeywords {

    /** A keyword marker: its name, the literals that must occur for it to be possible, and the syntax around the word. */
    private record Keyword(String name, List<String> triggers, Predicate<String> syntax) {
        boolean foundIn(String text) {
            for (String trigger : triggers) {
                if (text.contains(trigger)) {
                    return syntax.test(text);
                }
            }
            return false;
        }
    }

    /** Each needs the syntax around the word, so "my yoga class" or "return the book" do not count. */
    private static final List<Keyword> KEYWORDS = List.of(
            new Keyword("def", List.of("def "), KeywordSyntax::def),
            new Keyword("class", List.of("class "), KeywordSyntax::classDeclaration),
            new Keyword("function", List.of("function"), KeywordSyntax::function),
            new Keyword("fn", List.of("fn ", "func ", "fun "), KeywordSyntax::fn),
            new Keyword("return", List.of("return"), KeywordSyntax::returnStatement),
            new Keyword("#include", List.of("#include"), KeywordSyntax::include),
            new Keyword("public static", List.of("public ", "private ", "protected "), KeywordSyntax::visibilityDeclaration),
            new Keyword("import", List.of("import "), LineSyntax::importStatement),
            new Keyword("declaration", List.of("const ", "let ", "var ", "auto "), KeywordSyntax::declaration),
            new Keyword("print", List.of("print", "console.log", "puts"), KeywordSyntax::print),
            new Keyword("control flow", List.of("(", ":"),
                    text -> ConditionSyntax.parenthesisedCondition(text) || LineSyntax.pythonBlockHeader(text)));

    private CodeKeywords() {
    }

    static Set<String> find(String text) {
        Set<String> found = new LinkedHashSet<>();
        for (Keyword keyword : KEYWORDS) {
            if (keyword.foundIn(text)) {
                found.add(keyword.name());
            }
        }
        if (hasMethodCall(text)) {
            found.add("method call");
        }
        return found.isEmpty() ? Set.of() : Collections.unmodifiableSet(found);
    }

    /**
     * {@code name.method(}: an identifier, a dot and an identifier right before a '(' — scanned back from each '('. Each
     * identifier run is read by at most two '(' (as method name, then as receiver), so this is linear too.
     */
    private static boolean hasMethodCall(String text) {
        for (int paren = text.indexOf('('); paren > 0; paren = text.indexOf('(', paren + 1)) {
            int i = paren - 1;
            int methodEnd = i;
            while (i >= 0 && isIdentifierPart(text.charAt(i))) {
                i--;
            }
            if (i == methodEnd || i < 1 || text.charAt(i) != '.' || !isIdentifierPart(text.charAt(i - 1))
                    || !Character.isLetter(text.charAt(i + 1)) && text.charAt(i + 1) != '_') {
                continue;
            }
            int receiverEnd = i - 1;
            int j = receiverEnd;
            while (j >= 0 && isIdentifierPart(text.charAt(j))) {
                j--;
            }
            if (Character.isLetter(text.charAt(j + 1)) || text.charAt(j + 1) == '_') {
                return true;
            }
        }
        return false;
    }

    private static boolean isIdentifierPart(char c) {
        return Character.isLetterOrDigit(c) || c == '_';
    }
}
