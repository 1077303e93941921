package com.cascade4arm.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.cascade4arm.rules.engine.BundledRules;
import com.cascade4arm.rules.engine.RulebookCompiler;
import java.io.File;
import java.net.URISyntaxException;
import java.net.URL;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.drools.drl.ast.descr.ImportDescr;
import org.drools.drl.ast.descr.PackageDescr;
import org.drools.drl.ast.descr.RuleDescr;
import org.drools.drl.parser.DrlParser;
import org.junit.jupiter.api.Test;

/** The bundled rulebook compiles without a single builder message and follows the DRL conventions of rules/design.md. */
class DefaultRulebookTest {

    private static final Set<String> FACT_MODEL_IMPORTS = Set.of(
            "com.cascade4arm.rules.facts.PromptFacts", "com.cascade4arm.rules.decision.Decision");
    private static final Set<String> CONSEQUENCE_CALLS = Set.of("modify", "routeLarge", "routeSmall", "assignCategory");
    private static final Pattern CALL = Pattern.compile("\\b(\\w+)\\s*\\(");
    private static final Pattern STRING_LITERAL = Pattern.compile("\"(?:[^\"\\\\]|\\\\.)*\"");

    @Test
    void compilesBundledRulesWithoutAnyBuilderMessage() {
        // RulebookCompiler turns any message (error, warning or info) into an exception listing them all.
        assertThatCode(() -> RulebookCompiler.compile(BundledRules.load())).doesNotThrowAnyException();
    }

    @Test
    void bundlesEveryDrlFileInTheRulesFolder() throws URISyntaxException {
        URL knownFile = BundledRules.class.getClassLoader().getResource(RulebookCompiler.RULES_FOLDER + "category-routing.drl");
        assertThat(knownFile).as("category-routing.drl on the classpath").isNotNull();
        String[] drlFiles = new File(knownFile.toURI()).getParentFile().list((dir, name) -> name.endsWith(".drl"));

        assertThat(BundledRules.FILE_NAMES).as("BundledRules.FILE_NAMES").containsExactlyInAnyOrder(drlFiles);
        assertThat(RoutingRulebook.defaults().files()).containsOnlyKeys(drlFiles);
    }

    @Test
    void exposesRuleNamesSorted() {
        assertThat(RoutingRulebook.defaults().ruleNames())
                .isSorted()
                .contains("code markers: fenced code goes large", "length routing: long prompts go large",
                        "category routing: factual stays small")
                // round six added a short definition request and small talk about the assistant; round seven a unit
                // conversion and what a word means; round eight chat with a laugh, the good and bad sides, a numbered port
                .hasSize(68);
    }

    @Test
    void followsTheDrlConventions() throws Exception {
        for (Map.Entry<String, String> file : BundledRules.load().entrySet()) {
            String name = file.getKey();
            String concern = name.replace(".drl", "").replace('-', ' ') + ": ";
            PackageDescr drl = new DrlParser().parse(false, file.getValue());

            assertThat(drl.getName()).as("%s package", name).isEqualTo("com.cascade4arm.rules");
            assertThat(drl.getImports()).extracting(ImportDescr::getTarget).as("%s imports", name)
                    .isSubsetOf(FACT_MODEL_IMPORTS);
            assertThat(drl.getFunctions()).as("%s functions", name).isEmpty();
            assertThat(drl.getGlobals()).as("%s globals", name).isEmpty();
            assertThat(drl.getRules()).as("%s rules", name).isNotEmpty();
            for (RuleDescr rule : drl.getRules()) {
                assertThat(rule.getName()).as("rule name in %s starts with its concern", name).startsWith(concern);
                String consequence = STRING_LITERAL.matcher(rule.getConsequence().toString()).replaceAll("\"\"");
                assertThat(calls(consequence)).as("calls in the consequence of '%s'", rule.getName())
                        .isSubsetOf(CONSEQUENCE_CALLS)
                        .containsAnyOf("routeLarge", "routeSmall", "assignCategory");
            }
            assertThat(file.getValue().lines().filter(line -> line.contains("salience ")))
                    .as("salience lines in %s carry a comment saying why", name)
                    .allMatch(line -> line.contains("//"));
            assertThat(file.getValue()).as("%s uses no eval", name).doesNotContain("eval(");
        }
    }

    private static Set<String> calls(String code) {
        Matcher matcher = CALL.matcher(code);
        Set<String> names = new HashSet<>();
        while (matcher.find()) {
            names.add(matcher.group(1));
        }
        return names;
    }

    /** Reasons are non-blank literals, or start with one and add bound values: "a calculation with " + $n + " ...". */
    @Test
    void everyDecisionCallGivesALiteralReason() {
        String reason = "\"[^\"]*\\S[^\"]*\"(?:\\s*\\+\\s*(?:\\$\\w+|\"[^\"]*\"))*";
        Pattern anyCall = Pattern.compile("\\b(?:routeLarge|routeSmall|assignCategory)\\s*\\(");
        Pattern literalCall = Pattern.compile("\\b(?:routeLarge|routeSmall)\\s*\\(\\s*" + reason + "\\s*\\)"
                + "|\\bassignCategory\\s*\\(\\s*\"[a-z]+\"\\s*,\\s*" + reason + "\\s*\\)");
        BundledRules.load().forEach((name, drl) -> {
            long calls = anyCall.matcher(drl).results().count();
            assertThat(calls).as("decision calls in %s", name).isPositive();
            assertThat(literalCall.matcher(drl).results().count())
                    .as("calls in %s whose reason (and category) are non-blank string literals", name).isEqualTo(calls);
        });
    }
}
