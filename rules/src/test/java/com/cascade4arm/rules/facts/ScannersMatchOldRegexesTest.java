package com.cascade4arm.rules.facts;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The linear scanners answer what the backtracking regexes they replaced answered, on random code-like text short
 * enough for the regexes to be fast (RegexOracle). Line-based markers (imports, Python block headers) are left out:
 * they read within one line on purpose, where the regexes let white space span lines.
 */
class ScannersMatchOldRegexesTest {

    private static final List<String> TOKENS = List.of(
            "def", "class", "Foo", "function", "fn", "func", "fun", "return", "#include", "public", "private", "static",
            "final", "void", "String", "Strings", "const", "let", "var", "auto", "print", "printf", "puts", "console.log",
            "System.out.println", "for", "while", "if", "switch", "catch", "goroutine", "SELECT", "FROM", "select", "from",
            "distinct", "count", "insert", "into", "values", "update", "set", "delete", "where", "create", "table", "unique",
            "index", "view", "INNER", "LEFT", "JOIN", "NullPointerException", "Error", "TypeError", "_Error", "at", "File",
            "line", "Native Method", "Unknown Source", "Foo.java", "app.js", "x", "y1", "_z", "é", "ж", "12", "3.5", "of",
            " ", " ", " ", "  ", "\t", "\n", "\n  ", "(", ")", "<", ">", "{", "}", ":", ";", "=", "==", "!", ".", ",",
            "\"", "'", "*", "+", "-", "/", "%", "^", "[", "]", "$", "?", "×", "-");

    @Provide
    Arbitrary<String> codeLike() {
        return Arbitraries.of(TOKENS).list().ofMinSize(1).ofMaxSize(40).map(tokens -> String.join("", tokens));
    }

    @Property(tries = 3000)
    void everyScannerAgreesWithItsRegex(@ForAll("codeLike") String text) {
        for (Map.Entry<String, Predicate<String>> oracle : RegexOracle.MARKERS.entrySet()) {
            Predicate<String> scanner = RegexOracle.SCANNERS.get(oracle.getKey());
            assertThat(scanner.test(text)).as("%s on %s", oracle.getKey(), show(text)).isEqualTo(oracle.getValue().test(text));
        }
    }

    private static String show(String text) {
        return '"' + text.replace("\n", "\\n").replace("\t", "\\t") + '"';
    }
}
