package com.cascade4arm.rules.facts;

import static com.cascade4arm.rules.facts.Scan.anyKeyword;
import static com.cascade4arm.rules.facts.Scan.boundaryAfter;
import static com.cascade4arm.rules.facts.Scan.boundaryBefore;
import static com.cascade4arm.rules.facts.Scan.charAt;
import static com.cascade4arm.rules.facts.Scan.oneOf;
import static com.cascade4arm.rules.facts.Scan.spaces;
import static com.cascade4arm.rules.facts.Scan.word;

import java.util.Set;

/**
 * Keyword markers that a word and the syntax right after it decide ({@code def f(}, {@code class Foo:},
 * {@code const x =}). Each method states the regular expression it answers, in java.util.regex notation, and scans
 * forward from each occurrence of the keyword over what belongs to it only: linear time, no backtracking.
 */
final class KeywordSyntax {

    private static final String[] FN_KEYWORDS = {"fn", "func", "fun"};
    private static final String[] VISIBILITIES = {"public", "private", "protected"};
    private static final Set<String> MODIFIERS = WordSet.of("static", "final");
    private static final Set<String> DECLARED_TYPES = WordSet.of("void", "int", "long", "boolean", "String", "class",
            "record", "interface");
    private static final String[] DECLARATIONS = {"const", "let", "var", "auto"};
    private static final String[] PRINT_CALLS = {"printf", "println", "print", "puts", "console.log"};
    private static final String RETURN = "return";
    /** A statement's end, or a sentence's: {@code return} counts as code only when a ';' comes before a sentence ends. */
    private static final String RETURN_STOPS = ";\n.?!";

    private KeywordSyntax() {
    }

    /** {@code \bdef\s+\w+\s*\(}. */
    static boolean def(String t) {
        return anyKeyword(t, "def", end -> {
            int name = spaces(t, end);
            int nameEnd = word(t, name);
            return name > end && nameEnd > name && charAt(t, spaces(t, nameEnd), '(');
        });
    }

    /** {@code \bclass\s+[A-Z]\w*\s*(?:[:({<]|extends\b|implements\b)}. */
    static boolean classDeclaration(String t) {
        return anyKeyword(t, "class", end -> {
            int name = spaces(t, end);
            if (name == end || name >= t.length() || t.charAt(name) < 'A' || t.charAt(name) > 'Z') {
                return false;
            }
            int next = spaces(t, word(t, name));
            return oneOf(t, next, ":({<") || keywordAt(t, next, "extends") || keywordAt(t, next, "implements");
        });
    }

    /** {@code \bfunction\s*\w*\s*\(}. */
    static boolean function(String t) {
        return anyKeyword(t, "function", end -> charAt(t, spaces(t, word(t, spaces(t, end))), '('));
    }

    /** {@code \b(?:fn|func|fun)\s+\w+\s*[(<]}. */
    static boolean fn(String t) {
        return anyKeyword(t, FN_KEYWORDS, end -> {
            int name = spaces(t, end);
            int nameEnd = word(t, name);
            return name > end && nameEnd > name && oneOf(t, spaces(t, nameEnd), "(<");
        });
    }

    /** {@code #include\s*[<"]}. */
    static boolean include(String t) {
        for (int i = t.indexOf("#include"); i >= 0; i = t.indexOf("#include", i + 1)) {
            if (oneOf(t, spaces(t, i + "#include".length()), "<\"")) {
                return true;
            }
        }
        return false;
    }

    /** {@code \b(?:public|private|protected)\s+(?:static\s+|final\s+)*(?:void|int|long|boolean|String|class|record|interface)\b}. */
    static boolean visibilityDeclaration(String t) {
        return anyKeyword(t, VISIBILITIES, end -> {
            int at = spaces(t, end);
            if (at == end) {
                return false;
            }
            while (true) {
                int wordEnd = word(t, at);
                String word = t.substring(at, wordEnd);
                if (!MODIFIERS.contains(word)) {
                    return DECLARED_TYPES.contains(word) && boundaryAfter(t, wordEnd);
                }
                at = spaces(t, wordEnd);
                if (at == wordEnd) {
                    return false; // "static" must be followed by white space
                }
            }
        });
    }

    /** {@code \b(?:const|let|var|auto)\s+\w+\s*(?::\s*\w+\s*)?=}. */
    static boolean declaration(String t) {
        return anyKeyword(t, DECLARATIONS, end -> {
            int name = spaces(t, end);
            int nameEnd = word(t, name);
            if (name == end || nameEnd == name) {
                return false;
            }
            int next = spaces(t, nameEnd);
            if (charAt(t, next, ':')) {
                int type = spaces(t, next + 1);
                int typeEnd = word(t, type);
                next = typeEnd > type ? spaces(t, typeEnd) : -1;
            }
            return charAt(t, next, '=');
        });
    }

    /** {@code \b(?:console\.log|System\.out\.print\w*|printf|println|print|puts)\s*\(}. */
    static boolean print(String t) {
        return anyKeyword(t, PRINT_CALLS, end -> charAt(t, spaces(t, end), '('))
                || anyKeyword(t, "System.out.print", end -> charAt(t, spaces(t, word(t, end)), '('));
    }

    /** {@code \breturn\b[^\n.?!]*;|^[ \t]+return\b} (multi-line). */
    static boolean returnStatement(String t) {
        int lastStop = -1;
        for (int i = t.indexOf(RETURN); i >= 0; i = t.indexOf(RETURN, i + 1)) {
            int end = i + RETURN.length();
            if (!boundaryBefore(t, i) || !boundaryAfter(t, end)) {
                continue;
            }
            if (indentedAtLineStart(t, i)) {
                return true;
            }
            if (end <= lastStop) {
                continue; // the scan from here would stop where the last one stopped, without a ';'
            }
            int stop = end;
            while (stop < t.length() && RETURN_STOPS.indexOf(t.charAt(stop)) < 0) {
                stop++;
            }
            if (stop < t.length() && t.charAt(stop) == ';') {
                return true;
            }
            lastStop = stop;
        }
        return false;
    }

    /** Only spaces and tabs, at least one, between the line's start and {@code i}. */
    private static boolean indentedAtLineStart(String t, int i) {
        int j = i;
        while (j > 0 && (t.charAt(j - 1) == ' ' || t.charAt(j - 1) == '\t')) {
            j--;
        }
        return j < i && (j == 0 || t.charAt(j - 1) == '\n');
    }

    /** {@code word\b} at {@code i}. */
    static boolean keywordAt(String t, int i, String word) {
        return t.startsWith(word, i) && boundaryAfter(t, i + word.length());
    }
}
