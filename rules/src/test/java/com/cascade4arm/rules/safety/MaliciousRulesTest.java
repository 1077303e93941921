package com.cascade4arm.rules.safety;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.cascade4arm.rules.RoutingRulebook;
import com.cascade4arm.rules.RuleProblem;
import com.cascade4arm.rules.RulebookCompileException;
import com.cascade4arm.rules.facts.PromptFactsExtractor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The checker against hostile DRL: every candidate is rejected, with a message naming the construct and its line,
 * BEFORE any of its code runs — the payloads set a system property or create a marker file, and neither exists
 * afterwards. {@link #thePayloadsAreLiveWithoutTheChecker} shows the same payloads do run when compiled unchecked.
 */
class MaliciousRulesTest {

    /** Each payload sets this property (suffixed by the case) or creates MARKER; neither may ever appear. */
    private static final String PWNED = "cascade.safety.pwned";
    private static final String HEADER = """
            package com.cascade4arm.rules;
            import com.cascade4arm.rules.facts.PromptFacts;
            import com.cascade4arm.rules.decision.Decision;
            """;

    @TempDir
    static Path markers;

    @AfterEach
    void clearProperties() {
        System.getProperties().stringPropertyNames().stream().filter(k -> k.startsWith(PWNED)).toList()
                .forEach(System::clearProperty);
    }

    /** A rule whose condition and consequence lines are fixed: the condition is on line 6, the consequence on line 9. */
    private static String rule(String condition, String consequence) {
        return HEADER + """
                rule "hostile: payload"
                when
                    %s
                    $d : Decision()
                then
                    %s
                end
                """.formatted(condition, consequence);
    }

    private static String marker(String name) {
        return markers.resolve(name).toString();
    }

    static Stream<Arguments> hostileCandidates() {
        return Stream.of(
                hostile("System.exit in a consequence", rule("PromptFacts()", "System.exit(3);"),
                        "static call 'System.exit", 9),
                hostile("Runtime.exec in a consequence",
                        rule("PromptFacts()", "Runtime.getRuntime().exec(\"touch " + marker("exec") + "\");"),
                        "static call 'Runtime.getRuntime", 9),
                hostile("file I/O with a fully-qualified class",
                        rule("PromptFacts()", "new java.io.File(\"" + marker("file-io") + "\").createNewFile();"),
                        "object creation 'new java.io.File", 9),
                hostile("java.nio Files.writeString",
                        rule("PromptFacts()", "java.nio.file.Files.writeString(java.nio.file.Path.of(\""
                                + marker("nio") + "\"), \"x\");"), "static call 'java.nio.file.Files.writeString", 9),
                hostile("reflection via Class.forName",
                        rule("PromptFacts()", "Class.forName(\"java.lang.System\").getMethod(\"setProperty\", String.class,"
                                + " String.class).invoke(null, \"" + PWNED + ".reflection\", \"1\");"), "reflection", 9),
                hostile("reflection via getClass on the decision",
                        rule("PromptFacts()", "$d.getClass().getClassLoader();"), "reflection", 9),
                hostile("class loading through the context class loader",
                        rule("PromptFacts()", "Thread.currentThread().getContextClassLoader().loadClass(\"x.Evil\");"),
                        "reflection", 9),
                hostile("eval in a condition",
                        rule("eval( System.setProperty(\"" + PWNED + ".eval\", \"1\") == null )", "modify($d) { routeLarge(\"x\") }"),
                        "eval(", 6),
                hostile("a fully-qualified name in a constraint",
                        rule("PromptFacts( java.lang.System.getenv(\"HOME\") != null )", "modify($d) { routeLarge(\"x\") }"),
                        "static call 'java.lang.System.getenv", 6),
                hostile("a method call in a constraint",
                        rule("PromptFacts( text.contains(\"x\") )", "modify($d) { routeLarge(\"x\") }"),
                        "method call 'text.contains", 6),
                hostile("a side effect in a constraint",
                        rule("PromptFacts( System.setProperty(\"" + PWNED + ".constraint\", \"1\") == null )",
                                "modify($d) { routeLarge(\"x\") }"), "static call 'System.setProperty", 6),
                hostile("a while(true) loop", rule("PromptFacts()", "while (true) { }"), "'while' loop", 9),
                hostile("a for loop", rule("PromptFacts()", "for (int i = 0; i < 10; i++) { $d.routeLarge(\"x\"); }"),
                        "'for' loop", 9),
                hostile("a function", HEADER + """
                        function void boom() { System.setProperty("%s.function", "1"); }
                        rule "hostile: calls a function"
                        when $d : Decision()
                        then boom();
                        end
                        """.formatted(PWNED), "functions (they run arbitrary Java) are not allowed ('boom')", 4),
                hostile("a global", HEADER + """
                        global java.util.List sink;
                        rule "hostile: global"
                        when $d : Decision()
                        then sink.add($d);
                        end
                        """, "globals are not allowed ('sink')", 4),
                hostile("a static call", rule("PromptFacts()", "$d.routeLarge(String.valueOf(Math.random()));"),
                        "static call", 9),
                hostile("new Thread", rule("PromptFacts()", "new Thread(() -> System.exit(6)).start();"),
                        "object creation 'new Thread", 9),
                hostile("a lambda", rule("PromptFacts()", "Runnable r = () -> System.exit(7);"), "lambda", 9),
                hostile("array creation", rule("PromptFacts()", "$d.routeLarge(new String[] { \"x\" }[0]);"),
                        "array creation", 9),
                hostile("an import outside the fact model", HEADER.replace("import com.cascade4arm.rules.facts.PromptFacts;",
                        "import java.io.File;") + "rule \"r\" when $d : Decision() then $d.routeLarge(\"x\"); end\n",
                        "import 'java.io.File' is outside the fact model", 2),
                hostile("a type declaration", HEADER + """
                        declare Evil
                            payload : String
                        end
                        rule "r" when $d : Decision() then $d.routeLarge("x"); end
                        """, "type declarations", 4),
                hostile("a query", HEADER + "query \"all decisions\" Decision() end\n", "queries are not allowed", 4),
                hostile("'from' with an expression",
                        rule("$x : Decision() from new com.cascade4arm.rules.decision.Decision()", "$x.routeLarge(\"x\");"),
                        "'from", 6),
                hostile("accumulate with a custom function",
                        rule("Number() from accumulate( PromptFacts( $c : charCount ), sum( $c ) )", "$d.routeLarge(\"x\");"),
                        "patterns may only match", 6),
                hostile("an entry point", rule("PromptFacts() from entry-point \"side door\"", "$d.routeLarge(\"x\");"),
                        "entry point", 6),
                hostile("a dynamic salience", HEADER + """
                        rule "hostile: salience"
                            salience ( System.setProperty("%s.salience", "1").length() )
                        when $d : Decision()
                        then $d.routeLarge("x");
                        end
                        """.formatted(PWNED), "'salience' must be a constant", 5),
                hostile("an enabled expression", HEADER + """
                        rule "hostile: enabled"
                            enabled ( System.setProperty("%s.enabled", "1") == null )
                        when $d : Decision()
                        then $d.routeLarge("x");
                        end
                        """.formatted(PWNED), "attribute 'enabled' is not allowed", 5),
                hostile("the mvel dialect", HEADER + """
                        rule "hostile: mvel"
                            dialect "mvel"
                        when $d : Decision()
                        then $d.routeLarge("x");
                        end
                        """, "attribute 'dialect' is not allowed", 5),
                hostile("a unicode escape closing a string", rule("PromptFacts()",
                        "$d.routeLarge(\"\\u0022); System.setProperty(\\u0022" + PWNED + ".unicode\\u0022, \\u00221\\u0022); //\");"),
                        "unicode escapes", 9),
                hostile("the engine's context", rule("PromptFacts()", "kcontext.getKieRuntime().halt();"),
                        "'kcontext' (outside the fact model)", 9),
                hostile("inserting a fact", rule("PromptFacts()", "insert(new com.cascade4arm.rules.decision.Decision());"),
                        "object creation", 9),
                hostile("modify of a fact other than the decision",
                        rule("$f : PromptFacts()", "modify($f) { routeLarge(\"x\") }"), "'$f' is not bound to a Decision", 9),
                hostile("code hidden from the parser in a ternary tail",
                        rule("PromptFacts( wordCount == 1 ? true : false )", "$d.routeLarge(\"x\");"), "'?'", 6),
                hostile("a call hidden in a reason", rule("PromptFacts()", "$d.routeLarge(\"home: \" + System.getenv(\"HOME\"));"),
                        "static call 'System.getenv", 9),
                hostile("a blank reason that would throw while routing", rule("PromptFacts()", "$d.routeLarge(\" \");"),
                        "non-blank", 9),
                hostile("brackets nested deep enough to overflow a parser's stack",
                        rule("PromptFacts( " + "(".repeat(5_000) + "wordCount > 1" + ")".repeat(5_000) + " )",
                                "$d.routeLarge(\"x\");"), "nested more than", 6),
                hostile("a tentative threshold computed by a call",
                        rule("PromptFacts()", "$d.routeSmallTentatively(Math.random(), \"x\");"), "static call 'Math.random", 9),
                hostile("a tentative threshold taken from a binding",
                        rule("PromptFacts( $s : reasoningScore )", "$d.routeSmallTentatively($s, \"x\");"),
                        "must be a number literal between 0 and 1", 9),
                hostile("a tentative threshold that would throw while routing",
                        rule("PromptFacts()", "$d.routeSmallTentatively(1.5, \"x\");"),
                        "confidence threshold '1.5' of routeSmallTentatively must be a number literal between 0 and 1", 9),
                hostile("a tentative threshold passed as text",
                        rule("PromptFacts()", "$d.routeSmallTentatively(\"0.5\", \"x\");"),
                        "must be a number literal between 0 and 1", 9),
                hostile("a regex with catastrophic backtracking",
                        rule("PromptFacts( text matches \"(a+)+$\" )", "$d.routeLarge(\"x\");"), "'matches' is not allowed", 6),
                hostile("a polynomial regex through matches",
                        rule("PromptFacts( text matches \"zq.*.*.*.*x\" )", "$d.routeLarge(\"x\");"), "'matches' is not allowed", 6),
                hostile("a pattern whose counted repetitions explode when compiled",
                        rule("PromptFacts( matchedPatterns contains \"((a{1000}){1000}){1000}\" )", "$d.routeLarge(\"x\");"),
                        "expands to more than", 6),
                hostile("a pattern that is not RE2 (backreference)",
                        rule("PromptFacts( matchedPatterns contains \"(a)\\\\1\" )", "$d.routeLarge(\"x\");"),
                        "not valid RE2 syntax", 6),
                hostile("prompt text used as a pattern",
                        rule("PromptFacts( $w : firstWord, matchedPatterns contains $w )", "$d.routeLarge(\"x\");"),
                        "needs a string literal pattern", 6),
                hostile("the patterns bound to a variable",
                        rule("PromptFacts( $p : matchedPatterns )", "$d.routeLarge(\"x\");"), "may only be used as", 6));
    }

    private static Arguments hostile(String name, String drl, String messageFragment, int line) {
        return Arguments.of(name, drl, messageFragment, line);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("hostileCandidates")
    void rejectsHostileRulesBeforeAnyOfTheirCodeRuns(String name, String drl, String messageFragment, int line)
            throws Exception {
        Map<String, String> candidate = Map.of("hostile.drl", drl);

        List<RuleProblem> problems = RuleSafetyChecker.check(candidate);

        assertThat(problems).as("problems for " + name).isNotEmpty();
        assertThat(problems).as("a problem naming the construct").anySatisfy(problem -> {
            assertThat(problem.message()).contains(messageFragment);
            assertThat(problem.file()).isEqualTo("hostile.drl");
            assertThat(problem.line()).as("line of: " + problem.message()).isEqualTo(line);
        });
        assertThatThrownBy(() -> SafeRulebooks.compile(candidate)).isInstanceOf(RulebookCompileException.class);
        assertThat(System.getProperties().stringPropertyNames()).as("no payload set a property")
                .noneMatch(key -> key.startsWith(PWNED));
        try (Stream<Path> created = Files.list(markers)) {
            assertThat(created).as("no payload created a file").isEmpty();
        }
    }

    /** Control: without the checker Drools compiles and runs these payloads — the battery tests something real. */
    @Test
    void thePayloadsAreLiveWithoutTheChecker() throws Exception {
        Path marker = markers.resolve("control-marker");
        RoutingRulebook unchecked = RoutingRulebook.compile(Map.of("control.drl", HEADER + """
                rule "control: eval in a condition"
                when
                    eval( System.setProperty("%s.control-condition", "1") == null )
                    $d : Decision()
                then
                    new java.io.File("%s").createNewFile();
                    modify($d) { routeLarge("control") }
                end
                """.formatted(PWNED, marker)));

        unchecked.decide(PromptFactsExtractor.fromPrompt("anything"));

        assertThat(System.getProperty(PWNED + ".control-condition")).as("the condition ran").isEqualTo("1");
        assertThat(marker).as("the consequence ran").exists();
        Files.delete(marker);
        assertThat(RuleSafetyChecker.check(unchecked.files())).as("the checker rejects the same DRL").isNotEmpty();
    }
}
