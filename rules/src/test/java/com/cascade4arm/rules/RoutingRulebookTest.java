package com.cascade4arm.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.cascade4arm.rules.decision.RoutingDecision;
import com.cascade4arm.rules.facts.PromptFacts;
import com.cascade4arm.rules.facts.PromptFactsExtractor;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The facade: compiling operator DRL, reporting problems, the default decision, the fire limit and session hygiene. */
class RoutingRulebookTest {

    private static final String HEADER = """
            package com.cascade4arm.rules;
            import com.cascade4arm.rules.facts.PromptFacts;
            import com.cascade4arm.rules.decision.Decision;
            """;

    private static final PromptFacts QUESTION = PromptFactsExtractor.fromPrompt("Who wrote Hamlet?");

    @Test
    void compilesOperatorRulesAndDecidesWithThem() {
        RoutingRulebook rulebook = RoutingRulebook.compile(Map.of("question-routing.drl", HEADER + """
                rule "question routing: questions go large"
                when
                    PromptFacts( question == true )
                    $d : Decision()
                then
                    modify($d) { routeLarge("every question goes large in this test") }
                end
                """));

        RoutingDecision decision = rulebook.decide(QUESTION);

        assertThat(decision.route()).isEqualTo("large");
        assertThat(decision.ruleName()).isEqualTo("question routing: questions go large");
        assertThat(decision.reason()).isEqualTo("every question goes large in this test");
        assertThat(decision.firedRules()).as("firing order").containsExactly("question routing: questions go large");
        assertThat(rulebook.ruleNames()).containsExactly("question routing: questions go large");
        assertThat(rulebook.files()).containsOnlyKeys("question-routing.drl");
    }

    @Test
    void theSameFilesCompiledAgainGiveTheSameRulebookOtherFilesANewOne() {
        Map<String, String> files = Map.of("question-routing.drl", HEADER + """
                rule "question routing: reused"
                when
                    PromptFacts( question == true )
                    $d : Decision()
                then
                    modify($d) { routeLarge("reused") }
                end
                """);
        RoutingRulebook first = RoutingRulebook.compile(files);

        assertThat(RoutingRulebook.compile(new java.util.HashMap<>(files))).isSameAs(first);
        Map<String, String> edited = Map.of("question-routing.drl", files.get("question-routing.drl").replace("reused", "edited"));
        RoutingRulebook recompiled = RoutingRulebook.compile(edited);
        assertThat(recompiled).isNotSameAs(first);
        assertThat(recompiled.decide(QUESTION).reason()).isEqualTo("edited");
    }

    @Test
    void decidesSmallWithDefaultRuleWhenNoRuleRoutes() {
        RoutingRulebook rulebook = RoutingRulebook.compile(Map.of("code-only.drl", HEADER + """
                rule "code only: fenced code goes large"
                when
                    PromptFacts( codeFence == true )
                    $d : Decision()
                then
                    modify($d) { routeLarge("fenced code") }
                end
                """));

        RoutingDecision decision = rulebook.decide(QUESTION);

        assertThat(decision.route()).isEqualTo("small");
        assertThat(decision.ruleName()).isEqualTo("default");
        assertThat(decision.reason()).isNotBlank();
        assertThat(decision.category()).isNull();
        assertThat(decision.firedRules()).isEmpty();
    }

    @Test
    void largeOverridesSmallWhateverTheFiringOrder() {
        RoutingRulebook rulebook = RoutingRulebook.compile(Map.of("mixed-routing.drl", HEADER + """
                rule "mixed routing: questions stay small"
                    salience 10 // fires first on purpose
                when
                    PromptFacts( question == true )
                    $d : Decision()
                then
                    modify($d) { routeSmall("a question") }
                end

                rule "mixed routing: named authors go large"
                when
                    PromptFacts( words contains "hamlet" )
                    $d : Decision()
                then
                    modify($d) { routeLarge("mentions Hamlet") }
                end

                rule "mixed routing: later small is ignored"
                    salience -10 // fires last on purpose
                when
                    PromptFacts( question == true )
                    $d : Decision()
                then
                    modify($d) { routeSmall("too late") }
                end
                """));

        RoutingDecision decision = rulebook.decide(QUESTION);

        assertThat(decision.route()).isEqualTo("large");
        assertThat(decision.ruleName()).isEqualTo("mixed routing: named authors go large");
        assertThat(decision.firedRules()).as("firing order").containsExactly("mixed routing: questions stay small",
                "mixed routing: named authors go large", "mixed routing: later small is ignored");
    }

