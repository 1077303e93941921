package com.cascade4arm.rules.facts;

import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Finds language keywords in their syntactic place (<code>def f(</code>, <code>class Foo:</code>, <code>#include &lt;</code>), so that
 * "my yoga class" or "return the book" do not count as code. Each regex runs only when its literal trigger occurs.
 */
final class CodeKeywords {

    /** A keyword marker: its name, the literals that must occur for it to be possible, and the syntax around the word. */
    private record Keyword(String name, List<String> triggers, Pattern syntax) {
        boolean foundIn(String text) {
            for (String trigger : triggers) {
                if (text.contains(trigger)) {
                    return syntax.matcher(text).find();
                }
            }
            return false;
        }
    }

    /** Each needs the syntax around the word, so "my yoga class" or "return the book" do not count. */
    private static final List<Keyword> KEYWORDS = List.of(
            new Keyword("def", List.of("def "), Pattern.compile("\\bdef\\s+\\w+\\s*\\(")),
            new Keyword("class", List.of("class "),
                    Pattern.compile("\\bclass\\s+[A-Z]\\w*\\s*(?:[:({<]|extends\\b|implements\\b)")),
            new Keyword("function", List.of("function"), Pattern.compile("\\bfunction\\s*\\w*\\s*\\(")),
            new Keyword("fn", List.of("fn ", "func ", "fun "), Pattern.compile("\\b(?:fn|func|fun)\\s+\\w+\\s*[(<]")),
            new Keyword("return", List.of("return"),
                    Pattern.compile("\\breturn\\b[^\\n.?!]*;|^[ \\t]+return\\b", Pattern.MULTILINE)),
            new Keyword("#include", List.of("#include"), Pattern.compile("#include\\s*[<\"]")),
            new Keyword("public static", List.of("public ", "private ", "protected "), Pattern.compile(
                    "\\b(?:public|private|protected)\\s+(?:static\\s+|final\\s+)*"
                            + "(?:void|int|long|boolean|String|class|record|interface)\\b")),
            new Keyword("import", List.of("import "), Pattern.compile(
                    "^\\s*(?:import\\s+(?:static\\s+)?\\w+(?:\\.[\\w*]+)+;?|import\\s+\\w+(?:\\s+as\\s+\\w+)?\\s*$"
                            + "|import\\s+.+\\s+from\\s+['\"]|from\\s+[\\w.]+\\s+import\\s+\\w)", Pattern.MULTILINE)),
            new Keyword("declaration", List.of("const ", "let ", "var ", "auto "),
                    Pattern.compile("\\b(?:const|let|var|auto)\\s+\\w+\\s*(?::\\s*\\w+\\s*)?=")),
            new Keyword("print", List.of("print", "console.log", "puts"),
                    Pattern.compile("\\b(?:console\\.log|System\\.out\\.print\\w*|printf|println|print|puts)\\s*\\(")),
            new Keyword("control flow", List.of("(", ":"), Pattern.compile(
                    "\\b(?:for|while|if|switch|catch)\\s*\\([^)]*[=<>!;:][^)]*\\)"
                            + "|^\\s*(?:for\\s+\\w+(?:\\s*,\\s*\\w+)*\\s+in\\s+[^\\n]+|while\\s+[^\\n]+|(?:el)?if\\s+[^\\n]+"
                            + "|else|try|except[^\\n]*|with\\s+[^\\n]+\\s+as\\s+\\w+)\\s*:\\s*$", Pattern.MULTILINE)));

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

    /** {@code name.method(}: an identifier, a dot and an identifier right before a '(' — scanned back from each '('. */
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