    /** A tentative small route carries its threshold; a later large route clears it; a final small route stays final. */
    @Test
    void tentativeSmallRoutesCarryTheirThresholdUntilALargeRouteOverrulesThem() {
        RoutingRulebook rulebook = RoutingRulebook.compile(Map.of("trial.drl", HEADER + """
                rule "trial: short prompts go small on trial"
                    salience 10
                when
                    PromptFacts( wordCount < 5 )
                    $d : Decision()
                then
                    modify($d) { routeSmallTentatively(0.6, "short: small on trial") }
                end

                rule "trial: final small route first"
                    salience 20
                when
                    PromptFacts( firstWord == "final" )
                    $d : Decision()
                then
                    modify($d) { routeSmall("final small") }
                end

                rule "trial: questions about code go large"
                when
                    PromptFacts( words contains "code" )
                    $d : Decision()
                then
                    modify($d) { routeLarge("code") }
                end
                """));

        RoutingDecision tentative = rulebook.decide(PromptFactsExtractor.fromPrompt("hi there"));
        RoutingDecision overruled = rulebook.decide(PromptFactsExtractor.fromPrompt("fix my code"));
        RoutingDecision finalSmall = rulebook.decide(PromptFactsExtractor.fromPrompt("final answer"));

        assertThat(tentative.route()).isEqualTo("small");
        assertThat(tentative.escalateBelow()).isEqualTo(0.6);
        assertThat(tentative.ruleName()).isEqualTo("trial: short prompts go small on trial");
        assertThat(overruled.route()).isEqualTo("large");
        assertThat(overruled.escalateBelow()).as("a large route is final").isNull();
        assertThat(finalSmall.escalateBelow()).as("the first small route stays as it was").isNull();
        assertThat(finalSmall.ruleName()).isEqualTo("trial: final small route first");
    }

    @Test
    void reportsSyntaxErrorsWithFileAndLine() {
        // line 8: a consequence where "then" is missing
        String broken = HEADER + """
                rule "broken: missing then"
                when
                    PromptFacts( question == true )
                    $d : Decision()
                    modify($d) { routeLarge("x") }
                end
                """;

        assertThatThrownBy(() -> RoutingRulebook.compile(Map.of("broken-rule.drl", broken, "fine.drl", HEADER)))
                .isInstanceOfSatisfying(RulebookCompileException.class, e -> {
                    assertThat(e.problems()).as("problems").isNotEmpty();
                    assertThat(e.problems()).allSatisfy(p -> assertThat(p.file()).isEqualTo("broken-rule.drl"));
                    assertThat(e.problems()).extracting(RuleProblem::line).as("lines").contains(8);
                    assertThat(e.getMessage()).contains("broken-rule.drl:");
                });
    }

    @Test
    void reportsUnknownFactPropertiesAtTheRule() {
        String unknownProperty = HEADER + """

                rule "colour: red goes large"
                when
                    PromptFacts( colour == "red" )
                    $d : Decision()
                then
                    modify($d) { routeLarge("red") }
                end
                """;

        assertThatThrownBy(() -> RoutingRulebook.compile(Map.of("colour-routing.drl", unknownProperty)))
                .isInstanceOfSatisfying(RulebookCompileException.class, e -> assertThat(e.problems())
                        .anySatisfy(p -> {
                            assertThat(p.file()).isEqualTo("colour-routing.drl");
                            assertThat(p.line()).as("line of the bad constraint").isEqualTo(7);
                            assertThat(p.message()).contains("colour");
                        }));
    }

    @Test
    void reportsBadConsequencesAtTheRule() {
        String badConsequence = HEADER + """
                rule "bad: unknown decision method"
                when
                    $d : Decision()
                then
                    modify($d) { routeMedium("no such model") }
                end
                """;

        assertThatThrownBy(() -> RoutingRulebook.compile(Map.of("bad-consequence.drl", badConsequence)))
                .isInstanceOfSatisfying(RulebookCompileException.class, e -> assertThat(e.problems())
                        .anySatisfy(p -> {
                            assertThat(p.file()).isEqualTo("bad-consequence.drl");
                            assertThat(p.line()).as("line of the rule").isEqualTo(4);
                        }));
    }

    @Test
    void rejectsFileNamesThatAreNotKebabCaseDrl() {
        assertThatThrownBy(() -> RoutingRulebook.compile(Map.of("Category_Routing.txt", HEADER)))
                .isInstanceOfSatisfying(RulebookCompileException.class, e -> assertThat(e.problems()).containsExactly(
                        new RuleProblem("Category_Routing.txt", 0, 0, "file name must be kebab-case and end with .drl"
                                + " (like category-routing.drl), but was 'Category_Routing.txt'")));
    }

    @Test
    void rejectsAnEmptyRulebook() {
        assertThatThrownBy(() -> RoutingRulebook.compile(Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("drlFilesByName must contain at least one DRL file, but was empty");
    }

    @Test
    void stopsALoopingRuleAtTheFireLimit() {
        RoutingRulebook rulebook = RoutingRulebook.compile(Map.of("looping.drl", HEADER + """
                rule "looping: re-activates itself on every modify"
                when
                    $d : Decision() @watch(*)
                then
                    modify($d) { routeSmall("again and again") }
                end
                """));

        RoutingDecision decision = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> rulebook.decide(QUESTION));

        assertThat(decision.fireLimitReached()).as("fire limit reached").isTrue();
        assertThat(decision.firedRules()).hasSize(RoutingRulebook.FIRE_LIMIT);
        assertThat(decision.route()).isEqualTo("small");
        assertThat(rulebook.openSessionCount()).as("sessions left open").isZero();
        assertThat(rulebook.decide(QUESTION)).as("the next decision, on a reused pooled session").isEqualTo(decision);
    }

    @Test
    void namesTheRuleWhoseConsequenceFails() {
        RoutingRulebook rulebook = RoutingRulebook.compile(Map.of("reasonless.drl", HEADER + """
                rule "reasonless: routes without saying why"
                when
                    $d : Decision()
                then
                    modify($d) { routeLarge("") }
                end
                """));

        assertThatThrownBy(() -> rulebook.decide(QUESTION))
                .isInstanceOfSatisfying(RuleEvaluationException.class, e -> {
                    assertThat(e.ruleName()).isEqualTo("reasonless: routes without saying why");
                    assertThat(e.getMessage()).contains("reason must not be blank");
                });
        assertThat(rulebook.openSessionCount()).as("sessions left open").isZero();
    }

    @Test
    void neverReusesASessionAConsequenceLeftAFactIn() {
        RoutingRulebook rulebook = RoutingRulebook.compile(Map.of("inserting.drl", HEADER + """
                rule "inserting: routes large and leaves a fact of its own behind"
                when
                    $d : Decision( route == null )
                    not String()
                then
                    insert("left behind");
                    modify($d) { routeLarge("no fact was left behind before this decision") }
                end
                """));

        RoutingDecision first = rulebook.decide(QUESTION);

        assertThat(first.route()).isEqualTo("large");
        assertThat(rulebook.decide(QUESTION)).as("the next decision, on a session without the fact left behind")
                .isEqualTo(first);
        assertThat(rulebook.openSessionCount()).as("sessions left open").isZero();
    }

    @Test
    void disposesEverySession() {
        RoutingRulebook rulebook = RoutingRulebook.defaults();
        for (int i = 0; i < 20; i++) {
            rulebook.decide(QUESTION);
        }
        assertThat(rulebook.openSessionCount()).as("sessions left open").isZero();
    }
}
